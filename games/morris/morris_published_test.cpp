// Published values of morris members (SPEC 6), read from their tables where they exist. The
// builds take hours (docs/performance.md), so each is checked when an environment variable
// names a directory holding the member's tables:
// - Nine Men's Morris, morris() (Gasser 1993 and 1996, under the same rules: flying with three
//   marks, one mark removed for two mills closed at once, a blocked player loses): a draw.
//   TBGEN_NINE_TABLES.
// - Lasker Morris, morris(lasker=1) (Gevay and Danner, 2015): a draw. TBGEN_LASKER_TABLES.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include "tbreader/tbreader.hpp"

namespace {

void expect_start_drawn(const char* variable, const std::string& game, const std::string& start) {
  const char* dir = std::getenv(variable);
  if (!dir) GTEST_SKIP() << variable << " names no directory of " << game << "'s tables";
  const tbreader::Tablebase tables(dir);
  const auto p = tbreader::Game(tables, game).probe(std::vector{start});
  EXPECT_EQ(p.value.text, "Draw");
  ASSERT_TRUE(p.result);
  EXPECT_FALSE(p.result->turns);  // a draw never ends
  // No first placement wins: the best draws.
  ASSERT_FALSE(p.moves.empty());
  EXPECT_EQ(p.moves.front().outcome, tbreader::Outcome::draw);
  std::size_t drawn = 0;
  for (const auto& m : p.moves) drawn += m.outcome == tbreader::Outcome::draw;
  std::cout << game << ": the start " << p.value.text << "; " << drawn << " of " << p.moves.size()
            << " first placements draw, the others lose\n";
}

TEST(MorrisPublished, NineMensMorrisIsADraw) {
  expect_start_drawn("TBGEN_NINE_TABLES", "morris()", ".../.../.../....../.../.../...:X:9:9");
}

TEST(MorrisPublished, LaskerMorrisIsADraw) {
  expect_start_drawn("TBGEN_LASKER_TABLES", "morris(lasker=1)",
                     ".../.../.../....../.../.../...:X:10:10");
}

}  // namespace
