#pragma once
// A slide member (place, then move: SPEC 6) as its tables lay it out; shared by the generator,
// the reader and the deep check.
//
// Layers 0 .. 2P - 1 are the placement phase, layer n holding the positions with n marks
// (ceil(n/2) of the first player's; the side to move follows). Layers 2P and 2P + 1 are the
// movement phase with the first player to move and with the second. Every layer is keyed by
// the first player's set (Symmetry::keyed_entry): the rotations and reflections that keep the
// lines also keep a mark's neighbours, so a position and its images hold one value. The index
// is dense, not minimal: a position whose first player's set has images of its own has an entry
// for each image of the second player's set that keeps the key's class set (the same code).
//
// Codes are the engine's (core/distance_code.hpp); the tables hold them in value codec 11, d + 1
// for d turns still to be played: the last turn is always the winner's (a line made at once, or
// the loser left without a move).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/distance_code.hpp"
#include "family/family_rules.hpp"
#include "family/family_symmetry.hpp"

namespace tbgen::family {

inline constexpr std::uint32_t kSlideIndexScheme = 12;  // docs/FORMAT.md

struct SlidePosition {
  std::uint32_t first = 0, second = 0;  // board masks (cell row * cols + col)
  bool first_to_move = true;
  std::uint32_t mover() const { return first_to_move ? first : second; }
  std::uint32_t waiting() const { return first_to_move ? second : first; }
};

class SlideMember {
 public:
  explicit SlideMember(Rules rules);
  const Rules& rules() const { return rules_; }
  int pieces() const { return rules_.pieces; }
  int layers() const { return 2 * pieces() + 2; }
  bool movement(int layer) const { return layer >= 2 * pieces(); }
  bool first_to_move(int layer) const {
    return movement(layer) ? layer == 2 * pieces() : layer % 2 == 0;
  }
  int first_marks(int layer) const { return movement(layer) ? pieces() : (layer + 1) / 2; }
  int second_marks(int layer) const { return movement(layer) ? pieces() : layer / 2; }
  int layer_of(const SlidePosition& p) const;
  const std::string& table_name(int layer) const { return table_names_.at(layer); }

  const Symmetry& symmetry() const { return symmetry_; }
  std::uint64_t entries(int layer) const { return entries_.at(layer); }
  std::uint64_t per_class(int layer) const { return per_class_[layer]; }
  std::uint64_t entry(int layer, std::uint32_t first, std::uint32_t second,
                      Symmetry::Lookup lookup = Symmetry::Lookup::alone) const {
    return symmetry_.keyed_entry(first_marks(layer), per_class_[layer], first, second, lookup);
  }
  SlidePosition position(int layer, std::uint64_t entry) const;
  std::string text(const SlidePosition& p) const;  // "XO./.X./O..:X"

  // Whether `marks` fill a line (or a 2x2 block).
  bool wins(std::uint32_t marks) const;
  // The cells a mark on `cell` may move to when they are empty.
  std::uint32_t steps(int cell) const { return steps_[cell]; }
  std::uint32_t empty(const SlidePosition& p) const {
    return rules_.full() & ~(p.first | p.second);
  }

  // Whether `marks` have no step (the movement phase), `free` the empty cells.
  bool stuck(std::uint32_t marks, std::uint32_t free) const {
    for (std::uint32_t m = marks; m; m &= m - 1)
      if (steps(__builtin_ctz(m)) & free) return false;
    return true;
  }
  // The code of a position its board decides: a draw (kDraw, as the tables hold it) for a board
  // that cannot be played from (the side to move has a line), lost at once (the other side has a
  // line, or the side to move is in the movement phase and cannot move). Nothing otherwise.
  std::optional<distance::Code> over(const SlidePosition& p) const;
  // Calls move(from, to, next) for every move of a position that is not over, in board order:
  // a placement has from = -1; a move of the mark on `from` to `to`, by from and then to.
  template <class Move>
  void for_each_move(const SlidePosition& p, Move&& move) const {
    const std::uint32_t free = empty(p);
    const auto after = [&](std::uint32_t mover) {
      SlidePosition next{p.first_to_move ? mover : p.first, p.first_to_move ? p.second : mover,
                         !p.first_to_move};
      return next;
    };
    if (!movement(layer_of(p))) {
      for (std::uint32_t m = free; m; m &= m - 1) {
        const int to = __builtin_ctz(m);
        move(-1, to, after(p.mover() | std::uint32_t{1} << to));
      }
      return;
    }
    for (std::uint32_t m = p.mover(); m; m &= m - 1) {
      const int from = __builtin_ctz(m);
      for (std::uint32_t t = steps(from) & free; t; t &= t - 1) {
        const int to = __builtin_ctz(t);
        move(from, to, after(p.mover() ^ (std::uint32_t{1} << from) ^ (std::uint32_t{1} << to)));
      }
    }
  }

  // A layer's positions before symmetry: every pair of sets of its counts.
  std::uint64_t positions(int layer) const;

 private:
  Rules rules_;
  Symmetry symmetry_;
  std::vector<std::uint32_t> steps_;
  std::vector<std::uint64_t> per_class_, entries_;
  std::vector<std::string> table_names_;
  std::vector<std::uint8_t> wins_by_rank_;  // sets of `pieces` cells by colex rank, when few
};

}  // namespace tbgen::family
