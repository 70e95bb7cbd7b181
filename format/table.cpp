#include "format/table.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "core/huge_pages.hpp"
#include "core/positioned_io.hpp"
#include "format/checksum.hpp"

namespace tbgen {
namespace {

std::atomic<std::uint64_t> next_serial{1};
// The compressed bytes read in at once in the bounded and single_block modes (a run).
constexpr std::uint64_t kRunBytes = std::uint64_t{1} << 18;

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw tbreader::Error(where + ": " + what);
}

// The block, or frame of a block, a thread uses now (single_block and bounded modes).
struct ThreadBlock {
  std::uint64_t serial = 0;
  std::uint32_t block = 0, frame = 0;
  std::vector<std::uint8_t> data;  // its decoded bytes (bounded: a copy of the cache's)
};
thread_local ThreadBlock thread_block;

}  // namespace

std::uint64_t unpack_entry(const std::uint8_t* data, std::uint64_t index,
                           const format::Header& header) {
  if (header.entry_radix == format::kTernary) return format::unpack_trit(data, index);
  const std::uint32_t entry_bits = header.entry_bits;
  if (entry_bits < 8) {
    const std::uint64_t bit = index * entry_bits;
    return (data[bit >> 3] >> (bit & 7)) & ((1u << entry_bits) - 1);
  }
  const std::uint8_t* p = data + index * (entry_bits / 8);
  std::uint64_t v = 0;
  for (std::uint32_t i = entry_bits / 8; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

namespace {

// Where entry `index` of a packed buffer lies: its first byte, how many bytes hold it (entries
// never straddle bytes they do not fill: 1, 2 or 4 bits, base-3 digits five to a byte, or whole
// bytes), and its index among the entries of those bytes, as unpack_entry takes it.
struct EntryPlace {
  std::uint64_t at, index;
  std::size_t bytes;
};
EntryPlace entry_place(std::uint64_t index, const format::Header& header) {
  if (header.entry_radix == format::kTernary)
    return {index / format::kTritsPerByte, index % format::kTritsPerByte, 1};
  const std::uint32_t bits = header.entry_bits;
  if (bits < 8) return {index * bits / 8, index % (8 / bits), 1};
  return {index * (bits / 8), 0, bits / 8};
}

FileIdentity identity_of(const struct stat& st) {
  return {.device = st.st_dev,
          .inode = st.st_ino,
          .size = static_cast<std::uint64_t>(st.st_size),
          .modified_ns = st.st_mtim.tv_sec * 1'000'000'000ll + st.st_mtim.tv_nsec,
          .changed_ns = st.st_ctim.tv_sec * 1'000'000'000ll + st.st_ctim.tv_nsec};
}

}  // namespace

Table::Table(const std::filesystem::path& path, tbreader::CacheMode mode, BlockCache* cache)
    : path_(path),
      name_(path.string()),
      mode_(mode),
      cache_(cache),
      serial_(next_serial.fetch_add(1)) {
  if ((mode == tbreader::CacheMode::bounded) != (cache != nullptr))
    throw std::logic_error("a bounded table needs a block cache, and only it");
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) fail(name_, std::string("cannot open: ") + std::strerror(errno));
  try {
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) fail(name_, "not a regular file");
    identity_ = identity_of(st);
    file_size_ = identity_.size;
    if (file_size_ < format::kHeaderSize)
      fail(name_,
           "truncated: shorter than the " + std::to_string(format::kHeaderSize) + "-byte header");
    std::vector<std::uint8_t> head(format::kHeaderSize);
    read(0, head.size(), head.data(), "header");
    header_ = format::decode_header(head, name_);
    if (header_.file_size() != file_size_)
      fail(name_, "file size " + std::to_string(file_size_) + " does not match the header (" +
                      std::to_string(header_.file_size()) + "): truncated or extended");
    std::vector<std::uint8_t> bytes(format::kDirectoryEntrySize * header_.block_count);
    read(format::kHeaderSize, bytes.size(), bytes.data(), "block directory");
    const auto directory = format::decode_directory(bytes, header_, name_);
    if (header_.dictionary_size > 0) {
      std::vector<std::uint8_t> dictionary(header_.dictionary_size);
      read(format::kHeaderSize + bytes.size(), dictionary.size(), dictionary.data(), "dictionary");
      if (xxh3(dictionary.data(), dictionary.size()) != header_.dictionary_checksum)
        fail(name_, "dictionary checksum mismatch (corrupt dictionary)");
      dictionary_ = ZSTD_createDDict(dictionary.data(), dictionary.size());
      if (!dictionary_) fail(name_, "a dictionary zstd cannot load");
    }
    block_offsets_.resize(std::size_t{header_.block_count} + 1);
    block_checksums_.resize(header_.block_count);
    block_offsets_[0] = format::kHeaderSize + bytes.size() + header_.dictionary_size;
    for (std::uint32_t b = 0; b < header_.block_count; ++b) {
      block_offsets_[b + 1] = block_offsets_[b] + directory[b].compressed_size;
      block_checksums_[b] = directory[b].checksum;
    }
    std::array<std::uint8_t, format::kTrailerSize> trailer{};
    read(file_size_ - format::kTrailerSize, trailer.size(), trailer.data(), "trailer");
    if (std::memcmp(trailer.data() + 8, format::kTrailerMagic.data(), 8) != 0)
      fail(name_, "bad trailer (truncated or not a tbgen table)");
    file_checksum_ = format::load_u64(trailer.data());
  } catch (...) {
    ZSTD_freeDDict(dictionary_);
    ::close(fd_);
    throw;
  }
  const bool decoded = mode_ == tbreader::CacheMode::decoded;
  std::size_t parts = header_.block_count;  // what ready_ and claimed_ hold a bit for
  if (decoded) {
    slot_bytes_ = header_.block_raw_bytes(0);
    if (header_.entry_bits <= 8) {  // base-3 digits are 2-bit entries
      inline_entries_ = header_.entry_count;
      bits_log2_ = static_cast<std::uint32_t>(std::countr_zero(header_.entry_bits));
    }
    for (std::uint32_t b = 0; b < header_.block_count; ++b)
      decoded_bytes_ += header_.block_raw_bytes(b);
  } else {
    const std::uint64_t per_block =
        std::max<std::uint64_t>(1, header_.data_size / header_.block_count);
    while (run_log2_ < 16 && (per_block << (run_log2_ + 1)) <= kRunBytes) ++run_log2_;
    parts = ((parts - 1) >> run_log2_) + 1;
    verified_ = std::make_unique<std::atomic<std::uint64_t>[]>(
        (std::size_t{header_.block_count} + 63) / 64);
  }
  const std::uint64_t region_bytes = decoded ? decoded_bytes_ : header_.data_size;
  auto* region =
      static_cast<std::uint8_t*>(map_huge_pages(std::max<std::uint64_t>(region_bytes, 1), true));
  if (!region) {
    ZSTD_freeDDict(dictionary_);
    ::close(fd_);
    fail(name_, "cannot reserve " + std::to_string(region_bytes) + " bytes of memory for its " +
                    (decoded ? "decoded" : "compressed") + " blocks");
  }
  (decoded ? decoded_region_ : compressed_region_) = region;
  ready_ = std::make_unique<std::atomic<std::uint64_t>[]>((parts + 63) / 64);
  claimed_ = std::make_unique<std::atomic<std::uint64_t>[]>((parts + 63) / 64);
}

Table::~Table() {
  if (decoded_region_) unmap_huge_pages(decoded_region_, decoded_bytes_);
  if (compressed_region_)
    unmap_huge_pages(compressed_region_, std::max<std::uint64_t>(header_.data_size, 1));
  ZSTD_freeDDict(dictionary_);
  ::close(fd_);
}

void Table::read(std::uint64_t offset, std::uint64_t size, std::uint8_t* out,
                 const std::string& what) const {
  const std::size_t got = read_at(fd_, out, size, offset);
  if (got < size) {
    const int error = errno;  // before anything else may set it
    damaged_.store(true, std::memory_order_relaxed);
    fail(name_, what + ": " +
                    (error != 0 ? std::string("cannot read: ") + std::strerror(error)
                                : "the file ends at byte " + std::to_string(offset + got) +
                                      ", not " + std::to_string(offset + size) +
                                      " (truncated since it was opened?)"));
  }
}

bool Table::same_file() const {
  struct stat st {};
  return ::stat(path_.c_str(), &st) == 0 && identity_of(st) == identity_;
}

std::uint8_t* Table::decoded_slot(std::uint32_t block) const {
  return decoded_region_ + std::uint64_t{block} * slot_bytes_;
}

const std::uint8_t* Table::compressed(std::uint32_t block,
                                      std::vector<std::uint8_t>& scratch) const {
  const auto alone = [&] {  // the block read by itself
    const std::uint64_t size = block_offsets_[block + 1] - block_offsets_[block];
    if (scratch.size() < size) scratch.resize(size);
    read(block_offsets_[block], size, scratch.data(), "block " + std::to_string(block));
    return scratch.data();
  };
  if (!compressed_region_) return alone();
  const std::size_t r = block >> run_log2_;
  const std::uint64_t bit = std::uint64_t{1} << (r & 63);
  std::uint8_t* at = compressed_region_ + (block_offsets_[block] - block_offsets_[0]);
  if (ready_[r >> 6].load(std::memory_order_acquire) & bit) return at;
  // Two threads may want the same run: the first to claim it reads it in; the other reads its
  // block alone this once.
  if (claimed_[r >> 6].fetch_or(bit, std::memory_order_acq_rel) & bit) return alone();
  const std::uint64_t first = block_offsets_[r << run_log2_];
  const std::uint64_t end = block_offsets_[std::min<std::uint64_t>(
      (std::uint64_t{r} + 1) << run_log2_, header_.block_count)];
  try {
    read(first, end - first, compressed_region_ + (first - block_offsets_[0]),
         "block " + std::to_string(block));
  } catch (...) {
    claimed_[r >> 6].fetch_and(~bit, std::memory_order_acq_rel);  // tried again next time
    throw;
  }
  ready_[r >> 6].fetch_or(bit, std::memory_order_release);
  return at;
}

void Table::prefetch_compressed(std::uint32_t block) const {
  const std::size_t r = block >> run_log2_;
  if (!(ready_[r >> 6].load(std::memory_order_relaxed) >> (r & 63) & 1)) return;
  const std::uint64_t from = block_offsets_[block] - block_offsets_[0];
  const std::uint64_t to = block_offsets_[block + 1] - block_offsets_[0];
  for (std::uint64_t at = from & ~std::uint64_t{63}; at < to; at += 64)
    __builtin_prefetch(compressed_region_ + at);
}

std::uint64_t Table::decoded_size(std::uint32_t block, std::uint32_t frame) const {
  const std::uint64_t whole = header_.block_raw_bytes(block);
  return frame == kWhole ? whole
                         : std::min(header_.piece_bytes(), whole - frame * header_.piece_bytes());
}

std::vector<std::uint8_t> Table::decode(std::uint32_t block) const {
  std::vector<std::uint8_t> raw(decoded_size(block, kWhole));
  decode(block, kWhole, raw.data());
  return raw;
}

void Table::decode(std::uint32_t block, std::uint32_t frame, std::uint8_t* out) const {
  const std::uint64_t size = block_offsets_[block + 1] - block_offsets_[block];
  thread_local std::vector<std::uint8_t> scratch;
  const std::uint8_t* data = compressed(block, scratch);
  // A run is read once and kept: a block of it found right once stays right, and is not
  // hashed again each time it is decoded (under a bounded cache, nearly every probe).
  const std::uint64_t bit = std::uint64_t{1} << (block & 63);
  if (!verified_ || !(verified_[block >> 6].load(std::memory_order_relaxed) & bit)) {
    if (xxh3(data, size) != block_checksums_[block]) {
      damaged_.store(true, std::memory_order_relaxed);
      fail(name_, "block " + std::to_string(block) + " checksum mismatch (corrupt data)");
    }
    if (verified_) verified_[block >> 6].fetch_or(bit, std::memory_order_relaxed);
  }
  const std::uint64_t raw_size = decoded_size(block, frame);
  std::size_t source_size = size;
  if (frame != kWhole) {  // the frames before it skipped by their headers, without decoding
    for (std::uint32_t f = 0;; ++f) {
      const std::size_t bytes = ZSTD_findFrameCompressedSize(data, source_size);
      if (ZSTD_isError(bytes))
        fail(name_, "block " + std::to_string(block) + " does not hold its frames");
      if (f == frame) {
        source_size = bytes;
        break;
      }
      data += bytes;
      source_size -= bytes;
    }
  }
  // Contexts per thread: ZSTD_decompress would allocate one (over 100 KB) for every block. A
  // context last used with another dictionary takes it as cold, and asks for its tables' cache
  // lines again (hundreds of prefetches a frame); probes that move between a few tables keep
  // one context for each of the last kContexts dictionaries.
  constexpr std::size_t kContexts = 4;
  struct Context {
    const ZSTD_DDict* dictionary = nullptr;
    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> context{ZSTD_createDCtx(), ZSTD_freeDCtx};
  };
  thread_local std::array<Context, kContexts> contexts;
  std::size_t c = 0;
  while (c + 1 < kContexts && contexts[c].dictionary != dictionary_) ++c;
  std::rotate(contexts.begin(), contexts.begin() + c, contexts.begin() + c + 1);  // to the front
  contexts[0].dictionary = dictionary_;
  ZSTD_DCtx* context = contexts[0].context.get();
  // A block of several frames decodes whole as one call: zstd decodes frames back to back.
  const std::size_t got =
      dictionary_
          ? ZSTD_decompress_usingDDict(context, out, raw_size, data, source_size, dictionary_)
          : ZSTD_decompressDCtx(context, out, raw_size, data, source_size);
  if (ZSTD_isError(got) || got != raw_size)
    fail(name_, "block " + std::to_string(block) + " does not decompress to its size");
}

bool Table::holds_now(std::uint32_t block, std::uint32_t frame) const {
  const ThreadBlock& mine = thread_block;
  return mine.serial == serial_ && mine.block == block && mine.frame == frame;
}

std::uint64_t Table::cache_key(std::uint32_t block, std::uint32_t frame) const {
  const std::uint64_t key = (serial_ << 32 | block) << 4 | frame;
  cache_->prefetch(key);
  __builtin_prefetch(&block_offsets_[block]);  // both misses at once, before the lookup's lock
  return key;
}

std::span<const std::uint8_t> Table::kept(std::uint32_t block, std::uint32_t frame,
                                          bool missed) const {
  ThreadBlock& mine = thread_block;
  if (!holds_now(block, frame)) {
    mine.serial = 0;  // stays invalid if decode throws
    const std::uint64_t size = decoded_size(block, frame);
    mine.data.resize(size);
    const std::uint64_t key = cache_ ? cache_key(block, frame) : 0;
    if (!cache_ || missed || !cache_->copy(key, 0, {mine.data.data(), size})) {
      if (cache_) prefetch_compressed(block);
      decode(block, frame, mine.data.data());
      if (cache_) cache_->insert(key, {mine.data.data(), size});
    }
    mine.serial = serial_;
    mine.block = block;
    mine.frame = frame;
  }
  return {mine.data.data(), decoded_size(block, frame)};
}

std::span<const std::uint8_t> Table::block(std::uint32_t block) const {
  const std::size_t size = header_.block_raw_bytes(block);
  if (!decoded_region_) return kept(block, kWhole);
  std::uint8_t* slot = decoded_slot(block);
  const std::uint64_t bit = std::uint64_t{1} << (block & 63);
  if (ready_[block >> 6].load(std::memory_order_acquire) & bit) return {slot, size};
  auto raw = decode(block);
  // Two threads may decode the same block: the first to claim it writes it in place; the
  // other answers from its own copy this once.
  if (!(claimed_[block >> 6].fetch_or(bit, std::memory_order_acq_rel) & bit)) {
    std::memcpy(slot, raw.data(), raw.size());
    ready_[block >> 6].fetch_or(bit, std::memory_order_release);
    return {slot, size};
  }
  ThreadBlock& mine = thread_block;
  mine.serial = 0;  // the thread's block is no longer what it held
  mine.data = std::move(raw);
  return {mine.data.data(), size};
}

std::uint64_t Table::any_entry(std::uint64_t index) const {
  if (index >= header_.entry_count) fail(name_, "entry " + std::to_string(index) + " out of range");
  if (header_.entry_bits > 64) fail(name_, "entries wider than 64 bits need block access");
  const auto b = static_cast<std::uint32_t>(index >> header_.block_entries_log2);
  const std::uint64_t i = index & (header_.block_entries() - 1);
  if (decoded_region_) {
    // A block already decoded in place: its bit, then the entry (no thread-local state).
    if (ready_[b >> 6].load(std::memory_order_acquire) >> (b & 63) & 1)
      return unpack_entry(decoded_slot(b), i, header_);
    return unpack_entry(block(b).data(), i, header_);
  }
  const auto frame = static_cast<std::uint32_t>(i / header_.piece_entries());
  const std::uint64_t j = i - std::uint64_t{frame} * header_.piece_entries();
  if (cache_ && !holds_now(b, frame)) {
    // A hit copies out the entry's bytes alone: the whole frame, chunks apart, cost a hit more
    // than the shared block it replaced (hex 4x5, whose frames the cache mostly holds, 0.85x).
    const std::uint64_t key = cache_key(b, frame);
    const EntryPlace place = entry_place(j, header_);
    std::array<std::uint8_t, 8> bytes{};
    if (cache_->copy(key, place.at, {bytes.data(), place.bytes}))
      return unpack_entry(bytes.data(), place.index, header_);
    return unpack_entry(kept(b, frame, true).data(), j, header_);
  }
  return unpack_entry(kept(b, frame).data(), j, header_);
}

void Table::prefetch_wide(std::uint64_t index) const {
  if (!decoded_region_ || index >= header_.entry_count) return;
  const std::uint64_t block = index >> header_.block_entries_log2;
  if (!(ready_[block >> 6].load(std::memory_order_acquire) >> (block & 63) & 1)) return;
  const std::uint64_t i = index & (header_.block_entries() - 1);
  const std::uint8_t* at =
      decoded_slot(static_cast<std::uint32_t>(block)) + entry_place(i, header_).at;
  __builtin_prefetch(at, 0, 0);  // non-temporal, as entry() reads it
}

void Table::verify_all() const {
  const std::uint64_t covered = file_size_ - format::kTrailerSize;
  Xxh3Stream whole;
  std::vector<std::uint8_t> chunk(std::uint64_t{1} << 20);
  for (std::uint64_t at = 0; at < covered; at += chunk.size()) {
    const std::uint64_t size = std::min<std::uint64_t>(chunk.size(), covered - at);
    read(at, size, chunk.data(), "whole-file checksum");
    whole.update(chunk.data(), size);
  }
  if (whole.digest() != file_checksum_) fail(name_, "whole-file checksum mismatch");
  for (std::uint32_t b = 0; b < header_.block_count; ++b) (void)decode(b);
}

}  // namespace tbgen
