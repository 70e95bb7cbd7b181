// The registry of the reader library, generated from the one list of games.
#include "cgt/domino_reader.hpp"
#include "family/family_game.hpp"
#include "family/gravity/gravity_reader.hpp"
#include "family/placement/placement_reader.hpp"
#include "family/slide/slide_reader.hpp"
#include "game_reader.hpp"

namespace tbgen {

#define TBGEN_FAMILY(id)
#define TBGEN_GAME(id)                                                    \
  std::unique_ptr<GameReader> make_##id##_reader(const GameString& game); \
  tbreader::GameHelp id##_help();
#include "games/games.def"
#undef TBGEN_GAME

std::optional<family::Rules> family_rules(const GameString& game) {
#define TBGEN_GAME(id)
#undef TBGEN_FAMILY
#define TBGEN_FAMILY(id) \
  if (game.name() == #id) return id##_rules(game);
#include "games/games.def"
#undef TBGEN_FAMILY
#undef TBGEN_GAME
  return std::nullopt;
}

std::unique_ptr<GameReader> make_game_reader(std::string_view text) {
  const GameString game(text);
  std::unique_ptr<GameReader> reader;
#define TBGEN_FAMILY(id)
#define TBGEN_GAME(id) \
  if (game.name() == #id) reader = make_##id##_reader(game);
#include "games/games.def"
#undef TBGEN_GAME
#undef TBGEN_FAMILY
  if (!reader)
    if (auto rules = family_rules(game)) {
      switch (rules->moves) {
        case family::Moves::placement:
          reader = std::make_unique<PlacementReader>(std::move(*rules));
          break;
        case family::Moves::gravity:
          reader = std::make_unique<GravityReader>(std::move(*rules));
          break;
        case family::Moves::slide:
          reader = std::make_unique<SlideReader>(std::move(*rules));
          break;
        case family::Moves::domino:
          reader = std::make_unique<DominoReader>(std::move(*rules));
          break;
      }
    }
  if (!reader) throw tbreader::GameError("unknown game '" + game.name() + "' (see tbprobe --help)");
  game.refuse_unread();
  return reader;
}

}  // namespace tbgen

namespace tbreader {

const std::vector<GameHelp>& games() {
  static const std::vector<GameHelp> list = {
#define TBGEN_GAME(id) tbgen::id##_help(),
#define TBGEN_FAMILY(id) tbgen::id##_help(),
#include "games/games.def"
#undef TBGEN_FAMILY
#undef TBGEN_GAME
  };
  return list;
}

}  // namespace tbreader
