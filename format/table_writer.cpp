#include "format/table_writer.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/parallel.hpp"
#include "format/checksum.hpp"

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

std::vector<std::uint8_t> compress_bytes(std::span<const std::uint8_t> raw,
                                         const WriteOptions& options) {
  // Compressed into a buffer of the worst-case size, then copied out at its own size: a write
  // holds every block of a table, which would otherwise each keep the worst case's capacity.
  thread_local std::vector<std::uint8_t> out;
  out.resize(ZSTD_compressBound(raw.size()));
  // One context per thread: creating one per block costs more than compressing a small one.
  thread_local std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> context(ZSTD_createCCtx(),
                                                                            ZSTD_freeCCtx);
  ZSTD_CCtx* cctx = context.get();
  ZSTD_CCtx_reset(cctx, ZSTD_reset_session_and_parameters);
  const std::pair<ZSTD_cParameter, int> parameters[] = {
      {ZSTD_c_compressionLevel, options.zstd_level},
      {ZSTD_c_strategy, options.tuning.strategy},
      {ZSTD_c_searchLog, options.tuning.search_log},
      {ZSTD_c_minMatch, options.tuning.min_match},
      {ZSTD_c_targetLength, options.tuning.target_length}};
  for (const auto& [parameter, value] : parameters) {
    const std::size_t status = ZSTD_CCtx_setParameter(cctx, parameter, value);
    if (ZSTD_isError(status)) throw std::runtime_error(ZSTD_getErrorName(status));
  }
  const std::size_t size = ZSTD_compress2(cctx, out.data(), out.size(), raw.data(), raw.size());
  if (ZSTD_isError(size)) throw std::runtime_error(ZSTD_getErrorName(size));
  return {out.begin(), out.begin() + static_cast<std::ptrdiff_t>(size)};
}

namespace {

// `header` must have its block fields filled in.
std::vector<std::uint8_t> compress_block(const format::Header& header, const EntryProducer& produce,
                                         std::uint32_t block, const WriteOptions& options) {
  const std::uint64_t first = std::uint64_t{block} << header.block_entries_log2;
  thread_local std::vector<std::uint8_t> raw;
  raw.assign(header.block_raw_bytes(block), 0);
  produce(first, std::min(header.block_entries(), header.entry_count - first), raw.data());
  return compress_bytes(raw, options);
}

void set_block_fields(format::Header& header, const WriteOptions& options) {
  header.block_entries_log2 = options.block_entries_log2;
  header.block_count = static_cast<std::uint32_t>(
      (header.entry_count + header.block_entries() - 1) >> header.block_entries_log2);
  header.zstd_level = static_cast<std::uint32_t>(options.zstd_level);
}

}  // namespace

CompressedBlocks sample_blocks(format::Header header, const EntryProducer& produce,
                               const WriteOptions& options, std::uint32_t stride,
                               const BlockShare& share) {
  set_block_fields(header, options);
  // The sampled blocks of the share: multiples of the stride in [first, end).
  const std::uint32_t end = std::min(share.end, header.block_count);
  const std::uint32_t from = (share.first + stride - 1) / stride;
  const std::uint32_t to = end == 0 ? 0 : (end + stride - 1) / stride;
  CompressedBlocks blocks(header.block_count);
  parallel_for(options.threads, to > from ? to - from : 0, [&](std::uint64_t i) {
    const auto block = static_cast<std::uint32_t>((from + i) * stride);
    blocks[block] = compress_block(header, produce, block, options);
  });
  return blocks;
}

std::uint64_t compressed_size(const CompressedBlocks& blocks, const BlockShare& share) {
  std::uint64_t total = 0;
  for (const auto& b : blocks) total += b.size();
  return share.sum(total);
}

std::uint64_t write_table(const std::filesystem::path& path, const format::Header& header,
                          std::span<const std::uint8_t> packed, const WriteOptions& options) {
  if (packed.size() != header.packed_bytes(header.entry_count))
    throw std::invalid_argument("packed buffer does not match the entry count");
  const std::uint64_t block_bytes =
      header.packed_bytes(std::uint64_t{1} << options.block_entries_log2);
  return write_table(
      path, header,
      [&](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
        const std::uint64_t offset = (first >> options.block_entries_log2) * block_bytes;
        std::memcpy(out, packed.data() + offset, header.packed_bytes(count));
      },
      options);
}

std::vector<std::vector<std::uint8_t>> compress_blocks(const format::Header& header,
                                                       const EntryProducer& produce,
                                                       const WriteOptions& options,
                                                       const BlockShare& share,
                                                       CompressedBlocks known) {
  format::Header h = header;
  set_block_fields(h, options);
  const std::uint32_t end = std::min(share.end, h.block_count);
  known.resize(h.block_count);
  std::vector<std::vector<std::uint8_t>> blocks(end > share.first ? end - share.first : 0);
  parallel_for(options.threads, blocks.size(), [&](std::uint64_t i) {
    const auto block = static_cast<std::uint32_t>(share.first + i);
    blocks[i] =
        known[block].empty() ? compress_block(h, produce, block, options) : std::move(known[block]);
  });
  return blocks;
}

