// SPEC 6's published connect facts, from the tables: the value of the empty board (Tromp) of
// every board built here, and the number of positions play reaches (Tromp; Edelkamp and
// Kissmann), counted over the tables' index by a forward pass from the empty board.
#include <gtest/gtest.h>

#include "family/family_game.hpp"
#include "family/gravity/gravity_solver.hpp"
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

}  // namespace
