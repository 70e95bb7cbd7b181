#pragma once
// One open table file: validated header and directory, blocks decoded on demand.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/block_cache.hpp"
#include "format/table_file.hpp"
#include "tbreader/tbreader.hpp"

struct ZSTD_DDict_s;

namespace tbgen {

// The file of table `name` in `dir`: every table file is "<name>.tb".
inline std::filesystem::path table_path(const std::filesystem::path& dir, std::string_view name) {
  return dir / (std::string(name) + ".tb");
}

// The file a table was opened from, as stat tells it: another inode, size or time means the
// file was replaced, truncated, extended or written since.
struct FileIdentity {
  std::uint64_t device = 0, inode = 0, size = 0;
  std::int64_t modified_ns = 0, changed_ns = 0;
  bool operator==(const FileIdentity&) const = default;
};

class Table {
 public:
  // Validates magic, version, header, directory and file size; throws tbreader::Error.
  // CacheMode::bounded keeps decoded blocks in `cache`. Compressed blocks are read with pread,
  // never through a mapping: a file truncated under a mapping would kill the process (SIGBUS)
  // where a short read is an error naming the file (docs/format.md, "Reading"). In the
  // bounded and single_block modes, which decode blocks again and again, they are read a run
  // of blocks at a time into memory the table keeps, so that a block decoded again costs no
  // system call: the compressed data a probe touched stays resident, as it did mapped.
  Table(const std::filesystem::path& path, tbreader::CacheMode mode, BlockCache* cache = nullptr);
  ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const format::Header& header() const { return header_; }
  const std::string& name() const { return name_; }
  std::uint64_t file_size() const { return file_size_; }

  // Entries of up to 64 bits. Throws on an out-of-range index or a damaged block. In the
  // single_block and bounded modes a block of several frames decodes the entry's frame alone.
  std::uint64_t entry(std::uint64_t index) const { return read_entry<false>(index); }
  // entry() of an entry read once at random: its cache line asked for as non-temporal
  // (prefetch_entry) right before the read, its place worked out once for both.
  std::uint64_t entry_once(std::uint64_t index) const { return read_entry<true>(index); }
  // Asks for the cache line of an entry of a block already decoded (CacheMode::decoded), as
  // non-temporal: a random probe reads its entry once, and a line brought in as usual would evict
  // from the core's L2 the tables every probe works its index out from (symmetry rows, class
  // bits): double5's single probes 1.12x (docs/notes/probe_speed.md).
  void prefetch_entry(std::uint64_t index) const {
    if (const std::uint8_t* at = inline_place(index).at) return __builtin_prefetch(at, 0, 0);
    prefetch_wide(index);
  }
  // Decoded bytes of one block (verified); valid while the table lives, or, in single_block
  // and bounded modes, until this thread asks for another block.
  std::span<const std::uint8_t> block(std::uint32_t block) const;
  // Whole-file checksum and every block checksum and decode; throws on the first failure.
  void verify_all() const;

  // A reader's mark on a table it has checked for its game and layout, so that a probe makes
  // those checks once a table (a table opened anew, its file replaced, starts unmarked).
  const void* checked_for() const { return checked_for_.load(std::memory_order_acquire); }
  void mark_checked_for(const void* reader) const {
    checked_for_.store(reader, std::memory_order_release);
  }

  // Whether the file at the table's path is still the one it was opened from.
  bool same_file() const;
  // Whether a read found the file other than it was opened (short, or a block's checksum
  // wrong): the table set then looks at the file again before it trusts the table.
  bool damaged() const { return damaged_.load(std::memory_order_relaxed); }
  // The file was looked at again and found unchanged: a damaged block is damage it had when
  // opened, an error each time it is read.
  void checked() const { damaged_.store(false, std::memory_order_relaxed); }

