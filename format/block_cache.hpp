#pragma once
// Decoded blocks shared by every thread within a byte budget (CacheMode::bounded). A server that
// answers any mix of positions then holds at most the budget, where a decoded cache would grow
// to the raw size of every table it touched.
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace tbgen {

class BlockCache {
 public:
  // A block's bytes in one allocation with the pointer's count: a block made or dropped is one
  // malloc or free (with position-uniform probes nearly every probe does both).
  using Block = std::shared_ptr<const std::uint8_t[]>;
  static std::shared_ptr<std::uint8_t[]> make(std::size_t bytes) {
    return std::make_shared_for_overwrite<std::uint8_t[]>(bytes);
  }
  explicit BlockCache(std::uint64_t budget_bytes);

  // The block cached under `key` (never 0), or null.
  Block find(std::uint64_t key);
  // Caches `block` of `bytes` bytes under `key` and returns what is cached there (another
  // thread's copy if it came first). A block is held by its users after it is dropped, so the
  // budget bounds the cache, and each thread's block in use comes on top.
  Block insert(std::uint64_t key, Block block, std::size_t bytes);
  std::uint64_t bytes() const;  // bytes held now, the blocks' and the cache's own for each

 private:
  // Each shard is an open-addressing table (linear probing, at most half full) whose blocks
  // are dropped in CLOCK order: a hit only marks its slot, so a probe that finds its block
  // follows no list and moves nothing (with small blocks the lookup is a good part of a
  // probe); eviction sweeps the slots, unmarking each, to the first one unmarked since its last
  // sweep. Keys spread over shards so that threads seldom wait on one lock.
  struct Slot {
    std::uint64_t key = 0;  // 0: empty
    Block block;
    std::uint32_t bytes = 0;  // the block's, here so that dropping it reads no block
    bool marked = false;
  };
  struct Shard {
    mutable std::mutex mutex;
    std::vector<Slot> slots;  // a power of two
    std::size_t count = 0, hand = 0;
    std::uint64_t bytes = 0;
  };
  static constexpr std::size_t kShards = 16;
  Shard& shard(std::uint64_t key) { return shards_[(key * 0x9E3779B97F4A7C15ull) >> 60]; }
  static std::size_t home(const Shard& s, std::uint64_t key);
  static Slot* lookup(Shard& s, std::uint64_t key);
  static void place(Shard& s, std::uint64_t key, Block block, std::uint32_t bytes);
  static void evict_one(Shard& s);

  std::uint64_t shard_budget_;
  std::array<Shard, kShards> shards_;
};

}  // namespace tbgen
