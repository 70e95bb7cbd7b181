// A dictionary's compression state is made with zstd's advanced API (experimental in name, in
// the library since 1.4): it must carry the write's own parser settings, since a compressor that
// refers to it takes them from it.
#define ZSTD_STATIC_LINKING_ONLY
#define ZDICT_STATIC_LINKING_ONLY
#include "format/table_writer.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <zdict.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "core/positioned_io.hpp"
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

void pack_entries(const std::uint8_t* codes, std::uint64_t count, std::uint32_t entry_radix,
                  std::uint32_t entry_bits, std::uint8_t* out) {
  // Whole bytes built in registers, a group of entries at a time (a placement member's packing
  // was about 3% of a double5 build); then the last few entries.
  std::uint64_t i = 0;
  if (entry_radix == format::kTernary) {
    for (; i + format::kTritsPerByte <= count; i += format::kTritsPerByte)
      *out++ = static_cast<std::uint8_t>(codes[i] + 3 * codes[i + 1] + 9 * codes[i + 2] +
                                         27 * codes[i + 3] + 81 * codes[i + 4]);
    if (i < count) *out = format::pack_trits(codes + i, static_cast<std::uint32_t>(count - i));
    return;
  }
  // Four entries of 2, 4 or 8 bits (one byte each in `codes`) are 1, 2 or 4 whole bytes.
  static_assert(std::endian::native == std::endian::little);
  const std::uint32_t mask = ((1u << entry_bits) - 1) * 0x01010101u;
  const std::uint32_t bytes = entry_bits / 2;
  for (; i + 4 <= count; i += 4, out += bytes) {
    std::uint32_t four;
    std::memcpy(&four, codes + i, sizeof four);
    const std::uint32_t packed = combinatorial::extract_bits(four, mask);
    std::memcpy(out, &packed, bytes);
  }
  for (std::uint32_t b = 0; i < count; ++i, ++b)
    out[b * entry_bits / 8] |= static_cast<std::uint8_t>(codes[i] << (b * entry_bits % 8));
}

namespace {

// Appends `raw` compressed as one zstd frame, with the dictionary if it has one. Frames record
// neither their size (the reader knows it) nor the dictionary's id (the file holds one).
void compress_frame(std::span<const std::uint8_t> raw, const WriteOptions& options,
                    const Dictionary& dictionary, std::vector<std::uint8_t>& out) {
  // Compressed into a buffer of the worst-case size, then appended at its own size: a write
  // holds every block of a table, which would otherwise each keep the worst case's capacity.
  thread_local std::vector<std::uint8_t> buffer;
  buffer.resize(ZSTD_compressBound(raw.size()));
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
      {ZSTD_c_targetLength, options.tuning.target_length},
      {ZSTD_c_contentSizeFlag, 0},
      {ZSTD_c_dictIDFlag, 0}};
  for (const auto& [parameter, value] : parameters) {
    const std::size_t status = ZSTD_CCtx_setParameter(cctx, parameter, value);
    if (ZSTD_isError(status)) throw std::runtime_error(ZSTD_getErrorName(status));
  }
  const std::size_t status = ZSTD_CCtx_refCDict(cctx, dictionary.digested());
  if (ZSTD_isError(status)) throw std::runtime_error(ZSTD_getErrorName(status));
  const std::size_t size =
      ZSTD_compress2(cctx, buffer.data(), buffer.size(), raw.data(), raw.size());
  if (ZSTD_isError(size)) throw std::runtime_error(ZSTD_getErrorName(size));
  out.insert(out.end(), buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(size));
}

void set_block_fields(format::Header& header, const WriteOptions& options) {
  header.block_entries_log2 = options.block_entries_log2;
  header.block_count = static_cast<std::uint32_t>(
      (header.entry_count + header.block_entries() - 1) >> header.block_entries_log2);
  header.zstd_level = static_cast<std::uint32_t>(options.zstd_level);
  header.frames_log2 =
      options.two_frames_from != 0 && header.entry_count >= options.two_frames_from ? 1 : 0;
}

