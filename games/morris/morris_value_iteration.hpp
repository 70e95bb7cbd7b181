#pragma once
// The independent reference the morris tables are to be checked against: a plain value
// iteration to a fixpoint over every position of a (small) member, written from SPEC 6 alone.
// It shares no code with the generator: its own boards (derived from SPEC's description of the
// squares and checked against SPEC's list of points), its own moves, mills, removals and
// refusals, its own text; no symmetry, no sectors, no predecessor generation, no counters.
// Slow on purpose, and small enough to check by eye.
//
// A position is the X and O point masks (bit i = the i-th point in the order SPEC lists them:
// nine a1 d1 g1 b2 ... d7 g7 = bits 0..23), the side to move, and the marks in hand of X and
// of O. Every position SPEC answers (counts that fit, see MorrisRules::refusal) is enumerated
// and sorted by a 64-bit key (a hash index finds a key's place fast), and its moves are listed
// once as indices (CSR).
//
// The iteration: round 0 labels every decided position (MorrisRules::decided): lost in 0 for
// the side below three marks (so a win in 0 for the side to move when the other side is below)
// or for the side to move without a move. Round n looks only at the labels of rounds before it:
// an unlabeled position with a child labeled a loss (for that child's mover) becomes a win in
// 1 + the least such child's distance; one whose children are all labeled wins becomes a loss
// in 1 + the greatest child distance. Rounds stop when one labels nothing; what is left
// unlabeled is a draw. Every label of round n has distance n, so a win is found by its fastest
// losing child and a loss waits for its slowest child: the winner hurries, the loser delays, a
// turn (removal included) counting one. `verify()` rechecks the one-ply equations on every
// position afterwards.
//
// For the generator's tests: MorrisValueIteration(spec) solves a member; value(x, o, side,
// x_hand, o_hand) answers a position (nothing when SPEC refuses it); positions() iterates over
// every position; rules().move_list(p) lists the moves in SPEC's notation with the positions
// they lead to; rules().parse(text) / rules().text(p) read and write SPEC's position text.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tbgen::testing {

enum class MorrisBoard : std::uint8_t { six, nine, twelve };

inline std::string morris_board_name(MorrisBoard b) {
  return b == MorrisBoard::six ? "six" : b == MorrisBoard::nine ? "nine" : "twelve";
}

// The keys of `morris(board=...,pieces=...,fly=...,lasker=...,first=...)`.
struct MorrisSpec {
  MorrisBoard board = MorrisBoard::nine;
  int pieces = 0;  // 0: the board's default (six 6, nine 9, twelve 12; one more with lasker)
  bool fly = true;
  bool lasker = false;
  char first = 'X';
};

