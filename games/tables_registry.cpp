// The generator library's registry, generated from the one list of games (games.def) and of
// move structures (family/structures.def): it sits above the structures and the engine, which
// never name a game.
#include "family/family_game.hpp"
#include "generator/game_tables.hpp"

namespace tbgen {

#define TBGEN_STRUCTURE(id) std::unique_ptr<GameTables> make_##id##_tables(family::Rules rules);
#include "family/structures.def"
#undef TBGEN_STRUCTURE

#define TBGEN_FAMILY(id, ...)
#define TBGEN_GAME(id, ...) std::unique_ptr<GameTables> make_##id##_tables(const GameString& game);
#include "games/games.def"
#undef TBGEN_GAME
#undef TBGEN_FAMILY

std::unique_ptr<GameTables> make_game_tables(std::string_view text) {
  const GameString game(text);
  std::unique_ptr<GameTables> tables;
#define TBGEN_FAMILY(id, ...)
#define TBGEN_GAME(id, ...) \
  if (game.name() == #id) tables = make_##id##_tables(game);
#include "games/games.def"
#undef TBGEN_GAME
#undef TBGEN_FAMILY
  if (!tables)
    if (auto rules = family_rules(game)) switch (rules->moves) {
#define TBGEN_STRUCTURE(id)                         \
  case family::Moves::id:                           \
    tables = make_##id##_tables(std::move(*rules)); \
    break;
#include "family/structures.def"
#undef TBGEN_STRUCTURE
      }
  if (!tables) throw unknown_game(game, "tbgen --help");
  game.refuse_unread();
  return tables;
}

}  // namespace tbgen
