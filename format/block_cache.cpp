#include "format/block_cache.hpp"

#include <utility>

namespace tbgen {
namespace {

// What a cached block costs beyond its bytes: two slots (the table is at most half full), the
// shared pointer's control block, and the allocator's header.
constexpr std::uint64_t kBlockOverhead = 2 * 32 + 16 + 16;

}  // namespace

BlockCache::BlockCache(std::uint64_t budget_bytes) : shard_budget_(budget_bytes / kShards) {
  for (Shard& s : shards_) s.slots.resize(64);
}

std::size_t BlockCache::home(const Shard& s, std::uint64_t key) {
  return ((key * 0xFF51AFD7ED558CCDull) >> 32) & (s.slots.size() - 1);
}

BlockCache::Slot* BlockCache::lookup(Shard& s, std::uint64_t key) {
  const std::size_t mask = s.slots.size() - 1;
  for (std::size_t i = home(s, key);; i = (i + 1) & mask) {
    if (s.slots[i].key == key) return &s.slots[i];
    if (s.slots[i].key == 0) return nullptr;
  }
}

void BlockCache::place(Shard& s, std::uint64_t key, Block block, std::uint32_t bytes) {
  const std::size_t mask = s.slots.size() - 1;
  std::size_t i = home(s, key);
  while (s.slots[i].key != 0) i = (i + 1) & mask;
  s.slots[i] = {key, std::move(block), bytes, false};
  ++s.count;
}

void BlockCache::evict_one(Shard& s) {
  const std::size_t mask = s.slots.size() - 1;
  for (;; s.hand = (s.hand + 1) & mask) {
    Slot& slot = s.slots[s.hand];
    if (slot.key == 0) continue;
    if (slot.marked) {
      slot.marked = false;
      continue;
    }
    break;
  }
  std::size_t gap = s.hand;
  s.bytes -= s.slots[gap].bytes + kBlockOverhead;
  s.slots[gap] = {};
  --s.count;
  // Backward-shift deletion: later slots of the run that may live in the gap move into it, so
  // that no lookup stops early at it.
  for (std::size_t i = (gap + 1) & mask; s.slots[i].key != 0; i = (i + 1) & mask) {
    const std::size_t want = home(s, s.slots[i].key);
    if (((i - want) & mask) >= ((i - gap) & mask)) {
      s.slots[gap] = std::move(s.slots[i]);
      s.slots[i] = {};
      gap = i;
    }
  }
}

BlockCache::Block BlockCache::find(std::uint64_t key) {
  Shard& s = shard(key);
  const std::lock_guard lock(s.mutex);
  Slot* slot = lookup(s, key);
  if (!slot) return nullptr;
  slot->marked = true;
  return slot->block;
}

BlockCache::Block BlockCache::insert(std::uint64_t key, Block block, std::size_t bytes) {
  const std::uint64_t cost = bytes + kBlockOverhead;
  Shard& s = shard(key);
  const std::lock_guard lock(s.mutex);
  if (Slot* slot = lookup(s, key)) return slot->block;
  if (cost > shard_budget_) return block;  // used once, never cached
  while (s.count > 0 && s.bytes + cost > shard_budget_) evict_one(s);
  if (2 * (s.count + 1) > s.slots.size()) {
    std::vector<Slot> old(2 * s.slots.size());
    std::swap(old, s.slots);
    s.count = 0;
    s.hand = 0;
    for (Slot& slot : old)
      if (slot.key != 0) place(s, slot.key, std::move(slot.block), slot.bytes);
  }
  place(s, key, block, static_cast<std::uint32_t>(bytes));
  s.bytes += cost;
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
