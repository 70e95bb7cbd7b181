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
  // Tables of at least this many entries cut each block into two zstd frames, so that a probe
  // that misses the cache decodes half a block (0: one frame a block, whatever the size).
  std::uint64_t two_frames_from = 0;
  // A zstd dictionary of at most this many bytes, trained on a sample of the table, compresses
  // every frame (0: none; docs/format.md: what it saves and costs).
  std::uint32_t dictionary_capacity = 0;
};

// The layers of family members (double5 among them): blocks of 2^12 entries (at most 1 KiB of
// 2-bit entries), so that a probe that misses the cache decodes a few microseconds' worth, not
// 64 KB; in two frames in the largest tables (2^28 entries and more: double5's rounds 7-9, where
// most positions are), a dictionary of 32 KiB a table (docs/format.md: the trade-off against
// size). zstd's optimal parser with a one-step search gets most of level 13's ratio in less
// time; the minimum match and target length are those that brought double5's tables under 97 MB
// in blocks of 2^18 entries.
inline constexpr WriteOptions kLayerWrite{
    .block_entries_log2 = 12,
    .zstd_level = 13,
    .tuning = {.strategy = ZSTD_btopt, .search_log = 1, .min_match = 5, .target_length = 32},
    .threads = 1,
    .two_frames_from = std::uint64_t{1} << 28,
    .dictionary_capacity = std::uint32_t{1} << 15};

// Writes entries [first, first + count) packed as the header says into `out` (zeroed,
// header.packed_bytes(count) bytes); called concurrently for different blocks.
using EntryProducer =
    std::function<void(std::uint64_t first, std::uint64_t count, std::uint8_t* out)>;

// Compressed blocks by block number; empty where a block is not sampled.
using CompressedBlocks = std::vector<std::vector<std::uint8_t>>;

// `header` gives game, layer, index scheme, codec, entry bits and radix, entry count and game
// parameter; the writer fills in the rest, and trains the dictionary the options ask for.
// Returns the whole-file checksum.
std::uint64_t write_table(const std::filesystem::path& path, format::Header header,
                          const EntryProducer& produce, const WriteOptions& options);
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

// A zstd dictionary a table's frames are compressed with: its bytes, written into the file, and
// their digested form for the compressor, made once a table and shared by the threads.
class Dictionary {
 public:
  // `bytes` empty: no dictionary.
  Dictionary(std::vector<std::uint8_t> bytes, format::Header header, const WriteOptions& options);
  ~Dictionary();
  Dictionary(const Dictionary&) = delete;
  Dictionary& operator=(const Dictionary&) = delete;
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }
  const ZSTD_CDict* digested() const { return cdict_; }

 private:
  std::vector<std::uint8_t> bytes_;
  ZSTD_CDict* cdict_ = nullptr;
};

// What a dictionary is trained on: the packed bytes of the share's blocks among every s-th block
// of the table (blocks 0, s, 2s, ...), back to back, s the least power of two from 16 up that
// samples at most kDictionarySample bytes (zstd asks for about a hundred times the dictionary;
// the sample of a distributed write is gathered on one process). The same blocks whatever the
// processes, so that the samples of every process in rank order are the whole table's.
inline constexpr std::uint64_t kDictionarySample = std::uint64_t{8} << 20;
std::vector<std::uint8_t> dictionary_sample(format::Header header, const EntryProducer& produce,
                                            const WriteOptions& options,
                                            const BlockShare& share = {});
// A dictionary of at most options.dictionary_capacity bytes trained on the whole table's sample,
// cut into its frames' pieces (fastCover with fixed parameters on one thread: the same bytes
// every time), or none (empty) for a sample under eight times the capacity or one zstd cannot
// train on.
std::vector<std::uint8_t> train_dictionary(format::Header header,
                                           std::span<const std::uint8_t> sample,
                                           const WriteOptions& options);

// Every `stride`-th block (0, stride, 2 * stride, ...) of the share, compressed as write_table
// would compress it without a dictionary: to choose between packings or keyings by measurement.
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

// The share's blocks [first, end) compressed as write_table compresses them, with `dictionary`
// (`header` as for write_table).
std::vector<std::vector<std::uint8_t>> compress_blocks(const format::Header& header,
                                                       const EntryProducer& produce,
                                                       const WriteOptions& options,
                                                       const BlockShare& share,
                                                       const Dictionary& dictionary);
// A table file put together block by block without holding its blocks. Given every block's
// directory entry, blocks are put at their places in any order: how rank 0 of a distributed
// build writes a table that the other processes send a few blocks at a time. Given none, blocks
// are appended in order and the header and directory written last: how one process writes a
// table of any size a batch of blocks at a time. finish() checksums the whole file (reading it
// back) and renames it into place.
class BlockFileWriter {
 public:
  BlockFileWriter(const std::filesystem::path& path, format::Header header,
                  const std::vector<format::DirectoryEntry>& directory, const WriteOptions& options,
                  const Dictionary& dictionary);
  BlockFileWriter(const std::filesystem::path& path, format::Header header,
                  const WriteOptions& options, const Dictionary& dictionary);
  ~BlockFileWriter();
  BlockFileWriter(const BlockFileWriter&) = delete;
  BlockFileWriter& operator=(const BlockFileWriter&) = delete;
  std::uint32_t size(std::uint32_t block) const { return directory_.at(block).compressed_size; }
  void put(std::uint32_t block, std::span<const std::uint8_t> bytes);
  void append(std::span<const std::uint8_t> bytes);  // the next block, without a directory
  std::uint64_t finish();                            // the whole-file checksum

 private:
  void open(const std::filesystem::path& path, format::Header header, const WriteOptions& options);
  void put_at(std::uint64_t offset, std::span<const std::uint8_t> bytes);
  void put_head();  // the header, directory and dictionary
  void flush();     // the blocks appended and not yet written
  std::filesystem::path path_, tmp_;
  int fd_ = -1;
  format::Header header_;
  const Dictionary* dictionary_;
  std::vector<format::DirectoryEntry> directory_;
  std::vector<std::uint64_t> offsets_;  // of each block, given the directory
  std::uint64_t end_ = 0;               // where the next appended block or the trailer goes
  bool appending_ = false;
  static constexpr std::size_t kPendingBytes = std::size_t{4} << 20;
  std::vector<std::uint8_t> pending_;
};

// Sets entry `index` (value < 2^entry_bits, entry_bits <= 64) in a packed buffer. Not
// thread-safe for sub-byte entries sharing a byte.
void pack_entry(std::uint8_t* data, std::uint64_t index, std::uint32_t entry_bits,
                std::uint64_t value);
// Codes (one a byte, each below 2^entry_bits, or 3 for base-3 digits) packed as a table with that
// entry radix stores them: base-3 digits, or binary of 2, 4 or 8 bits (no entry then straddles a
// byte). `out` is zeroed.
void pack_entries(const std::uint8_t* codes, std::uint64_t count, std::uint32_t entry_radix,
                  std::uint32_t entry_bits, std::uint8_t* out);

}  // namespace tbgen
