// The canonical-form engine on its own and against what it must agree with: CGSuite's notation
// of known forms; the 22 games born by day 2; every surreal3 board's form equal to the number in
// surreal3's table; for every 4x4 domineering board G, G + (-G) = 0 and the transposed board
// equal to -G (a sum of the two, answered by the reader, is 0).
#include <gtest/gtest.h>

#include <set>

#include "cgt/game_arena.hpp"
#include "cgt/notation.hpp"
#include "games/surreal3/surreal3_rules.hpp"
#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

using tbgen::cgt::Arena;
using tbgen::cgt::GameId;
using tbgen::cgt::Notation;

TEST(Cgt, CgsuiteNotationOfKnownForms) {
  Arena arena;
  Notation notation(arena);
  const std::pair<const char*, const char*> cases[] = {{"0", "0"},
                                                       {"3/4", "3/4"},
                                                       {"-5/2", "-5/2"},
                                                       {"*", "*"},
                                                       {"*2", "*2"},
                                                       {"*9", "*9"},
                                                       {"{0|*}", "^"},
                                                       {"{0,*|0}", "^*"},
                                                       {"{*|0}", "v"},
                                                       {"{0|0,*}", "v*"},
                                                       {"{1|1}", "1*"},
                                                       {"{0|{0|*}}", "^^*"},
                                                       {"{1|-1}", "+-1"},
                                                       {"{0|{0|-2}}", "Tiny(2)"},
                                                       {"{{2|0}|0}", "Miny(2)"},
                                                       {"{2|{2|0}}", "2Tiny(2)"},
                                                       {"{3|{{2|2}|{1|1}}}", "{3||2*|1*}"},
                                                       {"{2|-1/2}", "{2|-1/2}"},
                                                       {"{{1|1}|{-1|-1}}", "{1*|-1*}"},
                                                       {"{1/2|-2}", "{1/2|-2}"},
                                                       {"{1,{1|1}|-1,{-1|-1}}", "+-{1,1*}"}};
  for (const auto& [plain, cgsuite] : cases) {
    const GameId g = notation.parse(plain);
    EXPECT_EQ(notation.cgsuite(g), cgsuite) << plain;
    EXPECT_EQ(notation.plain(g), notation.plain(notation.parse(notation.plain(g)))) << plain;
  }
  // A form given out of canonical form is made canonical: dominated options go ({-1,0|1,2} is
  // {0|1} = 1/2), reversible ones are bypassed ({*|*} = 0, {0,+-1|0,+-1} = *).
  EXPECT_EQ(notation.cgsuite(notation.parse("{-1,0|1,2}")), "1/2");
  EXPECT_EQ(notation.cgsuite(notation.parse("{*|*}")), "0");
  EXPECT_EQ(notation.cgsuite(notation.parse("{0,{1|-1}|0,{1|-1}}")), "*");
  for (const char* bad : {"{1|", "1/3", "{1|2}}", "**", "{a|b}", ""})
    EXPECT_THROW(notation.parse(bad), tbreader::InputError) << bad;
}

TEST(Cgt, TwentyTwoGamesAreBornByDayTwo) {
  Arena arena;
  const GameId day1[] = {0, arena.number(1), arena.number(-1), arena.nimber(1)};
  std::set<GameId> born;
  for (int l = 0; l < 16; ++l)
    for (int r = 0; r < 16; ++r) {
      std::vector<GameId> left, right;
      for (int i = 0; i < 4; ++i) {
        if (l >> i & 1) left.push_back(day1[i]);
        if (r >> i & 1) right.push_back(day1[i]);
      }
      born.insert(arena.make(left, right));
    }
  EXPECT_EQ(born.size(), 22u);
}

TEST(Cgt, SumsNegativesAndOutcomes) {
  Arena arena;
  Notation notation(arena);
  const GameId up = notation.parse("{0|*}"), star = arena.nimber(1);
  EXPECT_EQ(notation.cgsuite(arena.add(up, up)), "^^");
  EXPECT_EQ(arena.add(up, arena.neg(up)), GameId{0});
  EXPECT_EQ(arena.add(star, star), GameId{0});
  EXPECT_EQ(arena.add(arena.nimber(2), arena.nimber(3)), star);
  EXPECT_EQ(arena.outcome(up), tbgen::cgt::Outcome::L);
  EXPECT_EQ(arena.outcome(star), tbgen::cgt::Outcome::N);
  EXPECT_EQ(arena.outcome(arena.add(up, star)), tbgen::cgt::Outcome::N);
  EXPECT_EQ(arena.outcome(0), tbgen::cgt::Outcome::P);
  EXPECT_EQ(arena.outcome(arena.number(-1)), tbgen::cgt::Outcome::R);
}

