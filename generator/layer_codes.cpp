#include "generator/layer_codes.hpp"

#include <algorithm>

namespace tbgen {

PackedCodes::PackedCodes(std::uint64_t first, std::uint64_t count, std::uint32_t bits)
    : first_(first), count_(count), bits_(bits), words_((count * bits + 63) / 64, 0) {}

void PackedCodes::set(std::uint64_t i, std::uint32_t code) {
  if (bits_ == 2) {
    std::uint64_t& w = words_[i >> 5];
    const auto shift = static_cast<unsigned>((i & 31) << 1);
    w = (w & ~(std::uint64_t{3} << shift)) | (std::uint64_t{code} << shift);
  } else {
    reinterpret_cast<std::uint8_t*>(words_.data())[i] = static_cast<std::uint8_t>(code);
  }
}

Locate locate_in(const PackedCodes& codes) {
  return [&codes](std::uint64_t) {
    return Located{&codes, -static_cast<std::int64_t>(codes.first())};
  };
}

Locate locate_in(const std::vector<PackedCodes>& runs) {
  return [&runs](std::uint64_t offset) {
    const auto it =
        std::partition_point(runs.begin(), runs.end(),
                             [&](const PackedCodes& run) { return run.first() <= offset; }) -
        1;
    return Located{&*it, -static_cast<std::int64_t>(it->first())};
  };
}

}  // namespace tbgen