// ---------------------------------------------------------------------------------------------
// Boards. The points are typed from SPEC's lists (their order is the bit order); the sides,
// joining lines, links and diagonals are derived from the geometry SPEC describes (concentric
// squares around the grid's centre), and the constructor refuses a board whose derived points
// are not exactly the typed ones, so the two readings check each other.
class MorrisGeometry {
 public:
  explicit MorrisGeometry(MorrisBoard b) : board_(b) {
    const bool six = b == MorrisBoard::six;
    squares_ = six ? 2 : 3;
    const std::string_view list = six ? "a1 c1 e1 b2 c2 d2 a3 b3 d3 e3 b4 c4 d4 a5 c5 e5"
                                      : "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 "
                                        "b6 d6 f6 a7 d7 g7";
    for (std::size_t i = 0; i < list.size(); i += 3) names_.emplace_back(list.substr(i, 2));
    const int n = points();
    // Every point of every square: corners and side midpoints of the square of half-size s.
    int on_squares = 0;
    for (int s = 1; s <= squares_; ++s)
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy)
          if (dx || dy) {
            if (at(centre() + dx * s, centre() + dy * s) < 0)
              throw std::logic_error("morris reference: a square's point is not listed");
            ++on_squares;
          }
    if (on_squares != n) throw std::logic_error("morris reference: a listed point is no square's");
    neighbours_.assign(static_cast<std::size_t>(n), 0);
    mills_through_.resize(static_cast<std::size_t>(n));
    const int c = centre();
    // The sides of each square: mills, and adjacent along them.
    for (int s = 1; s <= squares_; ++s) {
      line({{c - s, c - s}, {c, c - s}, {c + s, c - s}}, true);  // bottom
      line({{c + s, c - s}, {c + s, c}, {c + s, c + s}}, true);  // right
      line({{c - s, c + s}, {c, c + s}, {c + s, c + s}}, true);  // top
      line({{c - s, c - s}, {c - s, c}, {c - s, c + s}}, true);  // left
    }
    // The lines joining the squares' midpoints, outward: on nine and twelve mills of three
    // (a4-b4-c4, ...); on six two points each, links only (c1-c2, a3-b3, d3-e3, c4-c5).
    for (const auto& [dx, dy] : {std::pair{0, -1}, {-1, 0}, {1, 0}, {0, 1}}) {
      std::vector<std::pair<int, int>> join;
      for (int s = 1; s <= squares_; ++s) join.push_back({c + dx * s, c + dy * s});
      line(join, !six);
    }
    // twelve: the diagonals joining the corners (a1-b2-c3, ...), adjacencies and mills.
    if (b == MorrisBoard::twelve)
      for (const auto& [dx, dy] : {std::pair{-1, -1}, {1, -1}, {-1, 1}, {1, 1}})
        line({{c + dx, c + dy}, {c + 2 * dx, c + 2 * dy}, {c + 3 * dx, c + 3 * dy}}, true);
    std::sort(adjacent_.begin(), adjacent_.end());
    // Ranks from the top, each rank's points from the left (the text's order).
    for (int r = 2 * squares_; r >= 0; --r) {
      std::vector<int> rank;
      for (int f = 0; f <= 2 * squares_; ++f)
        if (at(f, r) >= 0) rank.push_back(at(f, r));
      if (!rank.empty()) ranks_.push_back(rank);
    }
    // The 16 symmetries: the square's 8 (rotations by quarter turns, each optionally mirrored
    // left-right), times optionally swapping the rings: the point at ring r (the half-size of
    // its square) goes to ring squares + 1 - r in the same direction from the centre.
    for (int swap = 0; swap < 2; ++swap)
      for (int mirror = 0; mirror < 2; ++mirror)
        for (int turns = 0; turns < 4; ++turns) {
          std::vector<int> perm(static_cast<std::size_t>(n));
          for (int p = 0; p < n; ++p) {
            int x = file(p) - c, y = rank(p) - c;
            for (int t = 0; t < turns; ++t) {
              const int was_x = x;
              x = -y;
              y = was_x;
            }
            if (mirror) x = -x;
            if (swap) {
              const int r = std::max(std::abs(x), std::abs(y)), to = squares_ + 1 - r;
              x = x / r * to;
              y = y / r * to;
            }
            perm[static_cast<std::size_t>(p)] = at(c + x, c + y);
          }
          symmetries_.push_back(perm);
        }
  }

  MorrisBoard board() const { return board_; }
  int points() const { return static_cast<int>(names_.size()); }
  std::uint32_t all() const { return (std::uint32_t{1} << points()) - 1; }
  const std::string& name(int p) const { return names_[static_cast<std::size_t>(p)]; }
  int file(int p) const { return name(p)[0] - 'a'; }  // 0 = a
  int rank(int p) const { return name(p)[1] - '1'; }  // 0 = rank 1, the bottom
  // The point named `n` (`d2`), or -1.
  int find(std::string_view n) const {
    for (int p = 0; p < points(); ++p)
      if (name(p) == n) return p;
    return -1;
  }
  // The point at file f, rank r (0-based), or -1.
  int at(int f, int r) const {
    for (int p = 0; p < points(); ++p)
      if (file(p) == f && rank(p) == r) return p;
    return -1;
  }
  const std::vector<std::uint32_t>& mills() const { return mills_; }
  const std::vector<std::uint32_t>& mills_through(int p) const {
    return mills_through_[static_cast<std::size_t>(p)];
  }
  const std::vector<std::pair<int, int>>& adjacent() const { return adjacent_; }  // a < b
  std::uint32_t neighbours(int p) const { return neighbours_[static_cast<std::size_t>(p)]; }
  const std::vector<std::vector<int>>& ranks() const { return ranks_; }
  // [0] is the identity.
  const std::vector<std::vector<int>>& symmetries() const { return symmetries_; }
  static std::uint32_t map(const std::vector<int>& perm, std::uint32_t mask) {
    std::uint32_t out = 0;
    for (std::size_t p = 0; p < perm.size(); ++p)
      if (mask >> p & 1) out |= std::uint32_t{1} << perm[p];
    return out;
  }

 private:
  int centre() const { return squares_; }

  // Points given by (file, rank), consecutive ones adjacent; a mill when `mill`.
  void line(const std::vector<std::pair<int, int>>& at_points, bool mill) {
    std::vector<int> ps;
    for (const auto& [f, r] : at_points) {
      const int p = at(f, r);
      if (p < 0) throw std::logic_error("morris reference: a line leaves the board");
      ps.push_back(p);
    }
    for (std::size_t i = 0; i + 1 < ps.size(); ++i) {
      const int a = std::min(ps[i], ps[i + 1]), b = std::max(ps[i], ps[i + 1]);
      adjacent_.push_back({a, b});
      neighbours_[static_cast<std::size_t>(a)] |= std::uint32_t{1} << b;
      neighbours_[static_cast<std::size_t>(b)] |= std::uint32_t{1} << a;
    }
    if (!mill) return;
    std::uint32_t m = 0;
    for (const int p : ps) m |= std::uint32_t{1} << p;
    mills_.push_back(m);
    for (const int p : ps) mills_through_[static_cast<std::size_t>(p)].push_back(m);
  }

  MorrisBoard board_;
  int squares_ = 0;
  std::vector<std::string> names_;
  std::vector<std::uint32_t> mills_;
  std::vector<std::vector<std::uint32_t>> mills_through_;
  std::vector<std::pair<int, int>> adjacent_;
  std::vector<std::uint32_t> neighbours_;
  std::vector<std::vector<int>> ranks_;
  std::vector<std::vector<int>> symmetries_;
};

