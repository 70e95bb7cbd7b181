// connect(cols=7,rows=6,k=4,value=outcome,first=X,misere=0): Connect-k, each mark dropped to
// the bottom of its column (SPEC 6). Solved by the gravity solver (family/gravity_*).
#include "family/family_game.hpp"
#include "family/gravity/gravity_index.hpp"

namespace tbgen {

family::Rules connect_rules(const GameString& game) {
  using namespace family;
  Rules r;
  r.cols = static_cast<int>(game.integer("cols", 1, kMaxGravityBits / 2, 7));
  r.rows = static_cast<int>(game.integer("rows", 1, kMaxGravityRows, 6));
  if (r.cols * (r.rows + 1) > kMaxGravityBits)
    throw tbreader::GameError("game '" + game.text() + "': cols x (rows + 1) must be at most " +
                              std::to_string(kMaxGravityBits) + ", found " +
                              std::to_string(r.cols) + " x " + std::to_string(r.rows + 1));
  const int k = static_cast<int>(game.integer("k", 2, std::max({4, r.cols, r.rows}), 4));
  const std::string value = game.choice("value", {"outcome", "speed"}, "outcome");
  r.value = value == "speed" ? ValueKind::speed : ValueKind::outcome;
  first_key(game, r);
  r.misere = game.integer("misere", 0, 1, 0) == 1;
  r.family = "connect";
  r.moves = Moves::gravity;
  r.wins_at_once = true;
  r.threshold = k;
  r.turns = r.cells();
  auto n = [](int v) { return std::to_string(v); };
  r.canonical = "connect(cols=" + n(r.cols) + ",rows=" + n(r.rows) + ",k=" + n(k) +
                ",value=" + value + ",first=" + r.first + ",misere=" + n(r.misere) + ")";
  r.stem = "connect-" + n(r.cols) + "x" + n(r.rows) + "-k" + n(k) + "-" + value + "-" + r.first +
           (r.misere ? "-misere" : "");
  return r;
}

}  // namespace tbgen
