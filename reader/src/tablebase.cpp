#include <mutex>

#include "tablebase_impl.hpp"

namespace tbreader {

Tablebase::Tablebase(std::filesystem::path directory, CacheMode mode)
    : impl_(std::make_unique<Impl>()) {
  impl_->directory = std::move(directory);
  impl_->mode = mode;
  if (!std::filesystem::is_directory(impl_->directory))
    throw Error(impl_->directory.string() + ": table directory does not exist");
}

Tablebase::~Tablebase() = default;

const std::filesystem::path& Tablebase::directory() const {
  return impl_->directory;
}

const tbgen::Table& Tablebase::Impl::table(std::string_view name) const {
  {
    std::shared_lock lock(mutex);
    if (auto it = tables.find(name); it != tables.end()) return *it->second;
  }
  std::unique_lock lock(mutex);
  if (auto it = tables.find(name); it != tables.end()) return *it->second;
  auto path = directory / (std::string(name) + ".tb");
  if (!std::filesystem::exists(path))
    throw Error(path.string() + ": table missing (run `tbgen build` first)");
  auto opened = std::make_unique<tbgen::Table>(path, mode);
  const auto stem = path.stem().string();
  if (stem.rfind(opened->header().game, 0) != 0)
    throw Error(path.string() + ": holds a table of game '" + opened->header().game + "'");
  return *tables.emplace(std::string(name), std::move(opened)).first->second;
}

std::uint64_t Tablebase::entry(std::string_view name, std::uint64_t index) const {
  return impl_->table(name).entry(index);
}

TableInfo Tablebase::info(std::string_view name) const {
  const auto& t = impl_->table(name);
  const auto& h = t.header();
  return {h.game,        h.layer,           h.index_scheme, h.value_codec,
          h.entry_bits,  h.entry_radix,     h.block_count,  h.game_parameter,
          h.entry_count, h.block_entries(), t.file_size()};
}

void expect_layout(const tbgen::Table& table, std::uint32_t index_scheme, std::uint32_t value_codec,
                   std::uint64_t entry_count) {
  const auto& h = table.header();
  if (h.index_scheme != index_scheme || h.value_codec != value_codec ||
      h.entry_count != entry_count)
    throw Error(table.name() + ": unexpected table layout (index scheme " +
                std::to_string(h.index_scheme) + ", codec " + std::to_string(h.value_codec) + ", " +
                std::to_string(h.entry_count) + " entries)");
}

}  // namespace tbreader
