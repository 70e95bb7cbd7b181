// Set ranking: colex and revolving-door ranks are bijections onto 0..C(n, k)-1 in their orders,
// and the byte-table versions, the ranks of a set with each bit added and bit extract and
// deposit agree with the plain ones.
#include "core/combinatorial.hpp"

#include <gtest/gtest.h>

#include <random>

#include "reference/revolving_door.hpp"

namespace {

using namespace tbgen::combinatorial;

TEST(Combinatorial, RevolvingDoorRanksFollowTheDefinitionForEverySmallSet) {
  for (int n = 0; n <= 14; ++n)
    for (int k = 0; k <= n; ++k) {
      const auto list = reference::revolving_door_list(n, k);
      ASSERT_EQ(list.size(), binomial(n, k));
      for (std::uint64_t i = 0; i < list.size(); ++i) {
        ASSERT_EQ(revolving_door_rank(list[i]), i) << "n " << n << " k " << k;
        ASSERT_EQ(revolving_door_unrank(i, k), list[i]) << "n " << n << " k " << k;
        // The order's point: neighbours differ by one element swapped for another.
        if (i > 0) {
          ASSERT_EQ(__builtin_popcount(list[i] ^ list[i - 1]), 2);
        }
      }
    }
}

TEST(Combinatorial, ColexRanksCountSetsInNumericOrder) {
  for (int k = 0; k <= 12; ++k) {
    std::uint64_t expected = 0;
    for (std::uint32_t m = 0; m < (1u << 16); ++m) {
      if (__builtin_popcount(m) != k) continue;
      ASSERT_EQ(colex_rank(m), expected);
      ASSERT_EQ(colex_unrank(expected, k), m);
      ++expected;
    }
    EXPECT_EQ(expected, binomial(16, k));
  }
}

TEST(Combinatorial, ByteTableRanksMatchThePlainOnes) {
  const FastColexRank colex;
  const FastRevolvingDoorRank revolving_door;
  for (std::uint32_t m = 0; m < (1u << 16); ++m) {
    ASSERT_EQ(colex(m), colex_rank(m));
    ASSERT_EQ(revolving_door(m), revolving_door_rank(m));
  }
  std::mt19937 rng(5);
  for (int i = 0; i < 1000000; ++i) {
    const std::uint32_t m = rng() & ((1u << 25) - 1);
    ASSERT_EQ(colex(m), colex_rank(m));
    ASSERT_EQ(revolving_door(m), revolving_door_rank(m));
  }
}

// Bit extract and deposit against a loop over the mask's bits, the operations' definition: as
// the build does them (BMI2 in a native build) and by the byte tables of the portable one.
TEST(Combinatorial, BitExtractAndDepositFollowTheMasksBits) {
  std::mt19937 rng(7);
  for (int i = 0; i < 200000; ++i) {
    const auto value = static_cast<std::uint32_t>(rng());
    const auto mask =
        static_cast<std::uint32_t>(i < 256 ? (std::uint64_t{1} << (i % 33)) - 1 : rng() & rng());
    std::uint32_t extracted = 0, deposited = 0, bit = 1;
    for (std::uint32_t rest = mask; rest; rest &= rest - 1, bit <<= 1) {
      const std::uint32_t low = rest & (~rest + 1);
      if (value & low) extracted |= bit;
      if (value & bit) deposited |= low;
    }
    ASSERT_EQ(extract_bits(value, mask), extracted) << value << " " << mask;
    ASSERT_EQ(extract_bits_by_bytes(value, mask), extracted) << value << " " << mask;
    ASSERT_EQ(deposit_bits(value, mask), deposited) << value << " " << mask;
    ASSERT_EQ(deposit_bits_by_bytes(value, mask), deposited) << value << " " << mask;
  }
}

TEST(Combinatorial, RanksWithEachBitAddedMatchRankingEachSet) {
  const auto check = [](std::uint32_t mask, std::uint32_t within) {
    const std::uint32_t add = within & ~mask;
    std::uint64_t out[kMaxN];
    revolving_door_ranks_adding(mask, add, out);
    for (std::uint32_t a = add; a; a &= a - 1) {
      const int b = __builtin_ctz(a);
      ASSERT_EQ(out[b], revolving_door_rank(mask | 1u << b)) << "mask " << mask << " bit " << b;
    }
  };
  for (std::uint32_t m = 0; m < (1u << 14); ++m) check(m, (1u << 14) - 1);
  std::mt19937 rng(7);
  for (int i = 0; i < 100000; ++i) {
    // 24 bits, as many as a morris board's points
    const auto within = static_cast<std::uint32_t>(rng() >> 8);
    check(static_cast<std::uint32_t>(rng()) & within, within);
  }
}

TEST(Combinatorial, RanksAddingTableRowsRankEachSetWithEachPointAdded) {
  for (const auto& [n, k] : {std::pair{1, 0}, {6, 3}, {12, 5}, {16, 8}, {19, 6}, {21, 12}}) {
    const RanksAddingTable table(n, k);
    for (std::uint64_t r = 0; r < binomial(n, k); ++r) {
      const std::uint32_t set = revolving_door_unrank(r, k);
      int j = 0;
      for (std::uint32_t b = ((1u << n) - 1) & ~set; b; b &= b - 1, ++j)
        ASSERT_EQ(table.row(r)[j], revolving_door_rank(set | (b & -b)))
            << "n " << n << " k " << k << " rank " << r << " point " << __builtin_ctz(b);
    }
  }
}

}  // namespace
