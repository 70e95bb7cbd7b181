// Table files: any bytes are refused with tbreader::Error or read without a crash. With the
// first input byte odd, every checksum is recomputed over the mutated file first, so that
// the fuzzer reaches the structural checks and the decompression behind them.
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "format/checksum.hpp"
#include "format/table.hpp"
#include "format/table_file.hpp"
#include "fuzz/temp_paths.hpp"

namespace {

std::uint32_t load32(const std::uint8_t* p) {
  return p[0] | p[1] << 8 | p[2] << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

void reseal(std::vector<std::uint8_t>& f) {
  using namespace tbgen::format;
  if (f.size() < kHeaderSize + kTrailerSize) return;
  const std::uint64_t blocks = load32(f.data() + 172);
  const std::uint64_t directory_end = kHeaderSize + kDirectoryEntrySize * blocks;
  const std::uint64_t data_start = directory_end + load32(f.data() + 208);  // after the dictionary
  if (data_start + kTrailerSize > f.size()) return;
  store_u64(f.data() + 216, tbgen::xxh3(f.data() + directory_end, data_start - directory_end));
  std::uint64_t offset = data_start;
  for (std::uint64_t b = 0; b < blocks; ++b) {
    std::uint8_t* entry = f.data() + kHeaderSize + kDirectoryEntrySize * b;
    const std::uint64_t size = load32(entry + 8);
    if (offset + size > f.size() - kTrailerSize) break;
    store_u64(entry, tbgen::xxh3(f.data() + offset, size));
    offset += size;
  }
  store_u64(f.data() + 184, tbgen::xxh3(f.data() + kHeaderSize, directory_end - kHeaderSize));
  store_u64(f.data() + 248, tbgen::xxh3(f.data(), 248));
  store_u64(f.data() + f.size() - kTrailerSize, tbgen::xxh3(f.data(), f.size() - kTrailerSize));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::vector<std::uint8_t> file(data + 1, data + size);
  if (data[0] & 1) reseal(file);
  static const std::string path = [] {
    const auto p = std::filesystem::temp_directory_path() /
                   ("tbgen-fuzz-table-" + std::to_string(::getpid()) + ".tb");
    tbgen::fuzz::remove_at_exit(p);
    return p.string();
  }();
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(file.data()), static_cast<std::streamsize>(file.size()));
  try {
    const tbgen::Table table(path, tbreader::CacheMode::decoded);
    const auto& h = table.header();
    for (std::uint64_t i : {std::uint64_t{0}, h.entry_count / 2, h.entry_count - 1})
      if (h.entry_bits <= 64) (void)table.entry(i);
    table.verify_all();
  } catch (const tbreader::Error&) {
  }
  try {  // single frames of a block, found by their headers, decoded alone
    const tbgen::Table table(path, tbreader::CacheMode::single_block);
    const auto& h = table.header();
    for (std::uint64_t i : {std::uint64_t{0}, h.entry_count / 2, h.entry_count - 1})
      if (h.entry_bits <= 64) (void)table.entry(i);
  } catch (const tbreader::Error&) {
  }
  return 0;
}
