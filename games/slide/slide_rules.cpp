// slide(cols=3,rows=3,k=3,pieces=3,step=king,square=0,first=X): place, then move (SPEC 6). Each
// player places `pieces` marks, then a turn moves one own mark; k in a row (or a filled 2x2
// block with square=1) wins at once. Play may cycle: solved by retrograde analysis
// (family/slide_*). Teeko is slide(cols=5,rows=5,k=4,pieces=4,step=king,square=1).
#include "family/family_game.hpp"
#include "family/family_symmetry.hpp"

namespace tbgen {

family::Rules slide_rules(const GameString& game) {
  using namespace family;
  Rules r = board_keys(game, 3, 3);
  const int k = static_cast<int>(game.integer("k", 2, std::max(r.cols, r.rows), 3));
  r.pieces = static_cast<int>(game.integer("pieces", 1, std::max(1, r.cells() / 2), 3));
  if (2 * r.pieces > r.cells())
    throw tbreader::GameError("game '" + game.text() + "': pieces must be at most half the " +
                              std::to_string(r.cells()) + " cells");
  const std::string step = game.choice("step", {"king", "rook", "any"}, "king");
  r.step = step == "king" ? Step::king : step == "rook" ? Step::rook : Step::any;
  const bool square = game.integer("square", 0, 1, 0) == 1;
  first_key(game, r);
  r.family = "slide";
  r.moves = Moves::slide;
  r.wins_at_once = true;
  r.threshold = k;
  r.lines = straight_lines(r.cols, r.rows, k);
  if (square)
    for (int row = 0; row + 1 < r.rows; ++row)
      for (int c = 0; c + 1 < r.cols; ++c) {
        const std::uint32_t block = std::uint32_t{3} << (row * r.cols + c);
        r.lines.push_back(block | block << r.cols);
      }
  // Rotations and reflections only: they keep a mark's neighbours, which a permutation that
  // merely keeps the lines need not (4x4 with k=4 has such).
  r.symmetries = board_symmetries(r);
  auto n = [](int v) { return std::to_string(v); };
  r.canonical = "slide(cols=" + n(r.cols) + ",rows=" + n(r.rows) + ",k=" + n(k) +
                ",pieces=" + n(r.pieces) + ",step=" + step + ",square=" + n(square) +
                ",first=" + r.first + ")";
  r.stem = "slide-" + n(r.cols) + "x" + n(r.rows) + "-k" + n(k) + "-n" + n(r.pieces) + "-" + step +
           (square ? "-square" : "") + "-" + r.first;
  return r;
}

}  // namespace tbgen
