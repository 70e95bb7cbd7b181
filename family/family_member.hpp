#pragma once
// A member of a family as its tables lay it out; shared by the generator and the reader.
//
// Layer t holds the positions after t whole turns, in the file <stem>-tNN.tb. Its positions are
// keyed by the set of the side not to move (the key): entry index = class * per_class + rank,
// where class is the rank of the canonical image of the key set under the board's symmetries
// and rank is the revolving-door rank of the mover's set, mapped by the same symmetry, among
// the cells the canonical set leaves free; all of it on masks of index cells (Symmetry). A move
// only adds the mover's marks, so the solver works class by class (family_solver.hpp).
//
// The last layer (the game is over) has no table: it is scored from the board. Nor has the
// layer before it when it holds at most kScoredMoves moves: its value is the best of them,
// each scored, faster than a table probe.
#include <cstdint>
#include <optional>
#include <string>

#include "family/family_rules.hpp"
#include "family/family_symmetry.hpp"

namespace tbgen::family {

inline constexpr std::uint32_t kIndexScheme = 5;
inline constexpr std::uint64_t kScoredMoves = 64;

struct LayerShape {
  int turn = 0;
  bool first_to_move = true;
  int key_size = 0;    // marks of the side not to move
  int other_size = 0;  // marks of the side to move
  int marks = 0;       // marks the mover places in this turn
  std::uint64_t per_class = 0, classes = 0, entries = 0;
};

class Member {
 public:
  explicit Member(Rules rules);
  const Rules& rules() const { return rules_; }
  const Symmetry& symmetry() const { return symmetry_; }

  LayerShape shape(int turn) const;
  int stored_layers() const { return stored_; }  // layers 0 .. stored_layers() - 1 have tables
  std::string table_name(int turn) const;
  std::uint32_t value_codec() const;  // 7 outcome, 8 speed, 9 margin (docs/FORMAT.md)
  std::uint32_t entry_bits() const;
  int planes() const { return static_cast<int>(rules_.codes()) - 1; }

  // The turns after which a position with these mark counts stands (SPEC 6), if any; a lines
  // board after the last turn may have its leftover cells filled.
  std::optional<int> turn_of(int first_marks, int second_marks) const;
  // Masks of board cells of the key side and the mover at turn t.
  std::uint64_t position_index(const LayerShape& shape, std::uint32_t first,
                               std::uint32_t second) const;

 private:
  Rules rules_;
  Symmetry symmetry_;
  int stored_ = 0;
};

}  // namespace tbgen::family
