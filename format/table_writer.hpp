#pragma once
// Writes a table file: packed entries cut into fixed-size blocks, each compressed with zstd
// (in parallel; output bytes do not depend on the thread count), to a temporary file that is
// renamed into place only when complete.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <vector>

#include "format/table_file.hpp"

namespace tbgen {

// zstd parameters that override the level's own (0 keeps the level's): for tables too large
// for a high level's time, the optimal parser with a short search gets most of its ratio.
struct ZstdTuning {
  int strategy = 0;  // ZSTD_strategy, e.g. 7 = ZSTD_btopt
  int search_log = 0, min_match = 0, target_length = 0;
};

struct WriteOptions {
  std::uint32_t block_entries_log2 = 16;
  int zstd_level = 19;
  ZstdTuning tuning{};
  unsigned threads = 1;
};

// Writes entries [first, first + count) packed as the header says into `out` (zeroed,
// header.packed_bytes(count) bytes); called concurrently for different blocks.
using EntryProducer =
    std::function<void(std::uint64_t first, std::uint64_t count, std::uint8_t* out)>;

// `header` gives game, layer, index scheme, codec, entry bits and radix, entry count and game
// parameter; the writer fills in the rest. Returns the whole-file checksum.
std::uint64_t write_table(const std::filesystem::path& path, format::Header header,
                          const EntryProducer& produce, const WriteOptions& options);
// The same from entries already packed in memory.
std::uint64_t write_table(const std::filesystem::path& path, const format::Header& header,
                          std::span<const std::uint8_t> packed, const WriteOptions& options);

// Compressed bytes of every `stride`-th block (0, stride, 2 * stride, ...) as write_table would
// write them: to choose between packings by measurement without writing.
std::uint64_t sampled_compressed_size(format::Header header, const EntryProducer& produce,
                                      const WriteOptions& options, std::uint32_t stride);

// The entry radix whose packing compresses smaller on every `stride`-th block at `sampling`:
// base-3 digits (format::kTernary) or binary, for 2-bit entries (else binary). Deterministic.
std::uint32_t smaller_packing(const format::Header& header,
                              const std::function<EntryProducer(std::uint32_t)>& packed_as,
                              const WriteOptions& sampling, std::uint32_t stride);

// One block's packed bytes compressed as write_table compresses them.
std::vector<std::uint8_t> compress_bytes(std::span<const std::uint8_t> raw,
                                         const WriteOptions& options);

// Sets entry `index` (value < 2^entry_bits, entry_bits <= 64) in a packed buffer. Not
// thread-safe for sub-byte entries sharing a byte.
void pack_entry(std::uint8_t* data, std::uint64_t index, std::uint32_t entry_bits,
                std::uint64_t value);

}  // namespace tbgen
