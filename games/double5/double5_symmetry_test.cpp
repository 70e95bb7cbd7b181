// The symmetry group of double5's 12 lines, and the position and class counts SPEC states.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "games/double5/double5_layout.hpp"

namespace {

using namespace tbgen::double5;
using tbgen::combinatorial::binomial;

// The 12 lines from scratch, as lists of cells.
std::vector<std::vector<int>> lines() {
  std::vector<std::vector<int>> l;
  for (int i = 0; i < 5; ++i) {
    std::vector<int> row, col;
    for (int j = 0; j < 5; ++j) {
      row.push_back(i * 5 + j);
      col.push_back(j * 5 + i);
    }
    l.push_back(row);
    l.push_back(col);
  }
  std::vector<int> d1, d2;
  for (int i = 0; i < 5; ++i) {
    d1.push_back(i * 6);
    d2.push_back(i * 4 + 4);
  }
  l.push_back(d1);
  l.push_back(d2);
  return l;
}

// Every permutation of the 25 cells that maps each line onto a line, by backtracking: a
// partial map survives while the images of each line's assigned cells lie in some line.
void search(const std::vector<std::vector<int>>& ls, std::vector<int>& image,
            std::vector<bool>& used, int cell, std::set<Permutation>& found) {
  if (cell == kCells) {
    Permutation p{};
    for (int i = 0; i < kCells; ++i) p[i] = static_cast<std::uint8_t>(image[i]);
    found.insert(p);
    return;
  }
  for (int target = 0; target < kCells; ++target) {
    if (used[target]) continue;
    image[cell] = target;
    bool ok = true;
    for (const auto& line : ls) {
      if (std::find(line.begin(), line.end(), cell) == line.end()) continue;
      bool inside_some = false;
      for (const auto& other : ls) {
        bool all = true;
        for (int c : line)
          if (c <= cell && std::find(other.begin(), other.end(), image[c]) == other.end())
            all = false;
        inside_some = inside_some || all;
      }
      ok = ok && inside_some;
    }
    if (ok) {
      used[target] = true;
      search(ls, image, used, cell + 1, found);
      used[target] = false;
    }
  }
}

TEST(Double5Symmetry, GroupIsExactlyTheLinePreservingPermutations) {
  const auto ls = lines();
  std::vector<int> image(kCells);
  std::vector<bool> used(kCells, false);
  std::set<Permutation> found;
  search(ls, image, used, 0, found);
  std::set<Permutation> group;
  for (int s = 0; s < kSymmetries; ++s) group.insert(Symmetry::on_board().permutation(s));
  EXPECT_EQ(found.size(), 32u);
  EXPECT_EQ(found, group);
}

// The index's group is the same group on renumbered cells.
TEST(Double5Symmetry, IndexGroupIsTheBoardGroupRenumbered) {
  std::set<Permutation> board, renumbered;
  for (int s = 0; s < kSymmetries; ++s) {
    board.insert(Symmetry::on_board().permutation(s));
    Permutation p{};
    for (int i = 0; i < kCells; ++i)
      p[kIndexCells[i]] = kIndexCells[Symmetry::on_index().permutation(s)[i]];
    renumbered.insert(p);
  }
  EXPECT_EQ(board, renumbered);
  std::set<int> cells(kIndexCells.begin(), kIndexCells.end());
  EXPECT_EQ(cells.size(), 25u);
  for (int c = 0; c < kCells; ++c) EXPECT_EQ(index_to_board()(board_to_index()(1u << c)), 1u << c);
}

TEST(Double5Symmetry, ApplyMatchesThePermutation) {
  for (const Symmetry* sym : {&Symmetry::on_board(), &Symmetry::on_index()})
    for (int s = 0; s < kSymmetries; ++s) {
      for (int cell = 0; cell < kCells; ++cell)
        EXPECT_EQ(sym->apply(s, 1u << cell), 1u << sym->permutation(s)[cell]);
      EXPECT_EQ(sym->apply(sym->inverse(s), sym->apply(s, 0x1234567)), 0x1234567u);
    }
}

// Burnside: a position fixed by g fills each cycle of g wholly with O, X or nothing.
std::uint64_t fixed_positions(const Permutation& p, int o, int x) {
  std::vector<int> cycles;
  std::vector<bool> seen(kCells, false);
  for (int i = 0; i < kCells; ++i) {
    if (seen[i]) continue;
    int len = 0;
    for (int j = i; !seen[j]; j = p[j]) seen[j] = true, ++len;
    cycles.push_back(len);
  }
  // ways[a][b]: assignments of the cycles so far with a cells O and b cells X.
  std::vector<std::vector<std::uint64_t>> ways(o + 1, std::vector<std::uint64_t>(x + 1, 0));
  ways[0][0] = 1;
  for (int len : cycles) {
    auto next = ways;  // the cycle stays empty
    for (int a = 0; a <= o; ++a)
      for (int b = 0; b <= x; ++b) {
        if (a >= len) next[a][b] += ways[a - len][b];
        if (b >= len) next[a][b] += ways[a][b - len];
      }
    ways = next;
  }
  return ways[o][x];
}

TEST(Double5Symmetry, PositionAndClassCountsMatchSpec) {
  std::uint64_t positions = 0, classes = 0;
  for (int round = 0; round <= 11; ++round) {
    const int o = 2 * ((round + 1) / 2), x = 2 * (round / 2);
    positions += binomial(25, o) * binomial(25 - o, x);
    std::uint64_t fixed = 0;
    for (int s = 0; s < kSymmetries; ++s)
      fixed += fixed_positions(Symmetry::on_board().permutation(s), o, x);
    EXPECT_EQ(fixed % 32, 0u);
    classes += fixed / 32;
  }
  EXPECT_EQ(positions, 77'586'462'881ull);
  EXPECT_EQ(classes, 2'426'070'077ull);
}

TEST(Double5Symmetry, CanonicalSetsAreOrbitRepresentatives) {
  const auto& sym = Symmetry::on_index();
  for (int size : {0, 1, 2, 3, 4}) {
    std::uint64_t orbits = 0;
    for (auto m : canonical_sets(size)) {
      EXPECT_TRUE(sym.is_canonical(m));
      std::set<std::uint32_t> orbit;
      for (int s = 0; s < kSymmetries; ++s) orbit.insert(sym.apply(s, m));
      EXPECT_EQ(*orbit.begin(), m);
      orbits += orbit.size();
    }
    EXPECT_EQ(orbits, binomial(25, size)) << "orbits partition the sets of size " << size;
  }
}

}  // namespace
