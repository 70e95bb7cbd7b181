// Packing a layer's codes as its table stores them (layer_codes.hpp, pack_for_table): a byte a
// group of codes by lookup, checked against the format written out digit by digit, at every
// alignment of the range in the codes' words and every length up to past a word.
#include "generator/layer_codes.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "format/table_file.hpp"

namespace {

using tbgen::PackedCodes;
using Code = std::uint32_t;

// The documented packing: a decided entry takes the code before it in the range, or the range's
// first undecided code (1 where there is none); then base-3 digits five a byte, or 2-bit fields
// four a byte, the first entry in the lowest digit.
std::vector<std::uint8_t> reference(const PackedCodes& codes, std::uint64_t from,
                                    std::uint64_t count, std::uint32_t radix) {
  std::vector<Code> filled(count);
  Code previous = 1;
  for (std::uint64_t k = 0; k < count; ++k)
    if (codes.get(from + k) != codes.decided()) {
      previous = codes.get(from + k);
      break;
    }
  for (std::uint64_t k = 0; k < count; ++k) {
    const Code c = codes.get(from + k);
    filled[k] = previous = c == codes.decided() ? previous : c;
  }
  const bool trits = radix == tbgen::format::kTernary;
  const std::uint64_t per_byte = trits ? 5 : 4;
  std::vector<std::uint8_t> out((count + per_byte - 1) / per_byte, 0);
  for (std::uint64_t k = 0; k < count; ++k) {
    unsigned weight = 1;
    for (std::uint64_t d = 0; d < k % per_byte; ++d) weight *= trits ? 3 : 4;
    out[k / per_byte] = static_cast<std::uint8_t>(out[k / per_byte] + filled[k] * weight);
  }
  return out;
}

TEST(PackForTable, EveryAlignmentAndLengthAsTheFormatSays) {
  std::mt19937_64 random(36);
  for (const bool runs : {false, true}) {
    PackedCodes codes(1000, 200, 2);
    for (std::uint64_t i = 0; i < codes.count(); ++i)  // decided codes alone, in runs, or mixed
      codes.set(i, static_cast<Code>(runs && i % 50 < 20 ? 3 : random() % 4));
    for (const std::uint32_t radix : {tbgen::format::kTernary, 0u})
      for (std::uint64_t from = 0; from < 8; ++from)
        for (std::uint64_t count = 0; from + count <= codes.count(); ++count) {
          const std::vector<std::uint8_t> expected = reference(codes, from, count, radix);
          std::vector<std::uint8_t> packed(expected.size(), 0);
          tbgen::pack_for_table(codes, codes.first() + from, count, radix, packed.data());
          ASSERT_EQ(packed, expected) << "radix " << radix << ", from " << from << ", " << count;
        }
  }
}

}  // namespace
