// double5 probe rates through the public library call (board text in, value out), for each
// cache mode side by side; round 10, which has no table, scored when probed.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tbreader/tbreader.hpp"

namespace {

// double5 needs the full tables: TBGEN_BENCH_TABLES=DIR (after `tbgen build double5`).
// Random boards of all rounds 0..10, or of one round.
std::vector<std::string> random_boards(std::size_t n, int only_round = -1) {
  std::mt19937_64 rng(7);
  std::vector<std::string> boards;
  std::vector<int> cells(25);
  for (std::size_t i = 0; i < n; ++i) {
    const int round = only_round >= 0 ? only_round : static_cast<int>(rng() % 11);
    const int no = 2 * ((round + 1) / 2), nx = 2 * (round / 2);
    for (int c = 0; c < 25; ++c) cells[c] = c;
    std::shuffle(cells.begin(), cells.end(), rng);
    std::string b(25, '.');
    for (int c = 0; c < no + nx; ++c) b[cells[c]] = c < no ? 'O' : 'X';
    boards.push_back(b);
  }
  return boards;
}

// A board's (O's, X's) masks: O moves first.
std::pair<std::uint64_t, std::uint64_t> masks_of(const std::string& board) {
  std::uint64_t o = 0, x = 0;
  for (int c = 0; c < 25; ++c) {
    o |= std::uint64_t{board[c] == 'O'} << c;
    x |= std::uint64_t{board[c] == 'X'} << c;
  }
  return {o, x};
}

// VmRSS of this process, MiB.
double resident_mib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024;
  return 0;
}

const tbreader::Tablebase* tables(benchmark::State& state, tbreader::CacheMode mode) {
  const char* dir = std::getenv("TBGEN_BENCH_TABLES");
  if (dir == nullptr) {
    state.SkipWithError("set TBGEN_BENCH_TABLES to a directory with the double5 tables");
    return nullptr;
  }
  static const tbreader::Tablebase decoded(dir, tbreader::CacheMode::decoded);
  static const tbreader::Tablebase single(dir, tbreader::CacheMode::single_block);
  // Bounded at 64 MiB, a seventh of double5's decoded size: most probes miss (tbprobe serve).
  static const tbreader::Tablebase bounded(dir, tbreader::CacheMode::bounded, 64 << 20);
  return mode == tbreader::CacheMode::decoded        ? &decoded
         : mode == tbreader::CacheMode::single_block ? &single
                                                     : &bounded;
}

void probe_boards(benchmark::State& state, tbreader::CacheMode mode, int round) {
  const tbreader::Tablebase* tb = tables(state, mode);
  if (!tb) return;
  const tbreader::Game game(*tb, "double5");
  const auto boards = random_boards(1 << 16, round);
  std::size_t i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(game.value(std::span(&boards[i++ & ((1 << 16) - 1)], 1)));
  state.SetItemsProcessed(state.iterations());
}

// The cache modes a benchmark's argument selects, each run on 1 and 2 threads.
constexpr tbreader::CacheMode kModes[] = {
    tbreader::CacheMode::decoded, tbreader::CacheMode::single_block, tbreader::CacheMode::bounded};
void by_cache_mode(benchmark::internal::Benchmark* b) {
  b->Arg(0)->Arg(1)->Arg(2)->ArgName("cache_mode")->ThreadRange(1, 2)->MinTime(3);
}

void BM_Double5Probe(benchmark::State& state) {
  probe_boards(state, kModes[state.range(0)], -1);
}
BENCHMARK(BM_Double5Probe)->Apply(by_cache_mode);

// The numeric probe (SPEC 10): two masks in, a number out, no board text.
void BM_Double5ValueOf(benchmark::State& state) {
  const tbreader::Tablebase* tb = tables(state, kModes[state.range(0)]);
  if (!tb) return;
  const tbreader::Game game(*tb, "double5");
  std::vector<std::pair<std::uint64_t, std::uint64_t>> positions;
  for (const auto& b : random_boards(1 << 16)) positions.push_back(masks_of(b));
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [o, x] = positions[i++ & ((1 << 16) - 1)];
    benchmark::DoNotOptimize(game.value_of(o, x));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Double5ValueOf)->Apply(by_cache_mode);

// values_of over arrays of 1M random positions (each read once: cache misses, as for a program
// probing many), a group's reads overlapped; items are positions.
void BM_Double5ValuesOf(benchmark::State& state) {
  const tbreader::Tablebase* tb = tables(state, tbreader::CacheMode::decoded);
  if (!tb) return;
  const tbreader::Game game(*tb, "double5");
  std::vector<std::uint64_t> o, x;
  for (const auto& b : random_boards(1 << 20)) {
    const auto [first, second] = masks_of(b);
    o.push_back(first), x.push_back(second);
  }
  std::vector<std::int32_t> out(o.size());
  for (auto _ : state) {
    game.values_of(o, x, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(o.size()));
}
BENCHMARK(BM_Double5ValuesOf)->ThreadRange(1, 2)->MinTime(3);

// value_of with bounded memory (64 MiB, as tables()), each position drawn afresh, so that the
// cache never holds the probes' working set (a fixed array of positions would be cached whole
// once it fits the budget): random rounds 0..10, random cells. Reports the process's resident
// memory at the end (the tables' mapped compressed bytes, the cache, and the rest).
void BM_Double5BoundedFresh(benchmark::State& state) {
  const tbreader::Tablebase* tb = tables(state, tbreader::CacheMode::bounded);
  if (!tb) return;
  const tbreader::Game game(*tb, "double5");
  std::uint64_t seed = 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(state.thread_index() + 1);
  const auto next = [&seed](std::uint64_t bound) {  // splitmix64; the bias is negligible
    std::uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (z ^ (z >> 31)) % bound;
  };
  std::array<int, 25> cells{};
  const double resident_before = resident_mib();
  for (auto _ : state) {
    const auto round = static_cast<int>(next(11));
    const int no = 2 * ((round + 1) / 2), nx = 2 * (round / 2);
    std::iota(cells.begin(), cells.end(), 0);
    std::uint64_t o = 0, x = 0;
    for (int c = 0; c < no + nx; ++c) {
      std::swap(cells[c], cells[c + next(25 - c)]);
      (c < no ? o : x) |= std::uint64_t{1} << cells[c];
    }
    benchmark::DoNotOptimize(game.value_of(o, x));
  }
  state.SetItemsProcessed(state.iterations());
  if (state.thread_index() == 0) {
    state.counters["rss_before_MiB"] = resident_before;
    state.counters["rss_MiB"] = resident_mib();
  }
}
BENCHMARK(BM_Double5BoundedFresh)->ThreadRange(1, 2)->MinTime(5);

// Round 10 has no table: a probe scores O's (at most 10) last moves.
void BM_Double5ScoreRound10(benchmark::State& state) {
  probe_boards(state, tbreader::CacheMode::decoded, 10);
}
BENCHMARK(BM_Double5ScoreRound10);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
