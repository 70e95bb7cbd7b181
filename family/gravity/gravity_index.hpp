#pragma once
// The index of a gravity member's tables (connect), shared by the generator and the reader.
//
// A position is the height of every column and which of its filled cells are the first
// player's. Layer t holds the positions with t marks, ceil(t/2) of them the first player's
// (dense: every height vector and colouring with those counts, the reachable and the rest). A
// column's state is (h, j), its height and the first player's marks in it; its digit is the
// colex rank of those j cells among its h (bit 0 the bottom cell), one of C(h, j). A class is
// the state of every column and holds the product of the C(h, j) positions, numbered by their
// digits as a mixed-radix number.
//
// Columns are taken in significance order: the middle one (odd cols), then the pairs
// (c, cols - 1 - c) from the centre out, the left before the right. Classes are in
// lexicographic order of their states in that order, and within a class the digits are a
// mixed-radix number, the first column the most significant: the centre varies slowest.
//
// A move changes one column: (h, j) with digit r becomes (h + 1, j) with the same r (a second
// player's mark on top: the colex rank of a set does not see a new cell above it) or
// (h + 1, j + 1) with C(h, j + 1) + r (a first player's mark: sets holding the new top cell rank
// after those that do not). So the entry a move leads to is an affine function of the digits,
// which the solver walks with one addition per move and position (gravity_solver.hpp).
//
// The mirror: a class is stored if, scanning its pairs from the centre out, the first pair whose
// two states differ has the smaller state (state = h (h + 1) / 2 + j) on the left; a class
// equal to its mirror is stored whole (both mirror images of its positions; ~1/20 of the
// entries). A class's offset in its layer is computed, not looked up: counts of positions by
// column suffixes and prefix sums over states, O(columns) small-table lookups, so that no
// structure grows with the number of classes (7x6 has 1.3e9).
//
// Boards in bits follow Pons' connect4: bit c * (rows + 1) + r is column c, row r from the
// bottom, with one always-empty bit on top of each column so that line tests by shifts do not
// wrap from one column into the next.
#include <array>
#include <cstdint>
#include <vector>

namespace tbgen::family {

inline constexpr int kMaxGravityBits = 64;  // cols * (rows + 1)
inline constexpr int kMaxGravityRows = 16;  // a table of every column colouring stays small
inline constexpr int kMaxGravityCols = kMaxGravityBits / 2;

using Bits = std::uint64_t;
using States = std::array<std::uint8_t, kMaxGravityCols>;  // a class: the state of each column

struct GravityBoard {
  Bits first = 0;  // the first player's marks
  Bits mask = 0;   // every mark
};

class GravityIndex {
 public:
  GravityIndex(int cols, int rows);
  int cols() const { return cols_; }
  int rows() const { return rows_; }
  int cells() const { return cols_ * rows_; }
  int states() const { return states_; }
  int height(int s) const { return height_[s]; }
  int ones(int s) const { return ones_[s]; }
  std::uint64_t weight(int s) const { return weight_[s]; }
  static int state(int h, int j) { return h * (h + 1) / 2 + j; }
  static int first_marks(int t) { return (t + 1) / 2; }
  // Columns in significance order (the most significant first).
  const std::vector<int>& order() const { return order_; }

  std::uint64_t entries(int t) const;    // positions stored in layer t
  std::uint64_t positions(int t) const;  // positions with t marks, before the mirror
  std::uint64_t classes(int t) const;    // canonical classes of layer t

  bool canonical(const States& s) const;
  States mirrored(const States& s) const;
  // The first entry of class `s` (canonical, with t marks) in layer t.
  std::uint64_t class_offset(int t, const States& s) const;
  // Calls f(states, offset, size) for every class of layer t with entries in [from, to), in order.
  template <class F>
  void for_each_class(int t, std::uint64_t from, std::uint64_t to, F&& f) const;

  // The entry of a position with t marks (of its mirror image when that is the stored one).
  std::uint64_t entry(int t, const GravityBoard& b) const;
  // The position stored at an entry of layer t.
  GravityBoard board(int t, std::uint64_t entry) const;

  // Bits.
  int shift(int c) const { return c * (rows_ + 1); }
  Bits column(int c) const { return ((Bits{1} << rows_) - 1) << shift(c); }
  Bits mirror(Bits b) const;
  Bits bottoms() const { return bottoms_; }  // the bottom cell of every column
  // Every column at once: adding its bottom cell carries through its marks to the cell above
  // them (a full column's spare bit). The top mark of each column with any:
  Bits tops(Bits mask) const { return ((mask + bottoms_) >> 1) & mask; }
  // and where a mark dropped into each column lands (none for a full one).
  Bits drops(Bits mask) const { return (mask + bottoms_) & ~(bottoms_ << rows_); }
  // The first player's cells of column c in state s with digit r.
  Bits piece(int c, int s, std::uint64_t r) const { return pieces_[s][r] << shift(c); }
  // Those of every digit of state s, in column 0: for the solver's odometer, a load a step.
  const Bits* pieces(int s) const { return pieces_[s].data(); }

