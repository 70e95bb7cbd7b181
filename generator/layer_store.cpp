#include "generator/layer_store.hpp"

#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>

#include "core/parallel.hpp"

namespace tbgen {
namespace {

// zstd's fastest level: a layer is written once and read about three times while the layer
// below is solved; on 6x5's layers level 1 keeps most of what higher levels get (docs/building.md).
constexpr int kLevel = 1;

// The work file at `path` with `header`, its chunks kept where each is one a chunk's codes
// compress to; else a new one.
WorkFile layer_file(const std::filesystem::path& path, const WorkFile::Header& header,
                    std::uint64_t chunks, std::size_t bound) {
  if (std::optional<WorkFile> file = WorkFile::open(path, header)) {
    bool fits = file->records() <= chunks;
    for (std::size_t k = 0; fits && k < file->records(); ++k) fits = file->record_size(k) <= bound;
    if (fits) {
      file->cut();
      return std::move(*file);
    }
  }
  return WorkFile::create(path, header);
}

}  // namespace

LayerStore::LayerStore(std::filesystem::path path, const std::string& game, int t,
                       std::uint64_t entries, std::uint32_t bits)
    : entries_(entries),
      bits_(bits),
      file_(layer_file(path,
                       {.kind = WorkFile::Kind::layer_store,
                        .key = work_key(game, "layer"),
                        .fields = {static_cast<std::uint64_t>(t), bits, entries, kChunkEntries}},
                       (entries + kChunkEntries - 1) / kChunkEntries,
                       ZSTD_compressBound(kChunkEntries * bits / 8))) {
  static std::atomic<std::uint64_t> opened{0};
  serial_ = ++opened;
}

std::uint64_t LayerStore::done() const {
  return std::min(entries_, file_.records() * kChunkEntries);
}

void LayerStore::append(const PackedCodes& codes, std::uint64_t first, std::uint64_t count,
                        unsigned threads) {
  if (first != done() || codes.bits() != bits_ || first < codes.first() ||
      first + count > codes.first() + codes.count() ||
      (first + count != entries_ && count % kChunkEntries != 0))
    throw std::logic_error(file_.path().string() + ": appended codes out of place");
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
    if (ZSTD_isError(size)) throw std::runtime_error(file_.path().string() + ": zstd failed");
    out.resize(size);
    out.shrink_to_fit();  // a part's chunks held at their bound would take as much as the part
  });
  for (const auto& bytes : compressed) file_.append(bytes.data(), bytes.size());
}

PackedCodes LayerStore::read(std::uint64_t first, std::uint64_t count, unsigned threads) const {
  if (first % kChunkEntries != 0 || first + count > done() ||
      (first + count != entries_ && count % kChunkEntries != 0))
    throw std::logic_error(file_.path().string() + ": read out of place");
  PackedCodes codes(first, count, bits_);
  const std::uint64_t n = (count + kChunkEntries - 1) / kChunkEntries;
  parallel_for(threads, n, [&](std::uint64_t k) {
    const std::size_t chunk = first / kChunkEntries + k;
    std::vector<std::uint8_t> bytes(file_.record_size(chunk));
    const std::uint64_t entries = std::min(kChunkEntries, count - k * kChunkEntries);
    const std::size_t raw = (entries * bits_ + 7) / 8;
    auto* out = reinterpret_cast<std::uint8_t*>(codes.words()) + k * kChunkEntries * bits_ / 8;
    // The file's records were checked whole when it was opened (a chunk only this build wrote
    // since): read() has no hash to refuse.
    if (!file_.read(chunk, bytes.data()) ||
        ZSTD_decompress(out, raw, bytes.data(), bytes.size()) != raw)
      throw std::runtime_error(file_.path().string() + ": cannot read chunk " +
                               std::to_string(chunk));
  });
  return codes;
}

void LayerStore::remove() {
  file_.close();
  std::filesystem::remove(file_.path());
}

}  // namespace tbgen
