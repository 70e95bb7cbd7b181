#pragma once
// score3: tic-tac-toe scored by speed. X (1) moves first, O (2) second; a win scores
// +-(empty cells + 1) for X / O, a full board without a line 0. X maximises.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/board3.hpp"

namespace tbgen {

class Score3 {
 public:
  using Value = int;

  std::uint64_t size() const { return board3::kBoards; }
  int max_depth() const { return board3::kCells; }
  int depth(std::uint64_t i) const {
    return board3::kCells - board3::count(board3::decode(static_cast<std::uint32_t>(i)), 0);
  }
  std::vector<std::uint64_t> roots() const { return {0}; }

  void successors(std::uint64_t i, std::vector<std::uint64_t>& out) const {
    out.clear();
    const auto cells = board3::decode(static_cast<std::uint32_t>(i));
    if (board3::finished(cells)) return;
    const std::uint8_t m = board3::mover(cells);
    for (int c = 0; c < board3::kCells; ++c)
      if (cells[c] == 0) out.push_back(i + m * board3::kPow3[c]);
  }

  Value terminal_value(std::uint64_t i) const {
    const auto cells = board3::decode(static_cast<std::uint32_t>(i));
    const int bonus = board3::count(cells, 0) + 1;
    if (board3::has_line(cells, board3::kX)) return bonus;
    if (board3::has_line(cells, board3::kO)) return -bonus;
    return 0;
  }

  Value combine(std::uint64_t i, std::span<const Value> values) const {
    const auto cells = board3::decode(static_cast<std::uint32_t>(i));
    return board3::mover(cells) == board3::kX ? *std::max_element(values.begin(), values.end())
                                              : *std::min_element(values.begin(), values.end());
  }
};

}  // namespace tbgen
