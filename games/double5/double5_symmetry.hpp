#pragma once
// The 32 cell permutations of the 5x5 board that map its 12 scoring lines (5 rows, 5 columns,
// 2 diagonals) onto themselves, and canonical representatives of cell sets under them.
// A set of cells is a 25-bit mask. Boards number their cells row by row (cell = row * 5 + col);
// the table index numbers them in its own order (kIndexCells), and works on masks in that
// numbering throughout.
#include <array>
#include <cstdint>
#include <vector>

namespace tbgen::double5 {

inline constexpr int kCells = 25;
inline constexpr std::uint32_t kFull = (1u << kCells) - 1;
inline constexpr int kSymmetries = 32;

using Permutation = std::array<std::uint8_t, kCells>;  // cell i goes to p[i]

// Index cell i is board cell kIndexCells[i]. Entries are in colex order of mark sets, so the
// cells numbered last vary slowest; numbering the cells on most lines (the diagonals and the
// centre) last keeps positions whose values agree together, and the tables compress about 30%
// better than with row-by-row numbering (bench_double5_codec).
inline constexpr Permutation kIndexCells = {19, 14, 10, 11, 13, 2,  17, 7,  22, 15, 9, 5, 3,
                                            1,  21, 23, 8,  4,  24, 20, 16, 18, 6,  0, 12};

// The 12 scoring lines as masks of board cells.
const std::array<std::uint32_t, 12>& line_masks();

// A permutation of the cells, applied to masks by table lookup.
class CellMap {
 public:
  CellMap() = default;
  explicit CellMap(const Permutation& p);
  const Permutation& permutation() const { return perm_; }
  std::uint32_t operator()(std::uint32_t mask) const {
    return tables_[0][mask & 0xff] | tables_[1][(mask >> 8) & 0xff] |
           tables_[2][(mask >> 16) & 0xff] | tables_[3][(mask >> 24) & 0xff];
  }

 private:
  Permutation perm_{};
  std::array<std::array<std::uint32_t, 256>, 4> tables_{};
};

// Renumbering between board cells and index cells.
const CellMap& board_to_index();
const CellMap& index_to_board();

class Symmetry {
 public:
  // Built once, thread-safe: the group acting on board cells, and the same group acting on
  // index cells (what the table index uses).
  static const Symmetry& on_board();
  static const Symmetry& on_index();

  const Permutation& permutation(int sym) const { return maps_[sym].permutation(); }
  std::uint32_t apply(int sym, std::uint32_t mask) const { return maps_[sym](mask); }
  bool is_canonical(std::uint32_t mask) const;
  int inverse(int sym) const { return inverse_[sym]; }

 private:
  explicit Symmetry(const Permutation& numbering);  // cell i is board cell numbering[i]
  std::array<CellMap, kSymmetries> maps_{};
  std::array<int, kSymmetries> inverse_{};
};

// Under Symmetry::on_index(): the canonical sets of `size` cells in increasing order: a class's
// rank is its position. Built on first use (once per size, thread-safe).
const std::vector<std::uint32_t>& canonical_sets(int size);

// For every set of `size` cells, by colex rank: (class rank << 5) | a symmetry that maps the
// set to its class's canonical set. Built on first use from the orbits of canonical_sets
// (once per size, thread-safe); C(25, size) entries.
const std::vector<std::uint32_t>& class_lookup(int size);

}  // namespace tbgen::double5
