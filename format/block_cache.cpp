#include "format/block_cache.hpp"

namespace tbgen {

BlockCache::BlockCache(std::uint64_t budget_bytes) : shard_budget_(budget_bytes / kShards) {}

BlockCache::Block BlockCache::find(std::uint64_t key) {
  Shard& s = shard(key);
  const std::lock_guard lock(s.mutex);
  const auto it = s.where.find(key);
  if (it == s.where.end()) return nullptr;
  s.recent.splice(s.recent.begin(), s.recent, it->second);
  return it->second->second;
}

BlockCache::Block BlockCache::insert(std::uint64_t key, std::vector<std::uint8_t> data) {
  auto block = std::make_shared<const std::vector<std::uint8_t>>(std::move(data));
  Shard& s = shard(key);
  const std::lock_guard lock(s.mutex);
  if (const auto it = s.where.find(key); it != s.where.end()) return it->second->second;
  if (block->size() > shard_budget_) return block;  // used once, never cached
  s.bytes += block->size();
  s.recent.emplace_front(key, block);
  s.where.emplace(key, s.recent.begin());
  while (s.bytes > shard_budget_) {
    s.bytes -= s.recent.back().second->size();
    s.where.erase(s.recent.back().first);
    s.recent.pop_back();
  }
  return block;
}

std::uint64_t BlockCache::bytes() const {
  std::uint64_t total = 0;
  for (const auto& s : shards_) {
    const std::lock_guard lock(s.mutex);
    total += s.bytes;
  }
  return total;
}

}  // namespace tbgen
