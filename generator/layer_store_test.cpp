// The work file of a layer (layer_store.hpp): codes read back as written, in runs of chunks;
// a file opened again keeps its chunks and resumes after them; a record a kill left
// half-written, a damaged one and a file of another layer are not kept.
#include "generator/layer_store.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <random>

#include "test_tables.hpp"

namespace {

using tbgen::LayerStore;
using tbgen::PackedCodes;

constexpr std::uint64_t kChunk = LayerStore::kChunkEntries;

// PackedCodes [first, first + count) of a layer drawn from `seed`, the same for any range.
PackedCodes layer_codes(std::uint64_t first, std::uint64_t count, std::uint32_t bits) {
  PackedCodes codes(first, count, bits);
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t x = (first + i) * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    // Runs, as layers have them, with every code among them.
    codes.set(i, static_cast<std::uint32_t>((x >> 40) % 7 == 0 ? x % (bits == 2 ? 4 : 256)
                                                               : (first + i) / 1000 % 3));
  }
  return codes;
}

void expect_same(const PackedCodes& a, const PackedCodes& b) {
  ASSERT_EQ(a.first(), b.first());
  ASSERT_EQ(a.count(), b.count());
  for (std::uint64_t i = 0; i < a.count(); ++i) ASSERT_EQ(a.get(i), b.get(i)) << a.first() + i;
}

TEST(LayerStore, ReadsBackWhatWasAppendedAndResumes) {
  const auto dir = tbgen::testing::fresh_directory("store");
  for (const std::uint32_t bits : {2u, 8u}) {
    const auto path = dir / ("layer-" + std::to_string(bits) + ".work");
    const std::uint64_t entries = 3 * kChunk + 12'345;  // a short last chunk
    {
      LayerStore store(path, "g", 7, entries, bits);
      EXPECT_EQ(store.done(), 0u);
      store.append(layer_codes(0, 2 * kChunk, bits), 0, 2 * kChunk, 2);
      EXPECT_EQ(store.done(), 2 * kChunk);
      EXPECT_FALSE(store.complete());
    }
    LayerStore store(path, "g", 7, entries, bits);  // opened again: resumes after two chunks
    ASSERT_EQ(store.done(), 2 * kChunk);
    {
      // Appended from codes that hold more than the entries appended.
      const PackedCodes codes = layer_codes(kChunk, entries - kChunk, bits);
      store.append(codes, 2 * kChunk, entries - 2 * kChunk, 1);
    }
    EXPECT_TRUE(store.complete());
    expect_same(store.read(kChunk, entries - kChunk, 2),
                layer_codes(kChunk, entries - kChunk, bits));
    expect_same(store.read(0, kChunk, 1), layer_codes(0, kChunk, bits));
    EXPECT_THROW(store.read(1, kChunk, 1), std::logic_error);
    EXPECT_THROW(store.append(layer_codes(0, kChunk, bits), 0, kChunk, 1), std::logic_error);
  }
}

TEST(LayerStore, KeepsOnlyTheRecordsThatCheck) {
  const auto dir = tbgen::testing::fresh_directory("store-damage");
  const auto path = dir / "layer.work";
  const std::uint64_t entries = 3 * kChunk;
  std::uint64_t two_chunks = 0;
  {
    LayerStore store(path, "g", 3, entries, 2);
    store.append(layer_codes(0, 2 * kChunk, 2), 0, 2 * kChunk, 2);
    two_chunks = store.bytes();
    store.append(layer_codes(2 * kChunk, kChunk, 2), 2 * kChunk, kChunk, 2);
  }
  // The last record cut short, as by a kill while it was written.
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 5);
  {
    LayerStore store(path, "g", 3, entries, 2);
    EXPECT_EQ(store.done(), 2 * kChunk);
    EXPECT_EQ(store.bytes(), two_chunks);  // the rest is cut
    EXPECT_EQ(std::filesystem::file_size(path), two_chunks);
  }
  // A byte of the second chunk changed: only the first is kept.
  {
    std::FILE* f = std::fopen(path.c_str(), "r+b");
    ASSERT_TRUE(f);
    std::fseek(f, static_cast<long>(two_chunks) - 3, SEEK_SET);
    const int c = std::fgetc(f);
    std::fseek(f, static_cast<long>(two_chunks) - 3, SEEK_SET);
    std::fputc(c ^ 0x40, f);
    std::fclose(f);
  }
  EXPECT_EQ(LayerStore(path, "g", 3, entries, 2).done(), kChunk);
  // Another game, layer or entry width starts the file again.
  EXPECT_EQ(LayerStore(path, "g", 4, entries, 2).done(), 0u);
  EXPECT_EQ(LayerStore(path, "h", 3, entries, 2).done(), 0u);
}

}  // namespace
