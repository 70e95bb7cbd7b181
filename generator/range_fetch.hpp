#pragma once
// The one exchange of a distributed layered build (SPEC 9): each process owns a share of every
// layer (entry_share: whole table blocks) and, to solve its share of layer t, reads ranges of
// layer t + 1 (classes its moves lead to) that others own. It asks their owners for them and
// they answer with the codes, packed as they hold them.
#include <cstdint>
#include <utility>
#include <vector>

#include "generator/cluster.hpp"
#include "generator/layer_codes.hpp"

namespace tbgen {

// What one process reads of the next layer in a round: the ranges it does not own whole, fetched
// into one array (the part it owns copied in), by their offsets in the layer.
class FetchedRanges {
 public:
  // Collective: every process calls it, with the ranges (offset, size) its round reads.
  FetchedRanges(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& classes,
                const PackedCodes& mine, std::uint64_t entries, const Cluster& cluster);
  // Where a range is: fetched, or in `mine` (this process's share).
  Locate locate(const PackedCodes& mine) const;

 private:
  std::vector<std::pair<std::uint64_t, std::uint64_t>> at_;  // (offset, place), by offset
  PackedCodes codes_;
};

}  // namespace tbgen
