// The morris tables against the independent value iteration (morris_value_iteration.hpp, its
// own rules written from SPEC 6): every position of small members, outcome and distance, read
// through the public numeric probe (SPEC 10 for morris). fly=0 and larger members are in the
// list on purpose: with few marks and flying, every position where the choice of the removed
// mark matters is a draw, so a wrong removal rule would pass there unseen.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

#include "morris_value_iteration.hpp"
#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

using tbgen::testing::MorrisBoard;
using tbgen::testing::MorrisOutcome;
using tbgen::testing::MorrisSpec;
using tbgen::testing::MorrisValueIteration;

struct Member {
  const char* game;
  MorrisSpec spec;
};

class MorrisAgainstValueIteration : public ::testing::TestWithParam<Member> {};

TEST_P(MorrisAgainstValueIteration, EveryPosition) {
  const Member& m = GetParam();
  const auto start = std::chrono::steady_clock::now();
  const MorrisValueIteration reference(m.spec);
  const tbreader::Tablebase tables(tbgen::testing::built_tables(m.game));
  const tbreader::Game game(tables, m.game);
  const char first = m.spec.first, second = first == 'X' ? 'O' : 'X';
  std::uint64_t won = 0, drawn = 0, mismatches = 0;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const auto p = reference.position(i);
    const auto v = reference.value(i);
    const bool x_first = first == 'X';
    const std::uint64_t f = x_first ? p.x : p.o, s = x_first ? p.o : p.x;
    const int fh = x_first ? p.x_hand : p.o_hand, sh = x_first ? p.o_hand : p.x_hand;
    std::int32_t expected = 0;
    if (v.outcome != MorrisOutcome::draw) {
      const char winner = v.outcome == MorrisOutcome::win ? p.to_move
                          : p.to_move == 'X'              ? 'O'
                                                          : 'X';
      expected = (winner == first ? 1 : -1) * (v.turns + 1);
      ++won;
    } else {
      ++drawn;
    }
    const std::int32_t got = game.value_of(f, s, p.to_move == first, fh, sh);
    if (got != expected && ++mismatches <= 5)
      ADD_FAILURE() << m.game << " " << reference.rules().text(p) << ": the tables give " << got
                    << ", the value iteration " << expected << " (" << second << " second)";
  }
  EXPECT_EQ(mismatches, 0u);
  std::cout << m.game << ": " << reference.size() << " positions, " << won << " decided, " << drawn
            << " drawn, in "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
            << " s\n";
}

INSTANTIATE_TEST_SUITE_P(
    Members, MorrisAgainstValueIteration,
    ::testing::Values(
        Member{"morris(board=six,pieces=3)", {MorrisBoard::six, 3, true, false, 'X'}},
        Member{"morris(board=six,pieces=3,fly=0,first=O)",
               {MorrisBoard::six, 3, false, false, 'O'}},
        Member{"morris(board=six,pieces=4,fly=0)", {MorrisBoard::six, 4, false, false, 'X'}},
        Member{"morris(board=six,pieces=4)", {MorrisBoard::six, 4, true, false, 'X'}},
        Member{"morris(board=six,pieces=4,lasker=1)", {MorrisBoard::six, 4, true, true, 'X'}},
        Member{"morris(board=nine,pieces=3,fly=0)", {MorrisBoard::nine, 3, false, false, 'X'}},
        Member{"morris(board=nine,pieces=3)", {MorrisBoard::nine, 3, true, false, 'X'}}),
    [](const ::testing::TestParamInfo<Member>& param) {
      return "case" + std::to_string(param.index);
    });

}  // namespace
