// lines(cols=C,rows=R,len=L,threshold=T,p=1,q=p,turns=N,fill=none,value=outcome,first=X): a
// fixed number of turns, then every line is scored (SPEC 6).
#include "family/family_game.hpp"

namespace tbgen {

family::Rules lines_rules(const GameString& game) {
  using namespace family;
  Rules r = board_keys(game);
  const int len =
      static_cast<int>(game.integer("len", 2, std::max(r.cols, r.rows), std::min(r.cols, r.rows)));
  r.threshold = static_cast<int>(game.integer("threshold", 1, len, len));
  turn_keys(game, r);
  const int whole_turns = 1 + (r.cells() - r.q) / r.p;  // the first turn, then p marks each
  r.turns = static_cast<int>(game.integer("turns", 1, whole_turns, whole_turns));
  const std::string fill = game.choice("fill", {"none", "first", "second"}, "none");
  r.fill = fill == "first" ? Fill::first : fill == "second" ? Fill::second : Fill::none;
  const std::string value = game.choice("value", {"outcome", "margin"}, "outcome");
  r.value = value == "margin" ? ValueKind::margin : ValueKind::outcome;
  first_key(game, r);
  r.family = "lines";
  r.lines = straight_lines(r.cols, r.rows, len);
  auto n = [](int v) { return std::to_string(v); };
  r.canonical = "lines(cols=" + n(r.cols) + ",rows=" + n(r.rows) + ",len=" + n(len) +
                ",threshold=" + n(r.threshold) + ",p=" + n(r.p) + ",q=" + n(r.q) +
                ",turns=" + n(r.turns) + ",fill=" + fill + ",value=" + value + ",first=" + r.first +
                ")";
  r.stem = "lines-" + n(r.cols) + "x" + n(r.rows) + "-len" + n(len) + "-t" + n(r.threshold) + "-p" +
           n(r.p) + "q" + n(r.q) + "-n" + n(r.turns) + "-" + fill + "-" + value + "-" + r.first;
  return r;
}

}  // namespace tbgen
