#pragma once
// nim3's table lookup (table nim3-k<max_pile>): a state with piles 0..max_pile (cell i =
// row * 3 + col); phase 0: the first player's whole-pile move, 1: the second player's, 2: free
// play. Whether the player to move wins, or nullopt for a state that cannot arise in play.
#include <array>
#include <cstdint>
#include <optional>

#include "table_set.hpp"

namespace tbgen {

std::optional<bool> probe_nim3(const TableSet& tables, int max_pile, int phase,
                               const std::array<std::uint32_t, 9>& piles);

}  // namespace tbgen