// ---------------------------------------------------------------------------------------------
// Positions, values, moves.
struct MorrisPosition {
  std::uint32_t x = 0, o = 0;  // point masks
  char to_move = 'X';          // 'X' or 'O'
  int x_hand = 0, o_hand = 0;  // marks still in hand
  bool operator==(const MorrisPosition&) const = default;
};

// For the side to move.
enum class MorrisOutcome : std::uint8_t { draw, win, loss };
struct MorrisValue {
  MorrisOutcome outcome = MorrisOutcome::draw;
  int turns = 0;  // the turns still to be played (win and loss; 0 for a draw)
  bool operator==(const MorrisValue&) const = default;
};

struct MorrisMove {
  int from = -1;     // -1: a placement from the hand
  int to = -1;       // where the placed or moved mark lands
  int removed = -1;  // the opponent's mark removed, or -1
  MorrisPosition next;
};

// The rules of one member: refusals, decided positions, moves, text.
class MorrisRules {
 public:
  explicit MorrisRules(const MorrisSpec& s) : s_(s), g_(s.board) {
    if (s_.pieces == 0)
      s_.pieces = (s.board == MorrisBoard::six    ? 6
                   : s.board == MorrisBoard::nine ? 9
                                                  : 12) +
                  (s.lasker ? 1 : 0);
    if (s_.pieces < 0 || s_.pieces > 15 || (s_.first != 'X' && s_.first != 'O'))
      throw std::invalid_argument("morris reference: bad member");
  }

  const MorrisSpec& spec() const { return s_; }  // pieces resolved
  const MorrisGeometry& geometry() const { return g_; }
  int pieces() const { return s_.pieces; }
  // The canonical game string: every key, in SPEC's order.
  std::string name() const {
    return "morris(board=" + morris_board_name(s_.board) + ",pieces=" + std::to_string(s_.pieces) +
           ",fly=" + (s_.fly ? "1" : "0") + ",lasker=" + (s_.lasker ? "1" : "0") +
           ",first=" + s_.first + ")";
  }

  static int board_count(const MorrisPosition& p, char who) {
    return std::popcount(who == 'X' ? p.x : p.o);
  }
  static int total(const MorrisPosition& p, char who) {
    return board_count(p, who) + (who == 'X' ? p.x_hand : p.o_hand);
  }
  static char other(char who) { return who == 'X' ? 'O' : 'X'; }

