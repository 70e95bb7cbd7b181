// Dobutsu shogi probe rates through the public numeric call (SPEC 10's piece codes in, value
// and distance out), from the decoded cache and from one block at a time. Needs dobutsu()'s
// table: TBGEN_BENCH_TABLES=DIR (after `tbgen build 'dobutsu()' --tables DIR`).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "tbreader/tbreader.hpp"

namespace {

using Codes = std::array<std::uint8_t, 18>;  // 12 squares, then each side's three hand counts

// Random legal positions: the two lions on two squares, every other piece given to a random
// side and put on a random empty square (a chick there promoted half the time) or in that
// side's hand; the side to move at random. Positions the game refuses (a chick left on its
// last rank unpromoted, a lion already in check by the side to move...) are drawn again.
std::vector<std::pair<Codes, int>> random_positions(const tbreader::Game& game, std::size_t n) {
  std::mt19937_64 rng(11);
  std::vector<std::pair<Codes, int>> out;
  while (out.size() < n) {
    Codes c{};
    const auto empty_square = [&] {
      for (;;)
        if (const auto s = rng() % 12; c[s] == 0) return s;
    };
    c[empty_square()] = 1;
    c[empty_square()] = 9;  // gote's lion
    for (const int kind : {2, 2, 3, 3, 4, 4}) {
      const int gote = static_cast<int>(rng() & 1);
      if (rng() % 3 == 0) {
        ++c[12 + 3 * gote + (kind - 2)];
      } else {
        const int shown = kind == 4 && (rng() & 1) ? 5 : kind;
        c[empty_square()] = static_cast<std::uint8_t>(shown + 8 * gote);
      }
    }
    const int to_move = static_cast<int>(rng() & 1);
    try {
      (void)game.probe(tbreader::Game::Position{.to_move = to_move, .pieces = c.data()});
      out.emplace_back(c, to_move);
    } catch (const tbreader::InputError&) {
    }
  }
  return out;
}

void probe(benchmark::State& state, tbreader::CacheMode mode) {
  const char* dir = std::getenv("TBGEN_BENCH_TABLES");
  if (dir == nullptr) {
    state.SkipWithError("set TBGEN_BENCH_TABLES to a directory with dobutsu()'s table");
    return;
  }
  const tbreader::Tablebase tables(dir, mode);
  const tbreader::Game game(tables, "dobutsu()");
  constexpr std::size_t kPositions = 1 << 16;
  const auto positions = random_positions(game, kPositions);
  for (const auto& [codes, to_move] : positions)  // every block they read decoded once
    (void)game.probe(tbreader::Game::Position{.to_move = to_move, .pieces = codes.data()});
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [codes, to_move] = positions[i++ & (kPositions - 1)];
    benchmark::DoNotOptimize(
        game.probe(tbreader::Game::Position{.to_move = to_move, .pieces = codes.data()}));
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_DobutsuProbeDecoded(benchmark::State& state) {
  probe(state, tbreader::CacheMode::decoded);
}
BENCHMARK(BM_DobutsuProbeDecoded)->MinTime(2);
void BM_DobutsuProbeSingleBlock(benchmark::State& state) {
  probe(state, tbreader::CacheMode::single_block);
}
BENCHMARK(BM_DobutsuProbeSingleBlock)->MinTime(2);

}  // namespace

BENCHMARK_MAIN();