// The packed bytes of a block (`header` with its block fields filled in).
void pack_block(const format::Header& header, const EntryProducer& produce, std::uint32_t block,
                std::vector<std::uint8_t>& raw) {
  const std::uint64_t first = std::uint64_t{block} << header.block_entries_log2;
  raw.assign(header.block_raw_bytes(block), 0);
  produce(first, std::min(header.block_entries(), header.entry_count - first), raw.data());
}

// A block compressed as its frames, one a piece, back to back.
std::vector<std::uint8_t> compress_block(const format::Header& header, const EntryProducer& produce,
                                         std::uint32_t block, const WriteOptions& options,
                                         const Dictionary& dictionary) {
  thread_local std::vector<std::uint8_t> raw;
  pack_block(header, produce, block, raw);
  std::vector<std::uint8_t> out;
  const std::uint64_t piece = header.piece_bytes();
  for (std::uint64_t at = 0; at < raw.size(); at += piece)
    compress_frame({raw.data() + at, std::min<std::uint64_t>(piece, raw.size() - at)}, options,
                   dictionary, out);
  return out;
}

// The blocks of a share sampled every `stride`: multiples of the stride in [first, end).
std::vector<std::uint32_t> sampled_blocks(const format::Header& header, std::uint32_t stride,
                                          const BlockShare& share) {
  std::vector<std::uint32_t> blocks;
  const std::uint32_t end = std::min(share.end, header.block_count);
  for (std::uint64_t b = (std::uint64_t{share.first} + stride - 1) / stride * stride; b < end;
       b += stride)
    blocks.push_back(static_cast<std::uint32_t>(b));
  return blocks;
}

// The header's dictionary fields, and the directory's, for blocks of these sizes.
void set_data_fields(format::Header& header, const Dictionary& dictionary,
                     std::span<const std::uint8_t> directory_bytes,
                     std::span<const format::DirectoryEntry> directory) {
  header.dictionary_size = static_cast<std::uint32_t>(dictionary.bytes().size());
  header.dictionary_checksum =
      dictionary.bytes().empty() ? 0 : xxh3(dictionary.bytes().data(), dictionary.bytes().size());
  header.data_size = 0;
  for (const auto& d : directory) header.data_size += d.compressed_size;
  header.directory_checksum = xxh3(directory_bytes.data(), directory_bytes.size());
}

}  // namespace

Dictionary::Dictionary(std::vector<std::uint8_t> bytes, format::Header header,
                       const WriteOptions& options)
    : bytes_(std::move(bytes)) {
  if (bytes_.empty()) return;
  set_block_fields(header, options);
  ZSTD_compressionParameters p =
      ZSTD_getCParams(options.zstd_level, header.piece_bytes(), bytes_.size());
  if (options.tuning.strategy) p.strategy = static_cast<ZSTD_strategy>(options.tuning.strategy);
  if (options.tuning.search_log) p.searchLog = static_cast<unsigned>(options.tuning.search_log);
  if (options.tuning.min_match) p.minMatch = static_cast<unsigned>(options.tuning.min_match);
  if (options.tuning.target_length)
    p.targetLength = static_cast<unsigned>(options.tuning.target_length);
  cdict_ = ZSTD_createCDict_advanced(bytes_.data(), bytes_.size(), ZSTD_dlm_byRef, ZSTD_dct_auto, p,
                                     ZSTD_defaultCMem);
  if (!cdict_) throw std::runtime_error("zstd cannot digest the dictionary it trained");
}

Dictionary::~Dictionary() {
  ZSTD_freeCDict(cdict_);
}

