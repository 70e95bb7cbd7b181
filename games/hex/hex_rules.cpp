// hex(cols=5,rows=cols,value=outcome,first=X): join your two sides (SPEC 6). X joins the top row
// to the bottom row, O the left column to the right column, whoever moves first; solved by the
// placement generator with the connection win test.
#include "family/family_game.hpp"

namespace tbgen {

family::Rules hex_rules(const GameString& game) {
  using namespace family;
  Rules r = board_keys(game, 5);
  const std::string value = game.choice("value", {"outcome", "speed"}, "outcome");
  r.value = value == "speed" ? ValueKind::speed : ValueKind::outcome;
  first_key(game, r);
  r.family = "hex";
  r.win = WinTest::connection;
  r.wins_at_once = true;
  r.turns = r.cells();
  // The half turn keeps each player's two sides; a reflection or a transpose would swap them.
  std::vector<int> identity(r.cells()), half_turn(r.cells());
  for (int i = 0; i < r.cells(); ++i) identity[i] = i, half_turn[i] = r.cells() - 1 - i;
  r.symmetries = {identity};
  if (r.cells() > 1) r.symmetries.push_back(half_turn);
  auto n = [](int v) { return std::to_string(v); };
  r.canonical = "hex(cols=" + n(r.cols) + ",rows=" + n(r.rows) + ",value=" + value +
                ",first=" + r.first + ")";
  r.stem = "hex-" + n(r.cols) + "x" + n(r.rows) + "-" + value + "-" + r.first;
  return r;
}

}  // namespace tbgen
