#pragma once
// The value of a lines member's last turn, which has no table (placement_member.hpp): the best of
// the mover's few moves, each board scored after the leftover cells are filled.
//
// Rules::scored() scores one board a line at a time; a probe of double5's last round scored its
// ten moves that way in 3,300 instructions with a branch a line, the most of any probe (13% of
// uniform positions). Here the marks on every line are counted at once: a line's count is a byte
// of a word (8 lines a word), a set's counts are the sum of its cells' words, and "at least the
// threshold" is the top bit of each byte after adding 128 - threshold. A move then costs a few
// additions and popcounts a word, without a branch on the board.
#include <cstdint>
#include <vector>

#include "family/family_rules.hpp"

namespace tbgen::family {

class LastTurn {
 public:
  explicit LastTurn(const Rules& rules);
  // The code of a position before the last turn (rules.turns - 1) of a lines member (no line
  // ends the game at once): the best of the mover's moves, each valued as Rules::scored().
  Code best(std::uint32_t first, std::uint32_t second) const;

 private:
  static constexpr int kMaxWords = 16;  // lines <= 4 directions x 32 cells
  template <std::size_t W>
  int best_margin(std::uint32_t first, std::uint32_t second) const;

  bool first_moves_, mover_fills_, waiting_fills_, margin_;
  int marks_;  // in the last turn
  std::uint32_t full_;
  Code zero_;
  int words_ = 0;
  // A set's marks on every line (byte j of word w counts line 8 w + j) are the sum of its
  // bytes' rows: [(byte of the set * 256 + its value) * words_ + w].
  std::vector<std::uint64_t> by_byte_;
  std::vector<std::uint64_t> by_cell_;  // [cell * words_ + w]: a byte 1 on each line through it
  std::vector<std::uint64_t> bias_;     // [w]: 128 - threshold in the byte of each line
};

}  // namespace tbgen::family
