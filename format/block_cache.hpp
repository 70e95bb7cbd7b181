#pragma once
// Decoded blocks shared by every thread within a byte budget (CacheMode::bounded). A server that
// answers any mix of positions then holds at most the budget, where a decoded cache would grow
// to the raw size of every table it touched.
#include <array>
#include <cstdint>
#include <mutex>
#include <span>

namespace tbgen {

class BlockCache {
 public:
  explicit BlockCache(std::uint64_t budget_bytes);
  ~BlockCache();
  BlockCache(const BlockCache&) = delete;
  BlockCache& operator=(const BlockCache&) = delete;

  // Asks for the cache line where a lookup of `key` starts: the lock a lookup takes waits for
  // every read before it, so a miss started here overlaps the caller's own.
  void prefetch(std::uint64_t key) {
    const Shard& s = shard(key);  // its slots never move: read without the lock
    __builtin_prefetch(&s.slots[home(s, key)]);
  }
  // Copies bytes of the block cached under `key` (never 0) from byte `from` into `out`, and
  // says whether it was there.
  bool copy(std::uint64_t key, std::size_t from, std::span<std::uint8_t> out);
  // Caches a copy of `block` under `key`, unless a block is cached there already.
  void insert(std::uint64_t key, std::span<const std::uint8_t> block);
  std::uint64_t bytes() const;  // bytes held now: the blocks' chunks, the tables of slots

 private:
  // With position-uniform probes nearly every probe drops one block and caches another, so the
  // cache owns its memory outright: one region of huge pages cut into chunks, a block in a
  // chain of them. Dropping a block frees nothing and no thread holds a count on it (a hit is
  // copied out under the lock); a block cached is copied into chunks dropped before, and reads
  // and writes of them cost no page-table walk (with 4 KiB pages, each did: 1.3x the probes).
  static constexpr std::uint32_t kChunk = 256, kEnd = ~std::uint32_t{0};
  // Each shard is an open-addressing table (linear probing, at most half full) whose blocks
  // are dropped in CLOCK order: a hit only marks its slot, so a probe that finds its block
  // follows no list and moves nothing (with small blocks the lookup is a good part of a
  // probe); eviction sweeps the slots, unmarking each, to the first one unmarked since its last
  // sweep. Keys spread over shards so that threads seldom wait on one lock; each shard owns its
  // chunks.
  struct Slot {         // all zero bytes: empty, so that memory mapped and not yet touched is empty
    std::uint64_t key;  // 0: empty
    std::uint32_t chunk;  // the block's first
    bool marked;
  };
  struct Shard {
    mutable std::mutex mutex;
    Slot* slots = nullptr;  // mask + 1, a power of two; read at random
    std::size_t mask = 0;
    std::size_t count = 0, hand = 0;
    std::uint32_t first = 0, end = 0;  // its chunks
    std::uint32_t fresh = 0;           // the chunks from here to `end` never used
    std::uint32_t free = kEnd;         // a chain of chunks dropped
    std::uint32_t free_count = 0;
  };
  static constexpr std::size_t kShards = 16;
  Shard& shard(std::uint64_t key) { return shards_[(key * 0x9E3779B97F4A7C15ull) >> 60]; }
  static std::size_t home(const Shard& s, std::uint64_t key) {
    return ((key * 0xFF51AFD7ED558CCDull) >> 32) & s.mask;
  }
  static Slot* lookup(Shard& s, std::uint64_t key);
  void evict_one(Shard& s);
  std::uint8_t* at(std::uint32_t chunk) { return chunks_ + std::size_t{chunk} * kChunk; }

  // One mapping of huge pages, resident as it is used: the chunks, every shard's slots, and
  // each chunk's next in its chain (written before it is read).
  std::uint8_t* memory_ = nullptr;
  std::size_t memory_bytes_ = 0;
  std::uint8_t* chunks_ = nullptr;
  std::uint32_t* next_ = nullptr;
  std::array<Shard, kShards> shards_;
};

}  // namespace tbgen