// surreal3's values are canonical forms too: the engine, given the banning game's moves, finds
// on every board the number surreal3's own table holds.
TEST(Cgt, EverySurreal3BoardIsTheNumberInItsTable) {
  namespace s3 = tbgen::surreal3;
  Arena arena;
  const tbreader::Game table(tbgen::testing::tablebase("surreal3"), "surreal3");
  std::vector<GameId> form(tbgen::board3::kBoards, ~GameId{0});
  const auto value = [&](auto&& self, std::uint32_t board) -> GameId {
    if (form[board] != ~GameId{0}) return form[board];
    std::vector<GameId> left, right;
    for (int cell = 0; cell < tbgen::board3::kCells; ++cell) {
      const auto digit = board / tbgen::board3::kPow3[cell] % 3;
      if (digit == s3::kO)
        for (const auto ban : s3::kBans)
          left.push_back(self(self, s3::alice_move(board, cell, ban)));
      if (digit == s3::kX) right.push_back(self(self, s3::bob_move(board, cell)));
    }
    return form[board] = arena.make(left, right);
  };
  std::vector<std::string> boards;
  for (std::uint32_t b = 0; b < tbgen::board3::kBoards; ++b) boards.push_back(s3::board_text(b));
  const auto values = table.values(boards);
  for (std::uint32_t b = 0; b < tbgen::board3::kBoards; ++b) {
    const auto& number = arena.as_number(value(value, b));
    ASSERT_TRUE(number) << boards[b] << " is not a number";
    ASSERT_EQ(number->text(), values[b].text) << boards[b];
  }
}

// SPEC 6's published values, from the tables (CGSuite's values of the empty boards).
TEST(Cgt, PublishedDomineeringValuesFromTheTables) {
  const std::tuple<const char*, const char*, const char*> published[] = {
      {"domineering(cols=2,rows=2)", "../..", "+-1"},
      {"domineering(cols=3,rows=2)", ".../...", "{2|-1/2}"},
      {"domineering(cols=2,rows=3)", "../../..", "{1/2|-2}"},
      {"domineering(cols=3,rows=3)", ".../.../...", "+-1"},
      {"domineering(cols=4,rows=4)", "..../..../..../....", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"},
      {"domineering(cols=4,rows=4)", "#.../..../..../....", "{1*|-1*}"},
      {"domineering(cols=5,rows=4)", "...../...../...../.....", "1"}};
  for (const auto& [game, board, value] : published) {
    const tbreader::Game member(tbgen::testing::tablebase(game), game);
    EXPECT_EQ(member.value(std::vector<std::string>{board}).text, value) << game << " " << board;
  }
}

TEST(Cgt, EveryDomineering4x4BoardAndItsTransposeSumToZero) {
  const std::string game = "domineering(cols=4,rows=4)";
  const tbreader::Game member(tbgen::testing::tablebase(game), game);
  Arena arena;
  Notation notation(arena);
  std::vector<std::string> sums;
  for (int covered = 0; covered < 1 << 16; ++covered) {
    std::string board, transposed;
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) {
        board += (covered >> (4 * r + c) & 1) ? '#' : '.';
        transposed += (covered >> (4 * c + r) & 1) ? '#' : '.';
      }
    sums.push_back(board + " " + transposed);
    if (covered % 64 == 0) {  // G + (-G) = 0 in the engine, from the form the reader gives
      const GameId g = notation.parse(*member.probe(std::vector{board}).form);
      ASSERT_EQ(arena.add(g, arena.neg(g)), GameId{0}) << board;
    }
  }
  const auto values = member.values(sums);
  for (std::size_t i = 0; i < sums.size(); ++i) ASSERT_EQ(values[i].text, "0") << sums[i];
}

}  // namespace
