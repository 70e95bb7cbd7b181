#pragma once
// What a family's folder (games/<family>/) gives the shared family machinery: the rules of the
// member a game string names, and its help line. The keys every family shares are read here.
#include <algorithm>
#include <optional>
#include <string>

#include "core/game_string.hpp"
#include "family/family_rules.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::family {

// cols and rows: a board of at most kMaxCells cells; each required, or with a default.
inline Rules board_keys(const GameString& game, std::optional<int> cols = {},
                        std::optional<int> rows = {}) {
  const auto size = [&](std::string_view key, std::optional<int> fallback) {
    return static_cast<int>(fallback ? game.integer(key, 1, kMaxCells, *fallback)
                                     : game.integer(key, 1, kMaxCells));
  };
  Rules r;
  r.cols = size("cols", cols);
  r.rows = size("rows", rows ? rows : cols ? std::optional<int>(r.cols) : std::nullopt);
  if (r.cells() > kMaxCells)
    throw tbreader::GameError("game '" + game.text() + "': cols x rows must be at most " +
                              std::to_string(kMaxCells) + " cells, found " +
                              std::to_string(r.cols) + "x" + std::to_string(r.rows) + " = " +
                              std::to_string(r.cells()));
  return r;
}

// p marks a turn, q in the first.
inline void turn_keys(const GameString& game, Rules& r) {
  r.p = static_cast<int>(game.integer("p", 1, r.cells(), 1));
  r.q = static_cast<int>(game.integer("q", 1, r.cells(), r.p));
}

inline void first_key(const GameString& game, Rules& r) {
  r.first = game.choice("first", {"X", "O"}, "X")[0];
  r.second = r.first == 'X' ? 'O' : 'X';
}

}  // namespace tbgen::family

namespace tbgen {

// The family folders' entry points (games/games.def lists the families).
#define TBGEN_GAME(id, ...)
#define TBGEN_FAMILY(id, ...) family::Rules id##_rules(const GameString& game);
#include "games/games.def"
#undef TBGEN_FAMILY
#undef TBGEN_GAME

// The rules of the member `game` names, if it names a family (keys checked); else nothing.
std::optional<family::Rules> family_rules(const GameString& game);

// The error for a game string that names no game: every game and family, in one line; `help`
// the command whose --help says more.
tbreader::GameError unknown_game(const GameString& game, std::string_view help);

}  // namespace tbgen
