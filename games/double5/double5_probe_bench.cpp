// double5 probe rates through the reader library's table lookup, for each cache mode side by
// side; round 10, which has no table, scored directly.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <random>

#include "games/double5/double5_probe.hpp"

namespace {

// double5 needs the full tables: TBGEN_BENCH_TABLES=DIR (after `tbgen build double5`).
// Random positions of all rounds 0..10, or of one round.
std::vector<std::pair<std::uint32_t, std::uint32_t>> random_double5_positions(std::size_t n,
                                                                              int only_round = -1) {
  std::mt19937_64 rng(7);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> positions;
  std::vector<int> cells(25);
  for (std::size_t i = 0; i < n; ++i) {
    const int round = only_round >= 0 ? only_round : static_cast<int>(rng() % 11);
    const int no = 2 * ((round + 1) / 2), nx = 2 * (round / 2);
    for (int c = 0; c < 25; ++c) cells[c] = c;
    std::shuffle(cells.begin(), cells.end(), rng);
    std::uint32_t o = 0, x = 0;
    for (int c = 0; c < no; ++c) o |= 1u << cells[c];
    for (int c = no; c < no + nx; ++c) x |= 1u << cells[c];
    positions.emplace_back(o, x);
  }
  return positions;
}

void BM_Double5Probe(benchmark::State& state) {
  const char* dir = std::getenv("TBGEN_BENCH_TABLES");
  if (dir == nullptr) {
    state.SkipWithError("set TBGEN_BENCH_TABLES to a directory with the double5 tables");
    return;
  }
  static const tbgen::TableSet decoded(dir, tbreader::CacheMode::decoded);
  static const tbgen::TableSet single(dir, tbreader::CacheMode::single_block);
  // Bounded at 64 MiB, a seventh of double5's decoded size: most probes miss (tbprobe serve).
  static const tbgen::TableSet bounded(dir, tbreader::CacheMode::bounded, 64 << 20);
  const tbgen::TableSet* modes[] = {&decoded, &single, &bounded};
  const auto& tables = *modes[state.range(0)];
  static const auto positions = random_double5_positions(1 << 20);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [o, x] = positions[i++ & ((1 << 20) - 1)];
    benchmark::DoNotOptimize(tbgen::probe_double5(tables, o, x));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Double5Probe)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("cache_mode")
    ->ThreadRange(1, 2)
    ->MinTime(3);

// Round 10 has no table: a probe scores O's (at most 10) last moves. Needs no tables.
void BM_Double5ScoreRound10(benchmark::State& state) {
  static const auto positions = random_double5_positions(1 << 16, 10);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [o, x] = positions[i++ & ((1 << 16) - 1)];
    benchmark::DoNotOptimize(tbgen::double5::scored_outcome(o, x));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Double5ScoreRound10);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
