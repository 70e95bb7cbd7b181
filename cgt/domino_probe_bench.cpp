// Domineering probes through the public library call: one board of 5x5 (its form from the
// table and its printing in CGSuite's notation), and a sum of three 4x4 boards (added at query
// time in the reader's arena, printed). Random boards with about half their cells covered.
// TBGEN_BENCH_TABLES=DIR holding domineering(cols=5,rows=5) and (cols=4,rows=4).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tbreader/tbreader.hpp"

namespace {

std::string random_board(std::mt19937_64& rng, int cols, int rows) {
  std::string b;
  for (int r = 0; r < rows; ++r) {
    if (r) b += '/';
    for (int c = 0; c < cols; ++c) b += rng() % 2 ? '#' : '.';
  }
  return b;
}

void probe(benchmark::State& state, int cols, int rows, int boards) {
  const char* dir = std::getenv("TBGEN_BENCH_TABLES");
  if (!dir) {
    state.SkipWithError("set TBGEN_BENCH_TABLES to a directory with the domineering tables");
    return;
  }
  // Opened once for all runs: the dictionary is read on a member's first probe.
  static const tbreader::Tablebase tables(dir);
  const std::string game =
      "domineering(cols=" + std::to_string(cols) + ",rows=" + std::to_string(rows) + ")";
  static std::map<std::string, tbreader::Game> members;
  const tbreader::Game& member = members.try_emplace(game, tables, game).first->second;
  // A new random query each time (its making is timed too: a few hundred ns): forms met before
  // print from the reader's cache, as in a long session; new ones are printed first.
  static std::mt19937_64 rng(5);
  std::vector<std::string> query(static_cast<std::size_t>(boards));
  (void)member.value(std::vector<std::string>{random_board(rng, cols, rows)});  // the dictionary
  for (auto _ : state) {
    for (auto& b : query) b = random_board(rng, cols, rows);
    benchmark::DoNotOptimize(member.value(query));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void Domineering5x5Board(benchmark::State& state) {
  probe(state, 5, 5, 1);
}
void SumOfThree4x4Boards(benchmark::State& state) {
  probe(state, 4, 4, 3);
}
BENCHMARK(Domineering5x5Board);
BENCHMARK(SumOfThree4x4Boards);

}  // namespace

BENCHMARK_MAIN();
