#include "solver/game_tables.hpp"

#include "family/family_game.hpp"

namespace tbgen {

#define TBGEN_FAMILY(id)
#define TBGEN_GAME(id) std::unique_ptr<GameTables> make_##id##_tables(const GameString& game);
#include "games/games.def"
#undef TBGEN_GAME
#undef TBGEN_FAMILY

std::unique_ptr<GameTables> make_game_tables(std::string_view text) {
  const GameString game(text);
  std::unique_ptr<GameTables> tables;
#define TBGEN_FAMILY(id)
#define TBGEN_GAME(id) \
  if (game.name() == #id) tables = make_##id##_tables(game);
#include "games/games.def"
#undef TBGEN_GAME
#undef TBGEN_FAMILY
  if (!tables)
    if (auto rules = family_rules(game))
      tables = rules->moves == family::Moves::gravity ? make_gravity_tables(std::move(*rules))
                                                      : make_family_tables(std::move(*rules));
  if (!tables) throw tbreader::GameError("unknown game '" + game.name() + "' (see tbgen --help)");
  game.refuse_unread();
  return tables;
}
bool table_is_complete(const std::filesystem::path& path, const std::string& game,
                       const std::function<bool(const format::Header&)>& has_layout) {
  if (!std::filesystem::exists(path)) return false;
  try {
    const Table table(path, tbreader::CacheMode::single_block);
    if (table.header().game != game || !has_layout(table.header())) return false;
    table.verify_all();
    return true;
  } catch (const tbreader::Error&) {
    return false;
  }
}

bool same_layout(const format::Header& a, const format::Header& b) {
  return a.layer == b.layer && a.index_scheme == b.index_scheme && a.value_codec == b.value_codec &&
         a.entry_bits == b.entry_bits && a.entry_count == b.entry_count;
}

std::uint64_t write_layer_table(const std::filesystem::path& path, const format::Header& header,
                                const EntryProducer& entries, const WriteOptions& options,
                                CompressedBlocks known, const BlockShare& share,
                                const Cluster& cluster) {
  if (cluster.size() == 1) return write_table(path, header, entries, options, std::move(known));
  // Each process compresses its share of the blocks; rank 0 puts the file together.
  const auto blocks = compress_blocks(header, entries, options, share, std::move(known));
  Bytes mine;
  for (const auto& b : blocks) {
    const std::uint64_t size = b.size();
    mine.insert(mine.end(), reinterpret_cast<const std::uint8_t*>(&size),
                reinterpret_cast<const std::uint8_t*>(&size) + sizeof size);
    mine.insert(mine.end(), b.begin(), b.end());
  }
  const auto by_rank = cluster.gather(mine);
  if (cluster.rank() != 0) return 0;
  std::vector<std::vector<std::uint8_t>> all;
  for (const auto& bytes : by_rank)
    for (std::size_t at = 0; at < bytes.size();) {
      std::uint64_t size = 0;
      std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(at), sizeof size,
                  reinterpret_cast<std::uint8_t*>(&size));
      at += sizeof size;
      all.emplace_back(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                       bytes.begin() + static_cast<std::ptrdiff_t>(at + size));
      at += size;
    }
  return assemble_table(path, header, all, options);
}

std::vector<bool> complete_layers(
    const std::filesystem::path& dir, const std::vector<std::string>& names,
    const std::string& game, const std::function<bool(int layer, const format::Header&)>& layout,
    const Cluster& cluster) {
  Bytes seen;
  if (cluster.rank() == 0)
    for (int t = 0; t < static_cast<int>(names.size()); ++t)
      seen.push_back(table_is_complete(table_path(dir, names[t]), game,
                                       [&](const format::Header& h) { return layout(t, h); }));
  seen = cluster.broadcast(std::move(seen));
  return {seen.begin(), seen.end()};
}

}  // namespace tbgen