std::uint64_t write_table(const std::filesystem::path& path, format::Header header,
                          const EntryProducer& produce, const WriteOptions& options,
                          CompressedBlocks known) {
  return assemble_table(path, header,
                        compress_blocks(header, produce, options, {}, std::move(known)), options);
}

std::uint64_t assemble_table(const std::filesystem::path& path, format::Header header,
                             const std::vector<std::vector<std::uint8_t>>& blocks,
                             const WriteOptions& options) {
  if (!format::valid_entry_bits(header.entry_bits))
    throw std::invalid_argument("invalid entry width");
  if (!format::valid_entry_radix(header.entry_radix, header.entry_bits))
    throw std::invalid_argument("invalid entry radix");
  set_block_fields(header, options);
  if (blocks.size() != header.block_count)
    throw std::invalid_argument("block count does not match the entry count");

  std::vector<format::DirectoryEntry> directory(header.block_count);
  parallel_for(options.threads, header.block_count, [&](std::uint64_t b) {
    directory[b] = {xxh3(blocks[b].data(), blocks[b].size()),
                    static_cast<std::uint32_t>(blocks[b].size())};
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

BlockFileWriter::BlockFileWriter(const std::filesystem::path& path, format::Header header,
                                 const std::vector<format::DirectoryEntry>& directory,
                                 const WriteOptions& options)
    : path_(path), tmp_(path.string() + ".tmp." + std::to_string(::getpid())) {
  set_block_fields(header, options);
  if (directory.size() != header.block_count)
    throw std::invalid_argument("block count does not match the entry count");
  header.data_size = 0;
  for (const auto& d : directory) header.data_size += d.compressed_size;
  const auto dir_bytes = format::encode_directory(directory);
  header.directory_checksum = xxh3(dir_bytes.data(), dir_bytes.size());
  const auto head = format::encode_header(header);
  fd_ = ::open(tmp_.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd_ < 0) throw std::runtime_error(tmp_.string() + ": cannot create");
  std::uint64_t at = head.size() + dir_bytes.size();
  for (const auto& d : directory) {
    offsets_.push_back(at);
    sizes_.push_back(d.compressed_size);
    at += d.compressed_size;
  }
  end_ = at;
  put_at(0, head);
  put_at(head.size(), dir_bytes);
}

BlockFileWriter::~BlockFileWriter() {
  if (fd_ >= 0) {  // not finished: an error on the way
    ::close(fd_);
    std::filesystem::remove(tmp_);
  }
}

void BlockFileWriter::put_at(std::uint64_t offset, std::span<const std::uint8_t> bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n =
        ::pwrite(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (n <= 0) throw std::runtime_error(tmp_.string() + ": write failed");
    done += static_cast<std::size_t>(n);
  }
}

void BlockFileWriter::put(std::uint32_t block, std::span<const std::uint8_t> bytes) {
  if (block >= sizes_.size() || bytes.size() != sizes_[block])
    throw std::invalid_argument("a block that does not match its directory entry");
  put_at(offsets_[block], bytes);
}

std::uint64_t BlockFileWriter::finish() {
  // The whole-file checksum over the bytes in order, read back a piece at a time.
  Xxh3Stream whole;
  std::vector<std::uint8_t> piece(std::size_t{1} << 22);
  for (std::uint64_t at = 0; at < end_;) {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(piece.size(), end_ - at));
    const ssize_t n = ::pread(fd_, piece.data(), want, static_cast<off_t>(at));
    if (n <= 0) throw std::runtime_error(tmp_.string() + ": cannot read back");
    whole.update(piece.data(), static_cast<std::size_t>(n));
    at += static_cast<std::uint64_t>(n);
  }
  const std::uint64_t checksum = whole.digest();
  std::uint8_t trailer[format::kTrailerSize];
  format::store_u64(trailer, checksum);
  std::copy(format::kTrailerMagic.begin(), format::kTrailerMagic.end(), trailer + 8);
  put_at(end_, trailer);
  if (::close(fd_) != 0) throw std::runtime_error(tmp_.string() + ": write failed");
  fd_ = -1;
  std::filesystem::rename(tmp_, path_);
  return checksum;
}

std::uint32_t smaller_packing(const format::Header& header,
                              const std::function<EntryProducer(std::uint32_t)>& packed_as,
                              const WriteOptions& sampling, std::uint32_t stride,
                              const BlockShare& share) {
  if (header.entry_bits != 2) return 0;
  std::uint32_t best = 0;
  std::uint64_t best_size = ~std::uint64_t{0};
  for (const std::uint32_t radix : {format::kTernary, 0u}) {
    format::Header h = header;
    h.entry_radix = radix;
    const std::uint64_t size =
        compressed_size(sample_blocks(h, packed_as(radix), sampling, stride, share), share);
    if (size < best_size) best = radix, best_size = size;
  }
  return best;
}

}  // namespace tbgen
