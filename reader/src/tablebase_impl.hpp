#pragma once
#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>

#include "table.hpp"
#include "tbreader/tbreader.hpp"

namespace tbreader {

struct Tablebase::Impl {
  std::filesystem::path directory;
  CacheMode mode;
  mutable std::shared_mutex mutex;
  mutable std::map<std::string, std::unique_ptr<tbgen::Table>, std::less<>> tables;

  // Opens `name` on first use; the reference stays valid for the Tablebase's life.
  const tbgen::Table& table(std::string_view name) const;

  // The same behind a lock-free cache: a game's probe code gives each of its tables a
  // fixed slot (double5: its round) so that hot probes skip the name lookup.
  static constexpr std::size_t kSlots = 32;
  const tbgen::Table& slot_table(std::size_t slot, std::string_view name) const {
    if (const tbgen::Table* t = slots[slot].load(std::memory_order_acquire)) return *t;
    const tbgen::Table& t = table(name);
    slots[slot].store(&t, std::memory_order_release);
    return t;
  }
  mutable std::array<std::atomic<const tbgen::Table*>, kSlots> slots{};
};

// Checks that a table has the layout its probe code expects; throws Error naming the file.
void expect_layout(const tbgen::Table& table, std::uint32_t index_scheme, std::uint32_t value_codec,
                   std::uint64_t entry_count);

}  // namespace tbreader
