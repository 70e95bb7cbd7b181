#include "generator/layer_store.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>

#include "core/parallel.hpp"
#include "format/checksum.hpp"

namespace tbgen {
namespace {

constexpr char kMagic[8] = {'T', 'B', 'G', 'W', 'O', 'R', 'K', '1'};
// zstd's fastest level: a layer is written once and read about three times while the layer
// below is solved; on 6x5's layers level 1 keeps most of what higher levels get (docs/building.md).
constexpr int kLevel = 1;

struct FileHeader {
  char magic[8];
  std::uint32_t layer, bits;
  std::uint64_t entries, chunk_entries, game;
};
struct RecordHeader {
  std::uint64_t checksum, size;
};

void full_pwrite(int fd, const void* data, std::size_t size, std::uint64_t at,
                 const std::filesystem::path& path) {
  const auto* p = static_cast<const std::uint8_t*>(data);
  while (size > 0) {
    const ssize_t n = ::pwrite(fd, p, size, static_cast<off_t>(at));
    if (n <= 0) throw std::runtime_error(path.string() + ": cannot write");
    p += n, size -= static_cast<std::size_t>(n), at += static_cast<std::uint64_t>(n);
  }
}

bool full_pread(int fd, void* data, std::size_t size, std::uint64_t at) {
  auto* p = static_cast<std::uint8_t*>(data);
  while (size > 0) {
    const ssize_t n = ::pread(fd, p, size, static_cast<off_t>(at));
    if (n <= 0) return false;
    p += n, size -= static_cast<std::size_t>(n), at += static_cast<std::uint64_t>(n);
  }
  return true;
}

}  // namespace

LayerStore::LayerStore(std::filesystem::path path, const std::string& game, int t,
                       std::uint64_t entries, std::uint32_t bits)
    : path_(std::move(path)), entries_(entries), bits_(bits) {
  static std::atomic<std::uint64_t> opened{0};
  serial_ = ++opened;
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error(path_.string() + ": cannot open");
  FileHeader want{};
  std::memcpy(want.magic, kMagic, sizeof kMagic);
  want.layer = static_cast<std::uint32_t>(t);
  want.bits = bits;
  want.entries = entries;
  want.chunk_entries = kChunkEntries;
  want.game = xxh3(game.data(), game.size());
  FileHeader have{};
  end_ = sizeof want;
  if (full_pread(fd_, &have, sizeof have, 0) && std::memcmp(&have, &want, sizeof want) == 0) {
    // Keep every record that checks, in order; the first that does not ends the file.
    const std::uint64_t chunks = (entries + kChunkEntries - 1) / kChunkEntries;
    std::vector<std::uint8_t> bytes;
    for (RecordHeader r{}; chunks_.size() < chunks && full_pread(fd_, &r, sizeof r, end_);) {
      bytes.resize(r.size);
      if (r.size > ZSTD_compressBound(kChunkEntries * bits / 8) ||
          !full_pread(fd_, bytes.data(), r.size, end_ + sizeof r) ||
          xxh3(bytes.data(), bytes.size()) != r.checksum)
        break;
      chunks_.push_back({end_ + sizeof r, r.size});
      end_ += sizeof r + r.size;
    }
  } else {
    full_pwrite(fd_, &want, sizeof want, 0, path_);
  }
  if (::ftruncate(fd_, static_cast<off_t>(end_)) != 0)
    throw std::runtime_error(path_.string() + ": cannot truncate");
}

LayerStore::~LayerStore() {
  if (fd_ >= 0) ::close(fd_);
}

std::uint64_t LayerStore::done() const {
  return std::min(entries_, chunks_.size() * kChunkEntries);
}

void LayerStore::append(const PackedCodes& codes, std::uint64_t first, std::uint64_t count,
                        unsigned threads) {
  if (first != done() || codes.bits() != bits_ || first < codes.first() ||
      first + count > codes.first() + codes.count() ||
      (first + count != entries_ && count % kChunkEntries != 0))
    throw std::logic_error(path_.string() + ": appended codes out of place");
  const std::uint64_t n = (count + kChunkEntries - 1) / kChunkEntries;
  std::vector<std::vector<std::uint8_t>> compressed(n);
  parallel_for(threads, n, [&](std::uint64_t k) {
    const std::uint64_t entries = std::min(kChunkEntries, count - k * kChunkEntries);
    const std::size_t raw = (entries * bits_ + 7) / 8;
    auto& out = compressed[k];
    out.resize(ZSTD_compressBound(raw));
    const std::size_t size =
        ZSTD_compress(out.data(), out.size(),
                      codes.bytes(first - codes.first() + k * kChunkEntries), raw, kLevel);
    if (ZSTD_isError(size)) throw std::runtime_error(path_.string() + ": zstd failed");
    out.resize(size);
    out.shrink_to_fit();  // a part's chunks held at their bound would take as much as the part
  });
  for (const auto& bytes : compressed) {
    const RecordHeader r{xxh3(bytes.data(), bytes.size()), bytes.size()};
    full_pwrite(fd_, &r, sizeof r, end_, path_);
    full_pwrite(fd_, bytes.data(), bytes.size(), end_ + sizeof r, path_);
    chunks_.push_back({end_ + sizeof r, bytes.size()});
    end_ += sizeof r + bytes.size();
  }
}

PackedCodes LayerStore::read(std::uint64_t first, std::uint64_t count, unsigned threads) const {
  if (first % kChunkEntries != 0 || first + count > done() ||
      (first + count != entries_ && count % kChunkEntries != 0))
    throw std::logic_error(path_.string() + ": read out of place");
  PackedCodes codes(first, count, bits_);
  const std::uint64_t n = (count + kChunkEntries - 1) / kChunkEntries;
  parallel_for(threads, n, [&](std::uint64_t k) {
    const Chunk& chunk = chunks_[first / kChunkEntries + k];
    std::vector<std::uint8_t> bytes(chunk.size);
    const std::uint64_t entries = std::min(kChunkEntries, count - k * kChunkEntries);
    const std::size_t raw = (entries * bits_ + 7) / 8;
    auto* out = reinterpret_cast<std::uint8_t*>(codes.words()) + k * kChunkEntries * bits_ / 8;
    if (!full_pread(fd_, bytes.data(), bytes.size(), chunk.offset) ||
        ZSTD_decompress(out, raw, bytes.data(), bytes.size()) != raw)
      throw std::runtime_error(path_.string() + ": cannot read chunk " +
                               std::to_string(first / kChunkEntries + k));
  });
  return codes;
}

void LayerStore::remove() {
  ::close(fd_);
  fd_ = -1;
  std::filesystem::remove(path_);
}

}  // namespace tbgen
