#pragma once
// The classes of the sets of one size under a board's symmetries: the canonical sets (least
// image under the group) numbered in increasing order, and for any set its class and the
// symmetry that takes it there, as every family table numbers its entries (docs/FORMAT.md).
//
// Held one of two ways:
// - Tabled: 4 bytes a set (class and symmetry), one load an answer. Taken where the size has
//   at most 2^23 sets, or the group 32 symmetries or more (double5's), where the working out
//   below would cost more than a cache miss. Many lookups at once (a solver's, a batch of
//   probes) overlap their misses; a lookup alone (a probe) waits for its miss, 140-230 ns here,
//   where working out costs about 50: so a table larger than a core's cache also keeps the
//   bits below, 1.125 bits a set, for locate_one() (docs/performance.md, issue 40).
// - Worked out: the canonical image and the symmetry from the group's maps at each call, the
//   class by counting canonical sets below it: a bit a set by colex rank, with a count every
//   512 (1.125 bits a set; C(30, 15) sets in 22 MB, not 620). A process of a distributed build
//   holds only the bits of its own classes' sets, and a count every 4,096 sets of the size to
//   find where they start (SPEC 9: nothing copied whole).
#include <cstdint>
#include <span>
#include <vector>

#include "core/huge_pages.hpp"

namespace tbgen::family {

class Symmetry;

// The classes [first, end) of a layer (clipped to the layer's count).
struct ClassRange {
  std::uint64_t first = 0, end = ~std::uint64_t{0};
  bool whole() const { return first == 0 && end == ~std::uint64_t{0}; }
};

class ClassIndex {
 public:
  static constexpr std::uint64_t kNotHeld = ~std::uint64_t{0};
  // Where a set stands: its class (kNotHeld if this index does not hold it), the canonical set
  // and the symmetry that maps the set onto it (the inverse of the least that maps it back).
  struct Place {
    std::uint64_t cls;
    std::uint32_t canonical;
    int symmetry;
  };

  // The classes of the sets of `size` index cells; those of `range` if not whole (then worked
  // out unless the group is large). Built with `threads` threads.
  ClassIndex(const Symmetry& sym, int size, ClassRange range = {}, unsigned threads = 1);

  // Whether an index of the size (of all its classes, or of a range) is a table.
  static bool tabled_for(const Symmetry& sym, int size, bool whole);
  // About the bytes an index of a 1/processes share of the classes holds (BuildNeeds).
  static std::uint64_t bytes(const Symmetry& sym, int size, int processes);

  std::uint64_t classes() const { return classes_; }  // of the whole size
  bool tabled() const { return !lookup_.empty(); }
  std::uint32_t set(std::uint64_t cls) const {  // the canonical set of a held class
    return sets_[cls - sets_first_];
  }
  // The canonical set of any class (a search in the counts: for a few boundaries, not per entry).
  std::uint32_t set_of_any(std::uint64_t cls) const;
  std::uint64_t class_of(std::uint32_t canonical) const;  // a held canonical set's class
  // Inline, as the next three, for the solvers' inner loops (family_symmetry.hpp).
  Place locate(std::uint32_t set) const;
  // locate() of one set of a tabled index: one load and no loop.
  Place locate_tabled(std::uint32_t set) const;
  // locate() of a set looked up alone, nothing beside it to overlap a miss with (a probe).
  Place locate_one(std::uint32_t set) const;
  void prefetch(std::uint32_t set) const;
  // locate() of several sets, their loads issued together.
  void locate(std::span<const std::uint32_t> sets, Place* places) const;

 private:
  static constexpr int kBlockLog2 = 12;  // sets a coarse count covers
  static constexpr int kLineLog2 = 9;    // sets a fine count covers
  template <class Visit>
  void for_block(std::uint64_t block, Visit&& visit) const;  // visit(i, set) for its sets
  void block_bits(std::uint64_t block, std::uint64_t* words) const;
  void count_lines(std::uint64_t before = 0);  // before_line_ from bits_
  // Inline, as locate_one(), with the next two (family_symmetry.hpp): every probe asks.
  std::uint64_t rank_held(std::uint64_t colex) const;  // class of the canonical set at colex
  Place image(std::uint32_t set) const;                // canonical set and symmetry, worked out
  Place locate_worked(std::uint32_t set) const;        // locate() of an index not tabled
  void prefetch_worked(std::uint32_t set) const;

  const Symmetry* sym_;
  int size_;
  std::uint64_t sets_of_size_, classes_;
  std::uint64_t sets_first_ = 0;     // class of sets_[0]
  std::vector<std::uint32_t> sets_;  // the canonical sets of the classes held
  // Tabled: class << class_shift | symmetry, by colex rank (Symmetry::class_of, symmetry_of).
  std::vector<std::uint32_t, HugePageAllocator<std::uint32_t>> lookup_;
  // Worked out: canonical sets before each block of 2^kBlockLog2 colex ranks (the whole size);
  // for the blocks [first_block_, ...) held, a bit a set and the class of each line's first.
  std::vector<std::uint64_t> before_block_;
  std::uint64_t first_block_ = 0;
  // Tabled too where the table is larger than a core's cache: the bits of every set.
  std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>> bits_;
  std::vector<std::uint64_t> before_line_;
  bool one_worked_ = false;  // locate_one() works out, though tabled
};

}  // namespace tbgen::family
