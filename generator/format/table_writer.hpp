#pragma once
// Writes a table file: packed entries cut into fixed-size blocks, each compressed with zstd
// (in parallel; output bytes do not depend on the thread count), to a temporary file that is
// renamed into place only when complete.
#include <cstdint>
#include <filesystem>
#include <span>

#include "format/table_file.hpp"

namespace tbgen {

struct WriteOptions {
  std::uint32_t block_entries_log2 = 16;
  int zstd_level = 19;
  unsigned threads = 1;
};

// `header` gives game, layer, index scheme, codec, entry bits, entry count and game parameter;
// the writer fills in the rest. `packed` holds the entries packed as the format prescribes.
// Returns the whole-file checksum.
std::uint64_t write_table(const std::filesystem::path& path, format::Header header,
                          std::span<const std::uint8_t> packed, const WriteOptions& options);

// Sets entry `index` (value < 2^entry_bits, entry_bits <= 64) in a packed buffer. Not
// thread-safe for sub-byte entries sharing a byte.
void pack_entry(std::uint8_t* data, std::uint64_t index, std::uint32_t entry_bits,
                std::uint64_t value);

}  // namespace tbgen
