#pragma once
// score3's table lookup: board = sum of cell_i * 3^i (0 empty, 1 X, 2 O). The minimax score
// (X maximises), or nullopt for a board that cannot arise in play.
#include <cstdint>
#include <optional>

#include "table_set.hpp"

namespace tbgen {

std::optional<int> probe_score3(const TableSet& tables, std::uint32_t board);

}  // namespace tbgen
