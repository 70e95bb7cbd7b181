// What bounds a probe one at a time on the machine at hand (docs/notes/probe_speed.md, "What
// bounds a single probe"), with no tables:
// - ReadChain/MB: random reads over a region of huge pages, each read's address the value the
//   read before it found: a read's whole latency.
// - ReadsApart/K: independent random reads over 512 MB of huge pages, each followed by K groups
//   of four additions that feed no address (about 4K instructions between reads, the counter
//   `instructions`). While a read and the next fit the core's window of instructions, their
//   misses overlap; past it each read waits its whole latency, and the work between adds little.
//
//   build/bin/bench_read_window
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "core/huge_pages.hpp"

namespace {

// A region of huge pages, zeroed (every page touched), and the words of a cache line.
using Region = std::vector<std::uint64_t, tbgen::HugePageAllocator<std::uint64_t>>;
constexpr std::size_t kWords = 64 / sizeof(std::uint64_t);

Region region_of(std::size_t mb) {
  return Region((mb << 20) / sizeof(std::uint64_t));
}

void read_chain(benchmark::State& state) {
  Region region = region_of(static_cast<std::size_t>(state.range(0)));
  // One cycle through every line in a random order: each line holds the next one's word.
  std::vector<std::uint32_t> order(region.size() / kWords);
  std::iota(order.begin(), order.end(), 0u);
  std::shuffle(order.begin(), order.end(), std::mt19937_64(40));
  for (std::size_t i = 0; i < order.size(); ++i)
    region[order[i] * kWords] = order[(i + 1) % order.size()] * kWords;
  std::uint64_t at = order[0] * kWords;
  for (auto _ : state) {
    at = region[at];
    benchmark::DoNotOptimize(at);
  }
  state.SetItemsProcessed(state.iterations());
}

template <int K>
void reads_apart(benchmark::State& state) {
  static const Region region = region_of(512);
  static const std::vector<std::uint32_t> at = [] {  // byte offsets of random lines
    std::vector<std::uint32_t> a(std::size_t{1} << 21);
    std::mt19937_64 rng(40);
    for (auto& x : a) x = static_cast<std::uint32_t>(rng() % (region.size() / kWords) * 64);
    return a;
  }();
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(region.data());
  std::size_t i = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) {
    std::uint64_t a = i, b = i, c = i, d = i;
#pragma GCC unroll 1024
    for (int k = 0; k < K; ++k)
      asm volatile("add $1, %0\n\tadd $2, %1\n\tadd $3, %2\n\tadd $4, %3"
                   : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
    sum += bytes[at[i]];
    i = (i + 1) & (at.size() - 1);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
  state.counters["instructions"] = 4 * K;
}

BENCHMARK(read_chain)->Name("ReadChain")->Arg(8)->Arg(64)->Arg(512)->MinTime(1);
BENCHMARK(reads_apart<0>)->Name("ReadsApart/0")->MinTime(1);
BENCHMARK(reads_apart<25>)->Name("ReadsApart/25")->MinTime(1);
BENCHMARK(reads_apart<50>)->Name("ReadsApart/50")->MinTime(1);
BENCHMARK(reads_apart<75>)->Name("ReadsApart/75")->MinTime(1);
BENCHMARK(reads_apart<100>)->Name("ReadsApart/100")->MinTime(1);
BENCHMARK(reads_apart<125>)->Name("ReadsApart/125")->MinTime(1);
BENCHMARK(reads_apart<150>)->Name("ReadsApart/150")->MinTime(1);
BENCHMARK(reads_apart<200>)->Name("ReadsApart/200")->MinTime(1);
BENCHMARK(reads_apart<250>)->Name("ReadsApart/250")->MinTime(1);

}  // namespace

BENCHMARK_MAIN();
