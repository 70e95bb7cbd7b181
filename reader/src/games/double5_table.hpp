#pragma once
// How double5 is laid out in table files; shared by the generator and the reader.
//
// Layer r (positions after r whole rounds) is the file double5-rNN.tb. Its positions are
// keyed by the set of the side NOT to move: entry index = class * per_class + rank, where
// class is the rank of the canonical image of the non-mover's set under the 32 line-preserving
// symmetries, and rank is the colex rank of the mover's set, mapped by the same symmetry,
// among the cells left free by that canonical set. Round 11 (3 cells left) is scored directly.
#include <array>
#include <cstdint>
#include <string>

#include "index/combinatorial.hpp"
#include "index/double5_symmetry.hpp"

namespace tbgen::double5 {

inline constexpr int kStoredRounds = 11;  // rounds 0..10 have tables
inline constexpr std::uint32_t kIndexScheme = 2;
inline constexpr std::uint32_t kValueCodec = 2;  // 2 bits: 0 X wins, 1 draw, 2 O wins
inline constexpr std::uint32_t kEntryBits = 2;

enum Code : std::uint8_t { kXWins = 0, kDraw = 1, kOWins = 2 };

struct LayerShape {
  int round = 0;
  int o_marks = 0, x_marks = 0;
  bool o_to_move = true;
  int key_size = 0;    // marks of the side not to move
  int other_size = 0;  // marks of the side to move
  std::uint64_t per_class = 0;
  std::uint64_t classes = 0;
  std::uint64_t entries = 0;
};

inline LayerShape layer_shape(int round) {
  LayerShape s;
  s.round = round;
  s.o_marks = 2 * ((round + 1) / 2);
  s.x_marks = 2 * (round / 2);
  s.o_to_move = round % 2 == 0;
  s.key_size = s.o_to_move ? s.x_marks : s.o_marks;
  s.other_size = s.o_to_move ? s.o_marks : s.x_marks;
  s.per_class = combinatorial::binomial(kCells - s.key_size, s.other_size);
  s.classes = canonical_sets(s.key_size).size();
  s.entries = s.classes * s.per_class;
  return s;
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

// Index of the position (o, x) in its layer's table; the masks must fit the layer.
inline std::uint64_t position_index(const LayerShape& shape, std::uint32_t o, std::uint32_t x) {
  const auto& sym = Symmetry::get();
  const std::uint32_t key = shape.o_to_move ? x : o;
  const std::uint32_t other = shape.o_to_move ? o : x;
  const std::uint32_t found = class_lookup(shape.key_size)[combinatorial::colex_rank(key)];
  const int g = static_cast<int>(found & 31);
  const std::uint32_t local =
      combinatorial::extract_bits(sym.apply(g, other), kFull & ~sym.apply(g, key));
  return std::uint64_t{found >> 5} * shape.per_class + combinatorial::colex_rank(local);
}

// Outcome of a finished board: every line with at least 4 of one side's 5 cells scores a point.
inline Code final_outcome(std::uint32_t o, std::uint32_t x) {
  int score = 0;
  for (const std::uint32_t line : line_masks()) {
    score += __builtin_popcount(line & o) >= 4;
    score -= __builtin_popcount(line & x) >= 4;
  }
  return score > 0 ? kOWins : score < 0 ? kXWins : kDraw;
}

}  // namespace tbgen::double5
