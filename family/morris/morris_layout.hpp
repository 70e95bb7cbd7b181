#pragma once
// A morris member's sectors and how their positions are numbered; shared by the generator and
// the reader (morris_structure.hpp says what a sector is and in which order they are solved).
//
// Positions of a sector are numbered under the board's 16 symmetries as every family keys its
// tables (Symmetry::keyed_entry): the class of the mover's set, then the rank of the other
// side's set, mapped by the same symmetry, among the points it leaves free.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "core/combinatorial.hpp"
#include "core/huge_pages.hpp"
#include "family/family_symmetry.hpp"
#include "family/morris/morris_game.hpp"

namespace tbgen::morris {

// A position's value for the side to move: 0 a draw, d + 1 decided with d turns still to be
// played, the side to move winning when d is odd (slide's codes, docs/FORMAT.md codec 11).
using Code = std::uint16_t;
// A sector's codes: read and written at random by the solver, so held in huge pages.
using Codes = std::vector<Code, HugePageAllocator<Code>>;
inline constexpr std::uint32_t kMorrisIndexScheme = 13;  // docs/FORMAT.md
inline constexpr std::uint32_t kMorrisCodec = 11;        // slide's codes

struct Sector {
  int mine = 0, theirs = 0, mine_hand = 0, theirs_hand = 0;
  Sector mirror() const { return {theirs, mine, theirs_hand, mine_hand}; }
  bool operator==(const Sector&) const = default;
  auto operator<=>(const Sector&) const = default;
};
inline Sector sector_of(const Position& p) {
  return {std::popcount(p.mine), std::popcount(p.theirs), p.mine_hand, p.theirs_hand};
}

// A member's sectors and how their positions are numbered.
class Layout {
 public:
  explicit Layout(const Rules& rules);
  const Rules& rules() const { return rules_; }
  // Every sector a position of the member can be in, with both sides at three marks or more
  // (a side below three has lost: no table), in the order they are solved.
  const std::vector<Sector>& sectors() const { return sectors_; }
  std::uint64_t entries(const Sector& s) const;
  std::uint64_t entry(const Position& p) const {
    return keyed(p.mine, sector_of(p)).entry(p.theirs);
  }
  Position position(const Sector& s, std::uint64_t entry) const;
  // The entries of a position and of its images, at most 16, into `out`; returns how many:
  // more than one where the mover's set is symmetric itself (the index is dense, not minimal).
  // Inline, as the next two: the solver's inner loops, built for the generator's machine.
  int entries_of(const Position& p, std::uint64_t* out) const;
  std::vector<std::uint64_t> equivalent_entries(const Position& p) const;
  // The least of them: the one that stands for the position where the solver counts a
  // position's successors and their predecessors once each.
  std::uint64_t first_entry(const Position& p) const {
    return keyed(p.mine, sector_of(p)).least_entry(p.theirs);
  }

  // The entries of the positions whose mover holds `mine` in sector `s`: the turns of a
  // position that capture nothing all lead to such positions (the mover's set is the one that
  // did not move), so their entries share one class lookup.
  class Keyed {
   public:
    [[gnu::always_inline]] std::uint64_t entry(Points theirs) const { return entry(*map_, theirs); }
    // The least entry of the position and its images: entry() unless the mover's set is
    // symmetric itself, then the least through each symmetry that maps it onto its class's set.
    std::uint64_t least_entry(Points theirs) const {
      std::uint64_t least = entry(theirs);
      for (std::uint32_t g = images_; g; g &= g - 1)
        least = std::min(least, entry((*maps_)[std::countr_zero(g)], theirs));
      return least;
    }
    bool symmetric() const { return images_ != 0; }
    // A set as entry() ranks it: its points, mapped by the class's symmetry, among the free
    // points, numbered from 0; and where the class's entries begin.
    std::uint32_t local(Points set) const {
      return combinatorial::extract_bits((*map_)(set), free_);
    }
    std::uint64_t base() const { return base_; }
    // entry(theirs | 1 << to) for every point `to` of `targets`, into out[to]: the entries a
    // placement's captures lead to. Each ranked on its own from the byte tables: a placement
    // closes a mill at few points, too few to pay for ranking them together
    // (combinatorial::revolving_door_ranks_adding: 1.15x the CPU of a Nine placement sector).
    void entries_adding(Points theirs, Points targets, std::uint64_t* out) const {
      const std::uint32_t mapped = (*map_)(theirs);
      for (Points t = targets; t; t &= t - 1)
        out[std::countr_zero(t)] =
            base_ + combinatorial::fast_ranks().revolving_door(combinatorial::extract_bits(
                        mapped | map_->of_cell(std::countr_zero(t)), free_));
    }

