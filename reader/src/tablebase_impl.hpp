#pragma once
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
};

// Checks that a table has the layout its probe code expects; throws Error naming the file.
void expect_layout(const tbgen::Table& table, std::uint32_t index_scheme, std::uint32_t value_codec,
                   std::uint64_t entry_count);

}  // namespace tbreader