  // Why SPEC refuses the position, or "" when it is answered. SPEC's refusals: more marks of a
  // side (board and hand) than `pieces`, both sides below three marks, and with lasker=0 hand
  // counts alternate placing cannot give: while either side holds marks, the first player holds
  // as many as the other when it is to move and one fewer otherwise (with both hands empty,
  // the movement phase, either side may be to move). The rest are the representation's own:
  // a point holds one mark, only the board's points exist, a side is X or O, hands are >= 0.
  std::string refusal(const MorrisPosition& p) const {
    if (p.x & p.o) return "a point holds two marks";
    if ((p.x | p.o) & ~g_.all()) return "a mark off the board";
    if (p.to_move != 'X' && p.to_move != 'O') return "the side to move is not X or O";
    if (p.x_hand < 0 || p.o_hand < 0) return "a negative hand";
    for (const char who : {'X', 'O'})
      if (total(p, who) > s_.pieces)
        return std::string("more ") + who +
               " marks on the board and in hand than pieces=" + std::to_string(s_.pieces);
    if (total(p, 'X') < 3 && total(p, 'O') < 3) return "both sides below three marks";
    if (!s_.lasker && p.x_hand + p.o_hand > 0) {
      const int f = s_.first == 'X' ? p.x_hand : p.o_hand;
      const int sec = s_.first == 'X' ? p.o_hand : p.x_hand;
      if (f != (p.to_move == s_.first ? sec : sec - 1))
        return "hand counts that alternate placing cannot give";
    }
    return "";
  }
  bool valid(const MorrisPosition& p) const { return refusal(p).empty(); }

  // Every legal move of a position SPEC answers (none when a side is below three marks), each
  // with the position it leads to; appended to `out`.
  void moves(const MorrisPosition& p, std::vector<MorrisMove>& out) const {
    const char me = p.to_move, you = other(me);
    if (total(p, me) < 3 || total(p, you) < 3) return;
    const std::uint32_t own = me == 'X' ? p.x : p.o, opp = me == 'X' ? p.o : p.x;
    const std::uint32_t empty = g_.all() & ~own & ~opp;
    const int hand = me == 'X' ? p.x_hand : p.o_hand;
    // Removable opponent marks: those in no mill of their own, or all when each is in one.
    std::uint32_t opp_milled = 0;
    for (const std::uint32_t m : g_.mills())
      if ((opp & m) == m) opp_milled |= m;
    const std::uint32_t removable = (opp & ~opp_milled) ? opp & ~opp_milled : opp;
    auto add = [&](int from, int to) {
      std::uint32_t mine = own | std::uint32_t{1} << to;
      if (from >= 0) mine &= ~(std::uint32_t{1} << from);
      MorrisPosition next = p;
      next.to_move = you;
      if (from < 0) (me == 'X' ? next.x_hand : next.o_hand) -= 1;
      (me == 'X' ? next.x : next.o) = mine;
      bool mill = false;
      for (const std::uint32_t m : g_.mills_through(to)) mill = mill || (mine & m) == m;
      if (!mill || opp == 0) {  // no mill, or nothing on the board to remove
        out.push_back({from, to, -1, next});
        return;
      }
      for (int r = 0; r < g_.points(); ++r)
        if (removable >> r & 1) {
          MorrisPosition after = next;
          (me == 'X' ? after.o : after.x) &= ~(std::uint32_t{1} << r);
          out.push_back({from, to, r, after});
        }
    };
    if (hand > 0)
      for (int t = 0; t < g_.points(); ++t)
        if (empty >> t & 1) add(-1, t);
    if (hand == 0 || s_.lasker) {
      const bool flying = s_.fly && hand == 0 && std::popcount(own) == 3;
      for (int f = 0; f < g_.points(); ++f) {
        if (!(own >> f & 1)) continue;
        const std::uint32_t to = flying ? empty : g_.neighbours(f) & empty;
        for (int t = 0; t < g_.points(); ++t)
          if (to >> t & 1) add(f, t);
      }
    }
  }
  std::vector<MorrisMove> moves(const MorrisPosition& p) const {
    std::vector<MorrisMove> out;
    moves(p, out);
    return out;
  }

  // The legal moves in SPEC's notation, each with the position it leads to.
  std::vector<std::pair<std::string, MorrisPosition>> move_list(const MorrisPosition& p) const {
    std::vector<std::pair<std::string, MorrisPosition>> out;
    for (const MorrisMove& m : moves(p)) out.push_back({move_text(m), m.next});
    return out;
  }

