// The reader library's registry, generated from the one list of games (games.def) and of move
// structures (family/structures.def): it sits above the structures and the reader, which never
// name a game.
#include <algorithm>

#include "family/family_game.hpp"
#include "game_reader.hpp"

namespace tbgen {

#define TBGEN_STRUCTURE(id) std::unique_ptr<GameReader> make_##id##_reader(family::Rules rules);
#include "family/structures.def"
#undef TBGEN_STRUCTURE

#define TBGEN_FAMILY(id, ...)
#define TBGEN_GAME(id, ...) std::unique_ptr<GameReader> make_##id##_reader(const GameString& game);
#include "games/games.def"
#undef TBGEN_GAME

std::optional<family::Rules> family_rules(const GameString& game) {
#define TBGEN_GAME(id, ...)
#undef TBGEN_FAMILY
#define TBGEN_FAMILY(id, ...) \
  if (game.name() == #id) return id##_rules(game);
#include "games/games.def"
#undef TBGEN_FAMILY
#undef TBGEN_GAME
  return std::nullopt;
}

tbreader::GameError unknown_game(const GameString& game, std::string_view help) {
  std::string seeds, families;
  for (const auto& g : tbreader::games()) {
    std::string& list = g.family ? families : seeds;
    list += (list.empty() ? "" : ", ") + g.id.substr(0, g.id.find('('));
  }
  return tbreader::GameError("unknown game '" + game.name() + "': the games are " + seeds +
                             ", and members of the families " + families +
                             " (NAME(key=value,...); see " + std::string(help) + ")");
}

std::unique_ptr<GameReader> make_game_reader(std::string_view text) {
  const GameString game(text);
  std::unique_ptr<GameReader> reader;
#define TBGEN_FAMILY(id, ...)
#define TBGEN_GAME(id, ...) \
  if (game.name() == #id) reader = make_##id##_reader(game);
#include "games/games.def"
#undef TBGEN_GAME
#undef TBGEN_FAMILY
  if (!reader)
    if (auto rules = family_rules(game)) switch (rules->moves) {
#define TBGEN_STRUCTURE(id)                         \
  case family::Moves::id:                           \
    reader = make_##id##_reader(std::move(*rules)); \
    break;
#include "family/structures.def"
#undef TBGEN_STRUCTURE
      }
  if (!reader) throw unknown_game(game, "tbprobe --help");
  game.refuse_unread();
  return reader;
}

}  // namespace tbgen

namespace tbreader {

const std::vector<GameHelp>& games() {
  static const std::vector<GameHelp> list = {
#define TBGEN_GAME(id, example, board, boards) {example, boards, board, false},
#define TBGEN_FAMILY(id, example, board, boards) {example, boards, board, true},
#include "games/games.def"
#undef TBGEN_FAMILY
#undef TBGEN_GAME
  };
  return list;
}

GameHelp game_help(std::string_view game) {
  const std::string name = canonical(game);
  const auto& list = games();
  const auto it = std::find_if(list.begin(), list.end(), [&](const GameHelp& g) {
    return g.id.substr(0, g.id.find('(')) == name.substr(0, name.find('('));
  });
  GameHelp help = *it;
  // The list's example is a board of the member it names; another member's is its empty board.
  if (help.family && canonical(help.id) != name) {
    const auto rules = tbgen::family_rules(tbgen::GameString(name));
    help.example = rules->start;
    for (int r = 0; r < rules->rows && rules->start.empty(); ++r)
      help.example += (r ? "/" : "") + std::string(static_cast<std::size_t>(rules->cols), '.');
  }
  help.id = name;
  return help;
}

}  // namespace tbreader
