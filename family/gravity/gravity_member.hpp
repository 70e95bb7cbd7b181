#pragma once
// A gravity member (connect) as its tables lay it out; shared by the generator and the reader.
//
// Layer t holds the positions with t marks (gravity_index.hpp), in the file <stem>-tNN.tb. The
// last layers have no table: a position with at most kScoredMarks empty cells is answered by
// playing out its few move orders (at most 4! = 24) from the board, faster than a block decode.
// A line is k own marks in a row by shifts of the bitboard (Pons' connect4): vertical 1,
// horizontal rows + 1, the diagonals rows and rows + 2, each doubled until k cells are covered.
#ifdef __AVX__
#include <immintrin.h>
#endif

#include <string>
#include <vector>

#include "family/family_rules.hpp"
#include "family/gravity/gravity_index.hpp"

namespace tbgen::family {

inline constexpr std::uint32_t kGravityIndexScheme = 10;  // docs/FORMAT.md
inline constexpr int kScoredMarks = 4;

class GravityMember {
 public:
  explicit GravityMember(Rules rules);
  const Rules& rules() const { return rules_; }
  const GravityIndex& index() const { return index_; }
  int layers() const { return rules_.cells() + 1; }  // layers 0 .. cells
  int stored_layers() const { return stored_; }      // layers 0 .. stored - 1 have tables
  const std::string& table_name(int t) const { return table_names_.at(t); }
  std::uint32_t value_codec() const { return rules_.value == ValueKind::speed ? 8 : 7; }
  std::uint32_t entry_bits() const { return rules_.value == ValueKind::speed ? 8 : 2; }

  bool first_moves(int t) const { return t % 2 == 0; }
  bool has_line(Bits marks) const {
    if (two_shifts_) {
      // k = 3 or 4 (Connect Four): four directions of two shifts each (directions that do not
      // fit repeat one that does), unrolled and without a branch a direction. Probes and
      // counting test one side; solving tests both at once (either_has_line).
      Bits any = 0;
      for (int i = 0; i < 4; ++i) {
        const Bits x = marks & marks >> first_shifts_[i];
        any |= x & x >> second_shifts_[i];
      }
      return any != 0;
    }
    for (const auto& d : directions_) {
      Bits x = marks;
      for (int i = 0; i < d.count; ++i) x &= x >> d.shifts[i];
      if (x) return true;
    }
    return false;
  }
  // Which of two boards hold a line (bit 0: a, bit 1: b), the two in the lanes of one 16-byte
  // vector: a shift a step for both in any x86-64 build (the reader's), where has_line() of
  // each side was a tenth of a connect probe's instructions.
  unsigned lines_of(Bits a, Bits b) const {
    if (!two_shifts_) return unsigned{has_line(a)} | unsigned{has_line(b)} << 1;
    using Pair = Bits __attribute__((vector_size(2 * sizeof(Bits))));
    const Pair marks = {a, b};
    Pair any = {};
    for (int i = 0; i < 4; ++i) {
      const Pair x = marks & marks >> first_shifts_[i];
      any |= x & x >> second_shifts_[i];
    }
    return unsigned{any[0] != 0} | unsigned{any[1] != 0} << 1;
  }
  // Whether either of two boards holds a line (the two sides of a position). With two shifts a
  // direction the eight runs go four directions to a vector: under -march=native (the
  // generator) one AVX2 shift a step for the four, a third of the scalar test's instructions,
  // which was a third of a Connect Four build's CPU.
  bool either_has_line(Bits a, Bits b) const {
    if (!two_shifts_) return has_line(a) || has_line(b);
    Lanes x = Lanes{} + a, y = Lanes{} + b;
    x &= x >> first_shifts_, y &= y >> first_shifts_;
    x &= x >> second_shifts_, y &= y >> second_shifts_;
    const Lanes any = x | y;
#ifdef __AVX__
    const auto v = __builtin_convertvector(any, __m256i);
    return !_mm256_testz_si256(v, v);  // one test, not three extractions and ors
#else
    return (any[0] | any[1] | any[2] | any[3]) != 0;
#endif
  }
  // The value of a position with t marks decided by its board (a line of the side that just
  // moved, or a full board), if it is.
  bool terminal(int t, const GravityBoard& b, Code* code) const;
  // The value of a game ended by a line the side that moved in layer t - 1 made at layer t.
  Code line_code(int t) const {
    return rules_.line_made(!first_moves(t), rules_.cells() - t);
  }

 private:
  struct Direction {
    int count = 0;  // shifts doubling a run of one cell to k cells
    int shifts[6] = {};
  };
  Rules rules_;
  GravityIndex index_;
  std::vector<Direction> directions_;  // those in which k cells fit on the board
  bool two_shifts_ = false;            // every one of them takes two shifts: the lanes below
  // The two shifts of each direction, a lane a direction (directions that do not fit repeat
  // one that does).
  using Lanes = Bits __attribute__((vector_size(4 * sizeof(Bits))));
  Lanes first_shifts_{}, second_shifts_{};
  int stored_ = 0;
  std::vector<std::string> table_names_;
};

}  // namespace tbgen::family
