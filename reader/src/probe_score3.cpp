#include "games/score3_table.hpp"
#include "tablebase_impl.hpp"

namespace tbreader {

std::optional<int> probe_score3(const Tablebase& tb, std::uint32_t board) {
  if (board >= tbgen::score3_table::kEntries)
    throw Error("score3: board index " + std::to_string(board) + " out of range");
  const auto& table = tb.impl().table(tbgen::score3_table::kName);
  expect_layout(table, tbgen::score3_table::kIndexScheme, tbgen::score3_table::kValueCodec,
                tbgen::score3_table::kEntries);
  return tbgen::score3_table::decode(table.entry(board));
}

}  // namespace tbreader
