#pragma once
// The rules of a member of a game family (SPEC section 6): a board of cols x rows cells, how a
// mark is placed (anywhere, or dropped into a column), a set of lines, turns of q then p
// marks, and how a game ends and is valued. The family folders (games/mnk, games/lines,
// games/connect) turn a game string into these; everything else (symmetry, index, solver,
// reader) is shared and knows a member only through them.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/combinatorial.hpp"

namespace tbgen::family {

enum class ValueKind { outcome, speed, margin };
enum class Fill { none, first, second };
// How a member's positions move: its move structure (family/structures.def), each with its own
// index, successors and reader. placement: a mark on any empty cell (mnk, lines, hex);
// gravity: the lowest empty cell of a column (connect); slide: placement, then a mark moved;
// domino: two neighbouring cells covered (domineering, cram: values of combinatorial game
// theory, cgt/); morris: mills and captures; quixo: pushes; dobutsu: Dobutsu shogi's pieces.
enum class Moves {
#define TBGEN_STRUCTURE(id) id,
#include "family/structures.def"
#undef TBGEN_STRUCTURE
};
// Where a slide mark may move: to one of its 8 neighbours, its 4 orthogonal ones, any empty cell.
enum class Step { king, rook, any };
// What wins (placement members): k own marks on a line (mnk, lines), or a chain of touching own
// marks joining the player's two sides of the board (hex).
enum class WinTest { lines, connection };

// Values are codes 0 .. codes() - 1, ordered from the first player's point of view (higher is
// better for the first player): outcome 0 second wins, 1 draw, 2 first wins; speed and margin
// the signed value plus an offset.
using Code = std::uint32_t;

// Placement members are accepted and built up to kMaxCells (a cell set is a 32-bit mask), where
// the machine (or the cluster, docs/DISTRIBUTED.md) holds them. Gravity members are accepted up
// to 64 bits of bitboard (family/gravity/gravity_index.hpp) and built where the machine holds them.
inline constexpr int kMaxCells = 32;

struct Rules {
  std::string family;       // "mnk", "lines", "connect", "hex" or "slide"
  std::string canonical;    // the game string with every key, in the family's order
  std::string stem;         // file names start with it: the family and every value
  char layer_letter = 't';  // layer t's file is <stem>-<letter>NN.tb (double5's rounds: r)
  int cols = 0, rows = 0;
  Moves moves = Moves::placement;
  WinTest win = WinTest::lines;
  bool wins_at_once = false;  // mnk, connect: a line ends the game; lines: scored after the end
  bool misere = false;        // with wins_at_once: the player who makes a line loses
  int threshold = 0;          // own marks that make a line count (mnk: all of its cells)
  int p = 1, q = 1;           // marks in every later turn, in the first turn
  int turns = 0;              // turns until the game ends (mnk: until the board is full)
  Fill fill = Fill::none;
  ValueKind value = ValueKind::outcome;
  char first = 'X', second = 'O';
  int pieces = 0;                    // slide: marks each player places before marks move
  Step step = Step::king;            // slide: how a mark moves
  bool impartial = false;            // domino: either player places either way (cram)
  std::vector<std::uint32_t> lines;  // masks of board cells (cell = row * cols + col); placement
  // The board's symmetries (cell i goes to cell p[i]), when the family gives them; else they are
  // found from the lines (family_symmetry.hpp).
  std::vector<std::vector<int>> symmetries;
  // The start position's text where the family writes boards otherwise than rows of dots
  // (morris: ranks, the side to move, the hands); empty for the others.
  std::string start;

  int cells() const { return cols * rows; }
  std::uint32_t full() const {
    return cells() == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << cells()) - 1;
  }
  // Marks placed in turn t (0-based): q, then p, fewer in a last turn short of cells.
  int marks_in_turn(int t) const;
  int marks_after(int t) const;  // placed in turns 0 .. t - 1
  int first_marks(int t) const;  // of those, the first player's
  int second_marks(int t) const { return marks_after(t) - first_marks(t); }
  bool first_moves(int t) const { return t % 2 == 0; }

  // Inline, as value_of(): every probe asks.
  Code codes() const {
    switch (value) {
      case ValueKind::outcome:
        return 3;
      case ValueKind::speed:  // +-(empty cells + 1)
        return static_cast<Code>(2 * cells() + 3);
      case ValueKind::margin:  // +-(lines)
        return static_cast<Code>(2 * lines.size() + 1);
    }
    return 0;
  }
  Code zero() const { return (codes() - 1) / 2; }  // the code of a draw (value 0)
  Code code_of(int v) const { return static_cast<Code>(static_cast<int>(zero()) + v); }
  int value_of(Code c) const { return static_cast<int>(c) - static_cast<int>(zero()); }

