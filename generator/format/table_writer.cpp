#include "format/table_writer.hpp"

#include <unistd.h>
#include <zstd.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checksum.hpp"
#include "retro/parallel.hpp"

namespace tbgen {

void pack_entry(std::uint8_t* data, std::uint64_t index, std::uint32_t entry_bits,
                std::uint64_t value) {
  if (entry_bits < 8) {
    const std::uint64_t bit = index * entry_bits;
    const unsigned shift = bit & 7;
    const unsigned mask = ((1u << entry_bits) - 1) << shift;
    data[bit >> 3] = static_cast<std::uint8_t>((data[bit >> 3] & ~mask) | (value << shift));
    return;
  }
  std::uint8_t* p = data + index * (entry_bits / 8);
  for (std::uint32_t i = 0; i < entry_bits / 8; ++i)
    p[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

std::uint64_t write_table(const std::filesystem::path& path, format::Header header,
                          std::span<const std::uint8_t> packed, const WriteOptions& options) {
  if (!format::valid_entry_bits(header.entry_bits))
    throw std::invalid_argument("invalid entry width");
  if (packed.size() != format::packed_bytes(header.entry_count, header.entry_bits))
    throw std::invalid_argument("packed buffer does not match the entry count");
  header.block_entries_log2 = options.block_entries_log2;
  header.block_count = static_cast<std::uint32_t>(
      (header.entry_count + header.block_entries() - 1) >> header.block_entries_log2);
  header.zstd_level = static_cast<std::uint32_t>(options.zstd_level);

  const std::uint64_t block_bytes = format::packed_bytes(header.block_entries(), header.entry_bits);
  std::vector<std::vector<std::uint8_t>> blocks(header.block_count);
  std::vector<format::DirectoryEntry> directory(header.block_count);
  parallel_for(options.threads, header.block_count, [&](std::uint64_t b) {
    const auto raw =
        packed.subspan(b * block_bytes, header.block_raw_bytes(static_cast<std::uint32_t>(b)));
    auto& out = blocks[b];
    out.resize(ZSTD_compressBound(raw.size()));
    const std::size_t size =
        ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), options.zstd_level);
    if (ZSTD_isError(size)) throw std::runtime_error(ZSTD_getErrorName(size));
    out.resize(size);
    directory[b] = {xxh3(out.data(), out.size()), static_cast<std::uint32_t>(size)};
  });
  header.data_size = 0;
  for (const auto& d : directory) header.data_size += d.compressed_size;
  const auto dir_bytes = format::encode_directory(directory);
  header.directory_checksum = xxh3(dir_bytes.data(), dir_bytes.size());
  const auto head = format::encode_header(header);

  Xxh3Stream whole;
  const auto tmp = path.string() + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error(tmp + ": cannot create");
    auto put = [&](const void* data, std::size_t size) {
      out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
      whole.update(data, size);
    };
    put(head.data(), head.size());
    put(dir_bytes.data(), dir_bytes.size());
    for (const auto& b : blocks) put(b.data(), b.size());
    std::uint8_t trailer[format::kTrailerSize];
    const std::uint64_t checksum = whole.digest();
    format::store_u64(trailer, checksum);
    std::copy(format::kTrailerMagic.begin(), format::kTrailerMagic.end(), trailer + 8);
    out.write(reinterpret_cast<const char*>(trailer), sizeof trailer);
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw std::runtime_error(tmp + ": write failed");
    }
    out.close();
    std::filesystem::rename(tmp, path);
    return checksum;
  }
}

}  // namespace tbgen
