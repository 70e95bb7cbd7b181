// The keys domineering and cram share: a board of cols x rows cells (SPEC 6).
#include "cgt/domino_board.hpp"
#include "family/family_game.hpp"

namespace tbgen {

family::Rules domino_rules(const GameString& game, bool impartial) {
  family::Rules r;
  const auto size = [&](std::string_view key) {
    return static_cast<int>(game.integer(key, 1, cgt::kMaxDominoCells));
  };
  r.cols = size("cols");
  r.rows = size("rows");
  if (r.cells() > cgt::kMaxDominoCells)
    throw tbreader::GameError("game '" + game.text() + "': cols x rows must be at most " +
                              std::to_string(cgt::kMaxDominoCells) + " cells, found " +
                              std::to_string(r.cells()));
  r.family = impartial ? "cram" : "domineering";
  r.moves = family::Moves::domino;
  r.impartial = impartial;
  auto n = [](int v) { return std::to_string(v); };
  r.canonical = r.family + "(cols=" + n(r.cols) + ",rows=" + n(r.rows) + ")";
  r.stem = r.family + "-" + n(r.cols) + "x" + n(r.rows);
  return r;
}

}  // namespace tbgen
