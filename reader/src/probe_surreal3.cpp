#include "games/surreal3_table.hpp"
#include "tablebase_impl.hpp"

namespace tbreader {

GameNumber probe_surreal3(const Tablebase& tb, std::uint32_t board) {
  using namespace tbgen::surreal3_table;
  if (board >= kEntries)
    throw Error("surreal3: board index " + std::to_string(board) + " out of range");
  const auto& table = tb.impl().table(kName);
  expect_layout(table, kIndexScheme, kValueCodec, kEntries);
  const std::uint64_t entry = table.entry(board);
  if (exponent(entry) > 30)
    throw Error(table.name() + ": invalid value at entry " + std::to_string(board));
  return {numerator(entry), static_cast<int>(exponent(entry))};
}

}  // namespace tbreader
