#pragma once
// double5's table lookup: cell i = row * 5 + col; o and x are 25-bit masks of a position after
// whole rounds, or of a finished board. Throws tbreader::InputError for other masks.
#include <cstdint>

#include "games/double5/double5_layout.hpp"
#include "table_set.hpp"

namespace tbgen {

double5::Code probe_double5(const TableSet& tables, std::uint32_t o, std::uint32_t x);

}  // namespace tbgen
