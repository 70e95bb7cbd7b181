#pragma once
// Decoded blocks shared by every thread within a byte budget, the least recently used dropped
// first (CacheMode::bounded). A server that answers any mix of positions then holds at most
// the budget, where a decoded cache would grow to the raw size of every table it touched.
#include <array>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace tbgen {

class BlockCache {
 public:
  using Block = std::shared_ptr<const std::vector<std::uint8_t>>;
  explicit BlockCache(std::uint64_t budget_bytes);

  // The block cached under `key`, or null. A found block becomes the most recently used.
  Block find(std::uint64_t key);
  // Caches `data` under `key` and returns what is cached there (another thread's copy if it
  // came first). A block is held by its users after it is dropped, so the budget bounds the
  // cache, and each thread's block in use comes on top.
  Block insert(std::uint64_t key, std::vector<std::uint8_t> data);
  std::uint64_t bytes() const;  // decoded bytes held now

 private:
  // Keys spread over shards so that threads seldom wait on one lock; each keeps its share.
  struct Shard {
    mutable std::mutex mutex;
    std::list<std::pair<std::uint64_t, Block>> recent;  // most recently used first
    std::unordered_map<std::uint64_t, decltype(recent)::iterator> where;
    std::uint64_t bytes = 0;
  };
  static constexpr std::size_t kShards = 16;
  Shard& shard(std::uint64_t key) { return shards_[(key * 0x9E3779B97F4A7C15ull) >> 60]; }

  std::uint64_t shard_budget_;
  std::array<Shard, kShards> shards_;
};

}  // namespace tbgen
