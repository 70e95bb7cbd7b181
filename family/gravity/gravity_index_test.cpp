// The gravity index (gravity_index.hpp): computed class offsets agree with counting classes one
// by one; every entry maps back to its position; every position with fitting counts has an
// entry, shared exactly with its mirror image; layer sizes add up to SPEC 6's dense counts.
#include "family/gravity/gravity_index.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/combinatorial.hpp"

namespace {

using tbgen::family::Bits;
using tbgen::family::GravityBoard;
using tbgen::family::GravityIndex;
using tbgen::family::States;

// Every board of t marks with fitting counts, by brute force over heights and colourings.
std::vector<GravityBoard> boards(const GravityIndex& index, int t) {
  std::vector<GravityBoard> out;
  std::vector<int> h(index.cols(), 0);
  while (true) {
    int sum = 0;
    for (int x : h) sum += x;
    if (sum == t) {
      Bits mask = 0;
      for (int c = 0; c < index.cols(); ++c) mask |= ((Bits{1} << h[c]) - 1) << index.shift(c);
      // Every subset of the marks of size ceil(t/2) is the first player's.
      const int ones = GravityIndex::first_marks(t);
      for (std::uint64_t r = 0; r < tbgen::combinatorial::binomial(t, ones); ++r) {
        const std::uint32_t chosen = tbgen::combinatorial::colex_unrank(r, ones);
        Bits first = 0;
        int i = 0;
        for (Bits m = mask; m; m &= m - 1, ++i)
          if (chosen >> i & 1) first |= m & (~m + 1);
        out.push_back({first, mask});
      }
    }
    int c = 0;
    while (c < index.cols() && h[c] == index.rows()) h[c++] = 0;
    if (c == index.cols()) break;
    ++h[c];
  }
  return out;
}

// The state of each column of a board: its height and the first player's marks in it.
States class_of(const GravityIndex& index, const GravityBoard& b) {
  States s{};
  for (int c = 0; c < index.cols(); ++c)
    s[c] = static_cast<std::uint8_t>(
        GravityIndex::state(tbgen::combinatorial::count_bits(b.mask & index.column(c)),
                            tbgen::combinatorial::count_bits(b.first & index.column(c))));
  return s;
}

TEST(GravityIndex, OffsetsCountClassesOneByOne) {
  for (const auto& board :
       {std::pair{1, 3}, {2, 2}, {3, 2}, {4, 3}, {5, 3}, {4, 4}, {7, 2}, {2, 6}, {6, 3}}) {
    const int cols = board.first, rows = board.second;  // a lambda cannot capture a binding (C++20)
    const GravityIndex index(cols, rows);
    for (int t = 0; t <= cols * rows; ++t) {
      std::uint64_t next = 0, classes = 0;
      index.for_each_class(t, 0, ~std::uint64_t{0},
                           [&](const States& s, std::uint64_t offset, std::uint64_t size) {
                             EXPECT_TRUE(index.canonical(s));
                             EXPECT_EQ(offset, next) << cols << "x" << rows << " t " << t;
                             EXPECT_EQ(index.class_offset(t, s), offset);
                             next = offset + size;
                             ++classes;
                           });
      EXPECT_EQ(next, index.entries(t)) << cols << "x" << rows << " t " << t;
      EXPECT_EQ(classes, index.classes(t)) << cols << "x" << rows << " t " << t;
    }
  }
}

TEST(GravityIndex, EveryPositionAndItsMirrorShareOneEntry) {
  for (const auto& [cols, rows] : {std::pair{1, 4}, {2, 3}, {3, 3}, {4, 3}, {5, 2}, {4, 4}}) {
    const GravityIndex index(cols, rows);
    for (int t = 0; t <= cols * rows; ++t) {
      std::map<std::uint64_t, std::set<std::pair<Bits, Bits>>> by_entry;
      for (const auto& b : boards(index, t)) {
        const std::uint64_t e = index.entry(t, b);
        ASSERT_LT(e, index.entries(t));
        const GravityBoard m{index.mirror(b.first), index.mirror(b.mask)};
        // A class equal to its mirror holds both images; another holds one of the two.
        if (class_of(index, b) != class_of(index, m)) {
          EXPECT_EQ(e, index.entry(t, m));
        }
        by_entry[e].insert({b.first, b.mask});
      }
      ASSERT_EQ(by_entry.size(), index.entries(t)) << cols << "x" << rows << " t " << t;
      // From the middle of a layer on, the same classes as from its start.
      std::uint64_t from = index.entries(t) / 3, seen = 0;
      index.for_each_class(t, from, index.entries(t),
                           [&](const States& s, std::uint64_t offset, std::uint64_t size) {
                             EXPECT_EQ(index.class_offset(t, s), offset);
                             EXPECT_GT(offset + size, from);
                             seen += size;
                           });
      EXPECT_GE(seen, index.entries(t) - from);
      for (const auto& [e, set] : by_entry) {
        // One position, or one and its mirror image; the one stored is among them.
        EXPECT_LE(set.size(), 2u);
        const GravityBoard stored = index.board(t, e);
        EXPECT_TRUE(set.count({stored.first, stored.mask})) << e;
      }
    }
  }
}

// SPEC 6's dense counts (heights x colourings with fitting counts, before the mirror): each
// entry of a class unequal to its mirror stands for two positions.
TEST(GravityIndex, DenseCountsOfSpec6) {
  const struct {
    int cols, rows;
    double dense;
  } spec[] = {{6, 4, 1.6e8}, {7, 4, 4.6e9},  {5, 5, 1.7e8},  {6, 5, 9.9e9},
              {5, 6, 5.2e9}, {7, 5, 5.8e11}, {6, 6, 6.0e11}, {7, 6, 7.1e13}};
  for (const auto& s : spec) {
    const GravityIndex index(s.cols, s.rows);
    std::uint64_t stored = 0;
    for (int t = 0; t <= s.cols * s.rows; ++t) stored += index.entries(t);
    // The mirror halves all but the classes equal to their mirror: between half and 0.6.
    EXPECT_GT(static_cast<double>(stored), 0.49 * s.dense) << s.cols << "x" << s.rows;
    EXPECT_LT(static_cast<double>(stored), 0.55 * s.dense) << s.cols << "x" << s.rows;
  }
}

}  // namespace
