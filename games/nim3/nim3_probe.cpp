#include "games/nim3/nim3_probe.hpp"

#include "games/nim3/nim3_layout.hpp"

namespace tbgen {

std::optional<bool> probe_nim3(const TableSet& tables, int max_pile, int phase,
                               const std::array<std::uint32_t, 9>& piles) {
  using namespace nim3_table;
  if (max_pile < 1 || max_pile > kMaxPileLimit)
    throw tbreader::InputError("nim3: no tables for piles up to " + std::to_string(max_pile));
  if (phase < 0 || phase > 2) throw tbreader::InputError("nim3: phase must be 0, 1 or 2");
  std::uint64_t index = 0;
  for (int c = 8; c >= 0; --c) {
    if (piles[c] > static_cast<std::uint32_t>(max_pile))
      throw tbreader::InputError("nim3: pile " + std::to_string(piles[c]) +
                                 " is beyond the table's largest pile " + std::to_string(max_pile));
    index = index * static_cast<std::uint64_t>(max_pile + 1) + piles[c];
  }
  const auto& table = tables.table(name(max_pile));
  expect_layout(table, kIndexScheme, kValueCodec, entries(max_pile));
  if (table.header().game_parameter != static_cast<std::uint32_t>(max_pile))
    throw tbreader::Error(table.name() + ": holds piles up to " +
                          std::to_string(table.header().game_parameter));
  index += static_cast<std::uint64_t>(phase) * (entries(max_pile) / 3);
  const std::uint64_t entry = table.entry(index);  // 0 unreachable, 1 mover loses, 2 mover wins
  if (entry > 2)
    throw tbreader::Error(table.name() + ": invalid value at entry " + std::to_string(index));
  if (entry == 0) return std::nullopt;
  return entry == 2;
}

}  // namespace tbgen
