#include "games/surreal3/surreal3_probe.hpp"

#include "games/surreal3/surreal3_layout.hpp"

namespace tbgen {

Dyadic probe_surreal3(const TableSet& tables, std::uint32_t board) {
  using namespace surreal3_table;
  if (board >= kEntries)
    throw tbreader::InputError("surreal3: board index " + std::to_string(board) + " out of range");
  const auto& table = tables.table(kName);
  expect_layout(table, kIndexScheme, kValueCodec, kEntries);
  const std::uint64_t entry = table.entry(board);
  if (exponent(entry) > 30)
    throw tbreader::Error(table.name() + ": invalid value at entry " + std::to_string(board));
  return Dyadic::from_parts(numerator(entry), static_cast<int>(exponent(entry)));
}

}  // namespace tbgen
