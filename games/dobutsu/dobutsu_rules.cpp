// dobutsu(): Dobutsu shogi, "Let's Catch the Lion!" (SPEC 6). No keys yet. The board, the
// turns, SFEN and the numbering of positions are family/dobutsu/; its one part is solved by the
// cyclic engine.
#include "family/family_game.hpp"

namespace tbgen {

family::Rules dobutsu_rules(const GameString&) {
  family::Rules r;
  r.family = "dobutsu";
  r.moves = family::Moves::dobutsu;
  r.canonical = "dobutsu()";
  r.stem = "dobutsu";
  r.cols = 3;
  r.rows = 4;
  r.first = 'b';
  r.second = 'w';
  r.start = "gle/1c1/1C1/ELG b -";
  return r;
}

}  // namespace tbgen
