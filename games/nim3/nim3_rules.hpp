#pragma once
// nim3, tic-tac-toe nim: nine piles on a 3x3 board. Each player's first move takes a whole
// pile; later moves take any positive number of stones from one pile. A move that leaves a
// row or a column with no stones wins. The exhaustive game below covers piles up to K; the
// closed form answers any piles.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace tbgen::nim3 {

using Piles = std::array<std::uint64_t, 9>;  // cell i = row * 3 + col

// True if some row or column has no stones.
inline bool line_emptied(const Piles& p) {
  for (int i = 0; i < 3; ++i) {
    if (p[3 * i] + p[3 * i + 1] + p[3 * i + 2] == 0) return true;
    if (p[i] + p[i + 3] + p[i + 6] == 0) return true;
  }
  return false;
}

inline bool share_line(int a, int b) {
  return a / 3 == b / 3 || a % 3 == b % 3;
}

// The closed form (a reduction to Nim): after the whole-pile moves p (first player) and q
// (second), with p and q in different rows and columns, the six other piles in their rows
// and columns count a - 1 (emptying one hands the opponent an emptied line), the pile in
// neither counts a, and the player to move (the first player) wins iff the xor is non-zero.
// If q shares a line with p, the first player empties that line's third pile and wins. So
// the first move p wins iff every reply q leaves a non-zero xor.
bool first_move_wins(const Piles& piles, int p);
int winning_first_moves(const Piles& piles);

// States for the position solver: phase 0 (first player's whole-pile move), 1 (second
// player's whole-pile move), 2 (free play), and piles 0..K; index = phase * (K+1)^9 +
// sum of pile_i * (K+1)^i. Values: true = the player to move wins.
class Game {
 public:
  using Value = std::uint8_t;
  explicit Game(int max_pile);
  int max_pile() const { return max_pile_; }
  std::uint64_t boards() const { return boards_; }  // (K+1)^9
  std::uint64_t size() const { return 3 * boards_; }
  int max_depth() const { return 9 * max_pile_; }
  int depth(std::uint64_t i) const;          // stones taken so far: every move takes at least one
  std::vector<std::uint64_t> roots() const;  // phase 0 with every pile in 1..K
  void successors(std::uint64_t i, std::vector<std::uint64_t>& out) const;
  Value terminal_value(std::uint64_t) const { return 0; }  // a line is empty: the mover lost
  Value combine(std::uint64_t, std::span<const Value> values) const {
    for (Value v : values)
      if (v == 0) return 1;
    return 0;
  }

  std::uint64_t index(int phase, const Piles& piles) const;
  Piles piles(std::uint64_t i) const;
  int phase(std::uint64_t i) const { return static_cast<int>(i / boards_); }

 private:
  int max_pile_;
  std::uint64_t boards_;
  std::array<std::uint64_t, 10> power_{};
};

}  // namespace tbgen::nim3
