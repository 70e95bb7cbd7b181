#include "generator/layer_codes.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "format/table_file.hpp"

namespace tbgen {
namespace {

// A table byte from a group of 2-bit codes as they lie in the codes' bits (five base-3 digits,
// or four binary ones), each decided code given the code before it: the byte in the low 8 bits,
// the code carried to the next group above, for every carried code (0-2) and group. One lookup
// a byte, not a test a code: packing was 7% of a Connect Four build's CPU.
template <int kPerByte>
struct GroupPacking {
  static constexpr unsigned kGroupBits = 2 * kPerByte;
  std::array<std::uint16_t, 3u << kGroupBits> packed{};
  constexpr GroupPacking() {
    for (unsigned previous = 0; previous < 3; ++previous)
      for (unsigned group = 0; group < (1u << kGroupBits); ++group) {
        unsigned carried = previous, byte = 0, scale = 1;
        for (int d = 0; d < kPerByte; ++d) {
          const unsigned c = group >> (2 * d) & 3;
          carried = c == 3 ? carried : c;
          byte += carried * scale;
          scale *= kPerByte == format::kTritsPerByte ? 3 : 4;
        }
        packed[previous << kGroupBits | group] = static_cast<std::uint16_t>(byte | carried << 8);
      }
  }
};
constexpr GroupPacking<format::kTritsPerByte> kTritGroups;
constexpr GroupPacking<4> kBinaryGroups;

// Packs whole groups of entries [i, i + count) of 2-bit codes into out, while an 8-byte load at
// the group stays within the codes; returns the entries packed.
template <int kPerByte>
std::uint64_t pack_groups(const GroupPacking<kPerByte>& table, const PackedCodes& codes,
                          std::uint64_t i, std::uint64_t count, std::uint32_t& previous,
                          std::uint8_t* out) {
  const std::uint8_t* base = codes.bytes(0);
  const std::uint64_t held = codes.byte_count();
  std::uint64_t k = 0;
  for (; k + kPerByte <= count; k += kPerByte) {
    const std::uint64_t bit = 2 * (i + k);
    if ((bit >> 3) + 8 > held) break;
    std::uint64_t word;
    std::memcpy(&word, base + (bit >> 3), 8);
    const auto group = static_cast<unsigned>(word >> (bit & 7)) & ((1u << (2 * kPerByte)) - 1);
    const std::uint16_t e = table.packed[unsigned{previous} << (2 * kPerByte) | group];
    *out++ = static_cast<std::uint8_t>(e);
    previous = std::uint32_t{e} >> 8;
  }
  return k;
}

}  // namespace

void pack_for_table(const PackedCodes& codes, std::uint64_t first, std::uint64_t count,
                    std::uint32_t radix, std::uint8_t* out) {
  const std::uint64_t i0 = first - codes.first();
  const std::uint32_t decided = codes.decided();
  std::uint32_t previous = 1;
  for (std::uint64_t i = i0; i < i0 + count; ++i)
    if (const std::uint32_t c = codes.get(i); c != decided) {
      previous = c;
      break;
    }
  const auto code = [&](std::uint64_t i) {
    const std::uint32_t c = codes.get(i);
    return static_cast<std::uint8_t>(previous = c == decided ? previous : c);
  };
  if (radix == format::kTernary) {
    const std::uint64_t done = pack_groups(kTritGroups, codes, i0, count, previous, out);
    out += done / format::kTritsPerByte;
    std::uint8_t digits[format::kTritsPerByte];
    for (std::uint64_t k = done; k < count; k += format::kTritsPerByte) {
      const auto n = static_cast<std::uint32_t>(std::min<std::uint64_t>(5, count - k));
      for (std::uint32_t d = 0; d < n; ++d) digits[d] = code(i0 + k + d);
      *out++ = format::pack_trits(digits, n);
    }
  } else if (codes.bits() == 2) {
    for (std::uint64_t k = pack_groups(kBinaryGroups, codes, i0, count, previous, out); k < count;
         ++k)
      out[k >> 2] = static_cast<std::uint8_t>(out[k >> 2] | code(i0 + k) << ((k & 3) << 1));
  } else {
    for (std::uint64_t k = 0; k < count; ++k) out[k] = code(i0 + k);
  }
}

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
