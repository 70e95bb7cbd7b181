#pragma once
// Writes a table file: packed entries cut into fixed-size blocks, each compressed with zstd
// (in parallel; output bytes do not depend on the thread count), to a temporary file that is
// renamed into place only when complete.
#include <zstd.h>

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

// The layers of family members (double5 among them): blocks of 2^12 entries (at most 1 KiB of
// 2-bit entries), so that a probe that misses the cache decodes a few microseconds' worth, not
// 64 KB (docs/FORMAT.md: the trade-off against size); zstd's optimal parser with a one-step
// search gets most of level 13's ratio in less time; the minimum match and target length are
// those that brought double5's tables under 97 MB in blocks of 2^18 entries.
inline constexpr WriteOptions kLayerWrite{
    .block_entries_log2 = 12,
    .zstd_level = 13,
    .tuning = {.strategy = ZSTD_btopt, .search_log = 1, .min_match = 5, .target_length = 32},
    .threads = 1};

// Writes entries [first, first + count) packed as the header says into `out` (zeroed,
// header.packed_bytes(count) bytes); called concurrently for different blocks.
using EntryProducer =
    std::function<void(std::uint64_t first, std::uint64_t count, std::uint8_t* out)>;

// Compressed blocks by block number; empty where a block is not (yet) compressed.
using CompressedBlocks = std::vector<std::vector<std::uint8_t>>;

// `header` gives game, layer, index scheme, codec, entry bits and radix, entry count and game
// parameter; the writer fills in the rest. Blocks in `known` (compressed from the same entries
// with the same options, as sample_blocks does) are not compressed again. Returns the whole-file
// checksum.
std::uint64_t write_table(const std::filesystem::path& path, format::Header header,
                          const EntryProducer& produce, const WriteOptions& options,
                          CompressedBlocks known = {});
// The same from entries already packed in memory.
std::uint64_t write_table(const std::filesystem::path& path, const format::Header& header,
                          std::span<const std::uint8_t> packed, const WriteOptions& options);

// The blocks [first, end) of a table that one process of a distributed build compresses, and
// how the processes add up a count (the whole table, in one process: every block, the count
// itself). Blocks are cut and compressed alike whoever compresses them, so the file is the same.
struct BlockShare {
  std::uint32_t first = 0, end = ~std::uint32_t{0};
  std::function<std::uint64_t(std::uint64_t)> sum = [](std::uint64_t n) { return n; };
};

// Every `stride`-th block (0, stride, 2 * stride, ...) of the share, compressed as write_table
// would write it: to choose between packings or keyings by measurement, and then to be written
// without being compressed again.
CompressedBlocks sample_blocks(format::Header header, const EntryProducer& produce,
                               const WriteOptions& options, std::uint32_t stride,
                               const BlockShare& share = {});
// The compressed bytes of `blocks`, added up over the processes of the share.
std::uint64_t compressed_size(const CompressedBlocks& blocks, const BlockShare& share = {});

// The entry radix whose packing compresses smaller on every `stride`-th block at `sampling`:
// base-3 digits (format::kTernary) or binary, for 2-bit entries (else binary). Deterministic.
std::uint32_t smaller_packing(const format::Header& header,
                              const std::function<EntryProducer(std::uint32_t)>& packed_as,
                              const WriteOptions& sampling, std::uint32_t stride,
                              const BlockShare& share = {});

// The share's blocks [first, end) compressed as write_table compresses them (`header` and
// `known` as for write_table).
std::vector<std::vector<std::uint8_t>> compress_blocks(const format::Header& header,
                                                       const EntryProducer& produce,
                                                       const WriteOptions& options,
                                                       const BlockShare& share,
                                                       CompressedBlocks known = {});
// Writes the table from every block compressed (in order); returns the whole-file checksum.
std::uint64_t assemble_table(const std::filesystem::path& path, format::Header header,
                             const std::vector<std::vector<std::uint8_t>>& blocks,
                             const WriteOptions& options);

// A table file put together block by block in any order, each at its place, once every block's
// directory entry is known: how rank 0 of a distributed build writes a table without holding
// its blocks, which the other processes send a few at a time. finish() checksums the whole
// file (reading it back) and renames it into place.
class BlockFileWriter {
 public:
  BlockFileWriter(const std::filesystem::path& path, format::Header header,
                  const std::vector<format::DirectoryEntry>& directory,
                  const WriteOptions& options);
  ~BlockFileWriter();
  BlockFileWriter(const BlockFileWriter&) = delete;
  BlockFileWriter& operator=(const BlockFileWriter&) = delete;
  std::uint32_t size(std::uint32_t block) const { return sizes_.at(block); }
  void put(std::uint32_t block, std::span<const std::uint8_t> bytes);
  std::uint64_t finish();  // the whole-file checksum

 private:
  void put_at(std::uint64_t offset, std::span<const std::uint8_t> bytes);
  std::filesystem::path path_, tmp_;
  int fd_ = -1;
  std::vector<std::uint64_t> offsets_;
  std::vector<std::uint32_t> sizes_;
  std::uint64_t end_ = 0;  // where the trailer goes
};

// One block's packed bytes compressed as write_table compresses them.
std::vector<std::uint8_t> compress_bytes(std::span<const std::uint8_t> raw,
                                         const WriteOptions& options);

// Sets entry `index` (value < 2^entry_bits, entry_bits <= 64) in a packed buffer. Not
// thread-safe for sub-byte entries sharing a byte.
void pack_entry(std::uint8_t* data, std::uint64_t index, std::uint32_t entry_bits,
                std::uint64_t value);

}  // namespace tbgen
