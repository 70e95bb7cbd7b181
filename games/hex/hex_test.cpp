// Hex members against the independent plain minimax (tests/reference/family_minimax.hpp, with its
// own chain test): every set of marks a chain or not as Rules::wins() says (a table up to 20
// cells); every position play reaches on 3x3, 3x4, 4x3 and 4x4, outcome and speed; every other
// board of 3x3 and 3x4 refused; random positions of 4x5 and 5x4. The winning first moves of 1x1 to
// 4x4 are printed and checked against it; the first player wins them all. 5x5 is beyond a plain
// minimax: its winning first moves are printed by the independent alpha-beta search
// (games/hex/hex_alphabeta.hpp, its own test against a plain minimax), and with TBGEN_HEX5_TABLES
// naming a directory holding hex(cols=5)'s tables (docs/performance.md: about 20 minutes) the
// tables' are checked against it, with random positions of every number of marks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>
#include <vector>

#include "core/game_string.hpp"
#include "family/family_game.hpp"
#include "games/hex/hex_alphabeta.hpp"
#include "reference/family_minimax.hpp"

namespace {

using namespace tbgen::testing;

// Rules::wins() of a member of up to 20 cells reads a table of every set of marks, built from
// the rules' own search; past 20 cells it searches. Both against the minimax's chain test: every
// set of each side of 4x5 with O first (the letters swap sides) and of 3x4, random sets of 5x5.
TEST(HexChains, WinsAgreeWithTheMinimax) {
  struct Member {
    const char* game;
    Spec spec;
    bool every;
  };
  for (const Member& m :
       {Member{"hex(cols=4,rows=5,first=O)", hex(4, 5, 'o', 'O'), true},
        Member{"hex(cols=3,rows=4)", hex(3, 4), true}, Member{"hex(cols=5)", hex(5, 5), false}}) {
    const auto rules = tbgen::family_rules(tbgen::GameString(m.game));
    ASSERT_TRUE(rules) << m.game;
    const Minimax plain(m.spec);
    const int n = plain.cells();
    std::mt19937_64 rng(5);
    const std::uint64_t sets = m.every ? std::uint64_t{1} << n : 200'000;
    std::uint64_t chains = 0;
    for (std::uint64_t k = 0; k < sets; ++k) {
      const auto marks = static_cast<std::uint32_t>(m.every ? k : rng() & rules->full());
      for (const int who : {1, 2}) {
        std::uint64_t b = 0;  // base 3, cell 0 the lowest digit: `who`'s marks
        for (int i = n - 1; i >= 0; --i) b = b * 3 + ((marks >> i & 1) ? who : 0);
        const bool chain = plain.chain(b, who);
        chains += chain;
        if (rules->wins(marks, who == 1) != chain)
          FAIL() << m.game << ": set " << marks << " of player " << who << " is "
                 << (chain ? "" : "not ") << "a chain";
      }
    }
    EXPECT_GT(chains, sets / 4) << m.game;  // the sets tried hold chains and others
  }
}

TEST(HexAgainstMinimax, EveryPositionUpTo16Cells) {
  compare("hex(cols=3)", hex(3, 3), true);
  compare("hex(cols=3,value=speed,first=O)", hex(3, 3, 's', 'O'), true);
  compare("hex(cols=3,rows=4,value=speed)", hex(3, 4, 's'), true);
  compare("hex(cols=4,rows=3)", hex(4, 3), false);
  compare("hex(cols=4)", hex(4, 4), false);
  compare("hex(cols=4,value=speed)", hex(4, 4, 's'), false);
}

TEST(HexAgainstMinimax, RandomPositionsOf4x5And5x4) {
  // Outcome only: a speed member of 20 cells takes 95 s to build (speed is checked on every
  // position up to 16 cells above).
  compare_sample("hex(cols=4,rows=5)", hex(4, 5), 300, 11, 1);
  compare_sample("hex(cols=5,rows=4)", hex(5, 4), 100, 11, 3);
}

std::string cell_name(int cell, int cols) {
  return std::string(1, static_cast<char>('a' + cell % cols)) + std::to_string(cell / cols + 1);
}

// The first moves that win by the alpha-beta search, as cell names.
std::set<std::string> alphabeta_first_moves(int n) {
  hex_reference::HexSolver search(n, n);
  std::set<std::string> wins;
  for (int c = 0; c < n * n; ++c)
    if (!search.to_move_wins(std::uint32_t{1} << c, 0, false)) wins.insert(cell_name(c, n));
  return wins;
}

std::string joined(const std::set<std::string>& cells, int n) {
  std::string s;
  for (int c = 0; c < n * n; ++c)
    if (cells.count(cell_name(c, n))) s += " " + cell_name(c, n);
  return s;
}

// The first moves that win by the tables (those whose value is a first-player win), printed;
// checked against the minimax up to 4x4, and the alpha-beta search on 5x5.
void winning_first_moves(const tbreader::Tablebase& tables, int n) {
  const std::string game = "hex(cols=" + std::to_string(n) + ")";
  const tbreader::Game member(tables, game);
  const auto empty = member.probe(std::vector<std::string>{std::string(n * n, '.')});
  EXPECT_EQ(empty.value.text, "X win") << game << ": Nash: the first player wins";
  std::set<std::string> by_tables;
  for (const auto& m : empty.moves)
    if (m.value.text == "X win") by_tables.insert(m.name);
  std::cout << game << " winning first moves:";
  for (int c = 0; c < n * n; ++c) {
    const bool wins = by_tables.count(cell_name(c, n)) > 0;
    if (wins) std::cout << " " << cell_name(c, n);
    EXPECT_EQ(wins, by_tables.count(cell_name(n * n - 1 - c, n)) > 0) << game << ": half turn";
  }
  std::cout << "\n";
  if (n > 4) {
    EXPECT_EQ(by_tables, alphabeta_first_moves(n)) << game;
    return;
  }
  std::set<std::string> by_minimax;
  Minimax minimax(hex(n, n));
  for (int c = 0; c < n * n; ++c)
    if (minimax.value(minimax.with(0, c)) > 0) by_minimax.insert(cell_name(c, n));
  EXPECT_EQ(by_tables, by_minimax) << game;
}

TEST(HexAgainstMinimax, WinningFirstMoves) {
  for (int n = 1; n <= 4; ++n)
    winning_first_moves(tablebase("hex(cols=" + std::to_string(n) + ")"), n);
  if (const char* dir = std::getenv("TBGEN_HEX5_TABLES"))
    winning_first_moves(tbreader::Tablebase(dir), 5);
}

TEST(HexAgainstAlphaBeta, WinningFirstMovesOf5x5) {
  const auto wins = alphabeta_first_moves(5);
  std::cout << "hex(cols=5) winning first moves by the alpha-beta search:" << joined(wins, 5)
            << "\n";
  EXPECT_FALSE(wins.empty()) << "Nash: the first player wins";
}

// With the tables of hex(cols=5): random positions of every number of marks (a random game cut
// short before any chain), the outcome by the tables and by the search.
TEST(HexAgainstAlphaBeta, RandomPositionsOf5x5) {
  const char* dir = std::getenv("TBGEN_HEX5_TABLES");
  if (!dir) GTEST_SKIP() << "TBGEN_HEX5_TABLES names no hex(cols=5) tables";
  const tbreader::Tablebase tables(dir);
  const tbreader::Game member(tables, "hex(cols=5)");
  hex_reference::HexSolver search(5, 5);
  std::mt19937 rng(25);
  int checked = 0;
  for (int marks = 0; marks < 25; ++marks)
    for (int sample = 0; sample < 40; ++sample) {
      std::vector<int> cells(25);
      for (int c = 0; c < 25; ++c) cells[c] = c;
      std::shuffle(cells.begin(), cells.end(), rng);
      std::uint32_t x = 0, o = 0;
      for (int i = 0; i < marks; ++i) (i % 2 ? o : x) |= std::uint32_t{1} << cells[i];
      std::string board(25, '.');
      for (int c = 0; c < 25; ++c) board[c] = (x >> c & 1) ? 'X' : (o >> c & 1) ? 'O' : '.';
      if (search.has_chain(x, true) || search.has_chain(o, false)) continue;  // a game over
      const bool x_to_move = marks % 2 == 0;
      const bool x_wins = search.to_move_wins(x, o, x_to_move) == x_to_move;
      EXPECT_EQ(member.probe(std::vector<std::string>{board}).value.text,
                x_wins ? "X win" : "O win")
          << board;
      ++checked;
    }
  std::cout << "hex(cols=5): " << checked << " random positions agree with the search\n";
}

}  // namespace
