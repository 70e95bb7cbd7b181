#include "games/nim3_table.hpp"
#include "tablebase_impl.hpp"

namespace tbreader {

Nim3Value probe_nim3(const Tablebase& tb, int max_pile, int phase,
                     const std::array<std::uint32_t, 9>& piles) {
  using namespace tbgen::nim3_table;
  if (max_pile < 1 || max_pile > kMaxPileLimit)
    throw Error("nim3: no tables for piles up to " + std::to_string(max_pile));
  if (phase < 0 || phase > 2) throw Error("nim3: phase must be 0, 1 or 2");
  std::uint64_t index = 0;
  for (int c = 8; c >= 0; --c) {
    if (piles[c] > static_cast<std::uint32_t>(max_pile))
      throw Error("nim3: pile " + std::to_string(piles[c]) +
                  " is beyond the table's largest pile " + std::to_string(max_pile));
    index = index * static_cast<std::uint64_t>(max_pile + 1) + piles[c];
  }
  const auto& table = tb.impl().table(name(max_pile));
  expect_layout(table, kIndexScheme, kValueCodec, entries(max_pile));
  if (table.header().game_parameter != static_cast<std::uint32_t>(max_pile))
    throw Error(table.name() + ": holds piles up to " +
                std::to_string(table.header().game_parameter));
  index += static_cast<std::uint64_t>(phase) * (entries(max_pile) / 3);
  const std::uint64_t entry = table.entry(index);
  if (entry > 2) throw Error(table.name() + ": invalid value at entry " + std::to_string(index));
  return static_cast<Nim3Value>(entry);
}

}  // namespace tbreader
