// Picks double5's on-disk coding by measurement, for one layer: the cell numbering of the index
// (row by row, or kIndexCells) x the value packing x block size x zstd level, giving the
// compressed size, its ratio to the coding of format v1, and compression and decompression
// CPU times.
// usage: bench_double5_codec TABLE_DIR [ROUND]   (run after `tbgen build double5`)
#include <zstd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "retro/double5_solver.hpp"
#include "retro/parallel.hpp"

using namespace tbgen::double5;
using tbgen::combinatorial::deposit_bits;
using tbgen::combinatorial::next_combination;

namespace {

using Codes = std::vector<std::uint8_t>;  // one value code per entry, in table order

Codes codes_in_index_order(const LayerPlanes& layer) {
  Codes codes(layer.shape.entries);
  tbgen::parallel_for(2, layer.shape.classes, [&](std::uint64_t cls) {
    for (std::uint64_t r = 0; r < layer.shape.per_class; ++r)
      codes[cls * layer.shape.per_class + r] = layer.get(cls * layer.shape.per_class + r);
  });
  return codes;
}

// The same values in the order of an index that numbers the cells row by row: classes are
// the smallest images of the key sets as board masks, movers in colex order of board cells.
Codes codes_in_row_order(const LayerPlanes& layer) {
  const LayerShape& s = layer.shape;
  const auto& board = Symmetry::on_board();
  std::vector<std::uint32_t> keys;
  for (const std::uint32_t k : canonical_sets(s.key_size)) {
    std::uint32_t smallest = ~0u;
    for (int g = 0; g < kSymmetries; ++g)
      smallest = std::min(smallest, board.apply(g, index_to_board()(k)));
    keys.push_back(smallest);
  }
  std::sort(keys.begin(), keys.end());
  Codes codes(s.entries);
  tbgen::parallel_for(2, s.classes, [&](std::uint64_t cls) {
    const std::uint32_t key = keys[cls];
    std::uint32_t m = (1u << s.other_size) - 1;
    for (std::uint64_t r = 0; r < s.per_class; ++r, m = next_combination(m)) {
      const std::uint32_t mover = deposit_bits(s.other_size ? m : 0, kFull & ~key);
      codes[cls * s.per_class + r] =
          layer.get(s.o_to_move ? position_index(s, mover, key) : position_index(s, key, mover));
    }
  });
  return codes;
}

// Value packings: returns the raw block.
std::vector<std::uint8_t> pack_pairs(const std::uint8_t* c, std::uint64_t n) {
  std::vector<std::uint8_t> raw((n + 3) / 4, 0);
  for (std::uint64_t i = 0; i < n; ++i)
    raw[i >> 2] |= static_cast<std::uint8_t>(c[i] << 2 * (i & 3));
  return raw;
}
std::vector<std::uint8_t> pack_planes(const std::uint8_t* c, std::uint64_t n) {
  const std::uint64_t half = (n + 7) / 8;
  std::vector<std::uint8_t> raw(2 * half, 0);
  for (std::uint64_t i = 0; i < n; ++i) {
    if (c[i] >= kDraw) raw[i >> 3] |= static_cast<std::uint8_t>(1u << (i & 7));
    if (c[i] == kOWins) raw[half + (i >> 3)] |= static_cast<std::uint8_t>(1u << (i & 7));
  }
  return raw;
}
std::vector<std::uint8_t> pack_base3(const std::uint8_t* c, std::uint64_t n) {
  std::vector<std::uint8_t> raw((n + 4) / 5);
  for (std::uint64_t i = 0; i < n; i += 5)
    raw[i / 5] = tbgen::format::pack_trits(
        c + i, static_cast<std::uint32_t>(std::min<std::uint64_t>(5, n - i)));
  return raw;
}

struct Result {
  std::uint64_t bytes = 0;
  double compress_s = 0, decompress_s = 0;  // CPU seconds, summed over blocks
};

Result measure(const Codes& codes,
               std::vector<std::uint8_t> (*pack)(const std::uint8_t*, std::uint64_t), int log2,
               int level) {
  const std::uint64_t block = std::uint64_t{1} << log2;
  const std::uint64_t blocks = (codes.size() + block - 1) / block;
  std::vector<Result> per_block(blocks);
  tbgen::parallel_for(2, blocks, [&](std::uint64_t b) {
    const std::uint64_t first = b * block;
    const auto raw = pack(codes.data() + first, std::min(block, codes.size() - first));
    std::vector<std::uint8_t> comp(ZSTD_compressBound(raw.size())), back(raw.size());
    const auto t0 = std::chrono::steady_clock::now();
    const std::size_t size = ZSTD_compress(comp.data(), comp.size(), raw.data(), raw.size(), level);
    const auto t1 = std::chrono::steady_clock::now();
    if (ZSTD_decompress(back.data(), back.size(), comp.data(), size) != raw.size() || back != raw)
      throw std::runtime_error("zstd round trip failed");
    const auto t2 = std::chrono::steady_clock::now();
    per_block[b] = {size, std::chrono::duration<double>(t1 - t0).count(),
                    std::chrono::duration<double>(t2 - t1).count()};
  });
  Result total;
  for (const auto& r : per_block) {
    total.bytes += r.bytes;
    total.compress_s += r.compress_s;
    total.decompress_s += r.decompress_s;
  }
  return total;
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
  const Codes by_index = codes_in_index_order(layer);
  const Codes by_rows = codes_in_row_order(layer);
  double counts[3] = {};
  for (const std::uint8_t c : by_index) ++counts[c];
  const double n = static_cast<double>(by_index.size());
  std::printf("round %d: %zu entries; X wins %.1f%%, draw %.1f%%, O wins %.1f%%\n", round,
              by_index.size(), 100 * counts[0] / n, 100 * counts[1] / n, 100 * counts[2] / n);
  std::printf("%-10s %-7s %6s %5s %12s %9s %7s %8s %9s\n", "numbering", "packing", "block", "level",
              "bytes", "bits/pos", "ratio", "comp s", "decomp s");
  struct Packing {
    const char* name;
    std::vector<std::uint8_t> (*pack)(const std::uint8_t*, std::uint64_t);
  };
  const Packing packings[] = {
      {"pairs", pack_pairs}, {"planes", pack_planes}, {"base3", pack_base3}};
  // Ratios are to the coding of format v1: row-by-row numbering, 2-bit codes, 2^18, level 3.
  const double baseline = static_cast<double>(measure(by_rows, pack_pairs, 18, 3).bytes);
  for (const auto& [numbering, codes] :
       {std::pair{"rows", &by_rows}, std::pair{"index", &by_index}})
    for (const auto& packing : packings)
      for (const int log2 : {16, 18, 20})
        for (const int level : {3, 9, 19}) {
          if (level == 19 && log2 != 18) continue;
          const Result r = measure(*codes, packing.pack, log2, level);
          const double bytes = static_cast<double>(r.bytes);
          std::printf("%-10s %-7s %6llu %5d %12llu %9.4f %7.3f %8.2f %9.3f\n", numbering,
                      packing.name, 1ull << log2, level, static_cast<unsigned long long>(r.bytes),
                      8 * bytes / n, bytes / baseline, r.compress_s, r.decompress_s);
          std::fflush(stdout);
        }
  return 0;
}
