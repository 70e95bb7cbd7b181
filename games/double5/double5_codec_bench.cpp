// Picks double5's on-disk coding by measurement, for one layer: the order of the entries (cell
// numbering of the index, the side whose set keys the classes, the order of the other side's
// sets within a class) x the value packing x zstd settings x block size, giving the compressed
// size, its ratio to the coding of format v1, and compression and decompression CPU times.
// usage: bench_double5_codec TABLE_DIR [ROUND]   (run after `tbgen build double5`)
#include <zstd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "core/parallel.hpp"
#include "format/table_writer.hpp"
#include "games/double5/double5_solver.hpp"

using namespace tbgen::double5;
using tbgen::combinatorial::colex_unrank;
using tbgen::combinatorial::deposit_bits;
using tbgen::combinatorial::revolving_door_unrank;

namespace {

using Codes = std::vector<std::uint8_t>;  // one value code per entry, in some order

struct Coding {
  const char* name;
  bool row_numbering;  // cells numbered row by row (format v1) rather than by kIndexCells
  Keying keying;
  bool revolving_door;  // the other side's sets in revolving-door order rather than colex
};

// The layer's values in the order of an index built as `coding` says.
Codes codes_in(const LayerPlanes& layer, const Coding& coding) {
  const LayerShape s = layer_shape(layer.shape.round, coding.keying);
  // The key sets, as board masks, in class order: the canonical sets of the index numbering
  // or, row by row, the smallest board image of each class.
  std::vector<std::uint32_t> keys;
  for (const std::uint32_t k : canonical_sets(s.key_size)) {
    std::uint32_t key = index_to_board()(k);
    if (coding.row_numbering)
      for (int g = 0; g < kSymmetries; ++g) key = std::min(key, Symmetry::on_board().apply(g, key));
    keys.push_back(key);
  }
  if (coding.row_numbering) std::sort(keys.begin(), keys.end());
  std::vector<std::uint32_t> others(s.per_class);
  for (std::uint64_t r = 0; r < s.per_class; ++r)
    others[r] = coding.revolving_door ? revolving_door_unrank(r, s.other_size)
                                      : colex_unrank(r, s.other_size);
  Codes codes(s.entries);
  tbgen::parallel_for(2, s.classes, [&](std::uint64_t cls) {
    const std::uint32_t key = keys[cls];
    // The free cells in the numbering's order, as board masks.
    const std::uint32_t free = coding.row_numbering ? kFull & ~key : board_to_index()(kFull & ~key);
    for (std::uint64_t r = 0; r < s.per_class; ++r) {
      const std::uint32_t local = deposit_bits(others[r], free);
      const std::uint32_t other = coding.row_numbering ? local : index_to_board()(local);
      const std::uint32_t o = s.key_is_o ? key : other, x = s.key_is_o ? other : key;
      codes[cls * s.per_class + r] = layer.get(position_index(layer.shape, o, x));
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
               std::vector<std::uint8_t> (*pack)(const std::uint8_t*, std::uint64_t),
               const tbgen::WriteOptions& options) {
  const std::uint64_t block = std::uint64_t{1} << options.block_entries_log2;
  const std::uint64_t blocks = (codes.size() + block - 1) / block;
  std::vector<Result> per_block(blocks);
  tbgen::parallel_for(2, blocks, [&](std::uint64_t b) {
    const std::uint64_t first = b * block;
    const auto raw = pack(codes.data() + first, std::min(block, codes.size() - first));
    std::vector<std::uint8_t> back(raw.size());
    const auto t0 = std::chrono::steady_clock::now();
    const auto comp = tbgen::compress_bytes(raw, options);
    const auto t1 = std::chrono::steady_clock::now();
    if (ZSTD_decompress(back.data(), back.size(), comp.data(), comp.size()) != raw.size() ||
        back != raw)
      throw std::runtime_error("zstd round trip failed");
    const auto t2 = std::chrono::steady_clock::now();
    per_block[b] = {comp.size(), std::chrono::duration<double>(t1 - t0).count(),
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
  const tbgen::Table table(tbgen::table_path(argv[1], table_name(round)),
                           tbreader::CacheMode::single_block);
  const LayerPlanes layer = load_layer(table, round, 2);
  const Coding codings[] = {
      {"v1", true, Keying::non_mover, false},      // format v1
      {"index", false, Keying::non_mover, false},  // format v2, index scheme 3
      {"index+key", false, Keying::table, false},  // ... keyed as the tables are
      {"table", false, Keying::table, true},       // index scheme 4: the tables' order
  };
  struct Packing {
    const char* name;
    std::vector<std::uint8_t> (*pack)(const std::uint8_t*, std::uint64_t);
  };
  const Packing packings[] = {{"pairs", pack_pairs}, {"base3", pack_base3}};
  const auto level = [](int l, std::uint32_t log2 = 18) {
    return tbgen::WriteOptions{.block_entries_log2 = log2, .zstd_level = l};
  };
  const auto tables = [](std::uint32_t log2) {
    tbgen::WriteOptions o = tbgen::kLayerWrite;
    o.block_entries_log2 = log2;
    return o;
  };
  struct Compressor {
    const char* name;
    tbgen::WriteOptions options;
    bool table_order_only;  // slow: measured on the tables' order only
  };
  const Compressor compressors[] = {
      {"level 3", level(3), false},       {"tables'", tables(18), false},
      {"level 13", level(13), true},      {"level 19", level(19), true},
      {"tables' 2^16", tables(16), true}, {"tables' 2^20", tables(20), true},
  };
  std::printf("round %d: %llu entries\n", round,
              static_cast<unsigned long long>(layer.shape.entries));
  std::printf("%-10s %-7s %-13s %12s %9s %7s %8s %9s\n", "order", "packing", "zstd", "bytes",
              "bits/pos", "ratio", "comp s", "decomp s");
  double baseline = 0;  // format v1: v1 order, 2-bit codes, 2^18, level 3
  for (const Coding& coding : codings) {
    const Codes codes = codes_in(layer, coding);
    const double n = static_cast<double>(codes.size());
    for (const auto& packing : packings)
      for (const auto& compressor : compressors) {
        if (compressor.table_order_only && !coding.revolving_door) continue;
        const Result r = measure(codes, packing.pack, compressor.options);
        const double bytes = static_cast<double>(r.bytes);
        if (baseline == 0) baseline = bytes;
        std::printf("%-10s %-7s %-13s %12llu %9.4f %7.3f %8.2f %9.3f\n", coding.name, packing.name,
                    compressor.name, static_cast<unsigned long long>(r.bytes), 8 * bytes / n,
                    bytes / baseline, r.compress_s, r.decompress_s);
        std::fflush(stdout);
      }
  }
  return 0;
}
