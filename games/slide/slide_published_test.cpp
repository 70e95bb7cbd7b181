// Published values of place-then-move games, against the tables (the rule variant each source
// solved is named; SPEC 6's slide members that match it exactly).
// - Three Men's Morris with moves to an orthogonal neighbour (Murray's rules; Wikipedia, "Three
//   men's morris"; Dudeney, The Canterbury Puzzles, no. 110): the first player wins by taking
//   the centre; with the centre barred at the first placement neither side can force a win.
// - Picaria, 3x3 with moves to any of the 8 neighbours (Larsson and Rocha, "Eternal Picaria",
//   Recreational Mathematics Magazine 2017): a draw. (Some rule books also bar the centre
//   through the placement phase; the draw holds either way here: every first placement draws.)
// - Tapatan and Achi move along the lines drawn on their board (no step between two edge cells),
//   which no `step` models; their published values are not checked here.
// - Teeko, slide(cols=5,rows=5,k=4,pieces=4,step=king,square=1) (Guy Steele, 1998): a draw.
//   Its build takes about a minute (docs/performance.md), so it is checked when
//   TBGEN_TEEKO_TABLES names a directory holding its tables.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

tbreader::Position empty_board(const tbreader::Tablebase& tables, const std::string& game,
                               int cells) {
  return tbreader::Game(tables, game).probe(std::vector<std::string>{std::string(cells, '.')});
}

TEST(SlidePublished, ThreeMensMorrisFirstPlayerWinsByTheCentre) {
  const std::string game = "slide(cols=3,rows=3,k=3,pieces=3,step=rook)";
  const auto p = empty_board(tbgen::testing::tablebase(game), game, 9);
  EXPECT_EQ(p.value.text, "X win");
  ASSERT_FALSE(p.moves.empty());
  EXPECT_EQ(p.moves.front().name, "b2");
  // Without the centre, the best first placement draws.
  for (std::size_t i = 1; i < p.moves.size(); ++i)
    EXPECT_NE(p.moves[i].outcome, tbreader::Outcome::win) << p.moves[i].name;
  EXPECT_EQ(p.moves[1].outcome, tbreader::Outcome::draw);
}

TEST(SlidePublished, PicariaIsADraw) {
  const std::string game = "slide(cols=3,rows=3,k=3,pieces=3,step=king)";
  const auto p = empty_board(tbgen::testing::tablebase(game), game, 9);
  EXPECT_EQ(p.value.text, "Draw");
  for (const auto& m : p.moves) EXPECT_EQ(m.outcome, tbreader::Outcome::draw) << m.name;
}

TEST(SlidePublished, TeekoIsADraw) {
  const char* dir = std::getenv("TBGEN_TEEKO_TABLES");
  if (!dir) GTEST_SKIP() << "TBGEN_TEEKO_TABLES names no directory of Teeko's tables";
  const tbreader::Tablebase tables(dir);
  const auto p = empty_board(tables, "slide(cols=5,rows=5,k=4,pieces=4,step=king,square=1)", 25);
  EXPECT_EQ(p.value.text, "Draw");
  EXPECT_FALSE(p.result->turns);  // a draw never ends
  std::cout << "Teeko: empty board " << p.value.text << ", " << p.moves.size()
            << " first placements, the best " << p.moves.front().name << " ("
            << p.moves.front().value.text << ")\n";
}

}  // namespace
