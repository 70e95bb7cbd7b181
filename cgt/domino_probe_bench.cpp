// Domineering probes through the public library call: one board of 5x5 (its form from the
// table and its printing in CGSuite's notation), and a sum of three 4x4 boards (added at query
// time in the reader's arena, printed). Random boards with about half their cells covered.
// TBGEN_BENCH_TABLES=DIR holding domineering(cols=5,rows=5) and (cols=4,rows=4).
#include <benchmark/benchmark.h>

#include <cstdlib>
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
  const tbreader::Tablebase tables(dir);
  const std::string game =
      "domineering(cols=" + std::to_string(cols) + ",rows=" + std::to_string(rows) + ")";
  const tbreader::Game member(tables, game);
  std::mt19937_64 rng(5);
  std::vector<std::vector<std::string>> queries(4096);
  for (auto& q : queries)
    for (int i = 0; i < boards; ++i) q.push_back(random_board(rng, cols, rows));
  (void)member.value(queries[0]);  // the dictionary read on first use
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(member.value(queries[i++ % queries.size()]));
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
