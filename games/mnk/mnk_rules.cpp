// mnk(cols=C,rows=R,k=K,p=1,q=p,value=outcome,first=X,misere=0): k in a row wins at once, or
// with misere=1 loses at once (SPEC 6).
#include "family/family_game.hpp"

namespace tbgen {

family::Rules mnk_rules(const GameString& game) {
  using namespace family;
  Rules r = board_keys(game);
  const int k = static_cast<int>(game.integer("k", 2, std::max(r.cols, r.rows)));
  turn_keys(game, r);
  const std::string value = game.choice("value", {"outcome", "speed"}, "outcome");
  r.value = value == "speed" ? ValueKind::speed : ValueKind::outcome;
  first_key(game, r);
  r.misere = game.integer("misere", 0, 1, 0) == 1;
  r.family = "mnk";
  r.wins_at_once = true;
  r.threshold = k;
  r.lines = straight_lines(r.cols, r.rows, k);
  r.turns = 0;
  while (r.marks_after(r.turns) < r.cells()) ++r.turns;
  const std::string ints = "cols=" + std::to_string(r.cols) + ",rows=" + std::to_string(r.rows) +
                           ",k=" + std::to_string(k) + ",p=" + std::to_string(r.p) +
                           ",q=" + std::to_string(r.q);
  // misere came after the first members: written only when set, so their names stay (SPEC 6).
  r.canonical =
      "mnk(" + ints + ",value=" + value + ",first=" + r.first + (r.misere ? ",misere=1" : "") + ")";
  r.stem = "mnk-" + std::to_string(r.cols) + "x" + std::to_string(r.rows) + "-k" +
           std::to_string(k) + "-p" + std::to_string(r.p) + "q" + std::to_string(r.q) + "-" +
           value + "-" + r.first + (r.misere ? "-misere" : "");
  return r;
}

}  // namespace tbgen
