#pragma once
// An independent reference for Quixo (SPEC 6 "quixo"), written from the rules alone: the board,
// its text form, the moves and their names, the 0-ply decision, and a solver by value iteration
// over every position of the 3x3 and 4x4 boards (both sides to move), for checking the tables.
// Header-only, standard library only.
//
// Rules as read here:
// - A size x size board (3, 4 or 5) of cubes, each blank, X or O. A turn takes a rim cube that is
//   blank or shows the mover's mark and pushes it back in, showing the mover's mark, at one end
//   of its row or column other than the cell it left; the cubes between shift one cell toward the
//   hole. A corner cube has two ends to go to, another rim cube three.
// - A line: `size` cubes of one mark in a row, a column or a main diagonal. A position with a line
//   on the board is decided in 0 plies: the side to move wins if it has a line, else loses (the
//   opponent has one). So a turn that leaves a line of the opponent loses, even with a line of the
//   mover made too; one that leaves only lines of the mover wins in 1.
// - A position without a line always has a move: the top row is on the rim, so a mover whose every
//   rim cube shows the opponent's mark faces a line of the opponent (decided in 0 plies).
// - Values: outcome for the side to move and distance in plies, the winner hurrying and the loser
//   delaying; a draw when neither side can force a win (play may cycle forever).
//
// The solver: positions are stored from the mover's side (swapping X and O with the side to move
// changes nothing), one int16 per board (3^(size*size) of them). Blanks never come back, so the
// boards are solved by their number of blanks, 0 first; a turn keeps the number (an own cube
// taken) or lowers it by one (a blank taken), whose positions are final by then. Within a count,
// plain value iteration by distance: sweep n decides every position won in exactly n (a move to a
// position lost in n - 1) and lost in exactly n (every move to a position won in at most n - 1,
// one in exactly n - 1), until a sweep decides nothing and no value of the count below can still
// decide one; what is left is a draw.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace quixo_reference {

using Mask = std::uint32_t;  // bit r * size + c: row r from the top, column c from the left

struct Position {
  int size = 5;
  Mask x = 0, o = 0;  // cells showing X, O
  char to_move = 'X';

  char at(int row, int col) const {
    const Mask b = Mask{1} << (row * size + col);
    return (x & b) ? 'X' : (o & b) ? 'O' : '.';
  }
  void set(int row, int col, char c) {
    const Mask b = Mask{1} << (row * size + col);
    x &= ~b;
    o &= ~b;
    if (c == 'X') x |= b;
    if (c == 'O') o |= b;
  }
  int cells() const { return size * size; }
  int blanks() const { return cells() - std::popcount(x | o); }
  Mask mine() const { return to_move == 'X' ? x : o; }
  Mask theirs() const { return to_move == 'X' ? o : x; }
  friend bool operator==(const Position&, const Position&) = default;
};

inline char other(char side) {
  return side == 'X' ? 'O' : 'X';
}

inline void check_size(int size) {
  if (size < 3 || size > 5) throw std::invalid_argument("quixo: size must be 3, 4 or 5");
}

inline Position start(int size, char first = 'X') {
  check_size(size);
  return Position{size, 0, 0, first};
}

// "a1" is the top-left cell: file a.. from the left, rank 1.. from the top.
inline std::string cell_name(int size, int cell) {
  return std::string(1, static_cast<char>('a' + cell % size)) + std::to_string(cell / size + 1);
}

// Text form: rows from the top, cells `.`, `X`, `O`, rows optionally separated by `/` (only
// between rows), then `:X` or `:O`. Throws std::invalid_argument, one line, for a wrong number of
// cells, an unknown character, a missing or unknown side to move.
inline Position parse(std::string_view text, int size) {
  check_size(size);
  const auto colon = text.find(':');
  if (colon == std::string_view::npos)
    throw std::invalid_argument("quixo: missing side to move (':X' or ':O' after the board)");
  const std::string_view board = text.substr(0, colon), side = text.substr(colon + 1);
  Position p{size, 0, 0, 'X'};
  int cell = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    if (c == '/') continue;
    if (c != '.' && c != 'X' && c != 'O')
      throw std::invalid_argument("quixo: unknown character '" + std::string(1, c) +
                                  "' at column " + std::to_string(i + 1));
    if (cell < size * size) p.set(cell / size, cell % size, c);
    ++cell;
  }
  if (cell != size * size)
    throw std::invalid_argument("quixo: wrong number of cells: " + std::to_string(cell) +
                                ", expected " + std::to_string(size * size));
  // A '/' only between two rows, at most one there.
  cell = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    if (board[i] != '/') {
      ++cell;
      continue;
    }
    if (cell == 0 || cell % size != 0 || cell == size * size || board[i - 1] == '/')
      throw std::invalid_argument("quixo: '/' at column " + std::to_string(i + 1) +
                                  " does not separate two rows");
  }
  if (side.empty())
    throw std::invalid_argument("quixo: missing side to move (':X' or ':O' after the board)");
  if (side != "X" && side != "O")
    throw std::invalid_argument("quixo: unknown side to move '" + std::string(side) +
                                "' (':X' or ':O')");
  p.to_move = side[0];
  return p;
}

