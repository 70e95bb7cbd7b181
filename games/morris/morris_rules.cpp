// morris(board=nine,pieces=9,fly=1,lasker=0,first=X): mills, captures and material (SPEC 6).
// The boards, turns and positions are family/morris/morris_game; its sectors are solved by
// material (family/morris/morris_structure.hpp). Nine Men's Morris is morris(), Lasker Morris
// morris(lasker=1), Six Men's Morris morris(board=six).
#include "family/family_game.hpp"
#include "family/morris/morris_game.hpp"

namespace tbgen {

family::Rules morris_rules(const GameString& game) {
  const morris::Rules m = morris::rules_of(game);
  family::Rules r;
  r.family = "morris";
  r.moves = family::Moves::morris;
  r.canonical = m.canonical;
  r.stem = m.stem;
  r.first = m.first;
  r.second = m.second;
  r.pieces = m.pieces;
  r.cols = m.board->points;  // the points in SPEC's order, as one row
  r.rows = 1;
  r.start = morris::position_text(
      m, morris::Text{.x_to_move = m.first == 'X', .x_hand = m.pieces, .o_hand = m.pieces});
  return r;
}

}  // namespace tbgen
