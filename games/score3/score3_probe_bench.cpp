// score3 probe rates through the public API (a board string in, the value out), for each
// cache mode side by side: score3 is read as its mnk member.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <random>

#include "generator/game_tables.hpp"
#include "tbreader/tbreader.hpp"

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

// Random boards that play reaches: random games cut at a random length.
std::vector<std::string> boards() {
  std::mt19937 rng(42);
  std::vector<std::string> out;
  const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                           {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  while (out.size() < (1 << 16)) {
    std::string b(9, '.');
    const int marks = static_cast<int>(rng() % 10);
    bool over = false;
    for (int m = 0; m < marks && !over; ++m) {
      int c;
      do c = static_cast<int>(rng() % 9);
      while (b[c] != '.');
      b[c] = m % 2 ? 'O' : 'X';
      for (const auto& l : lines)
        over = over || (b[l[0]] == b[c] && b[l[1]] == b[c] && b[l[2]] == b[c]);
    }
    out.push_back(b);
  }
  return out;
}

void BM_Score3Probe(benchmark::State& state) {
  const tbreader::Tablebase tables(score3_tables(),
                                   static_cast<tbreader::CacheMode>(state.range(0)));
  const tbreader::Game game(tables, "score3");
  static const auto list = boards();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(game.value(std::span(&list[i++ & 0xffff], 1)));
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
