// Family members against an independent plain minimax (tests/reference/family_minimax.hpp): every
// position reachable in play, for a spread of small boards, all value kinds, turns of several
// marks, both first marks; and the symmetry groups found from the lines.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "family/family_game.hpp"
#include "family/family_symmetry.hpp"
#include "reference/family_minimax.hpp"

namespace {

using namespace tbgen::testing;

struct Case {
  std::string game;
  Spec spec;
  bool refusals;
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.game;
}

class FamilyAgainstMinimax : public ::testing::TestWithParam<Case> {};

TEST_P(FamilyAgainstMinimax, EveryReachablePosition) {
  compare(GetParam().game, GetParam().spec, GetParam().refusals);
}

std::string case_name(const ::testing::TestParamInfo<Case>& param) {
  return "case" + std::to_string(param.index);
}

// Small boards, whose every refused board is tried too; then larger ones, whose comparisons
// take minutes under the sanitizers and run in the plain build only (scripts/test.sh).
INSTANTIATE_TEST_SUITE_P(
    Small, FamilyAgainstMinimax,
    ::testing::Values(
        Case{"mnk(cols=3,rows=3,k=3)", mnk(3, 3, 3), true},
        Case{"mnk(cols=3,rows=3,k=3,value=speed,first=O)", mnk(3, 3, 3, 1, 1, 's', 'O'), true},
        Case{"mnk(cols=3,rows=3,k=3,p=2)", mnk(3, 3, 3, 2, 2), true},
        Case{"mnk(cols=3,rows=3,k=3,p=2,q=1,value=speed)", mnk(3, 3, 3, 2, 1, 's'), true},
        Case{"mnk(cols=4,rows=3,k=3)", mnk(4, 3, 3), true},
        Case{"mnk(cols=4,rows=3,k=3,p=2,q=1,value=speed)", mnk(4, 3, 3, 2, 1, 's'), true},
        Case{"mnk(cols=4,rows=3,k=4,p=3,q=2,first=O)", mnk(4, 3, 4, 3, 2, 'o', 'O'), true},
        Case{"mnk(cols=4,rows=3,k=3,p=3,q=3,value=speed)", mnk(4, 3, 3, 3, 3, 's'), true},
        Case{"mnk(cols=3,rows=4,k=3,p=3,q=1)", mnk(3, 4, 3, 3, 1), true},
        Case{"mnk(cols=3,rows=3,k=3,misere=1)", mnk(3, 3, 3, 1, 1, 'o', 'X', true), true},
        Case{"mnk(cols=3,rows=3,k=3,value=speed,misere=1)", mnk(3, 3, 3, 1, 1, 's', 'X', true),
             true},
        Case{"mnk(cols=4,rows=3,k=3,p=2,q=1,first=O,misere=1)", mnk(4, 3, 3, 2, 1, 'o', 'O', true),
             true},
        Case{"lines(cols=3,rows=3,len=3,threshold=2,fill=second)",
             lines(3, 3, 3, 2, 1, 1, 9, 's', 'o'), true},
        Case{"lines(cols=4,rows=3,len=3,threshold=2,p=2,q=1,turns=4,fill=first,value=margin)",
             lines(4, 3, 3, 2, 2, 1, 4, 'f', 'm'), true},
        Case{"lines(cols=4,rows=3,len=4,threshold=3,p=3,q=3,turns=3,value=margin,first=O)",
             lines(4, 3, 4, 3, 3, 3, 3, 'n', 'm', 'O'), true}),
    case_name);
INSTANTIATE_TEST_SUITE_P(
    Large, FamilyAgainstMinimax,
    ::testing::Values(
        Case{"mnk(cols=5,rows=3,k=3,value=speed)", mnk(5, 3, 3, 1, 1, 's'), false},
        Case{"mnk(cols=5,rows=3,k=4,p=2,q=1)", mnk(5, 3, 4, 2, 1), false},
        Case{"mnk(cols=4,rows=4,k=3,p=2,q=2,first=O)", mnk(4, 4, 3, 2, 2, 'o', 'O'), false},
        Case{"mnk(cols=4,rows=4,k=3,misere=1)", mnk(4, 4, 3, 1, 1, 'o', 'X', true), false},
        Case{"lines(cols=4,rows=4,len=4,threshold=3,p=2,q=2,turns=5,fill=second,first=O)",
             lines(4, 4, 4, 3, 2, 2, 5, 's', 'o', 'O'), false},
        Case{"lines(cols=5,rows=3,len=3,threshold=3,p=2,q=1,turns=6,value=margin)",
             lines(5, 3, 3, 3, 2, 1, 6, 'n', 'm'), false},
        // Past 25 cells: a few marks on 30 and 32 cells, solved set by set (extend_sparse).
        Case{"lines(cols=6,rows=5,len=4,turns=4)", lines(6, 5, 4, 4, 1, 1, 4, 'n', 'o'), false},
        Case{"lines(cols=8,rows=4,len=3,p=3,q=1,turns=2,value=margin)",
             lines(8, 4, 3, 3, 3, 1, 2, 'n', 'm'), false}),
    case_name);

// Misere tic-tac-toe is a draw (published: the first player holds it only by the centre);
// misere 4x4 k=3, by the minimax and by the tables.
TEST(FamilyMisere, PublishedAndIndependentValues) {
  for (const auto& [game, spec] :
       {std::pair{"mnk(cols=3,rows=3,k=3,misere=1)", mnk(3, 3, 3, 1, 1, 'o', 'X', true)},
        {"mnk(cols=4,rows=4,k=3,misere=1)", mnk(4, 4, 3, 1, 1, 'o', 'X', true)}}) {
    Minimax minimax(spec);
    const std::string expected = minimax.value_text(minimax.value(0));
    if (spec.cols == 3) {
      EXPECT_EQ(expected, "Draw");
    }
    const tbreader::Game member(tablebase(game), game);
    const auto empty =
        member.probe(std::vector<std::string>{std::string(spec.cols * spec.rows, '.')});
    EXPECT_EQ(empty.value.text, expected) << game;
    std::cout << game << ": " << expected << "; the first moves that keep it:";
    for (const auto& m : empty.moves)
      if (m.value.text == expected) std::cout << " " << m.name;
    std::cout << "\n";
  }
}

// The symmetry group is found from the lines alone (SPEC 6).
TEST(FamilySymmetry, GroupsFromTheLines) {
  const std::pair<const char*, int> groups[] = {
      {"lines(cols=5,rows=5,len=5,threshold=4,p=2,q=2,turns=11,fill=second,first=O)", 32},
      {"mnk(cols=3,rows=3,k=3)", 8},
      {"mnk(cols=4,rows=4,k=3)", 8},
      {"mnk(cols=5,rows=5,k=4)", 8},
      {"mnk(cols=4,rows=3,k=3)", 4},
      {"mnk(cols=5,rows=4,k=4)", 4},
      {"mnk(cols=6,rows=4,k=4)", 4},
      {"mnk(cols=5,rows=1,k=3)", 2},
      // Lines that are only the rows have 4!^3 * 3! symmetries: the board's own 4 are used.
      {"lines(cols=4,rows=3,len=4)", 4},
  };
  for (const auto& [game, size] : groups) {
    const auto rules = tbgen::family_rules(tbgen::GameString(game));
    ASSERT_TRUE(rules) << game;
    EXPECT_EQ(tbgen::family::Symmetry(*rules).size(), size) << game;
  }
}

}  // namespace
