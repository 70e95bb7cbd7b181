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

tbreader::GameHelp quixo_help() {
  return {"quixo(size=4)",
          "size x size cells of . X O, rows separated by /, then :X or :O (the side to move); "
          "moves a1-d1 (the cube taken, the end it is pushed in at); keys size=3|4|5 first=X|O",
          "X..O/.XO./..../O..X:X", true};
}

}  // namespace tbgen