   private:
    friend class Layout;
    [[gnu::always_inline]] std::uint64_t entry(const family::CellMap& map, Points theirs) const {
      return base_ + combinatorial::fast_ranks().revolving_door(
                         combinatorial::extract_bits(map(theirs), free_));
    }
    std::uint64_t base_ = 0, cls_ = 0;
    std::uint32_t free_ = 0;
    std::uint32_t images_ = 0;  // where symmetric: the symmetries onto the class's set, by bit
    const family::CellMap* map_ = nullptr;
    const std::vector<family::CellMap>* maps_ = nullptr;
  };
  Keyed keyed(Points mine, const Sector& s) const {
    const std::uint32_t set = symmetry_->to_index(mine);
    const auto place = symmetry_->classes(s.mine).locate(set);
    Keyed k;
    k.cls_ = place.cls;
    k.base_ = place.cls * per_class(s);
    k.free_ = symmetry_->full() & ~place.canonical;
    k.map_ = &index_maps_[place.symmetry];
    k.maps_ = &index_maps_;
    // The symmetries other than place.symmetry onto the canonical set: those of its
    // stabiliser, each composed with place.symmetry.
    if (const std::uint32_t stabiliser = stabilisers(s.mine)[place.cls]) [[unlikely]]
      for (std::uint32_t g = stabiliser; g; g &= g - 1)
        k.images_ |= 1u << symmetry_->compose(std::countr_zero(g), place.symmetry);
    return k;
  }
  // keyed() of the same marks in a sector where they are as many: the class lookup done.
  Keyed rekeyed(Keyed k, const Sector& s) const {
    k.base_ = k.cls_ * per_class(s);
    return k;
  }
  // Starts the load of what keyed(mine, s) reads first, for a batch of lookups to overlap.
  void prefetch_keyed(Points mine, const Sector& s) const {
    symmetry_->prefetch_class(s.mine, mine);
  }
  // The table of a sector: <stem>-m<m>t<t>h<mh>h<th>, two digits each, and its header's layer
  // field (m << 24 | t << 16 | mh << 8 | th).
  std::string table_name(const Sector& s) const;
  // A sector's number in sectors() (-1 for none), and its table's name by number, formatted
  // once: a probe finds its table by number (the reader's slot for it), formatting nothing.
  int number(const Sector& s) const {
    const int n = rules_.pieces;
    for (const int x : {s.mine, s.theirs, s.mine_hand, s.theirs_hand})
      if (x < 0 || x > n) return -1;
    return numbers_[number_at(s)];
  }
  const std::string& table_name(int number) const { return table_names_[number]; }

  // The positions of one sector by entry, for passes over all of them: the other side's sets
  // within a class listed once (at most C(16, 8), 51 KB), so that a position is two lookups.
  class Sets {
   public:
    Sets(const Layout& layout, const Sector& s);
    [[gnu::always_inline]] Position position(std::uint64_t entry) const {
      const family::Symmetry& sym = *layout_->symmetry_;
      const std::uint32_t key = classes_->set(entry / per_class_);
      const std::uint32_t other =
          combinatorial::deposit_bits(local_[entry % per_class_], sym.full() & ~key);
      return {sym.to_board(key), sym.to_board(other), sector_.mine_hand, sector_.theirs_hand};
    }
    // Whether the position at `entry` has images of its own: known from its class.
    bool symmetric(std::uint64_t entry) const { return (*stabilisers_)[entry / per_class_] != 0; }

   private:
    const Layout* layout_;
    Sector sector_;
    const family::ClassIndex* classes_;
    std::uint64_t per_class_;
    const std::vector<std::uint32_t>* stabilisers_;
    std::vector<std::uint32_t> local_;  // by rank within a class
  };
  static std::uint32_t layer_of(const Sector& s);

 private:
  // Positions a class of the mover's set holds: the other side's sets among the points left.
  std::uint64_t per_class(const Sector& s) const {
    return combinatorial::binomial(rules_.board->points - s.mine, s.theirs);
  }
  // The symmetries other than the identity that keep the canonical set of each class of a size
  // (by bit; none: the class's sets have no image of their own), by class: built on first use of
  // the size (the reader never asks).
  const std::vector<std::uint32_t>& stabilisers(int size) const {
    if (stabilisers_->ready[size].load(std::memory_order_acquire))
      return stabilisers_->by_size[size];
    return build_stabilisers(size);
  }
  const std::vector<std::uint32_t>& build_stabilisers(int size) const;

  Rules rules_;
  std::unique_ptr<family::Symmetry> symmetry_;
  std::vector<family::CellMap> index_maps_;  // board masks to index cells under each symmetry
  std::vector<Sector> sectors_;
  // Where number() keeps a sector's number: its four counts, each 0 .. pieces, as digits.
  std::size_t number_at(const Sector& s) const {
    const int n = rules_.pieces + 1;
    return static_cast<std::size_t>(((s.mine * n + s.theirs) * n + s.mine_hand) * n +
                                    s.theirs_hand);
  }
  std::vector<int> numbers_;              // by number_at()
  std::vector<std::string> table_names_;  // by number
  struct Stabilisers {
    std::array<std::once_flag, 33> once;
    std::array<std::atomic<bool>, 33> ready{};  // checked first: cheaper than call_once
    std::array<std::vector<std::uint32_t>, 33> by_size;
  };
  std::unique_ptr<Stabilisers> stabilisers_;
};

inline int Layout::entries_of(const Position& p, std::uint64_t* out) const {
  // Every symmetry that takes the mover's set to its canonical set gives an entry of the same
  // position: more than one where that set is symmetric itself.
  const Keyed k = keyed(p.mine, sector_of(p));
  out[0] = k.entry(p.theirs);
  int n = 1;
  for (std::uint32_t g = k.images_; g; g &= g - 1) {
    const std::uint64_t e = k.entry(index_maps_[std::countr_zero(g)], p.theirs);
    if (std::find(out, out + n, e) == out + n) out[n++] = e;
  }
  return n;
}

}  // namespace tbgen::morris
