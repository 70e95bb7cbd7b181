#pragma once
// How double5 is laid out in table files; shared by the generator and the reader.
//
// Layer r (positions after r whole rounds) is the file double5-rNN.tb. Its positions are
// keyed by the set of one side (the key): entry index = class * per_class + rank, where class is
// the rank of the canonical image of the key set under the 32 line-preserving symmetries, and
// rank is the revolving-door rank of the other side's set, mapped by the same symmetry, among
// the cells left free by that canonical set; all of it on masks of index cells (kIndexCells).
// Revolving-door order keeps sets that differ by one mark together: 3-10% smaller tables than
// colex order in rounds 8 and 9 (bench_double5_codec). Entries are
// 2-bit codes or base-3 digits, whichever compresses smaller (the header says).
//
// The key is the set of the side not to move, which is what the solver works in (a move then
// stays within one class), except in round 8: keyed by O's set (the mover's), round 8 compresses
// 20% smaller (bench_double5_codec), so the solver re-keys it before writing it. In rounds 9
// and 7 and below, the mover's set as the key compresses worse or no better.
//
// Rounds 10 and 11 have no table: round 11 (3 cells left, which go to X) is scored directly,
// and round 10 is the best of O's last moves (at most 10 pairs), each scored directly: under
// 0.2 us, less than a random table probe, and it saves the table that compresses worst.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "core/combinatorial.hpp"
#include "games/double5/double5_symmetry.hpp"

namespace tbgen::double5 {

inline constexpr int kMoveRounds = 11;    // rounds 0..10 have a side to move
inline constexpr int kStoredRounds = 10;  // rounds 0..9 have tables
inline constexpr std::uint32_t kIndexScheme = 4;
inline constexpr std::uint32_t kValueCodec = 2;  // 0 X wins, 1 draw, 2 O wins
inline constexpr std::uint32_t kEntryBits = 2;

enum Code : std::uint8_t { kXWins = 0, kDraw = 1, kOWins = 2 };

struct LayerShape {
  int round = 0;
  int o_marks = 0, x_marks = 0;
  bool o_to_move = true;
  bool key_is_o = false;  // classes are O's sets (else X's)
  int key_size = 0;       // marks of the key side
  int other_size = 0;     // marks of the other side
  std::uint64_t per_class = 0;
  std::uint64_t classes = 0;
  std::uint64_t entries = 0;
};

enum class Keying {
  table,      // as the table file stores the layer
  non_mover,  // by the set of the side not to move, as the solver works
};

inline LayerShape layer_shape(int round, Keying keying = Keying::table) {
  LayerShape s;
  s.round = round;
  s.o_marks = 2 * ((round + 1) / 2);
  s.x_marks = 2 * (round / 2);
  s.o_to_move = round % 2 == 0;
  s.key_is_o = !s.o_to_move || (keying == Keying::table && round == 8);
  s.key_size = s.key_is_o ? s.o_marks : s.x_marks;
  s.other_size = s.key_is_o ? s.x_marks : s.o_marks;
  s.per_class = combinatorial::binomial(kCells - s.key_size, s.other_size);
  s.classes = canonical_sets(s.key_size).size();
  s.entries = s.classes * s.per_class;
  return s;
}

// The one rule for which mark counts a position may have: after whole rounds O has 2k or
// 2k + 2 marks and X 2k (rounds 0..11: O at most 12, X at most 10), or the board is finished
// (12 O, and X on the 13 cells left).
inline bool whole_rounds(int o_marks, int x_marks) {
  return (o_marks % 2 == 0 && (o_marks == x_marks || o_marks == x_marks + 2) && o_marks <= 12 &&
          x_marks <= 10) ||
         (o_marks == 12 && x_marks == 13);
}

inline const std::string& table_name(int round) {
  static const auto names = [] {
    std::array<std::string, kStoredRounds> n;
    for (int r = 0; r < kStoredRounds; ++r)
      n[r] = std::string("double5-r") + static_cast<char>('0' + r / 10) +
             static_cast<char>('0' + r % 10);
    return n;
  }();
  return names.at(static_cast<std::size_t>(round));
}

// Index of the position (o, x), masks of board cells, in its layer's table; the masks must fit
// the layer.
inline std::uint64_t position_index(const LayerShape& shape, std::uint32_t o, std::uint32_t x) {
  const auto& sym = Symmetry::on_index();
  const auto& renumber = board_to_index();
  const std::uint32_t key = renumber(shape.key_is_o ? o : x);
  const std::uint32_t other = renumber(shape.key_is_o ? x : o);
  const std::uint32_t found = class_lookup(shape.key_size)[combinatorial::colex_rank(key)];
  const int g = static_cast<int>(found & 31);
  const std::uint32_t local =
      combinatorial::extract_bits(sym.apply(g, other), kFull & ~sym.apply(g, key));
  return std::uint64_t{found >> 5} * shape.per_class + combinatorial::revolving_door_rank(local);
}

// Outcome of a finished board (masks of board cells): every line with at least 4 of one
// side's 5 cells scores a point.
inline Code final_outcome(std::uint32_t o, std::uint32_t x) {
  // "At least 4 of the 5" is "at most one cell of the line not theirs": m & (m - 1) == 0,
  // with no popcount (the reader is built for any x86-64, which may lack the instruction).
  int score = 0;
  for (const std::uint32_t line : line_masks()) {
    const std::uint32_t not_o = line & ~o, not_x = line & ~x;
    score += (not_o & (not_o - 1)) == 0;
    score -= (not_x & (not_x - 1)) == 0;
  }
  return score > 0 ? kOWins : score < 0 ? kXWins : kDraw;
}

// Outcome of a position of round 10 (O to move, 5 cells free) or 11 (3 free), or of a full
// board: the free cells left after O's last move go to X.
inline Code scored_outcome(std::uint32_t o, std::uint32_t x) {
  const std::uint32_t free = kFull & ~(o | x);
  if (__builtin_popcount(o) >= 12) return final_outcome(o, kFull & ~o);
  Code best = kXWins;
  for (std::uint32_t a = free; a && best != kOWins; a &= a - 1)
    for (std::uint32_t b = a & (a - 1); b && best != kOWins; b &= b - 1) {
      const std::uint32_t after = o | (a & -a) | (b & -b);
      best = std::max(best, final_outcome(after, kFull & ~after));
    }
  return best;
}

}  // namespace tbgen::double5
