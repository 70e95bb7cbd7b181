#pragma once
// surreal3's table lookup: board = sum of cell_i * 3^i with '.' and '#' 0, O 1, X 2. Its exact
// value as a game, a number.
#include <cstdint>

#include "core/dyadic.hpp"
#include "table_set.hpp"

namespace tbgen {

Dyadic probe_surreal3(const TableSet& tables, std::uint32_t board);

}  // namespace tbgen
