#include "games/score3/score3_probe.hpp"

#include "games/score3/score3_layout.hpp"

namespace tbgen {

std::optional<int> probe_score3(const TableSet& tables, std::uint32_t board) {
  if (board >= score3_table::kEntries)
    throw tbreader::InputError("score3: board index " + std::to_string(board) + " out of range");
  const auto& table = tables.table(score3_table::kName);
  expect_layout(table, score3_table::kIndexScheme, score3_table::kValueCodec,
                score3_table::kEntries);
  return score3_table::decode(table.entry(board));
}

}  // namespace tbgen
