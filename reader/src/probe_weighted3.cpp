#include "games/weighted3_table.hpp"
#include "tablebase_impl.hpp"

namespace tbreader {

bool probe_weighted3(const Tablebase& tb, std::uint32_t board,
                     const std::array<std::int64_t, 9>& weights) {
  using namespace tbgen::weighted3_table;
  if (board >= kBoards)
    throw Error("weighted3: board index " + std::to_string(board) + " out of range");
  const auto& offsets = tb.impl().table(kOffsetsName);
  const auto& functions = tb.impl().table(kFunctionsName);
  expect_layout(offsets, kOffsetsScheme, kOffsetsCodec, kBoards);
  const auto& h = functions.header();
  if (h.index_scheme != kFunctionsScheme || h.value_codec != kFunctionsCodec || h.entry_bits != 1)
    throw Error(functions.name() + ": unexpected table layout");
  const std::uint64_t offset = offsets.entry(board);
  if (offset == kUnreachable) throw Error("weighted3: the board cannot arise in play");
  // One bit per extending draw board: Takahashi's weights there minus Aoki's, positive?
  const auto& draws = draw_boards();
  std::uint64_t assignment = 0;
  int var = 0;
  for (std::uint32_t r = extending_draw_boards(tbgen::board3::decode(board)); r != 0;
       r &= r - 1, ++var) {
    const auto& f = draws[static_cast<std::size_t>(__builtin_ctz(r))];
    std::int64_t margin = 0;  // |w| <= 1e9: nine terms cannot overflow
    for (int i = 0; i < 9; ++i) margin += f[i] == 1 ? weights[i] : -weights[i];
    if (margin > 0) assignment |= std::uint64_t{1} << var;
  }
  if (offset + (std::uint64_t{1} << var) > h.entry_count)
    throw Error(offsets.name() + ": offset of board " + std::to_string(board) + " out of range");
  return functions.entry(offset + assignment) == 1;
}

}  // namespace tbreader
