#include "solver/game_tables.hpp"

namespace tbgen {

#define TBGEN_GAME(id) std::unique_ptr<GameTables> make_##id##_tables(const GameString& game);
#include "games/games.def"
#undef TBGEN_GAME

std::unique_ptr<GameTables> make_game_tables(std::string_view text) {
  const GameString game(text);
#define TBGEN_GAME(id)                      \
  if (game.name() == #id) {                 \
    auto tables = make_##id##_tables(game); \
    game.refuse_unread();                   \
    return tables;                          \
  }
#include "games/games.def"
#undef TBGEN_GAME
  throw tbreader::GameError("unknown game '" + game.name() + "' (see tbgen --help)");
}

bool table_is_complete(const std::filesystem::path& path) {
  if (!std::filesystem::exists(path)) return false;
  try {
    Table(path, tbreader::CacheMode::single_block).verify_all();
    return true;
  } catch (const tbreader::Error&) {
    return false;
  }
}

}  // namespace tbgen
