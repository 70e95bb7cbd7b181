// score3 probe rates through the reader library's table lookup, for each cache mode side by
// side.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <random>

#include "games/score3/score3_probe.hpp"
#include "solver/game_tables.hpp"

namespace {

const std::filesystem::path& score3_tables() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("tbgen-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    tbgen::make_game_tables("score3")->build({.tables = d, .threads = 2});
    return d;
  }();
  return dir;
}

void BM_Score3Probe(benchmark::State& state) {
  const tbgen::TableSet tables(score3_tables(), static_cast<tbreader::CacheMode>(state.range(0)));
  std::mt19937 rng(42);
  std::vector<std::uint32_t> boards(1 << 16);
  for (auto& b : boards) b = static_cast<std::uint32_t>(rng() % 19683);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(tbgen::probe_score3(tables, boards[i++ & 0xffff]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Score3Probe)->Arg(0)->Arg(1)->ArgName("cache_mode")->ThreadRange(1, 2);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  std::filesystem::remove_all(score3_tables());
  return 0;
}