  // The value of a decided position (SPEC: "lost for that side in 0 turns"): a side below
  // three marks has lost (the side to move first: when both are below, SPEC refuses the
  // position anyway), then a side to move without a legal move has lost. Nothing otherwise.
  std::optional<MorrisValue> decided(const MorrisPosition& p) const {
    if (total(p, p.to_move) < 3) return MorrisValue{MorrisOutcome::loss, 0};
    if (total(p, other(p.to_move)) < 3) return MorrisValue{MorrisOutcome::win, 0};
    if (moves(p).empty()) return MorrisValue{MorrisOutcome::loss, 0};
    return std::nullopt;
  }

  // `d2`, `d2-d3`, `d2xa1`, `d2-d3xa1`.
  std::string move_text(const MorrisMove& m) const {
    std::string t = m.from >= 0 ? g_.name(m.from) + "-" : "";
    t += g_.name(m.to);
    if (m.removed >= 0) t += "x" + g_.name(m.removed);
    return t;
  }

  // Ranks from the top separated by `/`, then `:X` / `:O`, then `:H1:H2` (X's hand, O's
  // hand) while either side holds marks.
  std::string text(const MorrisPosition& p) const {
    std::string t;
    for (const auto& rank : g_.ranks()) {
      if (!t.empty()) t += '/';
      for (const int q : rank) t += p.x >> q & 1 ? 'X' : p.o >> q & 1 ? 'O' : '.';
    }
    t += std::string(":") + p.to_move;
    if (p.x_hand || p.o_hand) t += ":" + std::to_string(p.x_hand) + ":" + std::to_string(p.o_hand);
    return t;
  }

  // The position a text names, or the one-line reason it is refused. The side to move is
  // required; the hands are both given or both left out (then 0:0). Ranks are separated by
  // `/`; a board written without any `/` (all points in text order) is accepted too.
  struct Parsed {
    std::optional<MorrisPosition> position;
    std::string error;
  };
  Parsed parse(std::string_view text) const {
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
      const std::size_t colon = text.find(':', start);
      fields.push_back(text.substr(start, colon - start));
      if (colon == std::string_view::npos) break;
      start = colon + 1;
    }
    if (fields.size() != 2 && fields.size() != 4)
      return {std::nullopt, "expected BOARD:X or BOARD:X:H1:H2 (side to move, X and O hands)"};
    MorrisPosition p;
    // The board: ranks from the top, each with the number of points SPEC gives it.
    const std::string_view board = fields[0];
    std::vector<int> order;  // the points in text order
    for (const auto& rank : g_.ranks()) order.insert(order.end(), rank.begin(), rank.end());
    std::vector<std::string_view> ranks;
    if (board.find('/') == std::string_view::npos) {
      ranks.push_back(board);
    } else {
      for (std::size_t start = 0;;) {
        const std::size_t slash = board.find('/', start);
        ranks.push_back(board.substr(start, slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
      }
      if (ranks.size() != g_.ranks().size())
        return {std::nullopt, "wrong number of points: " + std::to_string(ranks.size()) +
                                  " ranks, the board has " + std::to_string(g_.ranks().size())};
      for (std::size_t r = 0; r < ranks.size(); ++r)
        if (ranks[r].size() != g_.ranks()[r].size())
          return {std::nullopt, "wrong number of points in rank " +
                                    std::to_string(g_.ranks().size() - r) + ": " +
                                    std::to_string(ranks[r].size()) + ", not " +
                                    std::to_string(g_.ranks()[r].size())};
    }
    std::string all;
    for (const auto r : ranks) all += r;
    if (all.size() != order.size())
      return {std::nullopt, "wrong number of points: " + std::to_string(all.size()) + ", not " +
                                std::to_string(order.size())};
    for (std::size_t i = 0; i < all.size(); ++i) {
      const std::uint32_t bit = std::uint32_t{1} << order[i];
      if (all[i] == 'X')
        p.x |= bit;
      else if (all[i] == 'O')
        p.o |= bit;
      else if (all[i] != '.')
        return {std::nullopt,
                "point " + g_.name(order[i]) + ": '" + all[i] + "' is not '.', 'X' or 'O'"};
    }
    if (fields[1] != "X" && fields[1] != "O")
      return {std::nullopt, "the side to move must be X or O"};
    p.to_move = fields[1][0];
    if (fields.size() == 4) {
      int* hands[] = {&p.x_hand, &p.o_hand};
      for (int h = 0; h < 2; ++h) {
        const std::string_view f = fields[static_cast<std::size_t>(2 + h)];
        if (f.empty() || f.size() > 3 || f.find_first_not_of("0123456789") != f.npos)
          return {std::nullopt, "a hand count is not a number"};
        *hands[h] = std::stoi(std::string(f));
      }
    }
    if (std::string why = refusal(p); !why.empty()) return {std::nullopt, why};
    return {p, ""};
  }

 private:
  MorrisSpec s_;
  MorrisGeometry g_;
};

// ---------------------------------------------------------------------------------------------
// The solver: every position of a member, solved.
class MorrisValueIteration {
 public:
  explicit MorrisValueIteration(const MorrisSpec& s) : rules_(s) {
    const int n = rules_.geometry().points();
    if (n > 24) throw std::invalid_argument("morris reference: board too large");
    enumerate(0, 0, 0);
    std::sort(keys_.begin(), keys_.end());
    make_index();
    code_.assign(keys_.size(), 0);
    first_child_.reserve(keys_.size() + 1);
    first_child_.push_back(0);
    std::vector<MorrisMove> ms;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      const MorrisPosition p = position(i);
      ms.clear();
      rules_.moves(p, ms);
      for (const MorrisMove& m : ms) {
        const auto c = find(m.next);
        if (!c)
          throw std::logic_error("morris reference: " + rules_.text(p) + " " + rules_.move_text(m) +
                                 " leads to a refused position");
        children_.push_back(static_cast<std::uint32_t>(*c));
      }
      first_child_.push_back(children_.size());
    }
    solve();
  }

