#pragma once
// surreal3, the banning game on a 3x3 board. Cells: inert ('.' or '#', 0), O (1), X (2);
// index = sum of cell_i * 3^i. Alice (Left) bans an O cell together with its left and right
// neighbours, or its upper and lower ones, or all four; Bob (Right) bans one X cell. Banning
// makes a cell inert. A player who cannot move loses; the value of a board is its value as
// a game in Conway's sense, which the retrograde pass requires to be a number.
#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/board3.hpp"
#include "core/dyadic.hpp"

namespace tbgen::surreal3 {

inline constexpr std::uint8_t kO = 1, kX = 2;

enum class Ban { left_right, up_down, all_four };
inline constexpr std::array<Ban, 3> kBans = {Ban::left_right, Ban::up_down, Ban::all_four};
inline const char* ban_name(Ban b) {
  return b == Ban::left_right ? "lr" : b == Ban::up_down ? "ud" : "all";
}

inline std::uint32_t make_inert(std::uint32_t board, int cell) {
  const std::uint32_t digit = board / board3::kPow3[cell] % 3;
  return board - digit * board3::kPow3[cell];
}

// Alice bans O cell `cell` and the chosen neighbours (off-board ones are ignored).
inline std::uint32_t alice_move(std::uint32_t board, int cell, Ban ban) {
  const int row = cell / 3, col = cell % 3;
  board = make_inert(board, cell);
  if (ban != Ban::up_down) {
    if (col > 0) board = make_inert(board, cell - 1);
    if (col < 2) board = make_inert(board, cell + 1);
  }
  if (ban != Ban::left_right) {
    if (row > 0) board = make_inert(board, cell - 3);
    if (row < 2) board = make_inert(board, cell + 3);
  }
  return board;
}

inline std::uint32_t bob_move(std::uint32_t board, int cell) {
  return make_inert(board, cell);
}

class NotANumber : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string board_text(std::uint32_t board);  // "O.X/.../..." with '.' for inert cells

// The game for solve_positions: every board is a position; successors list Alice's options
// (three per O cell, in cell order) before Bob's.
class Game {
 public:
  using Value = Dyadic;
  std::uint64_t size() const { return board3::kBoards; }
  int max_depth() const { return board3::kCells; }
  // Moves only make cells inert: the number of inert cells grows along every move.
  int depth(std::uint64_t i) const {
    return board3::count(board3::decode(static_cast<std::uint32_t>(i)), 0);
  }
  std::vector<std::uint64_t> roots() const {
    std::vector<std::uint64_t> all(size());
    for (std::uint64_t i = 0; i < size(); ++i) all[i] = i;
    return all;
  }
  void successors(std::uint64_t i, std::vector<std::uint64_t>& out) const;
  Value terminal_value(std::uint64_t) const { return Dyadic(0); }  // { | } = 0
  // Throws NotANumber naming the board if max(Left) >= min(Right).
  Value combine(std::uint64_t i, std::span<const Value> options) const;
};

}  // namespace tbgen::surreal3
