// domineering(cols=C,rows=R): Left places a vertical domino, Right a horizontal one; who cannot
// move loses (SPEC 6). Every board's canonical form is tabled by the canonical-form engine (cgt/).
#include "family/family_game.hpp"

namespace tbgen {

family::Rules domino_rules(const GameString& game, bool impartial);

family::Rules domineering_rules(const GameString& game) {
  return domino_rules(game, false);
}

}  // namespace tbgen
