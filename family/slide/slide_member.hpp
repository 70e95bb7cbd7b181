#pragma once
// A slide member (place, then move: SPEC 6) as its tables lay it out; shared by the generator,
// the reader and the deep check.
//
// Layers 0 .. 2P - 1 are the placement phase, layer n holding the positions with n marks
// (ceil(n/2) of the first player's; the side to move follows). Layers 2P and 2P + 1 are the
// movement phase with the first player to move and with the second. Every layer is keyed by
// the first player's set (Symmetry::keyed_entry): the rotations and reflections that keep the
// lines also keep a mark's neighbours, so a position and its images share one entry.
//
// A code is the position's value for the side to move: 0 a draw (never decided), d + 1 decided
// with d turns still to be played, the winner hurrying and the loser delaying. The last turn
// is the winner's, so the side to move wins when d is odd and loses when d is even (d = 0: the
// game is over: the other side has a line, or the side to move cannot move).
#include <cstdint>
#include <string>
#include <vector>

#include "family/family_rules.hpp"
#include "family/family_symmetry.hpp"

namespace tbgen::family {

inline constexpr std::uint32_t kSlideIndexScheme = 12;  // docs/FORMAT.md
inline constexpr std::uint32_t kSlideCodec = 11;

using DistanceCode = std::uint16_t;
inline constexpr DistanceCode kDrawCode = 0;
inline constexpr DistanceCode kMaxDistanceCode = 0xffff;
constexpr bool decided(DistanceCode c) {
  return c != kDrawCode;
}
constexpr int turns_left(DistanceCode c) {
  return c - 1;
}
constexpr bool mover_wins(DistanceCode c) {
  return decided(c) && c % 2 == 0;
}

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

  std::uint64_t entries(int layer) const { return entries_.at(layer); }
  std::uint64_t entry(int layer, std::uint32_t first, std::uint32_t second) const {
    return symmetry_.keyed_entry(first_marks(layer), per_class_[layer], first, second);
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

  // The moves of the side to move in the movement phase (its marks' steps to empty cells).
  int moves(const SlidePosition& p) const {
    int n = 0;
    for (std::uint32_t m = p.mover(); m; m &= m - 1)
      n += __builtin_popcount(steps(__builtin_ctz(m)) & empty(p));
    return n;
  }

  // The code of a position its board decides: 0 for a board that cannot be played from (the
  // side to move has a line), a loss at once (the other side has a line, or the side to move is
  // in the movement phase and cannot move). Nothing (false) otherwise.
  bool over(const SlidePosition& p, DistanceCode* code) const;
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

  // The code of a position from the codes of the positions its moves lead to (each from the
  // other side's view): a win in the fewest turns if a move leaves the other side lost, else a
  // loss in the most turns if every move leaves it winning, else a draw.
  class Best {
   public:
    void add(DistanceCode next) {
      if (!decided(next)) {
        drawn_ = true;
      } else if (!mover_wins(next)) {
        win_ = std::min(win_, turns_left(next) + 1);
      } else {
        loss_ = std::max(loss_, turns_left(next) + 1);
      }
    }
    DistanceCode code() const;  // throws std::overflow_error past kMaxDistanceCode

   private:
    int win_ = 1 << 30, loss_ = -1;
    bool drawn_ = false;
  };

  // A position's code from its board or, one ply deep, from `code_of(layer, entry)` of the
  // positions its moves lead to: what the placement solve computes and the deep check compares.
  template <class CodeOf>
  DistanceCode one_ply(const SlidePosition& p, CodeOf&& code_of) const {
    if (DistanceCode c = 0; over(p, &c)) return c;
    Best best;
    for_each_move(p, [&](int, int, const SlidePosition& next) {
      const int layer = layer_of(next);
      best.add(code_of(layer, entry(layer, next.first, next.second)));
    });
    return best.code();
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
