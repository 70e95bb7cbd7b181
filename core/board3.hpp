#pragma once
// The 3x3 board shared by the 3x3 games (their rules and their table layouts): cells i = row * 3 +
// col, base-3 index sum c_i * 3^i.
#include <array>
#include <cstdint>

namespace tbgen::board3 {

inline constexpr int kCells = 9;
inline constexpr std::uint32_t kBoards = 19683;  // 3^9
inline constexpr std::array<std::uint32_t, 10> kPow3 = {1,   3,   9,    27,   81,
                                                        243, 729, 2187, 6561, 19683};
inline constexpr std::array<std::array<int, 3>, 8> kLines = {
    {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}};

using Cells = std::array<std::uint8_t, kCells>;

constexpr Cells decode(std::uint32_t index) {
  Cells cells{};
  for (int i = 0; i < kCells; ++i, index /= 3) cells[i] = static_cast<std::uint8_t>(index % 3);
  return cells;
}

constexpr std::uint32_t encode(const Cells& cells) {
  std::uint32_t index = 0;
  for (int i = kCells - 1; i >= 0; --i) index = index * 3 + cells[i];
  return index;
}

constexpr int count(const Cells& cells, std::uint8_t mark) {
  int n = 0;
  for (auto c : cells) n += c == mark;
  return n;
}

constexpr bool has_line(const Cells& cells, std::uint8_t mark) {
  for (const auto& line : kLines)
    if (cells[line[0]] == mark && cells[line[1]] == mark && cells[line[2]] == mark) return true;
  return false;
}

// Tic-tac-toe marks: X (1) moves first, so O (2) is to move exactly when
// X has one mark more.
inline constexpr std::uint8_t kX = 1, kO = 2;
constexpr std::uint8_t mover(const Cells& cells) {
  return count(cells, kX) == count(cells, kO) ? kX : kO;
}
// A line ends the game at once, and so does a full board.
constexpr bool finished(const Cells& cells) {
  return has_line(cells, kX) || has_line(cells, kO) || count(cells, 0) == 0;
}

}  // namespace tbgen::board3
