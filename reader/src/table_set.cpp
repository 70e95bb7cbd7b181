#include "table_set.hpp"

#include <mutex>

namespace tbgen {

TableSet::TableSet(std::filesystem::path directory, tbreader::CacheMode mode,
                   std::uint64_t cache_budget)
    : directory_(std::move(directory)),
      mode_(mode),
      cache_(mode == tbreader::CacheMode::bounded ? std::make_unique<BlockCache>(cache_budget)
                                                  : nullptr) {
  if (!std::filesystem::is_directory(directory_))
    throw tbreader::Error(directory_.string() + ": table directory does not exist");
}

bool TableSet::has(std::string_view name) const {
  return std::filesystem::exists(table_path(directory_, name));
}

const Table& TableSet::table(std::string_view name) const {
  return *entry(name).table.load(std::memory_order_acquire);
}

const TableSet::Entry& TableSet::entry(std::string_view name) const {
  {
    std::shared_lock lock(mutex_);
    if (auto it = entries_.find(name); it != entries_.end() && trusted(*it->second))
      return *it->second;
  }
  std::unique_lock lock(mutex_);
  auto it = entries_.find(name);
  if (it == entries_.end())
    it = entries_.emplace(std::string(name), std::make_unique<Entry>(std::string(name))).first;
  Entry& e = *it->second;
  if (trusted(e)) return e;  // another thread looked while this one waited
  const Table* current = e.table.load(std::memory_order_acquire);
  if (current && current->same_file()) {
    current->checked();
    e.trusted_until.store(now_ms() + kRecheckMs, std::memory_order_relaxed);
    return e;
  }
  const auto path = table_path(directory_, name);
  if (!std::filesystem::exists(path))
    throw tbreader::TableMissing(path.string() + ": table missing (run `tbgen build` first)");
  auto opened = std::make_unique<Table>(path, mode_, cache_.get());
  // A file's name starts with its game's id or family name (a member's file also records its
  // whole game string, which the member's probe code checks).
  const std::string& game = opened->header().game;
  if (path.stem().string().rfind(game.substr(0, game.find('(')), 0) != 0)
    throw tbreader::Error(path.string() + ": holds a table of game '" + opened->header().game +
                          "'");
  e.table.store(opened.get(), std::memory_order_release);
  e.trusted_until.store(now_ms() + kRecheckMs, std::memory_order_relaxed);
  opened_.push_back(std::move(opened));
  return e;
}

const Table& member_table(const TableSet& tables, std::size_t slot, std::string_view name,
                          std::string_view game) {
  const Table& table = tables.slot_table(slot, name);
  if (table.header().game != game)
    throw tbreader::Error(table.name() + ": holds a table of '" + table.header().game + "'");
  return table;
}

void expect_layout(const Table& table, std::uint32_t index_scheme, std::uint32_t value_codec,
                   std::uint64_t entry_count) {
  const auto& h = table.header();
  if (h.index_scheme != index_scheme || h.value_codec != value_codec ||
      h.entry_count != entry_count)
    throw tbreader::Error(table.name() + ": unexpected table layout (index scheme " +
                          std::to_string(h.index_scheme) + ", codec " +
                          std::to_string(h.value_codec) + ", " + std::to_string(h.entry_count) +
                          " entries)");
}

}  // namespace tbgen
