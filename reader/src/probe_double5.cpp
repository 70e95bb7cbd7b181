#include "games/double5_table.hpp"
#include "tablebase_impl.hpp"

namespace tbreader {

Double5Outcome probe_double5(const Tablebase& tb, std::uint32_t o, std::uint32_t x) {
  using namespace tbgen::double5;
  if ((o | x) & ~kFull || (o & x) != 0)
    throw Error("double5: the O and X masks must be disjoint sets of the 25 cells");
  const int no = __builtin_popcount(o), nx = __builtin_popcount(x);
  const bool whole_round = (no % 2 == 0 && (no == nx || no == nx + 2) && no <= 10) ||
                           (no == 12 && (nx == 10 || nx == 13));  // round 11, or a full board
  if (!whole_round)
    throw Error("double5: " + std::to_string(no) + " O and " + std::to_string(nx) +
                " X marks is not a position after whole rounds");
  const int round = no / 2 + nx / 2;
  if (round >= kStoredRounds) return static_cast<Double5Outcome>(scored_outcome(o, x));
  const LayerShape shape = layer_shape(round);
  const auto& table = tb.impl().slot_table(static_cast<std::size_t>(round), table_name(round));
  expect_layout(table, kIndexScheme, kValueCodec, shape.entries);
  return static_cast<Double5Outcome>(table.entry(position_index(shape, o, x)));
}

}  // namespace tbreader
