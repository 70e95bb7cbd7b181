#pragma once
// The slide solver: retrograde analysis with cycles (SPEC 6), as chess endgame tablebases do.
//
// The movement phase is one set of positions whose moves may return to where they started. Every
// position of it, both sides to move and without symmetry, gets a code (slide_member.hpp) and a
// counter of its moves. The positions the board decides (the other side has a line, the side to
// move cannot move) are lost in 0. Then level by level, d = 0, 1, ...: each position decided at
// level d is walked back to its predecessors (a mark of the side that moved put back on a cell
// it could have come from). If it is lost for its mover, every predecessor not yet decided is won
// in d + 1; if it is won, each predecessor's counter falls by one, and one whose counter reaches
// zero (all its moves lead to positions won for the other side, the slowest at level d) is lost
// in d + 1. Levels alternate between wins and losses, so a level's updates commute: threads share
// them through atomics and the codes do not depend on the schedule. What is never decided is a
// draw. The placement phase has no cycles: each of its layers is solved from the next, one ply.
#include <array>
#include <vector>

#include "family/slide/slide_member.hpp"

namespace tbgen {
class Progress;
}

namespace tbgen::family {

using DistanceCodes = std::vector<DistanceCode>;

struct MovementSolve {
  std::array<DistanceCodes, 2>
      tables;  // in table order: [0] the first player to move, [1] the second
  // Both sides to move, without symmetry; those that cannot be played from (a line of the side
  // to move) are neither decided nor drawn.
  std::uint64_t positions = 0, decided = 0, unplayable = 0;
  SlidePosition longest;  // one of the positions decided last
  DistanceCode longest_code = kDrawCode;
};
MovementSolve solve_movement(const SlideMember& member, unsigned threads, Progress* progress);
// A placement layer's codes in table order from those of the layer its moves lead to.
DistanceCodes solve_placement(const SlideMember& member, int layer, const DistanceCodes& next,
                              unsigned threads);

}  // namespace tbgen::family
