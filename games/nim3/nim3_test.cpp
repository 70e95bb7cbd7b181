// nim3: the closed form against exhaustive tables (K = 4: every board with piles 1..4), the
// tables against a plain search written separately, and the contest format.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "games/nim3/nim3_probe.hpp"
#include "games/nim3/nim3_rules.hpp"
#include "test_tables.hpp"

namespace {

constexpr int kK = 4;

const std::string kGame = "nim3(max_pile=" + std::to_string(kK) + ")";
const tbgen::TableSet& tables() {
  return tbgen::testing::table_set(kGame);
}

using State = std::pair<int, std::array<int, 9>>;  // phase, piles

// Plain memoised search of the rules: does the player to move win?
struct Search {
  std::map<State, bool> memo;
  static bool emptied(const std::array<int, 9>& p) {
    for (int i = 0; i < 3; ++i)
      if (p[3 * i] + p[3 * i + 1] + p[3 * i + 2] == 0 || p[i] + p[i + 3] + p[i + 6] == 0)
        return true;
    return false;
  }
  bool wins(const State& s) {
    if (emptied(s.second)) return false;  // the previous move emptied a line and won
    if (auto it = memo.find(s); it != memo.end()) return it->second;
    bool win = false;
    for (int c = 0; c < 9 && !win; ++c)
      for (int left = 0; left < s.second[c] && !win; ++left) {
        if (s.first < 2 && left > 0) break;  // a first move takes the whole pile
        State next{std::min(s.first + 1, 2), s.second};
        next.second[c] = left;
        win = !wins(next);
      }
    memo[s] = win;
    return win;
  }
};

std::array<std::uint32_t, 9> as_u32(const std::array<int, 9>& p) {
  std::array<std::uint32_t, 9> out{};
  for (int i = 0; i < 9; ++i) out[i] = static_cast<std::uint32_t>(p[i]);
  return out;
}

TEST(Nim3, ClosedFormEqualsTablesOnEveryBoardWithPilesUpTo4) {
  std::uint64_t boards = 0;
  std::array<int, 9> p{};
  for (int code = 0; code < 262144; ++code) {  // 4^9 boards, piles 1..4
    for (int c = 0, rest = code; c < 9; ++c, rest /= 4) p[c] = 1 + rest % 4;
    tbgen::nim3::Piles piles{};
    for (int c = 0; c < 9; ++c) piles[c] = static_cast<std::uint64_t>(p[c]);
    for (int first = 0; first < 9; ++first) {
      auto after = p;
      after[first] = 0;
      const bool from_tables =
          tbgen::probe_nim3(tables(), kK, 1, as_u32(after)) == std::optional<bool>(false);
      ASSERT_EQ(from_tables, tbgen::nim3::first_move_wins(piles, first))
          << "board code " << code << " move " << first;
    }
    ++boards;
  }
  EXPECT_EQ(boards, 262144u);
}

TEST(Nim3, TablesMatchPlainSearchForPilesUpTo2) {
  Search search;
  std::array<int, 9> p{};
  std::uint64_t compared = 0;
  for (int code = 0; code < 19683; ++code) {  // every board with piles 0..2, every phase
    for (int c = 0, rest = code; c < 9; ++c, rest /= 3) p[c] = rest % 3;
    for (int phase = 0; phase < 3; ++phase) {
      const auto stored = tbgen::probe_nim3(tables(), kK, phase, as_u32(p));
      if (!stored) continue;
      ASSERT_EQ(*stored, search.wins({phase, p})) << code << " " << phase;
      ++compared;
    }
  }
  EXPECT_GT(compared, 10000u);
  // Every start with piles 1..2 is stored, as are all states the search met from them.
  for (const auto& [state, win] : search.memo)
    if (state.first == 0) {
      EXPECT_TRUE(tbgen::probe_nim3(tables(), kK, 0, as_u32(state.second)).has_value());
    }
}

std::string solve(const std::string& input) {
  return tbgen::testing::solve(kGame, tbgen::testing::tablebase(kGame), input);
}

TEST(Nim3, ContestSamplesAndHugePiles) {
  EXPECT_EQ(solve("2\n1 1 1\n1 1 1\n1 1 1\n1 2 3\n4 5 6\n7 8 9\n"), "9\n7\n");
  EXPECT_NO_THROW(solve("1\n1000000000 1 999999999\n7 7 7\n1 1000000000 3\n"));
}

TEST(Nim3, BadInputNamesCaseAndLine) {
  tbgen::testing::expect_refused(
      kGame, tbgen::testing::tablebase(kGame),
      {
          {"1\n1 1 1\n1 0 1\n1 1 1\n",
           "stdin:3:3: pile 5 of case 1 (1 to 10^9) must be in [1, 1000000000], found 0"},
          {"1\n1 1 1\n1 1 1\n1 1\n", "stdin:5:1: expected pile 9 of case 1"},
          {"2\n1 1 1 1 1 1 1 1 1\n1 1 1 1 x 1 1 1 1\n",
           "stdin:3:9: expected pile 5 of case 2 (1 to 10^9), found 'x'"},
          {"1\n1 1 1 1 1 1 1 1 10000000000\n", "must be in [1, 1000000000]"},
      });
}

}  // namespace