std::vector<std::uint8_t> dictionary_sample(format::Header header, const EntryProducer& produce,
                                            const WriteOptions& options, const BlockShare& share) {
  set_block_fields(header, options);
  std::uint32_t stride = 16;
  while (stride < header.block_count &&
         header.block_count / stride * header.block_raw_bytes(0) > kDictionarySample)
    stride *= 2;
  const auto blocks = sampled_blocks(header, stride, share);
  std::vector<std::vector<std::uint8_t>> raw(blocks.size());
  parallel_for(options.threads, blocks.size(),
               [&](std::uint64_t i) { pack_block(header, produce, blocks[i], raw[i]); });
  std::vector<std::uint8_t> sample;
  for (const auto& r : raw) sample.insert(sample.end(), r.begin(), r.end());
  return sample;
}

std::vector<std::uint8_t> train_dictionary(format::Header header,
                                           std::span<const std::uint8_t> sample,
                                           const WriteOptions& options) {
  set_block_fields(header, options);
  if (options.dictionary_capacity == 0 ||
      sample.size() < 8 * std::uint64_t{options.dictionary_capacity})
    return {};
  // Every sampled block is whole pieces but the table's last, which is last in the sample.
  const std::uint64_t piece = header.piece_bytes();
  std::vector<std::size_t> sizes;
  for (std::uint64_t at = 0; at < sample.size(); at += piece)
    sizes.push_back(std::min<std::uint64_t>(piece, sample.size() - at));
  std::vector<std::uint8_t> dictionary(options.dictionary_capacity);
  ZDICT_fastCover_params_t p{};
  p.k = 200;  // segments of 200 bytes scored by their 8-byte windows: zstd's starting point
  p.d = 8;
  p.f = 20;
  p.accel = 1;
  p.splitPoint = 1.0;
  p.nbThreads = 1;
  p.zParams.compressionLevel = options.zstd_level;
  const std::size_t size =
      ZDICT_trainFromBuffer_fastCover(dictionary.data(), dictionary.size(), sample.data(),
                                      sizes.data(), static_cast<unsigned>(sizes.size()), p);
  if (ZDICT_isError(size)) return {};
  dictionary.resize(size);
  return dictionary;
}

