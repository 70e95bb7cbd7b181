#pragma once
// The rules of a morris member (SPEC 6: mills, captures and material), shared by the generator
// and the reader: the board (points, adjacency, mills, the 16 symmetries), a game string's
// keys, the moves of a position with their removals, and positions as text.
//
// A board's points are numbered as SPEC lists them, rank by rank from the bottom and left to
// right in a rank (nine: a1 d1 g1 b2 ... d7 g7 are bits 0 .. 23), and sets of points are masks
// in that order. Geometrically a point is (square s, place k): s = 0 the outer square, k = 0 its
// bottom-left corner, then counterclockwise, so the odd k are the middles of the sides. That
// view makes the rules local: a side's mill is k = 2j, 2j + 1, 2j + 2 of one square; a join is
// the odd k of every square (nine), a diagonal the even k (twelve); the symmetries are the
// square's eight (acting on k alone) times reversing the order of the squares.
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tbgen {
class GameString;
}

namespace tbgen::morris {

using Points = std::uint32_t;  // a set of points, bit i = point i

struct Board {
  std::string name;                // six, nine, twelve
  int points = 0;                  // 16 or 24
  int squares = 0;                 // 2 or 3
  std::vector<std::string> names;  // point i's name, "a1"
  std::vector<Points> neighbours;  // the points adjacent to point i
  std::vector<Points> mills;       // every line of three, as a set
  // The mills through point i (at most three: a line, a column, a diagonal), the rest of the
  // three filled with a set no marks hold, so that closes_mill() tests all three unrolled.
  std::vector<std::array<Points, 3>> mills_through;
  std::vector<std::vector<int>> ranks;  // the points of each rank, from the top (text order)
  std::vector<std::array<std::int8_t, 24>> symmetries;  // 16 point permutations, identity first
  int point(const std::string& name) const;             // -1 if the board has no such point
  // Whether `mark`, just placed or moved onto, makes a mill with the other marks of `own`.
  bool closes_mill(Points own, int mark) const {
    const std::array<Points, 3>& m = mills_through[mark];
    return (own & m[0]) == m[0] || (own & m[1]) == m[1] || (own & m[2]) == m[2];
  }
  // The points of `own` that lie in a mill of `own`.
  Points in_mills(Points own) const;
  // The marks of `own` a mill may remove: those in no mill of `own`, else any.
  Points removable(Points own) const {
    const Points free = own & ~in_mills(own);
    return free ? free : own;
  }
  Points map(Points set, int symmetry) const;
};
const Board& board(const std::string& name);  // six, nine or twelve

struct Rules {
  const Board* board = nullptr;
  int pieces = 0;       // marks each side holds at the start
  bool fly = true;      // three marks and none in hand: move to any empty point
  bool lasker = false;  // with marks in hand, a mark on the board may move instead
  char first = 'X', second = 'O';
  std::string canonical;  // morris(board=nine,pieces=9,fly=1,lasker=0,first=X)
  std::string stem;       // the start of its table files' names
};
// Throws tbreader::GameError naming the key.
Rules rules_of(const GameString& game);

// A position from the side to move's view: its marks and the other side's, on the board and in
// hand.
struct Position {
  Points mine = 0, theirs = 0;
  int mine_hand = 0, theirs_hand = 0;
  bool operator==(const Position&) const = default;
};

// A turn: a mark placed (from < 0) or moved, and the opponent's mark removed (removed < 0:
// none). `after` is the position it leads to, from the other side's view.
struct Move {
  int from = -1, to = -1, removed = -1;
  Position after;
};
// Every legal turn, one for each mark a mill lets it remove. None when the position is decided
// (a side below three marks) or the side to move is blocked.
std::vector<Move> moves(const Rules& rules, const Position& p);
// The same turns handed to `visit(const Move&)` one by one, in the same order, with nothing
// allocated: the solver's inner loop.
template <class Visit>
void for_each_move(const Rules& rules, const Position& p, Visit&& visit) {
  const Board& b = *rules.board;
  const int mine = std::popcount(p.mine), theirs = std::popcount(p.theirs);
  if (mine + p.mine_hand < 3 || theirs + p.theirs_hand < 3) return;
  const Points all = (Points{1} << b.points) - 1, empty = all & ~(p.mine | p.theirs);
  // A mark from `from` (or from hand) to `to`: one turn, or one for each mark it may remove.
  const auto play = [&](int from, int to) {
    Move m{from, to, -1,
           Position{.mine = p.theirs,
                    .theirs = (from < 0 ? p.mine : p.mine & ~(Points{1} << from)) | Points{1} << to,
                    .mine_hand = p.theirs_hand,
                    .theirs_hand = p.mine_hand - (from < 0)}};
    if (!b.closes_mill(m.after.theirs, to) || !m.after.mine) {
      visit(std::as_const(m));
      return;
    }
    const Points taken = m.after.mine;
    for (Points rest = b.removable(taken); rest; rest &= rest - 1) {
      m.removed = std::countr_zero(rest);
      m.after.mine = taken & ~(Points{1} << m.removed);
      visit(std::as_const(m));
    }
  };
  if (p.mine_hand > 0)
    for (Points e = empty; e; e &= e - 1) play(-1, std::countr_zero(e));
  if (p.mine_hand == 0 || rules.lasker) {
    const bool flying = rules.fly && p.mine_hand == 0 && mine == 3;
    for (Points m = p.mine; m; m &= m - 1) {
      const int from = std::countr_zero(m);
      for (Points e = empty & (flying ? all : b.neighbours[from]); e; e &= e - 1)
        play(from, std::countr_zero(e));
    }
  }
}
// Whether the side to move has lost: below three marks, or no legal turn.
bool lost(const Rules& rules, const Position& p);
std::string move_text(const Board& board, const Move& m);  // d2, d2-d3, d2xa1, d2-d3xa1

// Positions written as SPEC 6 writes them: ranks from the top separated by '/', each point
// '.', X or O, then ":X" or ":O", then ":H1:H2" (X's and O's marks in hand) while either holds
// marks. Both are from X's and O's view, not the mover's.
struct Text {
  Points x = 0, o = 0;
  bool x_to_move = true;
  int x_hand = 0, o_hand = 0;
};
// Throws tbreader::InputError naming what is wrong and where; refuses what SPEC 6 refuses.
Text parse_position(const Rules& rules, const std::string& text);
// Refuses, with tbreader::InputError naming `where`, counts SPEC 6 refuses: more marks of a
// side than `pieces`, both sides below three, hands alternate placing cannot give (lasker=0),
// points beyond the board or of both sides.
void check_counts(const Rules& rules, const Text& t, const std::string& where);
std::string position_text(const Rules& rules, const Text& t);
// The mover's view of a written position, and back.
Position to_move(const Rules& rules, const Text& t);
Text as_text(const Rules& rules, const Position& p, bool x_to_move);

}  // namespace tbgen::morris
