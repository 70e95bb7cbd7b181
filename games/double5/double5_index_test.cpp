// The double5 table index: a bijection between entries and position classes of each layer.
#include <gtest/gtest.h>

#include <random>

#include "games/double5/double5_layout.hpp"

namespace {

using namespace tbgen::double5;
using tbgen::combinatorial::binomial;
using tbgen::combinatorial::colex_unrank;
using tbgen::combinatorial::deposit_bits;
using tbgen::combinatorial::revolving_door_unrank;

struct Board {
  std::uint32_t o, x;
};

// The board (masks of board cells) at an entry: the index works on masks of index cells.
Board position_of(const LayerShape& s, std::uint64_t index) {
  const std::uint32_t key = canonical_sets(s.key_size)[index / s.per_class];
  const std::uint32_t other =
      deposit_bits(revolving_door_unrank(index % s.per_class, s.other_size), kFull & ~key);
  const auto& to_board = index_to_board();
  return s.key_is_o ? Board{to_board(key), to_board(other)} : Board{to_board(other), to_board(key)};
}

bool same_class(Board a, Board b) {
  const auto& sym = Symmetry::on_board();
  for (int g = 0; g < kSymmetries; ++g)
    if (sym.apply(g, a.o) == b.o && sym.apply(g, a.x) == b.x) return true;
  return false;
}

TEST(Double5Index, EveryEntryOfSmallLayersRoundTrips) {
  for (int round = 0; round <= 5; ++round) {
    const LayerShape s = layer_shape(round);
    for (std::uint64_t i = 0; i < s.entries; ++i) {
      const Board b = position_of(s, i);
      ASSERT_EQ(__builtin_popcount(b.o), s.o_marks);
      ASSERT_EQ(__builtin_popcount(b.x), s.x_marks);
      ASSERT_EQ(b.o & b.x, 0u);
      ASSERT_EQ(position_index(s, b.o, b.x), i) << "round " << round;
    }
  }
}

// Every position of rounds 0..3 lands on an entry whose position is one of its images.
TEST(Double5Index, EveryPositionOfSmallLayersFindsItsClass) {
  for (int round = 0; round <= 3; ++round) {
    const LayerShape s = layer_shape(round);
    std::vector<bool> hit(s.entries, false);
    std::uint64_t positions = 0;
    for (std::uint64_t oi = 0; oi < binomial(25, s.o_marks); ++oi) {
      const std::uint32_t o = colex_unrank(oi, s.o_marks);
      for (std::uint64_t xi = 0; xi < binomial(25 - s.o_marks, s.x_marks); ++xi) {
        const std::uint32_t x = deposit_bits(colex_unrank(xi, s.x_marks), kFull & ~o);
        const std::uint64_t i = position_index(s, o, x);
        ASSERT_LT(i, s.entries);
        ASSERT_TRUE(same_class({o, x}, position_of(s, i))) << "round " << round;
        hit[i] = true;
        ++positions;
      }
    }
    EXPECT_EQ(std::count(hit.begin(), hit.end(), false), 0) << "round " << round;
    EXPECT_EQ(positions, binomial(25, s.o_marks) * binomial(25 - s.o_marks, s.x_marks));
  }
}

TEST(Double5Index, RandomPositionsOfLargeLayersFindTheirClass) {
  std::mt19937_64 rng(7);
  for (int round = 4; round <= 10; ++round) {
    const LayerShape s = layer_shape(round);
    for (int n = 0; n < 20000; ++n) {
      const std::uint32_t o = colex_unrank(rng() % binomial(25, s.o_marks), s.o_marks);
      const std::uint32_t x = deposit_bits(
          colex_unrank(rng() % binomial(25 - s.o_marks, s.x_marks), s.x_marks), kFull & ~o);
      const std::uint64_t i = position_index(s, o, x);
      ASSERT_LT(i, s.entries);
      ASSERT_TRUE(same_class({o, x}, position_of(s, i)));
      // ... and so do its images (to the same entry unless the key set has
      // symmetries of its own, which give a class several entries holding one value).
      const auto& sym = Symmetry::on_board();
      const int g = static_cast<int>(rng() % kSymmetries);
      ASSERT_TRUE(
          same_class({o, x}, position_of(s, position_index(s, sym.apply(g, o), sym.apply(g, x)))));
    }
  }
}

}  // namespace