  const MorrisRules& rules() const { return rules_; }
  std::string name() const { return rules_.name(); }
  std::size_t size() const { return keys_.size(); }
  MorrisPosition position(std::size_t i) const { return decode(keys_[i]); }
  MorrisValue value(std::size_t i) const { return decode_value(code_[i]); }
  int rounds() const { return rounds_; }
  // The indices of the positions the moves of position i lead to, in move order.
  std::vector<std::uint32_t> children(std::size_t i) const {
    return {children_.begin() + static_cast<std::ptrdiff_t>(first_child_[i]),
            children_.begin() + static_cast<std::ptrdiff_t>(first_child_[i + 1])};
  }

  // The index of a position SPEC answers, or nothing.
  std::optional<std::size_t> find(const MorrisPosition& p) const {
    // Out of the key's ranges the encoding could alias; every position in range is in the
    // index exactly when SPEC answers it.
    if ((p.x | p.o) >> 24 || p.x_hand < 0 || p.x_hand > 0xff || p.o_hand < 0 || p.o_hand > 0x7f ||
        (p.to_move != 'X' && p.to_move != 'O'))
      return std::nullopt;
    const std::uint64_t key = encode(p);
    for (std::uint64_t h = slot(key);; h = (h + 1) & (index_.size() - 1)) {
      const std::uint32_t i = index_[h];
      if (i == 0) return std::nullopt;
      if (keys_[i - 1] == key) return i - 1;
    }
  }
  std::optional<MorrisValue> value(const MorrisPosition& p) const {
    const auto i = find(p);
    if (!i) return std::nullopt;
    return value(*i);
  }
  // The value for the side to move; nothing for a position SPEC refuses.
  std::optional<MorrisValue> value(std::uint32_t x, std::uint32_t o, char to_move, int x_hand,
                                   int o_hand) const {
    return value(MorrisPosition{x, o, to_move, x_hand, o_hand});
  }

  // The winner's letter, 0 for a draw.
  static char winner(const MorrisPosition& p, const MorrisValue& v) {
    if (v.outcome == MorrisOutcome::draw) return 0;
    return v.outcome == MorrisOutcome::win ? p.to_move : MorrisRules::other(p.to_move);
  }
  // `X wins in 5`, `O wins in 0`, `draw` (SPEC 4's result line).
  static std::string result_text(const MorrisPosition& p, const MorrisValue& v) {
    const char w = winner(p, v);
    if (!w) return "draw";
    return std::string(1, w) + " wins in " + std::to_string(v.turns);
  }

