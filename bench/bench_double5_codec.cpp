// Picks double5's on-disk coding by measurement: for one layer, the compressed size and the
// compression and decompression times of each value packing x block size x zstd level.
// usage: bench_double5_codec TABLE_DIR [ROUND]   (run after `tbgen build double5`)
#include <zstd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "retro/double5_solver.hpp"

using namespace tbgen::double5;

namespace {

// Two ways to lay out a block's values before compression.
void pack_pairs(const LayerPlanes& l, std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
  pack_entries(l, first, count, out);
}
// Plane-separated: the block's ">= draw" bits, then its "O wins" bits.
void pack_planes(const LayerPlanes& l, std::uint64_t first, std::uint64_t count,
                 std::uint8_t* out) {
  const std::uint64_t half = (count + 7) / 8;
  std::memset(out, 0, 2 * half);
  for (std::uint64_t i = 0; i < count; ++i) {
    const Code c = l.get(first + i);
    if (c >= kDraw) out[i >> 3] |= static_cast<std::uint8_t>(1u << (i & 7));
    if (c == kOWins) out[half + (i >> 3)] |= static_cast<std::uint8_t>(1u << (i & 7));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s TABLE_DIR [ROUND]\n", argv[0]);
    return 2;
  }
  const int round = argc > 2 ? std::stoi(argv[2]) : 8;
  const tbgen::Table table(std::string(argv[1]) + "/" + table_name(round) + ".tb",
                           tbreader::CacheMode::single_block);
  const LayerPlanes layer = load_layer(table, round, 2);
  double counts[3] = {};
  for (std::uint64_t i = 0; i < layer.shape.entries; i += 97) ++counts[layer.get(i)];
  const double sampled = static_cast<double>(counts[0] + counts[1] + counts[2]);
  std::printf("round %d: %llu entries; sampled X wins %.1f%%, draw %.1f%%, O wins %.1f%%\n", round,
              static_cast<unsigned long long>(layer.shape.entries), 100 * counts[0] / sampled,
              100 * counts[1] / sampled, 100 * counts[2] / sampled);
  std::printf("%-7s %6s %5s %12s %9s %9s %10s\n", "packing", "block", "level", "bytes", "bits/pos",
              "comp s", "decomp s");
  struct Packing {
    const char* name;
    void (*pack)(const LayerPlanes&, std::uint64_t, std::uint64_t, std::uint8_t*);
  };
  const Packing packings[] = {{"pairs", pack_pairs}, {"planes", pack_planes}};
  for (const auto& packing : packings)
    for (int log2 : {14, 16, 18, 20})
      for (int level : {3, 9, 19}) {
        if (level == 19 && log2 < 16) continue;
        const std::uint64_t block = std::uint64_t{1} << log2;
        std::vector<std::uint8_t> raw(block / 2 + 16), comp(ZSTD_compressBound(raw.size())),
            back(raw.size());
        std::uint64_t bytes = 0;
        double comp_s = 0, decomp_s = 0;
        ZSTD_CCtx* cctx = ZSTD_createCCtx();
        ZSTD_DCtx* dctx = ZSTD_createDCtx();
        for (std::uint64_t first = 0; first < layer.shape.entries; first += block) {
          const std::uint64_t n = std::min(block, layer.shape.entries - first);
          packing.pack(layer, first, n, raw.data());
          const std::size_t raw_size = packing.pack == pack_pairs ? (n + 3) / 4 : 2 * ((n + 7) / 8);
          auto t0 = std::chrono::steady_clock::now();
          const std::size_t c =
              ZSTD_compressCCtx(cctx, comp.data(), comp.size(), raw.data(), raw_size, level);
          auto t1 = std::chrono::steady_clock::now();
          ZSTD_decompressDCtx(dctx, back.data(), back.size(), comp.data(), c);
          auto t2 = std::chrono::steady_clock::now();
          comp_s += std::chrono::duration<double>(t1 - t0).count();
          decomp_s += std::chrono::duration<double>(t2 - t1).count();
          bytes += c;
        }
        ZSTD_freeCCtx(cctx);
        ZSTD_freeDCtx(dctx);
        std::printf("%-7s %6llu %5d %12llu %9.4f %9.2f %10.3f\n", packing.name,
                    static_cast<unsigned long long>(block), level,
                    static_cast<unsigned long long>(bytes),
                    8.0 * static_cast<double>(bytes) / static_cast<double>(layer.shape.entries),
                    comp_s, decomp_s);
        std::fflush(stdout);
      }
  return 0;
}
