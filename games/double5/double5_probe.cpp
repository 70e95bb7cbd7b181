#include "games/double5/double5_probe.hpp"

namespace tbgen {

double5::Code probe_double5(const TableSet& tables, std::uint32_t o, std::uint32_t x) {
  using namespace double5;
  if ((o | x) & ~kFull || (o & x) != 0)
    throw tbreader::InputError("double5: the O and X masks must be disjoint sets of the 25 cells");
  const int no = __builtin_popcount(o), nx = __builtin_popcount(x);
  if (!whole_rounds(no, nx))
    throw tbreader::InputError(std::to_string(no) + " O and " + std::to_string(nx) +
                               " X marks cannot arise after whole rounds (O has 2k or 2k+2 "
                               "marks, X 2k)");
  const int round = no / 2 + nx / 2;
  if (round >= kStoredRounds) return scored_outcome(o, x);
  const LayerShape shape = layer_shape(round);
  // Slots 0..9 of a table set are double5's rounds.
  const auto& table = tables.slot_table(static_cast<std::size_t>(round), table_name(round));
  expect_layout(table, kIndexScheme, kValueCodec, shape.entries);
  const std::uint64_t code = table.entry(position_index(shape, o, x));
  if (code > kOWins) throw tbreader::Error(table.name() + ": invalid value code");
  return static_cast<Code>(code);
}

}  // namespace tbgen
