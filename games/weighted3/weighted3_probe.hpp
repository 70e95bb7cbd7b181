#pragma once
// weighted3's table lookup: board = sum of cell_i * 3^i (0 empty, 1 X = Takahashi, 2 O = Aoki),
// weights |w| <= 1e9 by cell summing to an odd number. Whether Takahashi wins under optimal play,
// or nullopt for a board that cannot arise in play.
#include <array>
#include <cstdint>
#include <optional>

#include "table_set.hpp"

namespace tbgen {

using Weights = std::array<std::int64_t, 9>;

std::optional<bool> probe_weighted3(const TableSet& tables, std::uint32_t board,
                                    const Weights& weights);

}  // namespace tbgen
