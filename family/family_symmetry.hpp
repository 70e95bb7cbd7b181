#pragma once
// The symmetries of a member's board: the cell permutations that map its set of lines onto
// itself, found by search from the lines alone (double5's 12 lines have 32, a square mnk board
// 8, another rectangle 4), and canonical representatives of cell sets under them.
//
// Sets of cells are masks. Boards number cells row by row; the table index numbers them in its
// own order (fewest lines through a cell first, so that colex order varies the cells on most
// lines slowest and positions that agree sit together), and works in that numbering throughout.
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "core/combinatorial.hpp"
#include "family/class_index.hpp"
#include "family/family_rules.hpp"

namespace tbgen::family {

inline constexpr int kMaxSymmetries = 256;  // a symmetry's number fits 8 bits

// A permutation of up to 32 cells, applied to masks by four byte lookups.
class CellMap {
 public:
  CellMap() = default;
  explicit CellMap(const std::vector<int>& to);  // cell i goes to to[i]
  std::uint32_t operator()(std::uint32_t mask) const {
    return tables_[0][mask & 0xff] | tables_[1][(mask >> 8) & 0xff] |
           tables_[2][(mask >> 16) & 0xff] | tables_[3][mask >> 24];
  }
  std::uint32_t of_cell(int cell) const { return tables_[cell >> 3][1u << (cell & 7)]; }

 private:
  std::array<std::array<std::uint32_t, 256>, 4> tables_{};
};

// The permutations of cells 0..n-1 that map the set `lines` onto itself, identity first then
// in lexicographic order; none if there are more than kMaxSymmetries (lines that are only the
// rows of a board, say: any permutation within rows and of rows keeps them).
std::vector<std::vector<int>> line_symmetries(int cells, const std::vector<std::uint32_t>& lines);
// The rotations and reflections of the board that keep its lines: the subgroup the index uses
// when line_symmetries() finds too many.
std::vector<std::vector<int>> board_symmetries(const Rules& rules);

class Symmetry {
 public:
  explicit Symmetry(const Rules& rules);
  int cells() const { return cells_; }
  std::uint32_t full() const { return full_; }
  int size() const { return static_cast<int>(maps_.size()); }
  std::uint32_t apply(int g, std::uint32_t mask) const { return maps_[g](mask); }
  int inverse(int g) const { return inverse_[g]; }
  // The least of the set's images and the number j of the symmetry inverse(j) that maps the set
  // onto it, the first such, as a class lookup gives (ClassIndex). Four rows of images, one a
  // byte of the set, ORed four symmetries at a time: 8 cache lines for double5's 32 symmetries
  // where apply() for each would load from its own tables, 128 lines. Where an image and a
  // symmetry's number fit 31 bits the rows hold image << class_shift() | j, so that the least
  // of the ORs, a vector's compare at a time, names both.
  std::pair<std::uint32_t, int> least_image(std::uint32_t set) const {
    const std::uint32_t* r0 = &by_byte_[(set & 0xff) * stride_];
    const std::uint32_t* r1 = &by_byte_[(256 + ((set >> 8) & 0xff)) * stride_];
    const std::uint32_t* r2 = &by_byte_[(512 + ((set >> 16) & 0xff)) * stride_];
    const std::uint32_t* r3 = &by_byte_[(768 + (set >> 24)) * stride_];
    if (!packed_) {
      std::uint32_t least = ~0u;
      int at = 0;
      for (int j = 0; j < size(); ++j)
        if (const std::uint32_t image = r0[j] | r1[j] | r2[j] | r3[j]; image < least)
          least = image, at = j;
      return {least, at};
    }
    // double5's 32 symmetries unrolled: a probe works out its class with each.
    const std::uint32_t packed =
        stride_ == 32 ? least_packed<32>(r0, r1, r2, r3) : least_packed<0>(r0, r1, r2, r3);
    return {packed >> class_shift_, static_cast<int>(packed & ((1u << class_shift_) - 1))};
  }
  int compose(int a, int b) const { return compose_[a * size() + b]; }  // a after b
  std::uint32_t to_index(std::uint32_t board_mask) const { return to_index_(board_mask); }
  std::uint32_t to_board(std::uint32_t index_mask) const { return to_board_(index_mask); }
  const std::vector<int>& index_cells() const { return index_cells_; }  // index cell -> board

  // The classes of the sets of `size` index cells: how many (Burnside's count over the
  // group's cycles, nothing enumerated), and their index over the whole size, built on first
  // use, once per size, thread-safe. A range of classes (a process of a distributed build) gets
  // an index of its own, or the whole one where that is what it would hold anyway.
  std::uint64_t class_count(int size) const { return class_counts_.at(size); }
  const ClassIndex& classes(int size) const {
    if (size >= 0 && size <= cells_ && classes_ready_[size].load(std::memory_order_acquire))
      return *classes_[size];
    return build_classes(size);
  }
  std::shared_ptr<const ClassIndex> classes(int size, ClassRange range, unsigned threads) const;
  // A tabled class index entry: class << class_shift | symmetry. The shift is the bits of a
  // symmetry's number, no more.
  int class_shift() const { return class_shift_; }
  std::uint32_t class_of(std::uint32_t lookup_entry) const { return lookup_entry >> class_shift_; }
  int symmetry_of(std::uint32_t lookup_entry) const {
    return static_cast<int>(lookup_entry & ((1u << class_shift_) - 1));
  }

