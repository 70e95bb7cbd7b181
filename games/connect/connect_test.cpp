// Connect members against the independent plain minimax (tests/reference/family_minimax.hpp, which
// drops each mark to the lowest empty cell of its column): every position play reaches on
// 4x4, outcome, speed and misere, with Tromp's count of them; random positions of 5x4 and 4x5,
// also written as the columns played; every other board of 4x3 and 3x3 refused.
#include <gtest/gtest.h>

#include "reference/family_minimax.hpp"

namespace {

using namespace tbgen::testing;

TEST(ConnectAgainstMinimax, EveryPositionOf4x4) {
  // Tromp's count of the positions play reaches on 4x4 (SPEC 6), finished ones included.
  EXPECT_EQ(compare("connect(cols=4,rows=4)", connect(4, 4, 4), false), 161'029u);
  compare("connect(cols=4,rows=4,value=speed)", connect(4, 4, 4, 's'), false);
  compare("connect(cols=4,rows=4,misere=1)", connect(4, 4, 4, 'o', true), false);
  compare("connect(cols=4,rows=4,k=3,value=speed,misere=1)", connect(4, 4, 3, 's', true), false);
}

TEST(ConnectAgainstMinimax, EveryBoardOfSmallMembersAnsweredOrRefused) {
  compare("connect(cols=4,rows=3)", connect(4, 3, 4), true);
  compare("connect(cols=3,rows=3,k=3,value=speed)", connect(3, 3, 3, 's'), true);
  compare("connect(cols=3,rows=4,k=3,misere=1)", connect(3, 4, 3, 'o', true), true);
}

TEST(ConnectAgainstMinimax, RandomPositionsOf5x4And4x5) {
  compare_sample("connect(cols=5,rows=4)", connect(5, 4, 4), 400, 4, 1);
  compare_sample("connect(cols=5,rows=4,value=speed)", connect(5, 4, 4, 's'), 400, 4, 2);
  compare_sample("connect(cols=4,rows=5)", connect(4, 5, 4), 400, 4, 3);
  compare_sample("connect(cols=4,rows=5,value=speed)", connect(4, 5, 4, 's'), 400, 4, 4);
  compare_sample("connect(cols=5,rows=4,misere=1,value=speed)", connect(5, 4, 4, 's', true), 200, 6,
                 5);
}

}  // namespace
