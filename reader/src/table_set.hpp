#pragma once
// The tables of one directory, each opened on first use and kept for the set's life: what
// every game's probe code reads through.
#include <time.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "format/checksum.hpp"
#include "format/table.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen {

class TableSet {
 public:
  // Throws tbreader::Error if `directory` does not exist. `cache_budget`: bytes of decoded
  // blocks in CacheMode::bounded.
  TableSet(std::filesystem::path directory, tbreader::CacheMode mode,
           std::uint64_t cache_budget = 0);
  const std::filesystem::path& directory() const { return directory_; }
  tbreader::CacheMode mode() const { return mode_; }

  // The table `name` (its file name without ".tb"); throws tbreader::Error naming the file
  // if it is missing, damaged or holds another game's table. The reference stays valid for
  // the set's life.
  //
  // A file may change under a running reader (truncated, rewritten, deleted, replaced by a
  // rename): a table is trusted for kRecheck after the file was last seen to be the one it
  // was opened from, and at once looked at again when a read finds it damaged. A changed file
  // is opened anew (or refused, naming it, until it is whole again); the table it replaces is
  // kept, unused, for the set's life, since a probe in flight may still hold it.
  const Table& table(std::string_view name) const;
  bool has(std::string_view name) const;  // the file exists (it may still be refused)

  // The same behind a lock-free cache: a game's probe code gives each of its tables a fixed
  // slot, its game's first slot plus the table's number (a layered game: its layer; morris: its
  // sector's number), so that hot probes skip the locked lookup. A slot is claimed by the first
  // table put there, and a table whose slot another holds is found by name, as table() finds
  // it. Each game's slots start at a hash of its name (slot_base()), so that the games one set
  // serves keep slots of their own: hex 4x5's probes after connect 6x5's had claimed slots 0-25
  // took 1.1-1.2x as long, 1.7-2x on two threads sharing the lock (docs/notes/probe_speed.md).
  // Slots wrap around past the last.
  static constexpr std::size_t kSlots = 8192;  // Lasker's Twelve Men's Morris has 7,225 sectors
  static std::size_t slot_base(std::string_view game) {
    return static_cast<std::size_t>(xxh3(game.data(), game.size()) >> 32) & (kSlots - 1);
  }
  const Table& slot_table(std::size_t slot, std::string_view name) const {
    slot &= kSlots - 1;
    if (const Table* t = open_table(slot, name)) return *t;
    const Entry& e = entry(name);
    const Entry* empty = nullptr;
    slots_[slot].compare_exchange_strong(empty, &e, std::memory_order_acq_rel);
    return *e.table.load(std::memory_order_acquire);
  }

  // The table in `slot` if it is `name`'s and trusted now, else null; no file is looked at. For
  // a prefetch ahead of checks that must refuse a bad position before any table is opened.
  const Table* open_table(std::size_t slot, std::string_view name) const {
    const Entry* e = slots_[slot & (kSlots - 1)].load(std::memory_order_acquire);
    return e && e->name == name ? trusted(*e) : nullptr;
  }

  static constexpr std::int64_t kRecheckMs = 250;

 private:
  struct Entry {
    explicit Entry(std::string entry_name) : name(std::move(entry_name)) {}
    std::string name;
    std::atomic<const Table*> table{nullptr};    // the table in use; null before the first open
    std::atomic<std::int64_t> trusted_until{0};  // coarse monotonic milliseconds
  };
  static std::int64_t now_ms() {  // CLOCK_MONOTONIC_COARSE: a few nanoseconds, no system call
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return now.tv_sec * 1000 + now.tv_nsec / 1'000'000;
  }
  static const Table* trusted(const Entry& e) {
    const Table* t = e.table.load(std::memory_order_acquire);
    return t && !t->damaged() && now_ms() < e.trusted_until.load(std::memory_order_relaxed)
               ? t
               : nullptr;
  }
  // The entry of `name` with a trusted table: found, checked against its file, or opened.
  const Entry& entry(std::string_view name) const;

  std::filesystem::path directory_;
  tbreader::CacheMode mode_;
  std::unique_ptr<BlockCache> cache_;  // bounded mode
  mutable std::shared_mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<Entry>, std::less<>> entries_;
  mutable std::vector<std::unique_ptr<Table>> opened_;  // every table opened, replaced ones too
  // On the heap (64 KiB): a set may live on a thread's stack.
  std::unique_ptr<std::atomic<const Entry*>[]> slots_ =
      std::make_unique<std::atomic<const Entry*>[]>(kSlots);
};

// A member's table in its slot (TableSet::slot_table), refused with tbreader::Error naming the
// file if it records another game string (members of a family share a directory).
const Table& member_table(const TableSet& tables, std::size_t slot, std::string_view name,
                          std::string_view game);

// A value code read from a member's table, checked: tbreader::Error naming the table if it is
// not below `codes` (a damaged or foreign table is refused, not read as a wrong answer).
inline std::uint32_t valid_code(const Table& table, std::uint64_t code, std::uint64_t codes) {
  if (code >= codes) throw tbreader::Error(table.name() + ": invalid value code");
  return static_cast<std::uint32_t>(code);
}
// The value code at `index` of a member's table, checked.
inline std::uint32_t member_code(const Table& table, std::uint64_t index, std::uint64_t codes) {
  return valid_code(table, table.entry(index), codes);
}
// member_code() of an entry a single probe reads once, at random (Table::entry_once). Not
// where the entry was asked for long before: a prefetch just before its load made connect's
// probes 1.08x slower.
inline std::uint32_t member_code_once(const Table& table, std::uint64_t index,
                                      std::uint64_t codes) {
  return valid_code(table, table.entry_once(index), codes);
}

// Checks that a table has the layout its probe code expects; throws tbreader::Error naming
// the file.
void expect_layout(const Table& table, std::uint32_t index_scheme, std::uint32_t value_codec,
                   std::uint64_t entry_count);

}  // namespace tbgen
