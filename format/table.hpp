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

namespace tbgen {

// The file of table `name` in `dir`: every table file is "<name>.tb".
inline std::filesystem::path table_path(const std::filesystem::path& dir, std::string_view name) {
  return dir / (std::string(name) + ".tb");
}

class Table {
 public:
  // Validates magic, version, header, directory and file size; throws tbreader::Error.
  // CacheMode::bounded keeps decoded blocks in `cache`; the compressed blocks are read where
  // they are mapped (resident as far as they are read, and the kernel's to drop).
  Table(const std::filesystem::path& path, tbreader::CacheMode mode, BlockCache* cache = nullptr);
  ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const format::Header& header() const { return header_; }
  const std::string& name() const { return name_; }
  std::uint64_t file_size() const { return file_size_; }

  // Entries of up to 64 bits. Throws on an out-of-range index or a damaged block.
  std::uint64_t entry(std::uint64_t index) const;
  // Asks for the cache line of an entry of a block already decoded (CacheMode::decoded).
  void prefetch_entry(std::uint64_t index) const;
  // Decoded bytes of one block (verified); valid while the table lives, or, in single_block
  // and bounded modes, until this thread asks for another block.
  std::span<const std::uint8_t> block(std::uint32_t block) const;
  // Whole-file checksum and every block checksum and decode; throws on the first failure.
  void verify_all() const;

 private:
  std::vector<std::uint8_t> decode(std::uint32_t block) const;
  std::span<const std::uint8_t> bytes(std::uint64_t offset, std::uint64_t size) const;
  std::uint8_t* decoded_slot(std::uint32_t block) const;  // where block's raw bytes go

  std::string name_;
  tbreader::CacheMode mode_;
  BlockCache* cache_;
  const std::uint8_t* map_ = nullptr;
  std::uint64_t file_size_ = 0;
  format::Header header_;
  std::vector<std::uint64_t> block_offsets_;  // block_count + 1: where each block starts, ends
  // Decoded mode: every block's raw bytes in one region of huge pages (a probe's random read is
  // then one cache miss, not also a page-table walk), block b at b times a block's size, each
  // written by the first thread to claim it and published by its bit in ready_. Bits, not a
  // pointer a block: with small blocks a pointer array would be megabytes, another miss a probe.
  std::uint8_t* decoded_region_ = nullptr;
  std::uint64_t decoded_bytes_ = 0;
  std::unique_ptr<std::atomic<std::uint64_t>[]> ready_, claimed_;
  std::uint64_t serial_;  // tells thread-local caches apart across tables
};

// Entry `index` of a decoded block (or any buffer packed as `header` says; entries <= 64 bits).
std::uint64_t unpack_entry(const std::uint8_t* data, std::uint64_t index,
                           const format::Header& header);

}  // namespace tbgen
