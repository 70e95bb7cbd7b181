#pragma once
// The value of a position in a game that may cycle, for the side to move, as one number: the
// outcome and the distance, the turns (plies) still to be played when the winner hurries and
// the loser delays, the last one included. Shared by the cyclic engine (generator/retrograde.hpp),
// the structures it solves, their readers and their deep checks.
//
// The engine's code, and value codec 15 of docs/FORMAT.md (quixo, dobutsu):
//   0       a draw: neither side can force a win (play may go on forever)
//   2d + 1  lost for the side to move with d turns still to be played
//   2d + 2  won for the side to move with d turns still to be played
// Both outcomes can have no turn left (d = 0): a position the rules end, lost (the other side
// made a line, took the lion) or won (the mover's line or its lion's arrival left standing).
//
// Value codec 11 (slide, morris: tables written before codec 15) holds d + 1 alone: in those
// games the last turn is always the winner's, so the side to move wins when d is odd.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace tbgen::distance {

using Code = std::uint16_t;
inline constexpr Code kDraw = 0;
inline constexpr Code kLostNow = 1;  // no turn left: the side to move has lost
inline constexpr Code kWonNow = 2;   // no turn left: the side to move has won
// The engine keeps a code below 2^15 (its state's top bit marks an undecided position).
inline constexpr int kMaxTurns = 16382;
inline constexpr std::uint32_t kCodec = 15;        // docs/FORMAT.md
inline constexpr std::uint32_t kParityCodec = 11;  // docs/FORMAT.md

constexpr bool decided(Code c) {
  return c != kDraw;
}
constexpr bool mover_wins(Code c) {
  return decided(c) && c % 2 == 0;
}
constexpr int turns_left(Code c) {
  return (c - 1) / 2;
}
inline Code with_turns(bool wins, int turns) {
  if (turns < 0 || turns > kMaxTurns)
    throw std::overflow_error("a distance of " + std::to_string(turns) +
                              " turns does not fit a code");
  return static_cast<Code>(2 * turns + 1 + (wins ? 1 : 0));
}
// The number the numeric probe answers (SPEC 10), from the first player's view: 0 a draw,
// d + 1 when the first player wins with d turns still to be played, -(d + 1) when the second does.
constexpr std::int32_t first_player_number(Code c, bool first_to_move) {
  if (!decided(c)) return 0;
  return (mover_wins(c) == first_to_move ? 1 : -1) * (turns_left(c) + 1);
}

// Codec 11's code of a decided position, d + 1; throws where the outcome is not d's parity.
inline std::uint32_t parity_code(Code c) {
  if (!decided(c)) return 0;
  if (mover_wins(c) != (turns_left(c) % 2 == 1))
    throw std::logic_error("a position whose last turn is not the winner's has no codec 11 code");
  return static_cast<std::uint32_t>(turns_left(c)) + 1;
}
constexpr Code from_parity_code(std::uint32_t c11) {
  return c11 == 0 ? kDraw : static_cast<Code>(2 * (c11 - 1) + 1 + ((c11 - 1) % 2));
}

// A position's code from the codes of the positions its turns lead to (each from the other
// side's view), folded one turn at a time: a win in the fewest turns if a turn leaves the other
// side lost, else a loss in the most turns if every turn leaves it winning, else a draw. A
// position without a turn is not folded (its structure says what it is: lost, for most games).
struct Fold {
  int win = -1, loss = -1;  // the best win and the slowest loss so far, in turns (-1: none yet)
  bool drawn = false;
  void add(Code next) {
    if (!decided(next))
      drawn = true;
    else if (!mover_wins(next))
      win = win < 0 ? turns_left(next) + 1 : std::min(win, turns_left(next) + 1);
    else
      loss = std::max(loss, turns_left(next) + 1);
  }
  Code code() const {
    return win >= 0 ? with_turns(true, win) : drawn ? kDraw : with_turns(false, loss);
  }
};

}  // namespace tbgen::distance
