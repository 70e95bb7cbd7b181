// score3 checked exhaustively against a plain negamax that shares no code with the generator
// (score3 is built and read as its mnk member).
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <map>
#include <sstream>

#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

using Board = std::array<int, 9>;  // 0 empty, 1 X, 2 O

bool wins(const Board& b, int p) {
  static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                  {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& l : lines)
    if (b[l[0]] == p && b[l[1]] == p && b[l[2]] == p) return true;
  return false;
}

int index_of(const Board& b) {
  int idx = 0;
  for (int i = 8; i >= 0; --i) idx = idx * 3 + b[i];
  return idx;
}

// Plain minimax over the game tree, memoised only to keep the test fast; records every board
// met in play (the reachable set) with its value.
int minimax(Board& b, int to_move, std::map<int, int>& seen) {
  const int idx = index_of(b);
  if (auto it = seen.find(idx); it != seen.end()) return it->second;
  int empty = 0;
  for (int c : b) empty += c == 0;
  int value;
  if (wins(b, 1)) {
    value = empty + 1;
  } else if (wins(b, 2)) {
    value = -(empty + 1);
  } else if (empty == 0) {
    value = 0;
  } else {
    value = to_move == 1 ? -100 : 100;
    for (int c = 0; c < 9; ++c) {
      if (b[c] != 0) continue;
      b[c] = to_move;
      const int v = minimax(b, 3 - to_move, seen);
      b[c] = 0;
      value = to_move == 1 ? std::max(value, v) : std::min(value, v);
    }
  }
  seen[idx] = value;
  return value;
}

const std::map<int, int>& reference() {
  static const std::map<int, int> seen = [] {
    std::map<int, int> s;
    Board b{};
    minimax(b, 1, s);
    return s;
  }();
  return seen;
}

std::string text_of(const Board& b) {
  std::string t;
  for (int i = 0; i < 9; ++i) t += ".XO"[b[i]];
  return t;
}

// Every one of the 3^9 boards: answered with the reference's value exactly when play reaches it
// (a "result:" line too: who wins in how many turns), refused otherwise.
TEST(Score3, EveryBoardMatchesPlainMinimax) {
  const tbreader::Game score3(tbgen::testing::tablebase("score3"), "score3");
  EXPECT_EQ(reference().size(), 5478u);  // the known number of tic-tac-toe positions
  for (int idx = 0; idx < 19683; ++idx) {
    Board b{};
    int empty = 0;
    for (int i = 0, rest = idx; i < 9; ++i, rest /= 3) b[i] = rest % 3, empty += b[i] == 0;
    const auto it = reference().find(idx);
    try {
      const auto p = score3.probe(std::vector<std::string>{text_of(b)});
      ASSERT_NE(it, reference().end()) << text_of(b) << " cannot arise but is answered";
      EXPECT_EQ(p.value.score, it->second) << text_of(b);
      ASSERT_TRUE(p.result) << text_of(b);
      const int v = it->second;
      EXPECT_EQ(p.result->winner, v > 0 ? "X" : v < 0 ? "O" : "") << text_of(b);
      EXPECT_EQ(p.result->turns, v == 0 ? empty : empty - (std::abs(v) - 1)) << text_of(b);
    } catch (const tbreader::InputError&) {
      EXPECT_EQ(it, reference().end()) << text_of(b) << " is reachable but refused";
    }
  }
}

TEST(Score3, SolveAnswersEveryXToMoveBoard) {
  std::ostringstream input, expected;
  int cases = 0;
  std::string boards;
  for (const auto& [idx, value] : reference()) {
    int x = 0, o = 0, rest = idx;
    Board b{};
    for (int i = 0; i < 9; ++i, rest /= 3) {
      b[i] = rest % 3;
      x += b[i] == 1;
      o += b[i] == 2;
    }
    if (x != o) continue;
    ++cases;
    for (int i = 0; i < 9; ++i) boards += std::to_string(b[i]) + (i % 3 == 2 ? "\n" : " ");
    expected << value << "\n";
  }
  input << cases << "\n" << boards;
  std::istringstream in(input.str());
  std::ostringstream out;
  tbreader::Game(tbgen::testing::tablebase("score3"), "score3").solve(in, out);
  EXPECT_GT(cases, 2000);
  EXPECT_EQ(out.str(), expected.str());
}

TEST(Score3, ContestSamples) {
  std::istringstream in("3\n1 2 1\n2 1 2\n0 0 0\n2 1 1\n0 2 1\n0 0 2\n0 0 0\n0 0 0\n0 0 0\n");
  std::ostringstream out;
  tbreader::Game(tbgen::testing::tablebase("score3"), "score3").solve(in, out);
  EXPECT_EQ(out.str(), "3\n-4\n0\n");
}

TEST(Score3, BadContestInputNamesLineAndColumn) {
  tbgen::testing::expect_refused(
      "score3", tbgen::testing::tablebase("score3"),
      {
          {"1\n1 2 1\n2 1 2\n0 0\n",
           "stdin:5:1: expected cell 9 of board 1 (0, 1 or 2), found end of input"},
          {"1\n1 2 1\n2 7 2\n0 0 0\n", "stdin:3:3: cell 5 of board 1"},
          {"x\n", "stdin:1:1: expected the number of boards"},
          {"1\n1 1 1\n1 0 0\n0 0 0\n", "stdin:2: board 1 cannot arise in play"},
          {"1\n1 0 0\n0 0 0\n0 0 0\n", "board 1 has O to move"},
          {"1\n0 0 0\n0 0 0\n0 0 0\n5\n", "stdin:5:1: unexpected input after the last board"},
      });
}

}  // namespace