inline std::string to_string(const Position& p, bool slashes = true) {
  std::string s;
  for (int r = 0; r < p.size; ++r) {
    if (r > 0 && slashes) s += '/';
    for (int c = 0; c < p.size; ++c) s += p.at(r, c);
  }
  s += ':';
  s += p.to_move;
  return s;
}

// ---------------------------------------------------------------------------------------------
// Geometry: lines, rim, pushes (as bit operations on the masks).

struct Push {
  int from = 0, to = 0;  // the cell taken, the end it re-enters at
  Mask segment = 0;      // cells from..to, all rewritten
  Mask source = 0;       // the cells whose cubes shift one step toward the hole
  int step = 1;          // 1 along a row, size along a column
  bool down = false;     // the cubes move to lower bit numbers (to > from) or higher
  Mask from_bit() const { return Mask{1} << from; }
  Mask to_bit() const { return Mask{1} << to; }
  // A mask after the push, before the re-entering cube is written.
  Mask shifted(Mask m) const {
    const Mask moved = down ? (m & source) >> step : (m & source) << step;
    return (m & ~segment) | moved;
  }
};

struct Geometry {
  int size = 0;
  std::vector<Mask> lines;   // rows, columns, the two diagonals
  std::vector<Push> pushes;  // every push, by cell taken (row-major), then by end
  Mask rim = 0;

  explicit Geometry(int n) : size(n) {
    check_size(n);
    auto bit = [n](int r, int c) { return Mask{1} << (r * n + c); };
    for (int r = 0; r < n; ++r) {
      Mask row = 0, col = 0;
      for (int c = 0; c < n; ++c) row |= bit(r, c), col |= bit(c, r);
      lines.push_back(row);
      lines.push_back(col);
    }
    Mask d = 0, a = 0;
    for (int i = 0; i < n; ++i) d |= bit(i, i), a |= bit(i, n - 1 - i);
    lines.push_back(d);
    lines.push_back(a);
    for (int cell = 0; cell < n * n; ++cell) {
      const int r = cell / n, c = cell % n;
      if (r != 0 && r != n - 1 && c != 0 && c != n - 1) continue;
      rim |= Mask{1} << cell;
      // The ends of its row and column other than itself, in cell order.
      std::vector<int> ends;
      for (int e : {r * n + 0, r * n + n - 1, 0 * n + c, (n - 1) * n + c})
        if (e != cell && std::find(ends.begin(), ends.end(), e) == ends.end()) ends.push_back(e);
      std::sort(ends.begin(), ends.end());
      for (int e : ends) {
        Push p;
        p.from = cell;
        p.to = e;
        p.step = (e / n == r) ? 1 : n;
        p.down = e > cell;
        const int lo = std::min(cell, e), hi = std::max(cell, e);
        for (int k = lo; k <= hi; k += p.step) p.segment |= Mask{1} << k;
        // Every cube of the segment but the one taken moves one step toward the hole: toward a
        // higher end those past the cell taken move down, toward a lower end those before it up.
        p.source = p.segment & ~(Mask{1} << cell);
        pushes.push_back(p);
      }
    }
  }

  bool has_line(Mask m) const {
    for (Mask l : lines)
      if ((m & l) == l) return true;
    return false;
  }
  // Applies a push for a mover with cubes `mine` against `theirs` (the push must be legal).
  void apply(const Push& p, Mask& mine, Mask& theirs) const {
    mine = p.shifted(mine) | p.to_bit();
    theirs = p.shifted(theirs) & ~p.to_bit();
  }
};

inline const Geometry& geometry(int size) {
  check_size(size);
  static const std::array<Geometry, 3> g{Geometry(3), Geometry(4), Geometry(5)};
  return g[size - 3];
}

inline bool has_line(const Position& p, char mark) {
  return geometry(p.size).has_line(mark == 'X' ? p.x : p.o);
}

// ---------------------------------------------------------------------------------------------
// Values.

enum class Outcome { loss, draw, win };  // for the side to move

struct Value {
  Outcome outcome = Outcome::draw;
  std::optional<int> distance;  // plies still to be played; empty for a draw
  friend bool operator==(const Value&, const Value&) = default;
};

// As the probe output names it: the winner ("X", "O", "" for a draw) and the turns.
struct Result {
  std::string winner;
  std::optional<int> turns;
  std::string text() const { return winner.empty() ? "Draw" : winner + " win"; }
  friend bool operator==(const Result&, const Result&) = default;
};