CompressedBlocks sample_blocks(format::Header header, const EntryProducer& produce,
                               const WriteOptions& options, std::uint32_t stride,
                               const BlockShare& share) {
  set_block_fields(header, options);
  const auto sampled = sampled_blocks(header, stride, share);
  const Dictionary none({}, header, options);
  CompressedBlocks blocks(header.block_count);
  parallel_for(options.threads, sampled.size(), [&](std::uint64_t i) {
    blocks[sampled[i]] = compress_block(header, produce, sampled[i], options, none);
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
                                                       const Dictionary& dictionary) {
  format::Header h = header;
  set_block_fields(h, options);
  const std::uint32_t end = std::min(share.end, h.block_count);
  std::vector<std::vector<std::uint8_t>> blocks(end > share.first ? end - share.first : 0);
  parallel_for(options.threads, blocks.size(), [&](std::uint64_t i) {
    blocks[i] = compress_block(h, produce, static_cast<std::uint32_t>(share.first + i), options,
                               dictionary);
  });
  return blocks;
}

std::uint64_t write_table(const std::filesystem::path& path, format::Header header,
                          const EntryProducer& produce, const WriteOptions& options) {
  const Dictionary dictionary(
      train_dictionary(header, dictionary_sample(header, produce, options), options), header,
      options);
  // A batch of blocks at a time, compressed on the threads and appended in order: the writer
  // holds a batch (at most 64 MiB packed), not the table.
  BlockFileWriter file(path, header, options, dictionary);
  set_block_fields(header, options);
  const auto batch = static_cast<std::uint32_t>(
      std::max<std::uint64_t>(1, (std::uint64_t{64} << 20) / header.block_raw_bytes(0)));
  for (std::uint32_t first = 0; first < header.block_count;) {
    const std::uint32_t end = first + std::min(batch, header.block_count - first);
    for (const auto& block : compress_blocks(header, produce, options, {first, end}, dictionary))
      file.append(block);
    first = end;
  }
  return file.finish();
}

BlockFileWriter::BlockFileWriter(const std::filesystem::path& path, format::Header header,
                                 const std::vector<format::DirectoryEntry>& directory,
                                 const WriteOptions& options, const Dictionary& dictionary)
    : dictionary_(&dictionary), directory_(directory) {
  open(path, header, options);
  if (directory.size() != header_.block_count)
    throw std::invalid_argument("block count does not match the entry count");
  for (const auto& d : directory) {
    offsets_.push_back(end_);
    end_ += d.compressed_size;
  }
  put_head();
}

BlockFileWriter::BlockFileWriter(const std::filesystem::path& path, format::Header header,
                                 const WriteOptions& options, const Dictionary& dictionary)
    : dictionary_(&dictionary), appending_(true) {
  open(path, header, options);
  directory_.reserve(header_.block_count);
}

void BlockFileWriter::open(const std::filesystem::path& path, format::Header header,
                           const WriteOptions& options) {
  if (!format::valid_entry_bits(header.entry_bits))
    throw std::invalid_argument("invalid entry width");
  if (!format::valid_entry_radix(header.entry_radix, header.entry_bits))
    throw std::invalid_argument("invalid entry radix");
  set_block_fields(header, options);
  header_ = header;
  path_ = path;
  tmp_ = path.string() + ".tmp." + std::to_string(::getpid());
  fd_ = ::open(tmp_.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd_ < 0) throw std::runtime_error(tmp_.string() + ": cannot create");
  // The blocks start after the header, the directory and the dictionary.
  end_ =
      format::kHeaderSize + std::uint64_t{16} * header_.block_count + dictionary_->bytes().size();
}

void BlockFileWriter::put_head() {
  const auto dir_bytes = format::encode_directory(directory_);
  set_data_fields(header_, *dictionary_, dir_bytes, directory_);
  const auto head = format::encode_header(header_);
  put_at(0, head);
  put_at(head.size(), dir_bytes);
  put_at(head.size() + dir_bytes.size(), dictionary_->bytes());
}

BlockFileWriter::~BlockFileWriter() {
  if (fd_ >= 0) {  // not finished: an error on the way
    ::close(fd_);
    std::filesystem::remove(tmp_);
  }
}

void BlockFileWriter::put_at(std::uint64_t offset, std::span<const std::uint8_t> bytes) {
  if (!write_at(fd_, bytes.data(), bytes.size(), offset))
    throw std::runtime_error(tmp_.string() + ": write failed");
}

void BlockFileWriter::put(std::uint32_t block, std::span<const std::uint8_t> bytes) {
  if (appending_ || block >= offsets_.size() || bytes.size() != directory_[block].compressed_size)
    throw std::invalid_argument("a block that does not match its directory entry");
  put_at(offsets_[block], bytes);
}

void BlockFileWriter::append(std::span<const std::uint8_t> bytes) {
  if (!appending_ || directory_.size() == header_.block_count)
    throw std::invalid_argument("a block past the table's block count");
  // Blocks of a few dozen bytes are gathered into writes of a few megabytes.
  if (pending_.size() + bytes.size() > kPendingBytes) flush();
  pending_.insert(pending_.end(), bytes.begin(), bytes.end());
  directory_.push_back(
      {xxh3(bytes.data(), bytes.size()), static_cast<std::uint32_t>(bytes.size())});
}

void BlockFileWriter::flush() {
  put_at(end_, pending_);
  end_ += pending_.size();
  pending_.clear();
}

std::uint64_t BlockFileWriter::finish() {
  if (appending_) {
    if (directory_.size() != header_.block_count)
      throw std::invalid_argument("block count does not match the entry count");
    flush();
    put_head();
  }
  // The whole-file checksum over the bytes in order, read back a piece at a time.
  Xxh3Stream whole;
  std::vector<std::uint8_t> piece(std::size_t{1} << 22);
  for (std::uint64_t at = 0; at < end_;) {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(piece.size(), end_ - at));
    if (read_at(fd_, piece.data(), want, at) != want)
      throw std::runtime_error(tmp_.string() + ": cannot read back");
    whole.update(piece.data(), want);
    at += want;
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