  // Whether the first player's (or the second's) `marks` win: a line, or a chain (connection:
  // the player whose mark is X joins the top row to the bottom row, O the left column to the
  // right column, through cells that touch as on a Hex board).
  // Inline: every board a reader checks asks it for both sides.
  bool wins(std::uint32_t marks, bool by_first) const {
    if (win == WinTest::connection && chain_table->ready.load(std::memory_order_acquire)) {
      const ChainTable& t = *chain_table;
      const std::uint64_t i = std::uint64_t{by_first} << cells() | marks;
      return t.bits[i >> 6] >> (i & 63) & 1;
    }
    return wins_first_time(marks, by_first);
  }
  // A connection member of up to kChainTableCells cells answers wins() from a table of every
  // set of marks, a bit a set and side, built on first use and shared by the Rules' copies
  // (which are not changed once it is asked): a chain is otherwise searched for cell by cell
  // (hex 4x5: 2^21 bits, 256 KiB, built in about 11 ms; its values_of 1.34x,
  // docs/performance.md).
  static constexpr int kChainTableCells = 20;
  struct ChainTable {
    std::once_flag once;
    std::atomic<bool> ready{false};   // the flag checked first: call_once costs a call a probe
    std::vector<std::uint64_t> bits;  // bit (by_first << cells) | marks
  };
  std::shared_ptr<ChainTable> chain_table = std::make_shared<ChainTable>();
  const char* win_name() const { return win == WinTest::lines ? "line" : "chain"; }
  // The value of a game won at once (mnk) with `empties` cells left empty.
  Code won(bool first_won, int empties) const;
  // The value of a game ended by a line of the first player's (or the second's) with `empties`
  // cells left empty: a win for its maker, or with misere a loss.
  Code line_made(bool by_first, int empties) const { return won(by_first != misere, empties); }
  // A lines game after its last turn: empty cells go to `fill`, each line scores.
  Code scored(std::uint32_t first, std::uint32_t second) const;
  // wins() without the table: lines counted, a chain searched, or the table built first.
  bool wins_first_time(std::uint32_t marks, bool by_first) const;
  // The value of a position between whole turns after t turns, if it is decided by the board
  // alone: a line made (mnk) or the last turn played; else nothing is written and false.
  bool terminal(int t, std::uint32_t first_set, std::uint32_t second_set, Code* code) const {
    return terminal_by(t, first_set, second_set, code, [&](bool by_first) {
      return wins(by_first ? first_set : second_set, by_first);
    });
  }
  // The same with the line test given: line(by_first) says whether that side has a line (or a
  // chain), asked only where lines end the game; a reader that checked a board already knows.
  template <class Line>
  bool terminal_by(int t, std::uint32_t first, std::uint32_t second, Code* code, Line&& line) const;
};

template <class Line>
bool Rules::terminal_by(int t, std::uint32_t first_set, std::uint32_t second_set, Code* code,
                        Line&& line) const {
  if (wins_at_once) {
    const int empties = cells() - combinatorial::count_bits(first_set | second_set);
    // The side that moved last ended the game with its line; a board where the other side has one
    // too cannot arise (the readers refuse it) and is given to the last mover.
    const bool first_moved_last = !first_moves(t);
    for (const bool first_side : {first_moved_last, !first_moved_last})
      if (line(first_side)) {
        // A full Hex board holds exactly one chain (Hex's theorem): every build checks it.
        if (win == WinTest::connection && t == turns && line(!first_side))
          throw std::logic_error(canonical + ": a full board with a chain for both players");
        *code = line_made(first_side, empties);
        return true;
      }
    if (t < turns) return false;
    if (win == WinTest::connection)
      throw std::logic_error(canonical + ": a full board without a chain (no draws in Hex)");
    *code = zero();
    return true;
  }
  if (t < turns) return false;
  *code = scored(first_set, second_set);
  return true;
}

// A layered table's name: the member's stem, '-', the layer letter and two digits ("-t05").
inline std::string layer_table_name(const Rules& rules, char letter, int layer) {
  return rules.stem + '-' + letter + static_cast<char>('0' + layer / 10) +
         static_cast<char>('0' + layer % 10);
}

// The lines of `len` consecutive cells in rows, columns and both diagonal directions.
std::vector<std::uint32_t> straight_lines(int cols, int rows, int len);

}  // namespace tbgen::family
