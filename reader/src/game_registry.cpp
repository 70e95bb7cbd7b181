// The registry of the reader library, generated from the one list of games.
#include "game_reader.hpp"

namespace tbgen {

#define TBGEN_GAME(id)                                                    \
  std::unique_ptr<GameReader> make_##id##_reader(const GameString& game); \
  tbreader::GameHelp id##_help();
#include "games/games.def"
#undef TBGEN_GAME

std::unique_ptr<GameReader> make_game_reader(std::string_view text) {
  const GameString game(text);
#define TBGEN_GAME(id)                      \
  if (game.name() == #id) {                 \
    auto reader = make_##id##_reader(game); \
    game.refuse_unread();                   \
    return reader;                          \
  }
#include "games/games.def"
#undef TBGEN_GAME
  throw tbreader::GameError("unknown game '" + game.name() + "' (see tbprobe --help)");
}

}  // namespace tbgen

namespace tbreader {

const std::vector<GameHelp>& games() {
  static const std::vector<GameHelp> list = {
#define TBGEN_GAME(id) tbgen::id##_help(),
#include "games/games.def"
#undef TBGEN_GAME
  };
  return list;
}

}  // namespace tbreader
