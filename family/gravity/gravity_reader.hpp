#pragma once
// A gravity member (connect) in the reader library: boards of cols x rows cells of '.', X and O
// (rows from the top) or the columns played from the empty board ("4453"), the value from the
// member's tables, and every move (a column, "4") with its value.
#include <array>
#include <memory>

#include "family/gravity/gravity_member.hpp"
#include "family/member_text.hpp"
#include "game_reader.hpp"

namespace tbgen {

class GravityReader : public GameReader {
 public:
  explicit GravityReader(family::Rules rules);
  std::string name() const override { return member_->rules().canonical; }
  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions& options) const override;
  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions& options) const override;
  bool board_family() const override { return true; }
  std::int32_t value_of(const TableSet& tables, std::uint64_t first,
                        std::uint64_t second) const override;
  void values_of(const TableSet& tables, std::span<const std::uint64_t> first,
                 std::span<const std::uint64_t> second, std::span<std::int32_t> out) const override;

 private:
  struct Position {
    family::GravityBoard board;
    int t = 0;                // marks
    bool lines_free = false;  // neither player has a line (false: unknown, or a line)
    std::uint64_t last = 0;   // a board with a line: the move that made them all (a cell's bit)
  };
  // Whether the board decides the position (a line, or every cell filled), and its code: a
  // board checked (lines_free, or the last move that made its lines) needs no line test.
  bool decided(const Position& p, family::Code* code) const {
    if (p.last != 0) {
      *code = member_->line_code(p.t);
      return true;
    }
    return (!p.lines_free || p.t == member_->rules().cells()) &&
           member_->terminal(p.t, p.board, code);
  }
  // Throws tbreader::InputError naming the board (or the move) if the position cannot be played
  // from: a mark above an empty cell, counts that do not fit, lines that end the game otherwise
  // than at its last move; a move sequence with a column off the board or full, or a move after
  // the game is over.
  Position parse(const std::string& text) const;
  // The same checks of a board as masks of cells (bit row * cols + col, row 0 the top).
  Position checked(std::uint64_t first, std::uint64_t second, Where where) const;
  // Those checks in two parts: all but the order of play, then that one (arises()).
  Position checked_but_order(std::uint64_t first, std::uint64_t second, Where where) const;
  void expect_order(std::uint64_t first, std::uint64_t second, const Position& p,
                    Where where) const;
  // Whether some order of play builds the board p checked (also given as the masks of cells of
  // checked()): its t marks taken back one by one from the tops of the columns, each the mark of
  // the player who made that move, with no line on any board before the last (a line ends the
  // game). A board without a line has none before it either (taking marks back never makes a
  // line), and none is looked for.
  bool arises(std::uint64_t first, std::uint64_t second, const Position& p) const;
  // One order of play found without backtracking (the rule: gravity_reader.cpp); false says
  // nothing, and search() decides.
  bool taken_back(std::uint64_t first, std::uint64_t second, const Position& p) const;
  // The mark that rule takes back from the player whose marks are `mine` (0: none), `all` the
  // board's marks, none of them in a line.
  std::uint64_t take_back(std::uint64_t mine, std::uint64_t others, std::uint64_t all) const;
  // A board without a line as taken_back() takes its marks back: those of the player who made
  // the t-th move, the other's (the two swap every move), and all of them, each kept by itself
  // (each mark taken back waits for the one before, and this way the wait is one operation
  // shorter: with the rule's choice, 1.045x connect 6x5's values_of; docs/performance.md).
  struct Lane {
    std::uint64_t mine = 0, others = 0, all = 0;
    int t = 0;
  };
  // The board p as a lane: a board with a line, the board before its last move (p.last).
  Lane lane_of(std::uint64_t first, std::uint64_t second, const Position& p) const;
  // taken_back() of up to kLanes boards with no line, side by side; bit k of the result: board
  // k found no order that way. 16: four chains of steps in registers of 32-bit lanes, which a
  // step's latency leaves room for (8 lanes, two chains: 1.03-1.05x as long; docs/performance.md).
  static constexpr std::size_t kLanes = 16;
  template <class Word>
  std::uint32_t taken_back_lanes(std::span<const Lane> boards) const;
  // Its work in vectors of kBytes bytes: 16 in any x86-64 build, 32 where the CPU has AVX2 (the
  // function compiled for it, which this one is inlined into).
  template <class Word, std::size_t kBytes>
  [[gnu::always_inline]] inline std::uint32_t taken_back_in(std::span<const Lane> boards) const;
  template <class Word>
  std::uint32_t taken_back_avx2(std::span<const Lane> boards) const;
  // expect_order() of a chunk of values_of's positions, passed by checked_but_order(), the
  // position positions[j] being (first[i0 + j], second[i0 + j]); as values_by_layer() asks.
  void expect_orders(std::span<const std::uint64_t> first, std::span<const std::uint64_t> second,
                     std::size_t i0, std::span<const Position> positions,
                     std::span<const std::uint32_t> order) const;
  class DeadEnds;  // boards from which no order of play was found
  bool search(const family::GravityBoard& b, int t, bool lines_free, DeadEnds& dead) const;
  // Where a mark dropped into column c lands; 0 if the column is full.
  family::Bits top_of(const family::GravityBoard& b, int c) const;
  Position played(const Position& p, family::Bits top) const;
  const Table& table_of(const TableSet& tables, int t) const;
  // The value code of p; within [alpha, beta] (as alpha-beta searches): a code at most alpha
  // where p's is, at least beta where p's is, else p's.
  family::Code code(const TableSet& tables, const Position& p, family::Code alpha,
                    family::Code beta) const;
  family::Code code(const TableSet& tables, const Position& p) const {
    return code(tables, p, 0, member_->rules().codes() - 1);
  }

  std::shared_ptr<const family::GravityMember> member_;
  std::size_t first_slot_;  // TableSet::slot_base() of its game: its layers' slots follow
  // A board given as masks of cells (bit row * cols + col, row 0 the top) in the index's column
  // layout, a byte of the masks at a time: no division by the columns for every cell of every
  // probe.
  family::GravityBoard to_columns(std::uint64_t first, std::uint64_t second) const {
    family::GravityBoard out;
    const std::uint64_t all = first | second;
    for (std::size_t k = 0; k < to_columns_.size(); ++k) {
      out.mask |= to_columns_[k][(all >> 8 * k) & 0xff];
      out.first |= to_columns_[k][(first >> 8 * k) & 0xff];
    }
    return out;
  }
  std::vector<std::array<family::Bits, 256>> to_columns_;          // one table a byte of the board
  std::array<std::uint64_t, family::kMaxGravityBits> to_cells_{};  // a bit back to its cell's
};

}  // namespace tbgen
