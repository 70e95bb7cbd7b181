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
    if (auto rules = family_rules(game)) tables = make_family_tables(std::move(*rules));
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

}  // namespace tbgen