  // A position keyed by one side's set (board masks): entry = class * per_class + rank, class
  // the rank of the key set's canonical image, rank the revolving-door rank of the other set,
  // mapped by the same symmetry, among the cells that image leaves free (docs/FORMAT.md).
  // The key's class is found as ClassIndex::locate_one() finds it for a probe alone, or from
  // the table after prefetch_class() where many probes in flight overlap their misses.
  enum class Lookup { alone, prefetched };
  void prefetch_class(int key_size, std::uint32_t key) const;  // what keyed_entry reads first
  std::uint64_t keyed_entry(int key_size, std::uint64_t per_class, std::uint32_t key,
                            std::uint32_t other, Lookup lookup = Lookup::alone) const;

  // The (key, other) board masks of an entry: the canonical key set and the other set.
  std::pair<std::uint32_t, std::uint32_t> keyed_sets(int key_size, int other_size,
                                                     std::uint64_t per_class,
                                                     std::uint64_t entry) const;

 private:
  const ClassIndex& build_classes(int size) const;
  // The least of the four rows' ORs, packed; kStride: stride_ if known when compiled, else 0.
  // The rows are 16-byte aligned (stride_ a multiple of 8), so each OR reads its row in place.
  template <std::size_t kStride>
  std::uint32_t least_packed(const std::uint32_t* r0, const std::uint32_t* r1,
                             const std::uint32_t* r2, const std::uint32_t* r3) const {
    // Signed: values below 2^31. May alias the rows' std::uint32_t.
    using Lanes = std::int32_t __attribute__((vector_size(16), may_alias));
    const auto lanes = [](const std::uint32_t* p) {
      return *static_cast<const Lanes*>(__builtin_assume_aligned(p, 16));
    };
    const std::size_t stride = kStride ? kStride : stride_;
    Lanes least = lanes(r0) | lanes(r1) | lanes(r2) | lanes(r3);
    for (std::size_t j = 4; j < stride; j += 4) {
      const Lanes v = lanes(r0 + j) | lanes(r1 + j) | lanes(r2 + j) | lanes(r3 + j);
      least = v < least ? v : least;
    }
    return static_cast<std::uint32_t>(
        std::min(std::min(least[0], least[1]), std::min(least[2], least[3])));
  }
  int cells_;
  std::uint32_t full_;
  std::vector<int> index_cells_;
  CellMap to_index_, to_board_;
  std::vector<CellMap> maps_;           // on index cells
  std::size_t stride_;                  // size() rounded up to 8, a row of by_byte_
  std::vector<std::uint32_t> by_byte_;  // least_image(): by byte number then byte, stride_ each
  bool packed_;                         // by_byte_ holds image << class_shift_ | j
  std::vector<int> inverse_;
  std::vector<std::uint8_t> compose_;        // by a * size() + b
  int class_shift_;                          // bits of a symmetry's number in a tabled entry
  std::vector<std::uint64_t> class_counts_;  // by set size
  // Built once; a probe checks the flags, which is cheaper than call_once on every board.
  mutable std::array<std::once_flag, kMaxCells + 1> classes_once_;
  mutable std::array<std::atomic<bool>, kMaxCells + 1> classes_ready_{};
  mutable std::array<std::shared_ptr<const ClassIndex>, kMaxCells + 1> classes_;
};

// Inline, here where Symmetry is whole: the solvers' inner loops look a set up per turn.
inline ClassIndex::Place ClassIndex::locate_tabled(std::uint32_t set) const {
  const std::uint32_t entry = lookup_[combinatorial::fast_ranks().colex(set)];
  const int g = sym_->symmetry_of(entry);
  return {sym_->class_of(entry), sym_->apply(g, set), g};
}
inline ClassIndex::Place ClassIndex::locate(std::uint32_t set) const {
  return tabled() ? locate_tabled(set) : locate_worked(set);
}
inline std::uint64_t ClassIndex::rank_held(std::uint64_t colex) const {
  const std::uint64_t start = first_block_ << kBlockLog2;
  if (colex < start || colex - start >= bits_.size() * 64) return kNotHeld;
  const std::uint64_t bit = colex - start;
  const std::uint64_t line = bit >> kLineLog2;
  const std::uint64_t first = line << (kLineLog2 - 6);
  // Up to 8 words counted (combinatorial::count_bits: popcnt where the CPU has it).
  std::uint64_t ones = before_line_[line];
  for (std::uint64_t w = first; w < bit >> 6; ++w) ones += combinatorial::count_bits(bits_[w]);
  return ones + combinatorial::count_bits(bits_[bit >> 6] & ((std::uint64_t{1} << (bit & 63)) - 1));
}
inline ClassIndex::Place ClassIndex::image(std::uint32_t set) const {
  const auto [canonical, j] = sym_->least_image(set);
  return {kNotHeld, canonical, sym_->inverse(j)};
}
inline ClassIndex::Place ClassIndex::locate_worked(std::uint32_t set) const {
  Place place = image(set);
  place.cls = rank_held(combinatorial::fast_ranks().colex(place.canonical));
  return place;
}
inline ClassIndex::Place ClassIndex::locate_one(std::uint32_t set) const {
  return tabled() && !one_worked_ ? locate_tabled(set) : locate_worked(set);
}
inline void ClassIndex::prefetch(std::uint32_t set) const {
  if (!tabled()) return prefetch_worked(set);
  __builtin_prefetch(&lookup_[combinatorial::fast_ranks().colex(set)]);
}
inline void Symmetry::prefetch_class(int key_size, std::uint32_t key) const {
  classes(key_size).prefetch(to_index(key));
}

}  // namespace tbgen::family
