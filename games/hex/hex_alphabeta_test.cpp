// Checks the reference Hex solver against a plainer memoised minimax (no pruning, no symmetry,
// chains found by a breadth-first search over a neighbour list) and against known facts.
#include "games/hex/hex_alphabeta.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

// The game written out as plainly as possible.
class PlainHex {
 public:
  PlainHex(int cols, int rows) : cols_(cols), rows_(rows), cells_(cols * rows) {}

  int cells() const { return cells_; }

  // Whether the marks `mine` join top to bottom (X) or left to right (O).
  bool has_chain(std::uint32_t mine, bool is_x) const {
    std::array<bool, 32> seen{};
    std::array<int, 32> queue;
    int size = 0;
    for (int i = 0; i < cells_; ++i) {
      const int r = i / cols_, c = i % cols_;
      if ((mine >> i & 1) && (is_x ? r == 0 : c == 0)) {
        seen[i] = true;
        queue[size++] = i;
      }
    }
    for (int head = 0; head < size; ++head) {
      const int r = queue[head] / cols_, c = queue[head] % cols_;
      if (is_x ? r == rows_ - 1 : c == cols_ - 1) return true;
      const int steps[6][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, 1}, {1, -1}};
      for (const auto& s : steps) {
        const int nr = r + s[0], nc = c + s[1];
        if (nr < 0 || nr >= rows_ || nc < 0 || nc >= cols_) continue;
        const int n = nr * cols_ + nc;
        if ((mine >> n & 1) && !seen[n]) {
          seen[n] = true;
          queue[size++] = n;
        }
      }
    }
    return false;
  }

  bool has_any_chain(std::uint32_t x, std::uint32_t o) const {
    return has_chain(x, true) || has_chain(o, false);
  }

  // Whether the side to move wins: try every move, memoised on the whole position.
  bool to_move_wins(std::uint32_t x, std::uint32_t o, bool x_to_move) {
    const std::uint64_t key = std::uint64_t{x} << 32 | std::uint64_t{o} << 1 | x_to_move;
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool win = false;
    for (int i = 0; i < cells_ && !win; ++i) {
      const std::uint32_t bit = std::uint32_t{1} << i;
      if ((x | o) & bit) continue;
      if (x_to_move) {
        win = has_chain(x | bit, true) || !to_move_wins(x | bit, o, false);
      } else {
        win = has_chain(o | bit, false) || !to_move_wins(x, o | bit, true);
      }
    }
    memo_[key] = win;
    return win;
  }

 private:
  int cols_, rows_, cells_;
  std::unordered_map<std::uint64_t, bool> memo_;
};

struct Position {
  std::uint32_t x, o;
  bool x_to_move;
};

// Every position without a chain reachable from the empty board, X moving first.
std::vector<Position> reachable(const PlainHex& plain) {
  std::vector<Position> out;
  std::unordered_set<std::uint64_t> seen;
  std::vector<Position> stack = {{0, 0, true}};
  seen.insert(0);
  while (!stack.empty()) {
    const Position p = stack.back();
    stack.pop_back();
    out.push_back(p);
    for (int i = 0; i < plain.cells(); ++i) {
      const std::uint32_t bit = std::uint32_t{1} << i;
      if ((p.x | p.o) & bit) continue;
      const Position next =
          p.x_to_move ? Position{p.x | bit, p.o, false} : Position{p.x, p.o | bit, true};
      if (plain.has_any_chain(next.x, next.o)) continue;
      if (seen.insert(std::uint64_t{next.x} << 32 | next.o).second) stack.push_back(next);
    }
  }
  return out;
}