inline Result result_of(const Value& v, char to_move) {
  if (v.outcome == Outcome::draw) return {"", std::nullopt};
  const char w = v.outcome == Outcome::win ? to_move : other(to_move);
  return {std::string(1, w), v.distance};
}

// The 0-ply decision: a position with a line on the board.
inline std::optional<Value> decided(const Position& p) {
  const Geometry& g = geometry(p.size);
  if (g.has_line(p.mine())) return Value{Outcome::win, 0};
  if (g.has_line(p.theirs())) return Value{Outcome::loss, 0};
  return std::nullopt;
}

struct Move {
  std::string name;  // "a1-c1": the cell taken, the end it re-enters at
  int from = 0, to = 0;
  Position after;  // the other side to move
};

// Every legal move (none in a position already decided), by cell taken then by end.
inline std::vector<Move> moves(const Position& p) {
  std::vector<Move> out;
  if (decided(p)) return out;
  const Geometry& g = geometry(p.size);
  for (const Push& push : g.pushes) {
    if (p.theirs() & push.from_bit()) continue;
    Mask mine = p.mine(), theirs = p.theirs();
    g.apply(push, mine, theirs);
    Position q{p.size, 0, 0, other(p.to_move)};
    (p.to_move == 'X' ? q.x : q.o) = mine;
    (p.to_move == 'X' ? q.o : q.x) = theirs;
    out.push_back(
        {cell_name(p.size, push.from) + "-" + cell_name(p.size, push.to), push.from, push.to, q});
  }
  return out;
}

// The 8 symmetries of the square (0 the identity) and the colour swap.
inline Position transform(const Position& p, int symmetry) {
  const int n = p.size;
  Position q{n, 0, 0, p.to_move};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int rr = r, cc = c;
      if (symmetry & 1) cc = n - 1 - cc;    // mirror left-right
      if (symmetry & 2) rr = n - 1 - rr;    // mirror top-bottom
      if (symmetry & 4) std::swap(rr, cc);  // transpose
      q.set(rr, cc, p.at(r, c));
    }
  return q;
}
inline Position swap_colours(const Position& p) {
  return {p.size, p.o, p.x, other(p.to_move)};
}

// ---------------------------------------------------------------------------------------------
// The solver.

class Solver {
 public:
  struct Stats {
    std::uint64_t wins = 0, losses = 0, draws = 0;  // boards with X to move (O the same)
    int longest_win = -1, longest_loss = -1;
  };

  // Solves every board of `size` (3 or 4) with at most `max_blanks` blanks (all by default),
  // both sides to move. Boards with more blanks are not solved (value() throws for them).
  explicit Solver(int size, int max_blanks = -1) : size_(size), g_(geometry(size)) {
    if (size != 3 && size != 4) throw std::invalid_argument("quixo solver: size 3 or 4");
    const int cells = size * size;
    all_ = (Mask{1} << cells) - 1;
    max_blanks_ = (max_blanks < 0 || max_blanks > cells) ? cells : max_blanks;
    std::uint32_t pow3 = 1;
    for (int i = 0; i < cells; ++i) pow3 *= 3;
    value_.assign(pow3, kUnsolved);
    tern_.assign(std::size_t{1} << cells, 0);
    for (std::size_t m = 1; m < tern_.size(); ++m) {
      const int low = std::countr_zero(m);
      std::uint32_t p = 1;
      for (int i = 0; i < low; ++i) p *= 3;
      tern_[m] = tern_[m & (m - 1)] + p;
    }
    for (int b = 0; b <= max_blanks_; ++b) solve_blanks(b);
  }

  int size() const { return size_; }
  int max_blanks() const { return max_blanks_; }
  bool solved(const Position& p) const { return p.size == size_ && p.blanks() <= max_blanks_; }

  Value value(const Position& p) const {
    if (p.size != size_) throw std::invalid_argument("quixo solver: wrong board size");
    if (p.x & p.o) throw std::invalid_argument("quixo solver: a cell holds both marks");
    if (!solved(p)) throw std::out_of_range("quixo solver: position not solved (too many blanks)");
    return decode(value_[index(p.mine(), p.theirs())]);
  }
  Value value(std::string_view text) const { return value(parse(text, size_)); }
  // The same from the masks of the side to move and of the other side (no checks but the size).
  Value value_for_mover(Mask mine, Mask theirs) const {
    return decode(value_.at(index(mine & all_, theirs & all_)));
  }
  Result result(const Position& p) const { return result_of(value(p), p.to_move); }
  Result result(std::string_view text) const { return result(parse(text, size_)); }

