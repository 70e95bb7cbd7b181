// quixo(size=5,first=X): push a rim cube back in (SPEC 6). The board, the pushes and the
// numbering of positions are family/quixo/; its sectors are solved by the cyclic engine.
#include "family/family_game.hpp"

namespace tbgen {

family::Rules quixo_rules(const GameString& game) {
  family::Rules r;
  r.cols = r.rows = static_cast<int>(game.integer("size", 3, 5, 5));
  family::first_key(game, r);
  r.family = "quixo";
  r.moves = family::Moves::quixo;
  const std::string n = std::to_string(r.cols);
  r.canonical = "quixo(size=" + n + ",first=" + r.first + ")";
  r.stem = "quixo-" + n + "x" + n + "-" + r.first;
  for (int row = 0; row < r.rows; ++row)
    r.start += (row ? "/" : "") + std::string(static_cast<std::size_t>(r.cols), '.');
  r.start += std::string(":") + r.first;
  return r;
}

}  // namespace tbgen
