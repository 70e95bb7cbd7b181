#include "games/weighted3/weighted3_probe.hpp"

#include "games/weighted3/weighted3_layout.hpp"

namespace tbgen {

std::optional<bool> probe_weighted3(const TableSet& tables, std::uint32_t board,
                                    const Weights& weights) {
  using namespace weighted3_table;
  if (board >= kBoards)
    throw tbreader::InputError("weighted3: board index " + std::to_string(board) + " out of range");
  const auto& offsets = tables.table(kOffsetsName);
  const auto& functions = tables.table(kFunctionsName);
  expect_layout(offsets, kOffsetsScheme, kOffsetsCodec, kBoards);
  const auto& h = functions.header();
  if (h.index_scheme != kFunctionsScheme || h.value_codec != kFunctionsCodec || h.entry_bits != 1)
    throw tbreader::Error(functions.name() + ": unexpected table layout");
  const std::uint64_t offset = offsets.entry(board);
  if (offset == kUnreachable) return std::nullopt;
  // One bit per extending draw board: Takahashi's weights there minus Aoki's, positive?
  const auto& draws = draw_boards();
  std::uint64_t assignment = 0;
  int var = 0;
  for (std::uint32_t r = extending_draw_boards(board3::decode(board)); r != 0; r &= r - 1, ++var) {
    const auto& f = draws[static_cast<std::size_t>(__builtin_ctz(r))];
    std::int64_t margin = 0;  // |w| <= 1e9: nine terms cannot overflow
    for (int i = 0; i < 9; ++i) margin += f[i] == 1 ? weights[i] : -weights[i];
    if (margin > 0) assignment |= std::uint64_t{1} << var;
  }
  if (offset + (std::uint64_t{1} << var) > h.entry_count)
    throw tbreader::Error(offsets.name() + ": offset of board " + std::to_string(board) +
                          " out of range");
  return functions.entry(offset + assignment) == 1;
}

}  // namespace tbgen