  // Over the solved boards with X to move (by the colour swap, the same with O to move).
  Stats stats() const {
    Stats s;
    for (std::int16_t v : value_) {
      if (v == kUnsolved) continue;
      if (v > 0)
        ++s.wins, s.longest_win = std::max(s.longest_win, v - 1);
      else if (v < 0)
        ++s.losses, s.longest_loss = std::max(s.longest_loss, -v - 1);
      else
        ++s.draws;
    }
    return s;
  }
  std::vector<int> sweeps() const { return sweeps_; }  // value-iteration sweeps per blank count

  // The raw table: entry index(mine, theirs), 0 a draw, d + 1 a win in d, -(d + 1) a loss in d.
  std::uint32_t index(Mask mine, Mask theirs) const { return tern_[mine] + 2 * tern_[theirs]; }
  static Value decode(std::int16_t v) {
    if (v == kUnsolved) throw std::out_of_range("quixo solver: position not solved");
    if (v > 0) return {Outcome::win, v - 1};
    if (v < 0) return {Outcome::loss, -v - 1};
    return {Outcome::draw, std::nullopt};
  }

 private:
  static constexpr std::int16_t kUnsolved = INT16_MIN;
  static constexpr std::uint16_t kNone = 0xFFFF;

  struct Pending {
    Mask mine, theirs;
    std::uint16_t low_win;  // win distance through a blank taken (min), kNone if none
    std::int16_t low_loss;  // loss distance through blanks taken (max), -1 none, -2 not all wins
  };

  void solve_blanks(int blanks) {
    const int cells = size_ * size_;
    const Mask all = (Mask{1} << cells) - 1;
    std::vector<Pending> pending;
    int lower_bound = 0;  // a sweep past every distance the lower count can still decide
    for (Mask blank = 0; blank <= all; ++blank) {
      if (std::popcount(blank) != blanks) continue;
      const Mask filled = all & ~blank;
      Mask s = 0;
      do {  // every split of the filled cells into mine / theirs
        const Mask mine = s, theirs = filled & ~s;
        std::int16_t& v = value_[index(mine, theirs)];
        if (g_.has_line(mine)) {
          v = 1;
        } else if (g_.has_line(theirs)) {
          v = -1;
        } else {
          v = 0;
          Pending p{mine, theirs, kNone, -1};
          for (const Push& push : g_.pushes) {
            if (!(blank & push.from_bit())) continue;  // only blanks taken here
            Mask m = mine, t = theirs;
            g_.apply(push, m, t);
            const std::int16_t c = value_[index(t, m)];  // the opponent to move
            if (c < 0)
              p.low_win =
                  std::min<std::uint16_t>(p.low_win, static_cast<std::uint16_t>(-c));  // (-c-1) + 1
            if (p.low_loss != -2) p.low_loss = c > 0 ? std::max<std::int16_t>(p.low_loss, c) : -2;
          }
          if (p.low_win != kNone) lower_bound = std::max<int>(lower_bound, p.low_win);
          if (p.low_loss >= 0) lower_bound = std::max<int>(lower_bound, p.low_loss);
          pending.push_back(p);
        }
        s = (s - filled) & filled;
      } while (s != 0);
      if (blank == all) break;
    }
    int n = 1;
    for (; !pending.empty(); ++n) {
      if (n >= 32000) throw std::overflow_error("quixo solver: distance too large");
      std::size_t kept = 0, decided_now = 0;
      for (std::size_t i = 0; i < pending.size(); ++i) {
        const Pending p = pending[i];
        bool win = p.low_win == n;
        bool all_wins = p.low_loss != -2;
        int longest = p.low_loss;
        if (!win) {
          const Mask own = p.mine & g_.rim;
          for (const Push& push : g_.pushes) {
            if (!(own & push.from_bit())) continue;  // own cubes taken: the same count
            Mask m = p.mine, t = p.theirs;
            g_.apply(push, m, t);
            const std::int16_t c = value_[index(t, m)];
            if (c == -n) {  // lost in n - 1 for the opponent
              win = true;
              break;
            }
            if (all_wins) {
              if (c > 0 && c <= n)
                longest = std::max<int>(longest, c);  // won in c - 1 <= n - 1
              else
                all_wins = false;
            }
          }
        }
        std::int16_t& v = value_[index(p.mine, p.theirs)];
        if (win) {
          v = static_cast<std::int16_t>(n + 1);
          ++decided_now;
        } else if (all_wins && longest == n) {
          v = static_cast<std::int16_t>(-(n + 1));
          ++decided_now;
        } else {
          pending[kept++] = p;
        }
      }
      pending.resize(kept);
      if (decided_now == 0 && n >= lower_bound) break;
    }
    sweeps_.push_back(n);
    // What is left stays 0: a draw.
  }

  int size_;
  const Geometry& g_;
  int max_blanks_ = 0;
  Mask all_ = 0;
  std::vector<std::int16_t> value_;
  std::vector<std::uint32_t> tern_;  // base-3 weight of a mask: sum of 3^cell
  std::vector<int> sweeps_;
};

}  // namespace quixo_reference
