#include "format/block_cache.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include "core/huge_pages.hpp"

namespace tbgen {
namespace {

// What a chunk costs beside its bytes: its next in the chain.
constexpr std::uint64_t kChunkCost = 256 + 4;

}  // namespace

BlockCache::BlockCache(std::uint64_t budget_bytes) {
  static_assert(sizeof(Slot) == 16 && kChunk == 256 && std::is_trivial_v<Slot>);
  // A shard's chunks and slots within its share of the budget: the most chunks such that a
  // table of a power of two slots, at least two for each chunk (a block has a chunk or more,
  // and the table is at most half full), fits beside them.
  const std::uint64_t share = budget_bytes / kShards;
  std::uint32_t per_shard = 0;
  for (std::uint64_t slots = 2; slots * sizeof(Slot) <= share; slots *= 2)
    per_shard = std::max(per_shard, static_cast<std::uint32_t>(std::min(
                                        slots / 2, (share - slots * sizeof(Slot)) / kChunkCost)));
  const std::size_t slots = std::bit_ceil(std::max<std::size_t>(2 * std::size_t{per_shard}, 2));
  const std::size_t chunks = std::size_t{per_shard} * kShards;
  memory_bytes_ = chunks * kChunk + kShards * slots * sizeof(Slot) + chunks * sizeof(std::uint32_t);
  memory_ = static_cast<std::uint8_t*>(map_huge_pages(memory_bytes_, true));
  if (!memory_) throw std::bad_alloc();
  chunks_ = memory_;
  auto* all_slots = reinterpret_cast<Slot*>(memory_ + chunks * kChunk);
  // Trivial: their lifetimes begin, and nothing is written (the mapping's zeros are empty slots).
  std::uninitialized_default_construct_n(all_slots, kShards * slots);
  next_ = reinterpret_cast<std::uint32_t*>(all_slots + kShards * slots);
  for (std::size_t i = 0; i < kShards; ++i) {
    Shard& s = shards_[i];
    s.slots = all_slots + i * slots;
    s.mask = slots - 1;
    s.first = s.fresh = static_cast<std::uint32_t>(i * per_shard);
    s.end = s.first + per_shard;
  }
}

BlockCache::~BlockCache() {
  unmap_huge_pages(memory_, memory_bytes_);
}

BlockCache::Slot* BlockCache::lookup(Shard& s, std::uint64_t key) {
  const std::size_t mask = s.mask;
  for (std::size_t i = home(s, key);; i = (i + 1) & mask) {
    if (s.slots[i].key == key) return &s.slots[i];
    if (s.slots[i].key == 0) return nullptr;
  }
}

void BlockCache::evict_one(Shard& s) {
  const std::size_t mask = s.mask;
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
  // Its chain goes to the head of the shard's free chain whole.
  std::uint32_t last = s.slots[gap].chunk;
  for (++s.free_count; next_[last] != kEnd; ++s.free_count) last = next_[last];
  next_[last] = s.free;
  s.free = s.slots[gap].chunk;
  s.slots[gap] = {};
  --s.count;
  // Backward-shift deletion: later slots of the run that may live in the gap move into it, so
  // that no lookup stops early at it.
  for (std::size_t i = (gap + 1) & mask; s.slots[i].key != 0; i = (i + 1) & mask) {
    const std::size_t want = home(s, s.slots[i].key);
    if (((i - want) & mask) >= ((i - gap) & mask)) {
      s.slots[gap] = std::exchange(s.slots[i], {});
      gap = i;
    }
  }
}

bool BlockCache::copy(std::uint64_t key, std::size_t from, std::span<std::uint8_t> out) {
  Shard& s = shard(key);
  const std::lock_guard lock(s.mutex);
  Slot* slot = lookup(s, key);
  if (!slot) return false;
  slot->marked = true;
  std::uint32_t chunk = slot->chunk;
  for (; from >= kChunk; from -= kChunk) chunk = next_[chunk];
  for (std::size_t done = 0; done < out.size(); chunk = next_[chunk]) {
    const std::size_t part = std::min<std::size_t>(kChunk - from, out.size() - done);
    std::memcpy(out.data() + done, at(chunk) + from, part);
    done += part;
    from = 0;
  }
  return true;
}

void BlockCache::insert(std::uint64_t key, std::span<const std::uint8_t> block) {
  const auto chunks = static_cast<std::uint32_t>((block.size() + kChunk - 1) / kChunk);
  Shard& s = shard(key);
  if (block.empty() || chunks > s.end - s.first) return;  // used once, never cached
  const std::lock_guard lock(s.mutex);
  if (lookup(s, key)) return;
  while (s.free_count + (s.end - s.fresh) < chunks) evict_one(s);
  // Its chain: dropped chunks first (already in memory), then fresh ones.
  std::uint32_t head = kEnd, *link = &head;
  for (std::size_t done = 0; done < block.size(); done += kChunk) {
    std::uint32_t chunk;
    if (s.free != kEnd) {
      chunk = s.free;
      s.free = next_[chunk];
      --s.free_count;
    } else {
      chunk = s.fresh++;
    }
    std::memcpy(at(chunk), block.data() + done, std::min<std::size_t>(kChunk, block.size() - done));
    *link = chunk;
    link = &next_[chunk];
  }
  *link = kEnd;
  const std::size_t mask = s.mask;
  std::size_t i = home(s, key);
  while (s.slots[i].key != 0) i = (i + 1) & mask;
  s.slots[i] = {.key = key, .chunk = head, .marked = false};
  ++s.count;
}

std::uint64_t BlockCache::bytes() const {
  std::uint64_t chunks = 0;
  for (const auto& s : shards_) {
    const std::lock_guard lock(s.mutex);
    chunks += (s.fresh - s.first) - s.free_count;
  }
  return chunks * kChunkCost + kShards * (shards_[0].mask + 1) * sizeof(Slot);
}

}  // namespace tbgen
