// SPEC 6's published connect facts, from the tables: the value of the empty board (Tromp) of
// every board built here, and the number of positions play reaches (Tromp; Edelkamp and
// Kissmann), counted over the tables' index by a forward pass from the empty board. The boards
// too large to build in a test (6x5 to 6x6 and 7x5) are checked where TBGEN_CONNECT_TABLES
// names a directory holding their tables: each member found there.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "family/family_game.hpp"
#include "family/gravity/gravity_solver.hpp"
#include "reference/family_minimax.hpp"
#include "test_tables.hpp"

namespace {

using tbgen::family::GravityMember;

TEST(ConnectPublished, EmptyBoardValues) {
  const std::pair<const char*, const char*> published[] = {
      {"connect(cols=4,rows=4)", "Draw"},
      {"connect(cols=5,rows=4)", "Draw"},
      {"connect(cols=4,rows=5)", "Draw"},
      {"connect(cols=5,rows=5)", "Draw"},
      {"connect(cols=4,rows=6)", "Draw"},
      {"connect(cols=6,rows=4)", "O win"},
      // O wins on the last ply of 24: the last cell, speed -1.
      {"connect(cols=6,rows=4,value=speed)", "-1"},
  };
  for (const auto& [game, value] : published) {
    const tbreader::Game member(tbgen::testing::tablebase(game), game);
    const auto p = member.probe(std::vector<std::string>{""});
    EXPECT_EQ(p.value.text, value) << game;
    if (p.result) {
      EXPECT_EQ(p.result->winner, "O") << game;
      EXPECT_EQ(p.result->turns, 24) << game;
    }
  }
}

TEST(ConnectPublished, ReachablePositions) {
  const std::pair<const char*, std::uint64_t> published[] = {
      {"connect(cols=4,rows=4)", 161'029},    {"connect(cols=5,rows=4)", 3'945'711},
      {"connect(cols=4,rows=5)", 1'706'255},  {"connect(cols=5,rows=5)", 69'763'700},
      {"connect(cols=4,rows=6)", 15'835'683}, {"connect(cols=6,rows=4)", 94'910'577},
  };
  for (const auto& [game, count] : published) {
    const GravityMember member(*tbgen::family_rules(tbgen::GameString(game)));
    std::uint64_t total = 0;
    for (const std::uint64_t n : tbgen::family::count_reachable(member, 2)) total += n;
    EXPECT_EQ(total, count) << game;
  }
}

// The members of SPEC 6 past the test builds: Tromp's value of the empty board (the number the
// ply the game ends on under best play), the positions play reaches, and random positions
// with few enough empty cells against the plain minimax (tests/reference/family_minimax.hpp).
TEST(ConnectPublished, LargeBoardsWhereTablesExist) {
  const char* dir = std::getenv("TBGEN_CONNECT_TABLES");
  if (!dir) GTEST_SKIP() << "TBGEN_CONNECT_TABLES names no directory of connect tables";
  const struct {
    int cols, rows;
    const char* value;  // Tromp: X win, O win or Draw
    int ply;            // the ply the game ends on (a draw: the last)
    std::uint64_t reachable;
  } published[] = {
      {6, 5, "Draw", 30, 2'818'972'642},   {7, 4, "Draw", 28, 2'265'792'710},
      {5, 6, "Draw", 30, 1'044'334'437},   {6, 6, "O win", 36, 69'173'028'785},
      {7, 5, "Draw", 35, 112'829'665'923},
  };
  const tbreader::Tablebase tables(dir);
  int found = 0;
  for (const auto& p : published)
    for (const char* value : {"outcome", "speed"}) {
      const std::string game = "connect(cols=" + std::to_string(p.cols) +
                               ",rows=" + std::to_string(p.rows) + ",value=" + value + ")";
      const GravityMember member(*tbgen::family_rules(tbgen::GameString(game)));
      if (!std::filesystem::exists(std::filesystem::path(dir) / (member.table_name(0) + ".tb")))
        continue;
      ++found;
      const auto empty = tbreader::Game(tables, game).probe(std::vector<std::string>{""});
      const bool speed = std::string(value) == "speed";
      const int cells = p.cols * p.rows;
      // Speed: the winner scores the empty cells at the end plus 1, signed for the first player.
      const int score = p.value[0] == 'D' ? 0 : (p.value[0] == 'X' ? 1 : -1) * (cells - p.ply + 1);
      EXPECT_EQ(empty.value.text, speed ? std::to_string(score) : std::string(p.value)) << game;
      if (speed) {
        ASSERT_TRUE(empty.result) << game;
        EXPECT_EQ(empty.result->turns, p.ply) << game;
      }
      std::uint64_t total = 0;
      for (const std::uint64_t n : tbgen::family::count_reachable(member, 2)) total += n;
      EXPECT_EQ(total, p.reachable) << game;
      tbgen::testing::compare_sample(game,
                                     tbgen::testing::connect(p.cols, p.rows, 4, speed ? 's' : 'o'),
                                     300, cells - 14, 37, &tables);
    }
  if (found == 0) GTEST_SKIP() << dir << " holds none of the large members";
}

}  // namespace
