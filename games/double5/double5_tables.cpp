// double5's tables are built by the family generator, as its lines member's, under its own name.
#include "family/placement/placement_tables.hpp"
#include "games/double5/double5_rules.hpp"

namespace tbgen {

std::unique_ptr<GameTables> make_double5_tables(const GameString&) {
  return make_placement_tables(double5_rules());
}

}  // namespace tbgen
