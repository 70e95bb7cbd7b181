#pragma once
// The 32 cell permutations of the 5x5 board that map its 12 scoring lines (5 rows, 5 columns,
// 2 diagonals) onto themselves, and canonical representatives of cell sets under them.
// Cell i = row * 5 + col; a set of cells is a 25-bit mask.
#include <array>
#include <cstdint>
#include <vector>

namespace tbgen::double5 {

inline constexpr int kCells = 25;
inline constexpr std::uint32_t kFull = (1u << kCells) - 1;
inline constexpr int kSymmetries = 32;

using Permutation = std::array<std::uint8_t, kCells>;  // cell i goes to p[i]

// The 12 scoring lines as masks.
const std::array<std::uint32_t, 12>& line_masks();

class Symmetry {
 public:
  static const Symmetry& get();  // built once, thread-safe

  const std::array<Permutation, kSymmetries>& permutations() const { return perms_; }
  std::uint32_t apply(int sym, std::uint32_t mask) const {
    const auto& t = tables_[sym];
    return t[0][mask & 0xff] | t[1][(mask >> 8) & 0xff] | t[2][(mask >> 16) & 0xff] |
           t[3][(mask >> 24) & 0xff];
  }
  bool is_canonical(std::uint32_t mask) const;
  int inverse(int sym) const { return inverse_[sym]; }

 private:
  Symmetry();
  std::array<Permutation, kSymmetries> perms_{};
  std::array<int, kSymmetries> inverse_{};
  std::array<std::array<std::array<std::uint32_t, 256>, 4>, kSymmetries> tables_{};
};

// The canonical sets of `size` cells in increasing order: a class's rank is its position.
// Built on first use (once per size, thread-safe).
const std::vector<std::uint32_t>& canonical_sets(int size);

// For every set of `size` cells, by colex rank: (class rank << 5) | a symmetry that maps the
// set to its class's canonical set. Built on first use from the orbits of canonical_sets
// (once per size, thread-safe); C(25, size) entries.
const std::vector<std::uint32_t>& class_lookup(int size);

}  // namespace tbgen::double5
