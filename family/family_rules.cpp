#include "family/family_rules.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/combinatorial.hpp"

namespace tbgen::family {

int Rules::marks_in_turn(int t) const {
  return std::min(t == 0 ? q : p, cells() - marks_after(t));
}

int Rules::marks_after(int t) const {
  return t == 0 ? 0 : std::min(cells(), q + (t - 1) * p);
}

int Rules::first_marks(int t) const {
  int n = 0;
  for (int i = 0; i < t; i += 2) n += marks_in_turn(i);
  return n;
}

// Lines are counted with the popcnt instruction where the CPU has it (TBGEN_POPCNT_CLONES): the
// solver scores every position of a last turn.

namespace {

TBGEN_POPCNT_CLONES bool has_line(const std::vector<std::uint32_t>& lines, int threshold,
                                  std::uint32_t marks) {
  for (const std::uint32_t line : lines)
    if (__builtin_popcount(line & marks) >= threshold) return true;
  return false;
}

// A chain of `marks` from the cells of `from` to those of `to`, by flood fill: each step adds
// the marks touching the chain so far, by shifts (cell (r, c) is bit r * cols + c; it touches
// (r, c +- 1), (r +- 1, c), (r - 1, c + 1) and (r + 1, c - 1)). `left`: the first column.
bool joins(std::uint32_t marks, std::uint32_t from, std::uint32_t to, int cols,
           std::uint32_t left) {
  const std::uint32_t not_left = ~left, not_right = ~(left << (cols - 1));
  std::uint32_t reached = marks & from;
  for (std::uint32_t before = 0; reached != before;) {
    before = reached;
    const std::uint32_t l = reached & not_left, r = reached & not_right;
    reached |=
        (r << 1 | l >> 1 | reached << cols | reached >> cols | r >> (cols - 1) | l << (cols - 1)) &
        marks;
    if (reached & to) return true;
  }
  return false;
}

// Rules::wins() of a connection member, searched.
bool connects(const Rules& r, std::uint32_t marks, bool by_first) {
  const int cols = r.cols, rows = r.rows;
  const std::uint32_t full = r.full();
  const std::uint32_t top = (std::uint32_t{1} << cols) - 1;
  const std::uint32_t left = full / top;  // bit 0 of every row
  // A chain steps at most one row and one column a cell, so it has a mark in every row it
  // joins (X) or every column (O): most boards of a probe fail that before the search. Tested
  // without a loop: a row's marks below its last cell, plus all of those cells, carry into the
  // last cell when there are any; a column's, the rows folded onto the first.
  if ((by_first ? r.first : r.second) == 'X') {  // top row to bottom row
    const std::uint32_t last = left << (cols - 1), below = full & ~last;
    if (((((marks & below) + below) | marks) & last) != last) return false;
    return joins(marks, top, top << (cols * (rows - 1)), cols, left);
  }
  std::uint32_t folded = marks;
  for (int covered = 1; covered < rows; covered *= 2) folded |= folded >> (covered * cols);
  if ((folded & top) != top) return false;
  return joins(marks, left, left << (cols - 1), cols, left);
}

}  // namespace

bool Rules::wins_first_time(std::uint32_t marks, bool by_first) const {
  if (win == WinTest::lines) return has_line(lines, threshold, marks);
  if (cells() > kChainTableCells) return connects(*this, marks, by_first);
  ChainTable& table = *chain_table;
  std::call_once(table.once, [&] {
    table.bits.assign((std::uint64_t{2} << cells()) / 64 + 1, 0);
    // A set holds a chain if the set without its lowest mark (met before it) does: only the
    // others are searched.
    for (std::uint64_t i = 0; i < std::uint64_t{2} << cells(); ++i) {
      const auto set = static_cast<std::uint32_t>(i & full());
      const std::uint64_t fewer = i & ~std::uint64_t{set & (~set + 1)};
      if ((set != 0 && (table.bits[fewer >> 6] >> (fewer & 63) & 1)) ||
          connects(*this, set, i >> cells() != 0))
        table.bits[i >> 6] |= std::uint64_t{1} << (i & 63);
    }
    table.ready.store(true, std::memory_order_release);
  });
  return wins(marks, by_first);
}

Code Rules::won(bool first_won, int empties) const {
  const int v = value == ValueKind::speed ? empties + 1 : 1;
  return code_of(first_won ? v : -v);
}

TBGEN_POPCNT_CLONES Code Rules::scored(std::uint32_t first_set, std::uint32_t second_set) const {
  const std::uint32_t empty = full() & ~(first_set | second_set);
  if (fill == Fill::first) first_set |= empty;
  if (fill == Fill::second) second_set |= empty;
  int margin = 0;
  for (const std::uint32_t line : lines) {
    margin += __builtin_popcount(line & first_set) >= threshold;
    margin -= __builtin_popcount(line & second_set) >= threshold;
  }
  if (value == ValueKind::margin) return code_of(margin);
  return code_of(margin > 0 ? 1 : margin < 0 ? -1 : 0);
}

std::vector<std::uint32_t> straight_lines(int cols, int rows, int len) {
  std::vector<std::uint32_t> lines;
  const int directions[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};  // (row, col) steps
  for (const auto& d : directions)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        const int last_r = r + d[0] * (len - 1), last_c = c + d[1] * (len - 1);
        if (last_r >= rows || last_c < 0 || last_c >= cols) continue;
        std::uint32_t mask = 0;
        for (int i = 0; i < len; ++i)
          mask |= std::uint32_t{1} << ((r + d[0] * i) * cols + c + d[1] * i);
        if (std::find(lines.begin(), lines.end(), mask) == lines.end()) lines.push_back(mask);
      }
  return lines;
}

}  // namespace tbgen::family
