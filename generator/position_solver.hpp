#pragma once
// Retrograde solver for games whose every position has a dense index and whose moves always
// go to a higher depth (more marks, fewer stones, more banned cells). It marks the positions
// reachable from the game's roots, then evaluates depth by depth from the deepest back to
// the roots, each depth in parallel. The game is seen only through this interface:
//
//   using Value;                                         // what a position is worth
//   std::uint64_t size() const;                          // positions are 0 .. size()-1
//   int max_depth() const;  int depth(std::uint64_t) const;
//   std::vector<std::uint64_t> roots() const;            // where play starts
//   void successors(std::uint64_t, std::vector<std::uint64_t>&) const;  // empty: game over
//   Value terminal_value(std::uint64_t) const;
//   Value combine(std::uint64_t, std::span<const Value> successor_values) const;
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/parallel.hpp"
#include "generator/progress.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen {

template <class Game>
struct SolvedPositions {
  std::vector<typename Game::Value> value;  // meaningful where reachable
  std::vector<bool> reachable;
};

template <class Game>
SolvedPositions<Game> solve_positions(const Game& game, unsigned threads,
                                      const std::string& label) {
  using Value = typename Game::Value;
  const std::uint64_t n = game.size();
  if (n > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error(label + ": too many positions for the position solver");
  // 32-bit indices: the buckets are the solver's largest structure (up to 2^32 positions).
  std::vector<std::vector<std::uint32_t>> by_depth(game.max_depth() + 1);
  for (std::uint64_t i = 0; i < n; ++i)
    by_depth[game.depth(i)].push_back(static_cast<std::uint32_t>(i));

  // Forward pass: depth order makes one sweep enough. Bytes, not bits, so threads may write.
  std::vector<std::uint8_t> reachable(n, 0);
  for (auto root : game.roots()) reachable[root] = 1;
  for (const auto& layer : by_depth) {
    parallel_for(threads, layer.size(), [&](std::uint64_t k) {
      thread_local std::vector<std::uint64_t> next;
      if (!reachable[layer[k]]) return;
      game.successors(layer[k], next);
      // Several threads may mark the same successor (a deeper position, read only after
      // this pass has joined): atomic stores.
      for (auto s : next)
        std::atomic_ref<std::uint8_t>(reachable[s]).store(1, std::memory_order_relaxed);
    });
  }

  SolvedPositions<Game> solved;
  solved.value.assign(n, Value{});
  Progress progress(label, n);
  std::uint64_t done = 0;
  for (int d = game.max_depth(); d >= 0; --d) {
    const auto& layer = by_depth[d];
    parallel_for(threads, layer.size(), [&](std::uint64_t k) {
      thread_local std::vector<std::uint64_t> next;
      thread_local std::vector<Value> values;
      const std::uint64_t i = layer[k];
      if (!reachable[i]) return;
      game.successors(i, next);
      if (next.empty()) {
        solved.value[i] = game.terminal_value(i);
        return;
      }
      values.clear();
      for (auto s : next) values.push_back(solved.value[s]);
      solved.value[i] = game.combine(i, values);
    });
    done += layer.size();
    progress.advance(done);
  }
  solved.reachable.assign(reachable.begin(), reachable.end());
  return solved;
}

// One-ply check of stored tables (tbgen verify --deep): every stored position's successors are
// stored, and its value is what they give. `stored(i)` returns the stored value of position i,
// or nullopt where none is stored (unreachable); `describe(i)` names a position in an error.
// Returns how many positions were checked; throws tbreader::Error at an inconsistency.
template <class Game, class Stored, class Describe>
std::uint64_t verify_one_ply(const Game& game, Stored&& stored, Describe&& describe,
                             unsigned threads) {
  using Value = typename Game::Value;
  constexpr std::uint64_t kChunk = 1 << 14;
  std::atomic<std::uint64_t> checked{0};
  parallel_for(threads, (game.size() + kChunk - 1) / kChunk, [&](std::uint64_t chunk) {
    std::vector<std::uint64_t> next;
    std::vector<Value> values;
    const std::uint64_t end = std::min(game.size(), (chunk + 1) * kChunk);
    for (std::uint64_t i = chunk * kChunk; i < end; ++i) {
      const std::optional<Value> value = stored(i);
      if (!value) continue;
      game.successors(i, next);
      values.clear();
      for (const auto s : next) {
        std::optional<Value> v = stored(s);
        if (!v)
          throw tbreader::Error(describe(s) + ", a successor of " + describe(i) +
                                ", is not stored");
        values.push_back(std::move(*v));
      }
      if (*value != (next.empty() ? game.terminal_value(i) : game.combine(i, values)))
        throw tbreader::Error(describe(i) + " stores a value its successors do not give");
      checked.fetch_add(1, std::memory_order_relaxed);
    }
  });
  return checked.load();
}

}  // namespace tbgen
