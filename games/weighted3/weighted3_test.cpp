// weighted3: the truth-table answers against the usual per-query search (tests/reference), on
// weight vectors from several distributions, from the empty board and random positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <random>
#include <sstream>
#include <thread>

#include "games/weighted3/weighted3_probe.hpp"
#include "games/weighted3/weighted3_search.hpp"
#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

using Weights = std::array<std::int64_t, 9>;

const tbgen::TableSet& tables() {
  return tbgen::testing::table_set("weighted3");
}

// Makes the sum odd by nudging one weight towards zero (or away from it at zero).
Weights make_odd(Weights w, std::mt19937_64& rng) {
  std::int64_t sum = 0;
  for (auto v : w) sum += v;
  if (sum % 2 == 0) {
    auto& v = w[rng() % 9];
    v += v > 0 ? -1 : 1;
  }
  return w;
}

// Uniform weights make Takahashi win almost always, which would hide bugs in Aoki's wins:
// with near-equal negative weights his five cells weigh more than her four, so he must win by
// a line, which tic-tac-toe denies him; noise of random size mixes both answers.
enum class Distribution { small_with_zeros, full_range, negative_with_noise, one_heavy_cell };

Weights draw(Distribution d, std::mt19937_64& rng) {
  Weights w{};
  std::uniform_int_distribution<std::int64_t> full(-1'000'000'000, 1'000'000'000);
  std::uniform_int_distribution<std::int64_t> small(-3, 3);
  for (auto& v : w) {
    switch (d) {
      case Distribution::small_with_zeros:
        v = rng() % 2 ? 0 : small(rng);
        break;
      case Distribution::full_range:
        v = full(rng);
        break;
      case Distribution::negative_with_noise:
        break;                            // below
      case Distribution::one_heavy_cell:  // one cell of any weight among near-equal negatives
        v = -1'000'000 + small(rng);
        break;
    }
  }
  if (d == Distribution::one_heavy_cell) w[rng() % 9] = full(rng);
  if (d == Distribution::negative_with_noise) {
    const std::int64_t noise = std::int64_t{1} << (rng() % 31);  // 1 .. 2^30
    for (auto& v : w)
      v = std::clamp<std::int64_t>(
          -500'000'000 +
              static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(2 * noise + 1)) - noise,
          -1'000'000'000, 1'000'000'000);
  }
  return make_odd(w, rng);
}

TEST(Weighted3, EmptyBoardMatchesSearchOn40000WeightVectors) {
  const int per_distribution = 10000;  // each answer thousands of times, in seconds of CI
  std::atomic<int> aoki_wins[4] = {}, mismatches{0};
  auto run = [&](int d) {  // one thread per distribution pair; the reader is thread-safe
    std::mt19937_64 rng(9 + static_cast<unsigned>(d));
    for (int n = 0; n < per_distribution; ++n) {
      const Weights w = draw(static_cast<Distribution>(d), rng);
      reference::Weighted3Search search(w);
      const bool expected = search.takahashi_wins({});
      mismatches += *tbgen::probe_weighted3(tables(), 0, w) != expected;
      aoki_wins[d] += !expected;
    }
  };
  std::thread other([&] { run(0), run(1); });
  run(2), run(3);
  other.join();
  EXPECT_EQ(mismatches.load(), 0);
  // Both answers must be well exercised.
  EXPECT_GT(aoki_wins[static_cast<int>(Distribution::negative_with_noise)], per_distribution / 4);
  for (int d = 0; d < 4; ++d) EXPECT_GT(aoki_wins[d], 0) << "distribution " << d;
  for (int d = 0; d < 4; ++d)
    std::printf("distribution %d: Aoki wins %d of %d\n", d, aoki_wins[d].load(), per_distribution);
}

TEST(Weighted3, RandomReachablePositionsMatchSearch) {
  std::mt19937_64 rng(10);
  for (int n = 0; n < 20000; ++n) {
    const Weights w = draw(static_cast<Distribution>(n % 4), rng);
    // A random game prefix that has not ended.
    std::array<int, 9> board{};
    const int plies = static_cast<int>(rng() % 9);
    for (int p = 0; p < plies; ++p) {
      int cell;
      do cell = static_cast<int>(rng() % 9);
      while (board[cell] != 0);
      board[cell] = 1 + p % 2;
    }
    std::uint32_t index = 0;
    for (int i = 8; i >= 0; --i) index = index * 3 + static_cast<std::uint32_t>(board[i]);
    const auto stored = tbgen::probe_weighted3(tables(), index, w);
    if (!stored) continue;  // the prefix ran past a line: not a position of play
    reference::Weighted3Search search(w);
    ASSERT_EQ(*stored, search.takahashi_wins(board));
  }
}

std::string solve(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  tbreader::Game(tbgen::testing::tablebase("weighted3"), "weighted3").solve(in, out);
  return out.str();
}

TEST(Weighted3, SamplesAndSeveralCases) {
  EXPECT_EQ(solve("0 0 0\n0 1 0\n0 0 0\n"), "Takahashi\n");
  EXPECT_EQ(solve("-1 1 0\n-4 -2 -5\n-4 -1 -5\n"), "Aoki\n");
  EXPECT_EQ(solve("0 0 0\n0 1 0\n0 0 0\n-1 1 0\n-4 -2 -5\n-4 -1 -5\n"), "Takahashi\nAoki\n");
}

TEST(Weighted3, BadInputNamesCaseAndLine) {
  tbgen::testing::expect_refused(
      "weighted3", tbgen::testing::tablebase("weighted3"),
      {
          {"0 0 0\n0 1 0\n0 0 0\n0 0 0\n0 2 0\n0 0 0\n",
           "stdin:4: case 2: the weights sum to an even number"},
          {"0 0 0\n0 1 0\n0 0\n", "stdin:4:1: expected weight 9 of case 1"},
          {"0 0 0\n0 1.5 0\n0 0 0\n",
           "stdin:2:3: expected weight 5 of case 1 (|w| <= 10^9), found '1.5'"},
          {"0 0 0\n0 1 0\n0 0 1000000001\n", "must be in [-1000000000, 1000000000]"},
          {"", "expected weight 1 of case 1"},
      });
}

}  // namespace
