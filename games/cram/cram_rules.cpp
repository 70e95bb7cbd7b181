// cram(cols=C,rows=R): either player places a domino either way; who cannot move loses (SPEC 6).
// Impartial: every value is a nimber. Tabled by the canonical-form engine (cgt/).
#include "family/family_game.hpp"

namespace tbgen {

family::Rules domino_rules(const GameString& game, bool impartial);

family::Rules cram_rules(const GameString& game) {
  return domino_rules(game, true);
}

}  // namespace tbgen
