// score3's tables are built by the family generator, as its mnk member's, under its own name.
#include "family/placement/placement_tables.hpp"
#include "games/score3/score3_rules.hpp"

namespace tbgen {

std::unique_ptr<GameTables> make_score3_tables(const GameString&) {
  return make_placement_tables(score3_rules());
}

}  // namespace tbgen
