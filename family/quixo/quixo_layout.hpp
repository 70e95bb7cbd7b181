#pragma once
// How a Quixo member's positions are numbered in its tables; shared by the generator and the
// reader.
//
// Blanks never come back (a blank taken is pushed back in showing a mark), and a turn that takes
// one of the mover's own cubes keeps every count: so a part (sector) holds the positions with b
// blanks, m cubes of the side to move and t of the other side (m + t + b = cells), seen from the
// side to move. Its entries are keyed by the mover's set under the square's 8 symmetries, as
// every family keys its tables (Symmetry::keyed_entry, docs/FORMAT.md): the class of the
// mover's set, then the revolving-door rank of the other side's set, mapped by the same symmetry,
// among the cells it leaves free. A position whose mover's set has images of its own has as
// many entries as images of the other side's set that keep the class's set: the index is
// dense, not minimal, and each entry holds the same code.
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "family/family_symmetry.hpp"
#include "family/quixo/quixo_game.hpp"

namespace tbgen::quixo {

inline constexpr std::uint32_t kIndexScheme = 15;  // docs/FORMAT.md

struct Counts {
  int blanks = 0, mine = 0, theirs = 0;
};

class Layout {
 public:
  // `stem`: the table names' start (quixo-<n>x<n>-<first>).
  Layout(int size, std::string stem);
  const Board& board() const { return board_; }
  int parts() const { return static_cast<int>(counts_.size()); }
  const Counts& counts(int part) const { return counts_[part]; }
  int part(int blanks, int mine) const { return first_part_[blanks] + mine; }
  int part_of(const Position& p) const {
    const int mine = __builtin_popcount(p.mine), theirs = __builtin_popcount(p.theirs);
    return part(board_.cells() - mine - theirs, mine);
  }
  std::uint64_t entries(int part) const {
    return symmetry_->class_count(counts_[part].mine) * per_class(part);
  }
  // Before symmetry: every pair of sets of the part's counts.
  std::uint64_t positions(int part) const;
  Position position(int part, std::uint64_t entry) const {
    const auto [mine, theirs] =
        symmetry_->keyed_sets(counts_[part].mine, counts_[part].theirs, per_class(part), entry);
    return {mine, theirs};
  }
  // One entry of the position (each holds its code); `alone`: a probe, nothing to overlap.
  std::uint64_t entry(const Position& p, bool alone = false) const {
    const int m = __builtin_popcount(p.mine);
    return symmetry_->keyed_entry(
        m, per_class(part_of(p)), p.mine, p.theirs,
        alone ? family::Symmetry::Lookup::alone : family::Symmetry::Lookup::prefetched);
  }
  // Every entry of the position, at most 8, into `out`; returns how many. The least of them
  // stands for the position where the solver counts a position's turns and tells its
  // predecessors once each.
  int entries_of(const Position& p, std::uint64_t* out) const;
  std::uint64_t least_entry(const Position& p) const;
  std::string table_name(int part) const;
  static std::uint32_t layer_of(const Counts& c) {
    return static_cast<std::uint32_t>(c.blanks << 16 | c.mine << 8 | c.theirs);
  }

 private:
  std::uint64_t per_class(int part) const;
  // The symmetries other than the identity that keep each class's set of a size (by bit),
  // built on first use of the size.
  const std::vector<std::uint8_t>& stabilisers(int size) const;

  Board board_;
  std::string stem_;
  std::unique_ptr<family::Symmetry> symmetry_;
  std::vector<Counts> counts_;
  std::vector<int> first_part_;  // by blanks
  struct Stabilisers {
    std::array<std::once_flag, 26> once;
    std::array<std::vector<std::uint8_t>, 26> by_size;
  };
  std::unique_ptr<Stabilisers> stabilisers_ = std::make_unique<Stabilisers>();
};

}  // namespace tbgen::quixo