 private:
  // Position counts by remaining marks (T) and first-player marks (N): a grid per table.
  std::uint64_t at(const std::vector<std::uint64_t>& grid, int t, int n) const {
    return t < 0 || n < 0 || t > cells() || n > max_ones_ ? 0 : grid[cell(t, n)];
  }
  std::uint64_t at(const std::vector<std::uint64_t>& tables, int x, int t, int n) const {
    return t < 0 || n < 0 || t > cells() || n > max_ones_ ? 0 : tables[x * grid_ + cell(t, n)];
  }
  // One level of the significance order: the middle column, or a pair of columns.
  struct Level {
    Level(int column_a, int column_b) : a(column_a), b(column_b) {}
    int a, b;  // columns; b < 0: a single column
    // Positions of the levels from this one on, with T marks and N of the first player's, of
    // any class (F) or of canonical classes when every pair before was equal (C).
    std::vector<std::uint64_t> f, c;
    std::vector<std::uint64_t> f_classes, c_classes;  // the same counting classes
    // Prefix sums over this level's states x (tables of [x][T][N]) of the positions whose
    // state here is less than x: single columns: below_f (completions of any class), below_c
    // (canonical completions); pairs: below_a (left state less, any right state), below_b
    // (right state less, for the level after: completions of any class), below_eq (left
    // state less, canonical when every pair before was equal), and one_column (any right
    // state, then completions of any class).
    std::vector<std::uint64_t> below_f, below_c, below_a, below_b, below_eq, one_column;
  };
  // Where the counts of t remaining marks, n of them the first player's, are in a grid.
  std::size_t cell(int t, int n) const { return static_cast<std::size_t>(t) * (max_ones_ + 1) + n; }
  // The counts of the levels after `level` (of any class, or canonical); inline: a probe's
  // class offset asks.
  const std::vector<std::uint64_t>& after_f(std::size_t level) const {
    return level + 1 < levels_.size() ? levels_[level + 1].f : end_;
  }
  const std::vector<std::uint64_t>& after_c(std::size_t level) const {
    return level + 1 < levels_.size() ? levels_[level + 1].c : end_;
  }
  // Classes of the levels from `level` on, after states whose weights multiply to `scale`.
  template <class F>
  void descend(std::size_t level, int t, int n, bool equal, std::uint64_t scale,
               std::uint64_t& offset, std::uint64_t from, std::uint64_t to, States& s, F& f) const;

  int cols_, rows_, states_, max_ones_;
  std::vector<int> height_, ones_;
  std::vector<std::uint64_t> weight_;
  std::vector<std::size_t> cell_of_;  // [s]: cell(height, ones) of state s
  std::size_t grid_ = 0;              // cells of a grid: cell(cells(), max_ones_) + 1
  std::vector<int> order_;
  std::vector<Level> levels_;
  std::vector<std::uint64_t> end_;         // after the last level: 1 at (0, 0)
  std::vector<std::vector<Bits>> pieces_;  // [s][r]: the first player's cells of a column
  std::vector<std::uint32_t> columns_;     // [1 << h | cells]: state | digit << 8 (entry())
  Bits bottoms_ = 0;
};

template <class F>
void GravityIndex::descend(std::size_t level, int t, int n, bool equal, std::uint64_t scale,
                           std::uint64_t& offset, std::uint64_t from, std::uint64_t to, States& s,
                           F& f) const {
  if (level == levels_.size()) {
    f(static_cast<const States&>(s), offset, scale);
    offset += scale;
    return;
  }
  const Level& l = levels_[level];
  const auto& rest_f = after_f(level);
  const auto& rest_c = after_c(level);
  const auto visit = [&](bool still_equal, std::uint64_t w, int h, int j) {
    const std::uint64_t size = scale * w * at(still_equal ? rest_c : rest_f, t - h, n - j);
    if (size == 0) return;
    if (offset + size <= from) {
      offset += size;
      return;
    }
    descend(level + 1, t - h, n - j, still_equal, scale * w, offset, from, to, s, f);
  };
  for (int a = 0; a < states_ && offset < to; ++a) {
    if (height_[a] > t || ones_[a] > n) continue;
    s[l.a] = static_cast<std::uint8_t>(a);
    if (l.b < 0) {
      visit(equal, weight_[a], height_[a], ones_[a]);
      continue;
    }
    for (int b = equal ? a : 0; b < states_ && offset < to; ++b) {
      s[l.b] = static_cast<std::uint8_t>(b);
      visit(equal && a == b, weight_[a] * weight_[b], height_[a] + height_[b], ones_[a] + ones_[b]);
    }
  }
}

template <class F>
void GravityIndex::for_each_class(int t, std::uint64_t from, std::uint64_t to, F&& f) const {
  States s{};
  std::uint64_t offset = 0;
  descend(0, t, first_marks(t), true, 1, offset, from, to, s, f);
}

}  // namespace tbgen::family
