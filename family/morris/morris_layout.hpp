#pragma once
// A morris member's sectors and how their positions are numbered; shared by the generator and
// the reader (morris_solver.hpp says what a sector is and in which order they are solved).
//
// Positions of a sector are numbered under the board's 16 symmetries as every family keys its
// tables (Symmetry::keyed_entry): the class of the mover's set, then the rank of the other
// side's set, mapped by the same symmetry, among the points it leaves free.
#include <cstdint>
#include <memory>
#include <vector>

#include "family/family_symmetry.hpp"
#include "family/morris/morris_game.hpp"

namespace tbgen::morris {

// A position's value for the side to move: 0 a draw, d + 1 decided with d turns still to be
// played, the side to move winning when d is odd (slide's codes, docs/FORMAT.md codec 11).
using Code = std::uint16_t;
inline constexpr std::uint32_t kMorrisIndexScheme = 13;  // docs/FORMAT.md
inline constexpr std::uint32_t kMorrisCodec = 11;        // slide's codes

struct Sector {
  int mine = 0, theirs = 0, mine_hand = 0, theirs_hand = 0;
  Sector mirror() const { return {theirs, mine, theirs_hand, mine_hand}; }
  bool operator==(const Sector&) const = default;
  auto operator<=>(const Sector&) const = default;
};
Sector sector_of(const Position& p);

// A member's sectors and how their positions are numbered.
class Layout {
 public:
  explicit Layout(const Rules& rules);
  const Rules& rules() const { return rules_; }
  // Every sector a position of the member can be in, with both sides at three marks or more
  // (a side below three has lost: no table), in the order they are solved.
  const std::vector<Sector>& sectors() const { return sectors_; }
  std::uint64_t entries(const Sector& s) const;
  std::uint64_t entry(const Position& p) const;
  Position position(const Sector& s, std::uint64_t entry) const;
  // The entries of a position and of its images: more than one where the mover's set is
  // symmetric itself (the index is dense, not minimal).
  std::vector<std::uint64_t> equivalent_entries(const Position& p) const;
  // The table of a sector: <stem>-m<m>t<t>h<mh>h<th>, two digits each, and its header's layer
  // field (m << 24 | t << 16 | mh << 8 | th).
  std::string table_name(const Sector& s) const;
  static std::uint32_t layer_of(const Sector& s);

 private:
  Rules rules_;
  std::unique_ptr<family::Symmetry> symmetry_;
  std::vector<Sector> sectors_;
};

}  // namespace tbgen::morris