 private:
  // Where entry() reads an entry inline, the case a single probe meets most: a block decoded in
  // place, its entries of at most a byte (1, 2, 4 or 8 bits, or base-3 digits five to a byte).
  // `at` is null elsewhere.
  struct InlinePlace {
    const std::uint8_t* at = nullptr;
    std::uint64_t i = 0;  // in its block
  };
  InlinePlace inline_place(std::uint64_t index) const {
    if (index >= inline_entries_) return {};
    const auto b = static_cast<std::uint32_t>(index >> header_.block_entries_log2);
    if (!(ready_[b >> 6].load(std::memory_order_acquire) >> (b & 63) & 1)) return {};
    const std::uint64_t i = index & (header_.block_entries() - 1);
    const bool trits = header_.entry_radix == format::kTernary;
    return {decoded_region_ + b * slot_bytes_ +
                (trits ? i / format::kTritsPerByte : (i << bits_log2_) >> 3),
            i};
  }
  template <bool kOnce>
  std::uint64_t read_entry(std::uint64_t index) const {
    if (const auto [at, i] = inline_place(index); at) {
      if constexpr (kOnce) __builtin_prefetch(at, 0, 0);
      if (header_.entry_radix == format::kTernary)
        return format::kTritDigits[*at][i % format::kTritsPerByte];
      return (*at >> ((i << bits_log2_) & 7)) & ((1u << (1u << bits_log2_)) - 1);
    }
    return any_entry(index);
  }
  void prefetch_wide(std::uint64_t index) const;  // prefetch_entry() of an entry not inline
  static constexpr std::uint32_t kWhole = 15;  // every frame of a block (frames < 2^kMaxFramesLog2)
  // The decoded size of frame `frame` of a block (kWhole: all of them, the whole block).
  std::uint64_t decoded_size(std::uint32_t block, std::uint32_t frame) const;
  // Decodes that frame (or block) into `out` (decoded_size bytes), after the block's checksum.
  void decode(std::uint32_t block, std::uint32_t frame, std::uint8_t* out) const;
  std::vector<std::uint8_t> decode(std::uint32_t block) const;  // the whole block
  // Decoded bytes kept as the mode says (single_block, bounded): valid until this thread asks
  // for another block or frame.
  // `missed`: the caller found it missing from the cache just now.
  std::span<const std::uint8_t> kept(std::uint32_t block, std::uint32_t frame,
                                     bool missed = false) const;
  bool holds_now(std::uint32_t block, std::uint32_t frame) const;  // this thread's kept frame
  // A frame's key in the cache, its lookup's and its offsets' cache lines asked for.
  std::uint64_t cache_key(std::uint32_t block, std::uint32_t frame) const;
  // The compressed bytes of a block: in its run (bounded, single_block), read in first if need
  // be, or read into `scratch` (decoded: each block is decoded once).
  const std::uint8_t* compressed(std::uint32_t block, std::vector<std::uint8_t>& scratch) const;
  // Asks for the cache lines of a block's compressed bytes if its run is read in.
  void prefetch_compressed(std::uint32_t block) const;
  // Reads `size` bytes at `offset` into `out`; a short read marks the table damaged and throws
  // naming `what`.
  void read(std::uint64_t offset, std::uint64_t size, std::uint8_t* out,
            const std::string& what) const;
  std::uint8_t* decoded_slot(std::uint32_t block) const;  // where block's raw bytes go
  std::uint64_t any_entry(std::uint64_t index) const;     // entry(), every mode and width

  std::filesystem::path path_;
  std::string name_;
  tbreader::CacheMode mode_;
  BlockCache* cache_;
  int fd_ = -1;
  FileIdentity identity_;
  std::uint64_t file_size_ = 0;
  format::Header header_;
  std::uint64_t file_checksum_ = 0;             // the trailer's
  std::vector<std::uint64_t> block_offsets_;    // block_count + 1: where each block starts, ends
  std::vector<std::uint64_t> block_checksums_;  // the directory's
  ZSTD_DDict_s* dictionary_ = nullptr;          // the file's, digested once; null: none
  mutable std::atomic<bool> damaged_{false};
  mutable std::atomic<const void*> checked_for_{nullptr};
  // Both regions are of huge pages, reserved whole and filled as probes need them: a probe's
  // random read is then one cache miss, not also a page-table walk. Each part is written by the
  // first thread to claim it (claimed_) and published by its bit in ready_: a block in decoded
  // mode, a run otherwise. Bits, not a pointer a part: with small blocks a pointer array would
  // be megabytes, another miss a probe.
  // Decoded mode: every block's raw bytes, block b at b times a block's size.
  std::uint8_t* decoded_region_ = nullptr;
  std::uint64_t decoded_bytes_ = 0;
  std::uint64_t slot_bytes_ = 0;  // a full block's raw bytes: worked out once, not every probe
  // Decoded mode with entries of 2^bits_log2_ <= 8 bits (base-3 digits among them): the
  // entries, else 0 (entry() inline reads them).
  std::uint64_t inline_entries_ = 0;
  std::uint32_t bits_log2_ = 0;
  // The other modes: the file's compressed blocks at their offsets from the first, read in runs
  // of 2^run_log2_ blocks (about 256 KiB) on first use and kept.
  std::uint8_t* compressed_region_ = nullptr;
  std::uint32_t run_log2_ = 0;
  std::unique_ptr<std::atomic<std::uint64_t>[]> ready_, claimed_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> verified_;  // a bit a block checked in its run
  std::uint64_t serial_;  // tells thread-local caches apart across tables
};

// Entry `index` of a decoded block (or any buffer packed as `header` says; entries <= 64 bits).
std::uint64_t unpack_entry(const std::uint8_t* data, std::uint64_t index,
                           const format::Header& header);

}  // namespace tbgen
