#pragma once
// weighted3 for the position solver. A position's value is a truth table: the winner under
// optimal play (1 = Takahashi) for every assignment of "Takahashi wins draw board f" to the
// draw boards that extend the position (see games/weighted3_table.hpp).
#include <cstdint>
#include <span>
#include <vector>

#include "core/board3.hpp"
#include "games/weighted3/weighted3_layout.hpp"

namespace tbgen::weighted3 {

struct TruthTable {
  std::uint32_t draws = 0;          // the variables: a mask over the 16 draw boards
  std::vector<std::uint64_t> bits;  // 2^popcount(draws) bits
  int variables() const { return __builtin_popcount(draws); }
  bool at(std::uint64_t a) const { return (bits[a >> 6] >> (a & 63)) & 1; }
  friend bool operator==(const TruthTable&, const TruthTable&) = default;
};

class Game {
 public:
  using Value = TruthTable;
  static constexpr std::uint8_t kX = board3::kX, kO = board3::kO;  // Takahashi, Aoki

  std::uint64_t size() const { return board3::kBoards; }
  int max_depth() const { return board3::kCells; }
  int depth(std::uint64_t i) const {
    return board3::kCells - board3::count(board3::decode(static_cast<std::uint32_t>(i)), 0);
  }
  std::vector<std::uint64_t> roots() const { return {0}; }
  void successors(std::uint64_t i, std::vector<std::uint64_t>& out) const;
  Value terminal_value(std::uint64_t i) const;
  Value combine(std::uint64_t i, std::span<const Value> successors) const;
};

}  // namespace tbgen::weighted3
