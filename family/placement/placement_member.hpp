#pragma once
// A member of a family as its tables lay it out; shared by the generator and the reader.
//
// Layer t holds the positions after t whole turns, in the file <stem>-tNN.tb
// (a seed game may keep its own letter). Its positions are
// keyed by the set of one side (the key): entry index = class * per_class + rank, where class
// is the rank of the canonical image of the key set under the board's symmetries and rank is
// the revolving-door rank of the other side's set, mapped by the same symmetry, among the cells
// the canonical set leaves free; all of it on masks of index cells (Symmetry). The solver keys
// a layer by the side not to move (a move only adds the mover's marks, so it works class by
// class: placement_solver.hpp); a table is keyed by whichever side compresses smaller (index
// scheme 5: the side not to move, 6: the mover), measured when it is written.
//
// The last layer (the game is over) has no table: it is scored from the board. Nor has the
// layer before it when it holds at most kScoredMoves moves: its value is the best of them,
// each scored, faster than a table probe.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "family/family_rules.hpp"
#include "family/family_symmetry.hpp"
#include "family/placement/last_turn.hpp"

namespace tbgen::family {

inline constexpr std::uint32_t kKeyedByWaiting = 5;  // index schemes (docs/FORMAT.md)
inline constexpr std::uint32_t kKeyedByMover = 6;
inline constexpr std::uint64_t kScoredMoves = 64;

struct LayerShape {
  int turn = 0;
  bool first_to_move = true;
  bool key_is_mover = false;  // classes are the mover's sets (else the other side's)
  int key_size = 0;           // marks of the key side
  int other_size = 0;         // marks of the other side
  int marks = 0;              // marks the mover places in this turn
  std::uint64_t per_class = 0, classes = 0, entries = 0;
  bool key_is_first() const { return first_to_move == key_is_mover; }
};

class Member {
 public:
  explicit Member(Rules rules);
  const Rules& rules() const { return rules_; }
  const Symmetry& symmetry() const { return symmetry_; }

  // Inline, as turn_of(): every probe asks.
  LayerShape shape(int turn, bool key_is_mover = false) const {
    if (turn >= 0 && turn < stored_) return stored_shape(turn, key_is_mover);
    return make_shape(turn, key_is_mover);
  }
  // A stored layer's shape (0 <= turn < stored_layers()), held: a probe copies nothing.
  const LayerShape& stored_shape(int turn, bool key_is_mover) const {
    return shapes_[key_is_mover][static_cast<std::size_t>(turn)];
  }
  int stored_layers() const { return stored_; }  // layers 0 .. stored_layers() - 1 have tables
  // A lines member whose last turn has no table values it by this; null otherwise.
  const LastTurn* last_turn() const { return last_turn_ ? &*last_turn_ : nullptr; }
  const std::string& table_name(int turn) const { return table_names_.at(turn); }
  std::uint32_t value_codec() const;  // 7 outcome, 8 speed, 9 margin (docs/FORMAT.md)
  std::uint32_t entry_bits() const;
  // A layer in memory holds each code c as threshold planes: plane j is (c / plane_step() > j).
  // Hex cannot draw (a full board has exactly one chain; the build checks it), so its outcomes,
  // 0 and 2, need one plane, not two: half the memory of the largest layers.
  bool cannot_draw() const {
    return rules_.win == WinTest::connection && rules_.value == ValueKind::outcome;
  }
  Code plane_step() const { return cannot_draw() ? 2 : 1; }
  int planes() const { return static_cast<int>((rules_.codes() - 1) / plane_step()); }

  // The turns after which a position with these mark counts stands (SPEC 6), if any; a lines
  // board after the last turn may have its leftover cells filled.
  std::optional<int> turn_of(int first_marks, int second_marks) const {
    const int cells = rules_.cells();
    if (first_marks < 0 || second_marks < 0 || first_marks > cells || second_marks > cells)
      return std::nullopt;
    const int t = turns_by_counts_[first_marks * (cells + 1) + second_marks];
    return t < 0 ? std::nullopt : std::optional<int>(t);
  }
  // The entry of the position (masks of board cells) in a layer of that shape.
  std::uint64_t position_index(const LayerShape& shape, std::uint32_t first, std::uint32_t second,
                               Symmetry::Lookup lookup = Symmetry::Lookup::alone) const {
    return symmetry_.keyed_entry(shape.key_size, shape.per_class,
                                 shape.key_is_first() ? first : second,
                                 shape.key_is_first() ? second : first, lookup);
  }
  // Asks for the cache line of the class index that position_index(..., prefetched) will read
  // (many probes in flight overlap their misses).
  void prefetch_class(const LayerShape& shape, std::uint32_t first, std::uint32_t second) const;

 private:
  Rules rules_;
  Symmetry symmetry_;
  int stored_ = 0;
  std::vector<std::string> table_names_;      // by layer: built once, not on every probe
  std::vector<std::int8_t> turns_by_counts_;  // [first * (cells + 1) + second]: turn, or -1
  struct Counts {
    std::int8_t first, second, marks;  // marks of each side after turn t; marks in turn t
  };
  std::vector<Counts> counts_;  // by turn, 0 .. turns: every probe asks for a shape
  std::array<std::vector<LayerShape>, 2> shapes_;  // [keyed by the mover][stored layer]
  std::optional<LastTurn> last_turn_;
  LayerShape make_shape(int turn, bool key_is_mover) const;
};

}  // namespace tbgen::family