  // Every position, in index order: `for (const MorrisPosition& p : solver.positions())`.
  class Positions {
   public:
    class iterator {
     public:
      using value_type = MorrisPosition;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(const MorrisValueIteration* s, std::size_t i) : s_(s), i_(i) {}
      MorrisPosition operator*() const { return s_->position(i_); }
      iterator& operator++() {
        ++i_;
        return *this;
      }
      iterator operator++(int) {
        iterator old = *this;
        ++i_;
        return old;
      }
      std::size_t index() const { return i_; }
      bool operator==(const iterator& o) const { return i_ == o.i_; }

     private:
      const MorrisValueIteration* s_ = nullptr;
      std::size_t i_ = 0;
    };
    explicit Positions(const MorrisValueIteration* s) : s_(s) {}
    iterator begin() const { return {s_, 0}; }
    iterator end() const { return {s_, s_->size()}; }

   private:
    const MorrisValueIteration* s_;
  };
  Positions positions() const { return Positions(this); }

  // The one-ply equations, rechecked on every position: a decided position has its decided
  // value (and no move); otherwise won in d+1 iff some move leads to a loss in d and none to a
  // shorter loss, lost in d+1 iff every move leads to a win and the longest is in d, a draw
  // otherwise. The moves are the stored children, or with `fresh_moves` generated again from
  // the rules (slower: it also rechecks the stored children). The first position that breaks
  // them, or "".
  std::string verify(bool fresh_moves = false) const {
    std::vector<MorrisMove> ms;
    std::vector<std::size_t> next;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      const MorrisPosition p = position(i);
      const MorrisValue v = value(i);
      next.clear();
      if (fresh_moves) {
        ms.clear();
        rules_.moves(p, ms);
        for (const MorrisMove& m : ms) {
          const auto c = find(m.next);
          if (!c) return rules_.text(p) + ": a move leads to a refused position";
          next.push_back(*c);
        }
        if (!std::equal(next.begin(), next.end(), children_.begin() + first_child_[i],
                        children_.begin() + first_child_[i + 1]))
          return rules_.text(p) + ": the stored children are not its moves";
      } else {
        next.assign(children_.begin() + first_child_[i], children_.begin() + first_child_[i + 1]);
      }
      if (next.empty() || MorrisRules::total(p, 'X') < 3 || MorrisRules::total(p, 'O') < 3) {
        const auto d = rules_.decided(p);
        if (!d) return rules_.text(p) + ": no moves but not decided";
        if (v != *d) return rules_.text(p) + ": decided, but valued otherwise";
        continue;
      }
      int least_loss = -1, most = -1;
      bool all_win = true;
      for (const std::size_t c : next) {
        const MorrisValue w = value(c);
        if (w.outcome == MorrisOutcome::loss && (least_loss < 0 || w.turns < least_loss))
          least_loss = w.turns;
        if (w.outcome != MorrisOutcome::win) all_win = false;
        most = std::max(most, w.turns);
      }
      const MorrisValue want = least_loss >= 0 ? MorrisValue{MorrisOutcome::win, least_loss + 1}
                               : all_win       ? MorrisValue{MorrisOutcome::loss, most + 1}
                                               : MorrisValue{};
      if (v != want) return rules_.text(p) + ": breaks the one-ply equations";
    }
    return "";
  }

 private:
  // key: X mask in bits 40..63, O mask in 16..39, X hand in 8..15, O hand in 1..7, bit 0 set
  // when O is to move.
  static std::uint64_t encode(const MorrisPosition& p) {
    return std::uint64_t{p.x} << 40 | std::uint64_t{p.o} << 16 |
           static_cast<std::uint64_t>(p.x_hand) << 8 | static_cast<std::uint64_t>(p.o_hand) << 1 |
           (p.to_move == 'O' ? 1u : 0u);
  }
  static MorrisPosition decode(std::uint64_t k) {
    return {static_cast<std::uint32_t>(k >> 40), static_cast<std::uint32_t>(k >> 16 & 0xffffff),
            k & 1 ? 'O' : 'X', static_cast<int>(k >> 8 & 0xff), static_cast<int>(k >> 1 & 0x7f)};
  }

  // A hash index over the sorted keys (open addressing, linear probing, at most half full):
  // only to find a position's index fast; index_[h] is an index + 1, 0 an empty slot.
  void make_index() {
    std::size_t n = 1;
    while (n < 2 * keys_.size() + 2) n *= 2;
    index_.assign(n, 0);
    shift_ = 64 - std::countr_zero(n);
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      std::uint64_t h = slot(keys_[i]);
      while (index_[h]) h = (h + 1) & (n - 1);
      index_[h] = static_cast<std::uint32_t>(i + 1);
    }
  }
  std::uint64_t slot(std::uint64_t key) const {
    return (key * 0x9e3779b97f4a7c15u) >> shift_;  // Fibonacci hashing: the product's top bits
  }

  // Every board with at most `pieces` marks of each side, point by point; each with every
  // hand pair and side to move that SPEC answers.
  void enumerate(int point, std::uint32_t x, std::uint32_t o) {
    const int P = rules_.pieces();
    if (std::popcount(x) > P || std::popcount(o) > P) return;
    if (point == rules_.geometry().points()) {
      for (int xh = 0; xh + std::popcount(x) <= P; ++xh)
        for (int oh = 0; oh + std::popcount(o) <= P; ++oh)
          for (const char side : {'X', 'O'}) {
            const MorrisPosition p{x, o, side, xh, oh};
            if (rules_.valid(p)) keys_.push_back(encode(p));
          }
      return;
    }
    const std::uint32_t bit = std::uint32_t{1} << point;
    enumerate(point + 1, x, o);
    enumerate(point + 1, x | bit, o);
    enumerate(point + 1, x, o | bit);
  }

  void solve() {
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      const MorrisPosition p = position(i);
      // Decided: a side below three marks, or no move (the children listed above are the moves).
      if (MorrisRules::total(p, p.to_move) < 3)
        set(i, {MorrisOutcome::loss, 0});
      else if (MorrisRules::total(p, MorrisRules::other(p.to_move)) < 3)
        set(i, {MorrisOutcome::win, 0});
      else if (first_child_[i] == first_child_[i + 1])
        set(i, {MorrisOutcome::loss, 0});
      else
        open.push_back(i);
    }
    for (int round = 1;; ++round) {
      std::vector<std::pair<std::size_t, MorrisValue>> labels;
      std::vector<std::size_t> still_open;
      for (const std::size_t i : open) {
        int least_loss = -1, most = -1;
        bool all_win = true;
        for (std::size_t c = first_child_[i]; c < first_child_[i + 1]; ++c) {
          const std::int32_t code = code_[children_[c]];
          if (code == 0) {  // not labeled (yet)
            all_win = false;
            continue;
          }
          const MorrisValue w = decode_value(code);
          if (w.outcome == MorrisOutcome::loss && (least_loss < 0 || w.turns < least_loss))
            least_loss = w.turns;
          if (w.outcome != MorrisOutcome::win) all_win = false;
          most = std::max(most, w.turns);
        }
        if (least_loss >= 0)
          labels.push_back({i, {MorrisOutcome::win, least_loss + 1}});
        else if (all_win)
          labels.push_back({i, {MorrisOutcome::loss, most + 1}});
        else
          still_open.push_back(i);
      }
      if (labels.empty()) break;
      for (const auto& [i, v] : labels) set(i, v);
      open.swap(still_open);
      rounds_ = round;
    }
  }
  void set(std::size_t i, const MorrisValue& v) {
    code_[i] = v.outcome == MorrisOutcome::win ? v.turns + 1 : -(v.turns + 1);
  }
  // A label: won in t is t + 1, lost in t is -(t + 1), 0 is not labeled (a draw at the end).
  static MorrisValue decode_value(std::int32_t code) {
    if (code > 0) return {MorrisOutcome::win, code - 1};
    if (code < 0) return {MorrisOutcome::loss, -code - 1};
    return {};
  }

  MorrisRules rules_;
  std::vector<std::uint64_t> keys_;  // sorted
  std::vector<std::uint32_t> index_;
  int shift_ = 64;
  std::vector<std::size_t> first_child_;
  std::vector<std::uint32_t> children_;
  std::vector<std::int32_t> code_;  // the labels, one per position
  int rounds_ = 0;
};

}  // namespace tbgen::testing