// Compares the solver with the plain minimax on every reachable position, with either side to
// move (the solver takes any side to move, not only the one the move count implies).
void check_all_reachable(int cols, int rows) {
  PlainHex plain(cols, rows);
  hex_reference::HexSolver solver(cols, rows, 16);
  const std::vector<Position> positions = reachable(plain);
  for (const Position& p : positions) {
    for (bool x_to_move : {true, false}) {
      ASSERT_EQ(solver.to_move_wins(p.x, p.o, x_to_move), plain.to_move_wins(p.x, p.o, x_to_move))
          << cols << "x" << rows << " x=" << p.x << " o=" << p.o << " x_to_move=" << x_to_move;
    }
  }
}

std::string cell_name(int cell, int cols) {
  return std::string(1, static_cast<char>('a' + cell % cols)) + std::to_string(cell / cols + 1);
}

TEST(HexAlphaBeta, AllReachablePositions3x3) {
  check_all_reachable(3, 3);
}

TEST(HexAlphaBeta, AllReachablePositionsSmallBoards) {
  for (const auto& [cols, rows] : std::vector<std::pair<int, int>>{{1, 1},
                                                                   {1, 2},
                                                                   {2, 1},
                                                                   {1, 5},
                                                                   {5, 1},
                                                                   {2, 2},
                                                                   {2, 3},
                                                                   {3, 2},
                                                                   {2, 4},
                                                                   {4, 2},
                                                                   {3, 4},
                                                                   {4, 3},
                                                                   {2, 6}}) {
    check_all_reachable(cols, rows);
  }
}

// Positions along random games (those with at least min_stones marks; fewer cost the plain
// minimax too much), with either side to move.
void check_sampled(int cols, int rows, int games, int min_stones) {
  PlainHex plain(cols, rows);
  hex_reference::HexSolver solver(cols, rows, 18);
  std::mt19937 rng(12345 + cols * 10 + rows);
  std::vector<int> cells(cols * rows);
  for (int i = 0; i < cols * rows; ++i) cells[i] = i;
  for (int game = 0; game < games; ++game) {
    std::uint32_t x = 0, o = 0;
    bool x_to_move = true;
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int cell : cells) {
      if (std::popcount(x | o) >= min_stones) {
        for (bool side : {true, false}) {
          ASSERT_EQ(solver.to_move_wins(x, o, side), plain.to_move_wins(x, o, side))
              << cols << "x" << rows << " x=" << x << " o=" << o << " x_to_move=" << side;
        }
      }
      (x_to_move ? x : o) |= std::uint32_t{1} << cell;
      x_to_move = !x_to_move;
      if (plain.has_any_chain(x, o)) break;
    }
  }
}

TEST(HexAlphaBeta, SampledPositions4x4) {
  check_sampled(4, 4, 200, 5);
}

TEST(HexAlphaBeta, SampledPositionsLargerBoards) {
  check_sampled(5, 5, 60, 13);
  check_sampled(5, 4, 60, 9);
  check_sampled(4, 5, 60, 9);
  check_sampled(6, 4, 40, 12);
}

TEST(HexAlphaBeta, FirstPlayerWinsSquareBoards) {
  for (int n = 1; n <= 4; ++n) {
    hex_reference::HexSolver solver(n, n);
    EXPECT_TRUE(solver.to_move_wins(0, 0, true)) << n << "x" << n;
    EXPECT_TRUE(solver.to_move_wins(0, 0, false)) << n << "x" << n << ", O first";
  }
}

TEST(HexAlphaBeta, WinningFirstMoves4x4) {
  hex_reference::HexSolver solver(4, 4);
  std::vector<std::string> winning;
  for (int cell = 0; cell < 16; ++cell) {
    if (!solver.to_move_wins(std::uint32_t{1} << cell, 0, false)) {
      winning.push_back(cell_name(cell, 4));
    }
  }
  EXPECT_EQ(winning, (std::vector<std::string>{"d1", "c2", "b3", "a4"}));
}

TEST(HexAlphaBeta, NodesCount) {
  hex_reference::HexSolver solver(3, 3);
  EXPECT_EQ(solver.nodes(), 0u);
  solver.to_move_wins(0, 0, true);
  EXPECT_GT(solver.nodes(), 0u);
}

}  // namespace
