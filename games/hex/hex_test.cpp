// Hex members against the independent plain minimax (family/family_minimax.hpp, with its own
// chain test): every position play reaches on 3x3, 3x4, 4x3 and 4x4, outcome and speed; every
// other board of 3x3 and 3x4 refused; random positions of 4x5 and 5x4. The winning first moves
// of 1x1 to 4x4 are printed and checked against it; the first player wins them all. With
// TBGEN_HEX5_TABLES naming a directory holding hex(cols=5)'s tables (a 26-minute build:
// README), 5x5's are printed too, checked for Nash's first-player win and the half turn (a
// plain search cannot solve 5x5 apart: that is what the tables are for).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include "family/family_minimax.hpp"

namespace {

using namespace tbgen::testing;

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

// The first moves that win by the tables (those whose value is a first-player win), printed;
// checked against the minimax up to 4x4.
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
  if (n > 4) return;
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

}  // namespace
