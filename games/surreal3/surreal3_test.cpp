// surreal3: every stored value against an independent definition (G - v is a second-player
// win, by direct game-tree search), random sums against direct search of the sum, and the
// contest format. The search below shares no code with the generator's rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <sstream>

#include "games/surreal3/surreal3_probe.hpp"
#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

using Board = std::array<int, 9>;  // 0 inert, 1 O (Alice's), 2 X (Bob's)

Board decode(int index) {
  Board b{};
  for (int i = 0; i < 9; ++i, index /= 3) b[i] = index % 3;
  return b;
}
int encode(const Board& b) {
  int index = 0;
  for (int i = 8; i >= 0; --i) index = index * 3 + b[i];
  return index;
}

std::vector<int> options(int index, bool alice) {
  const Board b = decode(index);
  std::vector<int> out;
  for (int c = 0; c < 9; ++c) {
    if (alice && b[c] == 1) {
      const int r = c / 3, col = c % 3;
      const std::vector<std::vector<std::pair<int, int>>> patterns = {
          {{0, -1}, {0, 1}}, {{-1, 0}, {1, 0}}, {{0, -1}, {0, 1}, {-1, 0}, {1, 0}}};
      for (const auto& pattern : patterns) {
        Board n = b;
        n[c] = 0;
        for (auto [dr, dc] : pattern)
          if (r + dr >= 0 && r + dr < 3 && col + dc >= 0 && col + dc < 3)
            n[(r + dr) * 3 + col + dc] = 0;
        out.push_back(encode(n));
      }
    }
    if (!alice && b[c] == 2) {
      Board n = b;
      n[c] = 0;
      out.push_back(encode(n));
    }
  }
  return out;
}

// A number as a game, by its canonical form: n = {n-1 | } for n > 0, { | n+1} for n < 0,
// odd m / 2^k = {(m-1)/2^k | (m+1)/2^k}. (m, k) with m odd or k = 0.
using Number = std::pair<long, int>;
Number norm(long m, int k) {
  while (k > 0 && m % 2 == 0) m /= 2, --k;
  return {m, m == 0 ? 0 : k};
}
std::vector<Number> number_options(Number x, bool left) {
  const auto [m, k] = x;
  if (k == 0) {
    if (left && m > 0) return {{m - 1, 0}};
    if (!left && m < 0) return {{m + 1, 0}};
    return {};
  }
  return {left ? norm(m - 1, k) : norm(m + 1, k)};
}

// Does the player to move win the sum of boards (sorted) plus a number?
struct SumSearch {
  std::map<std::tuple<std::vector<int>, Number, bool>, bool> memo;
  bool wins(std::vector<int> boards, Number x, bool alice_to_move) {
    std::sort(boards.begin(), boards.end());
    const auto key = std::make_tuple(boards, x, alice_to_move);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    bool win = false;
    for (std::size_t k = 0; k < boards.size() && !win; ++k)
      for (int next : options(boards[k], alice_to_move)) {
        auto after = boards;
        after[k] = next;
        if (!wins(after, x, !alice_to_move)) {
          win = true;
          break;
        }
      }
    for (const Number& y : number_options(x, alice_to_move))
      if (!win && !wins(boards, y, !alice_to_move)) win = true;
    memo[key] = win;
    return win;
  }
  std::string outcome(const std::vector<int>& boards) {
    const bool alice_first = wins(boards, {0, 0}, true), bob_first = wins(boards, {0, 0}, false);
    if (alice_first && !bob_first) return "Alice";
    if (!alice_first && bob_first) return "Bob";
    return alice_first ? "First" : "Second";
  }
};

const tbgen::TableSet& tables() {
  return tbgen::testing::table_set("surreal3");
}

TEST(Surreal3, EveryBoardMinusItsValueIsASecondPlayerWin) {
  SumSearch search;
  for (int index = 0; index < 19683; ++index) {
    const auto v = tbgen::probe_surreal3(tables(), static_cast<std::uint32_t>(index));
    const Number minus_v = norm(-static_cast<long>(v.numerator()), v.exponent());
    ASSERT_FALSE(search.wins({index}, minus_v, true)) << index;
    ASSERT_FALSE(search.wins({index}, minus_v, false)) << index;
  }
}

std::string table_outcome(const std::vector<int>& boards) {
  std::istringstream in("1\n" + std::to_string(boards.size()) + "\n" + [&] {
    std::string text;
    for (int b : boards) {
      const Board cells = decode(b);
      for (int i = 0; i < 9; ++i)
        text += std::string(1, ".OX"[cells[i]]) + (i % 3 == 2 ? "\n" : "");
    }
    return text;
  }());
  std::ostringstream out;
  tbreader::Game(tbgen::testing::tablebase("surreal3"), "surreal3").solve(in, out);
  return out.str().substr(0, out.str().size() - 1);
}

TEST(Surreal3, RandomSumsMatchDirectSearch) {
  std::mt19937 rng(3);
  SumSearch search;
  for (int n = 0; n < 400; ++n) {
    const int count = 1 + n % 4;
    const int pieces = count <= 2 ? 6 : 4;  // keeps the direct search of the sum small
    std::vector<int> boards;
    for (int k = 0; k < count; ++k) {
      Board b{};
      for (int p = 0; p < pieces; ++p) b[rng() % 9] = 1 + static_cast<int>(rng() % 2);
      boards.push_back(encode(b));
    }
    ASSERT_EQ(table_outcome(boards), search.outcome(boards));
  }
}

TEST(Surreal3, ContestRowLayouts) {
  std::istringstream in(
      "3\n1\nO.X\n...\n#..\n1\nO . X\n. . .\n# . .\n2\nO|.|X\n.|.|.\n#|.|.\nOOO\nOOO\nOOO\n");
  std::ostringstream out;
  tbreader::Game(tbgen::testing::tablebase("surreal3"), "surreal3").solve(in, out);
  std::istringstream lines(out.str());
  std::string a, b, c;
  lines >> a >> b >> c;
  EXPECT_EQ(a, b) << "the same board in two layouts";
  EXPECT_EQ(a, table_outcome({encode({1, 0, 2, 0, 0, 0, 0, 0, 0})}));
  EXPECT_EQ(c, "Alice");  // O.X/.../#.. is {-1 | 1} = 0, and a board of only O is positive
}

TEST(Surreal3, BadContestInputIsRefused) {
  std::istringstream in("1\n1\nO.X\n.Q.\n...\n");
  std::ostringstream out;
  try {
    tbreader::Game(tbgen::testing::tablebase("surreal3"), "surreal3").solve(in, out);
    ADD_FAILURE() << "accepted";
  } catch (const tbreader::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("stdin:4:3"), std::string::npos) << e.what();
  }
}

}  // namespace
