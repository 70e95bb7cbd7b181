#pragma once
// The independent reference the slide tests compare the tables with: a plain value iteration
// to a fixpoint over every valid position (board and side to move), written from SPEC 6 alone.
// It shares no code with the generator: its own lines and 2x2 blocks, its own steps, its own
// validity rules, no symmetry, no predecessor generation. Slow on purpose, and small enough to
// check by eye.
//
// A board is a base-3 number, cell i (row-major from the top left) its digit i: 0 empty,
// 1 the first player's mark, 2 the second player's. A position is a board and the player to
// move (1 or 2); every valid one gets an index into `positions_` (sorted keys, board * 2 +
// mover - 1) and its children are listed once, as indices.
//
// The iteration: round 0 labels every finished position a loss in 0 for the side to move
// (the side not to move has a line, or the mover is in the movement phase with no move).
// Round n looks only at the labels of rounds before it: an unlabeled position with a child
// labeled a loss (for that child's mover) becomes a win in 1 + the least such child's
// distance; one whose children are all labeled wins becomes a loss in 1 + the greatest child
// distance. Rounds stop when one labels nothing; what is left unlabeled is a draw. Every label
// of round n has distance n, so a win is found by its fastest loss child and a loss waits for
// its slowest child: the winner hurries, the loser delays. `verify()` rechecks the fixpoint
// equations on every position afterwards.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tbgen::testing {

struct SlideSpec {
  int cols = 3, rows = 3, k = 3, pieces = 3;
  char step = 'k';  // k king, r rook, a any
  bool square = false;
  char first = 'X';
};

class SlideValueIteration {
 public:
  // A value for the side to move: win / loss with the turns to the end, or a draw.
  enum class Kind : std::uint8_t { draw, win, loss };  // draw: unlabeled (so far)
  struct Value {
    Kind kind = Kind::draw;
    int turns = 0;
  };
  struct Child {
    int from, to;  // from -1: a placement on `to`
    std::uint32_t index;
  };

  explicit SlideValueIteration(const SlideSpec& s) : s_(s), n_(s.cols * s.rows) {
    if (n_ > 20 || 2 * s_.pieces >= n_) throw std::invalid_argument("slide reference: size");
    pow3_.push_back(1);
    for (int i = 0; i < n_; ++i) pow3_.push_back(pow3_.back() * 3);
    make_wins();
    make_steps();
    enumerate(0, 0, 0, 0);
    std::sort(positions_.begin(), positions_.end());
    children_.resize(positions_.size());
    value_.assign(positions_.size(), Value{});
    over_.assign(positions_.size(), 0);
    for (std::size_t p = 0; p < positions_.size(); ++p) children_[p] = make_children(p);
    solve();
  }

  int cells() const { return n_; }
  std::uint64_t boards() const { return pow3_[n_]; }
  std::size_t size() const { return positions_.size(); }
  std::uint64_t board(std::size_t p) const { return positions_[p] / 2; }
  int mover(std::size_t p) const { return static_cast<int>(positions_[p] % 2) + 1; }
  int cell(std::uint64_t b, int i) const { return static_cast<int>(b / pow3_[i] % 3); }
  const std::vector<Child>& children(std::size_t p) const { return children_[p]; }
  const Value& value(std::size_t p) const { return value_[p]; }
  bool over(std::size_t p) const { return over_[p]; }
  int rounds() const { return rounds_; }

  // The index of a valid position, or nothing.
  std::optional<std::size_t> find(std::uint64_t b, int mover) const {
    const std::uint64_t key = b * 2 + static_cast<std::uint64_t>(mover - 1);
    const auto it = std::lower_bound(positions_.begin(), positions_.end(), key);
    if (it == positions_.end() || *it != key) return std::nullopt;
    return static_cast<std::size_t>(it - positions_.begin());
  }

  int count(std::uint64_t b, int who) const {
    int m = 0;
    for (int i = 0; i < n_; ++i) m += cell(b, i) == who;
    return m;
  }
  bool placement(std::uint64_t b) const { return count(b, 1) + count(b, 2) < 2 * s_.pieces; }

  bool has_line(std::uint64_t b, int who) const {
    for (const auto& w : wins_) {
      bool all = true;
      for (const int c : w) all = all && cell(b, c) == who;
      if (all) return true;
    }
    return false;
  }

  // Whether (b, mover) is a position of the game: counts, no line for the mover, not both
  // lines, and a line of the other side made by one last move: a placement (removing the mark
  // leaves no line) or a step (moving the mark back to an empty cell it may step to leaves no
  // line). The last placement is the second player's and leaves the first player to move in
  // the movement phase, so that position's line may come from a placement too. With
  // `placement_arrival` false only steps count in the movement phase: the narrower reading,
  // under which a legal last placement can lead to a refused position (3x3, pieces=4,
  // step=king: OOO/OXX/XX.:X, no O mark next to the empty cell).
  bool valid(std::uint64_t b, int mover, bool placement_arrival = true) const {
    const int f = count(b, 1), s = count(b, 2), P = s_.pieces;
    if (f + s < 2 * P) {
      if (!(f == s || f == s + 1)) return false;
      if (mover != (f == s ? 1 : 2)) return false;
    } else if (!(f == P && s == P)) {
      return false;
    }
    const int other = 3 - mover;
    if (has_line(b, mover)) return false;
    if (!has_line(b, other)) return true;
    for (int c = 0; c < n_; ++c) {
      if (cell(b, c) != other) continue;
      const std::uint64_t without = b - static_cast<std::uint64_t>(other) * pow3_[c];
      const bool placed_last = f + s < 2 * P || (other == 2 && placement_arrival);
      if (placed_last && !has_line(without, other)) return true;
      if (f + s < 2 * P) continue;
      for (const int from : steps_[c]) {
        if (cell(b, from) != 0) continue;
        if (!has_line(without + static_cast<std::uint64_t>(other) * pow3_[from], other))
          return true;
      }
    }
    return false;
  }

  // Text of a board, with ":X" / ":O" for the side to move when `side` is true.
  std::string text(std::uint64_t b, int mover, bool side) const {
    std::string t;
    for (int i = 0; i < n_; ++i) {
      if (i && i % s_.cols == 0) t += '/';
      t += mark(cell(b, i));
    }
    if (side) t += std::string(":") + mark(mover);
    return t;
  }
  char mark(int who) const {
    const char second = s_.first == 'X' ? 'O' : 'X';
    return who == 0 ? '.' : who == 1 ? s_.first : second;
  }
  std::string cell_name(int c) const {
    return std::string(1, static_cast<char>('a' + c % s_.cols)) + std::to_string(c / s_.cols + 1);
  }
  std::string move_name(const Child& c) const {
    return c.from < 0 ? cell_name(c.to) : cell_name(c.from) + "-" + cell_name(c.to);
  }

  // The winner's letter ("" for a draw) of position p.
  std::string winner(std::size_t p) const {
    const Value& v = value_[p];
    if (v.kind == Kind::draw) return "";
    const int who = v.kind == Kind::win ? mover(p) : 3 - mover(p);
    return std::string(1, mark(who));
  }
  std::string value_text(std::size_t p) const {
    const std::string w = winner(p);
    return w.empty() ? "Draw" : w + " win";
  }

  // The fixpoint equations, rechecked on every position; the first one broken, or "".
  std::string verify() const {
    for (std::size_t p = 0; p < positions_.size(); ++p) {
      const Value& v = value_[p];
      const std::string where = text(board(p), mover(p), true);
      if (over_[p]) {
        if (v.kind != Kind::loss || v.turns != 0 || !children_[p].empty()) return where;
        continue;
      }
      if (children_[p].empty()) return where + " no moves but not over";
      int least_loss = -1, most = -1;
      bool all_win = true;
      for (const auto& c : children_[p]) {
        const Value& w = value_[c.index];
        if (w.kind == Kind::loss && (least_loss < 0 || w.turns < least_loss)) least_loss = w.turns;
        if (w.kind != Kind::win) all_win = false;
        most = std::max(most, w.turns);
      }
      const bool ok = least_loss >= 0 ? v.kind == Kind::win && v.turns == least_loss + 1
                      : all_win       ? v.kind == Kind::loss && v.turns == most + 1
                                      : v.kind == Kind::draw;
      if (!ok) return where;
    }
    return "";
  }

 private:
  void make_wins() {
    const int R = s_.rows, C = s_.cols;
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c)
        for (const auto& [dr, dc] : {std::pair{0, 1}, {1, 0}, {1, 1}, {1, -1}}) {
          std::vector<int> w;
          for (int i = 0; i < s_.k; ++i) {
            const int rr = r + dr * i, cc = c + dc * i;
            if (rr < 0 || rr >= R || cc < 0 || cc >= C) break;
            w.push_back(rr * C + cc);
          }
          if (static_cast<int>(w.size()) == s_.k) wins_.push_back(w);
        }
    if (s_.square)
      for (int r = 0; r + 1 < R; ++r)
        for (int c = 0; c + 1 < C; ++c)
          wins_.push_back({r * C + c, r * C + c + 1, (r + 1) * C + c, (r + 1) * C + c + 1});
  }

  // steps_[c]: the cells a mark on c may move to (when empty).
  void make_steps() {
    steps_.resize(n_);
    for (int a = 0; a < n_; ++a)
      for (int b = 0; b < n_; ++b) {
        if (a == b) continue;
        const int dr = std::abs(a / s_.cols - b / s_.cols),
                  dc = std::abs(a % s_.cols - b % s_.cols);
        const bool king = dr <= 1 && dc <= 1, rook = dr + dc == 1;
        if (s_.step == 'a' || (s_.step == 'k' && king) || (s_.step == 'r' && rook))
          steps_[a].push_back(b);
      }
  }

  // Every board whose counts fit (f == s or f == s + 1, each at most pieces), cell by cell;
  // each with the movers it may have, kept when valid.
  void enumerate(int i, std::uint64_t b, int f, int s) {
    const int P = s_.pieces;
    if (f > P || s > P) return;
    if (i == n_) {
      for (int mover = 1; mover <= 2; ++mover)
        if (valid(b, mover)) positions_.push_back(b * 2 + static_cast<std::uint64_t>(mover - 1));
      return;
    }
    enumerate(i + 1, b, f, s);
    enumerate(i + 1, b + pow3_[i], f + 1, s);
    enumerate(i + 1, b + 2 * pow3_[i], f, s + 1);
  }

  std::vector<Child> make_children(std::size_t p) {
    const std::uint64_t b = board(p);
    const int who = mover(p), other = 3 - who;
    std::vector<Child> out;
    if (has_line(b, other)) {
      over_[p] = true;
      return out;
    }
    auto add = [&](int from, int to, std::uint64_t next, int next_mover) {
      const auto q = find(next, next_mover);
      if (!q)
        throw std::logic_error("slide reference: invalid child " + text(next, next_mover, true));
      out.push_back({from, to, static_cast<std::uint32_t>(*q)});
    };
    if (placement(b)) {
      for (int c = 0; c < n_; ++c) {
        if (cell(b, c) != 0) continue;
        const std::uint64_t next = b + static_cast<std::uint64_t>(who) * pow3_[c];
        // After the placement the counts tell the mover: equal counts, the first player.
        const int next_mover = count(next, 1) == count(next, 2) ? 1 : 2;
        add(-1, c, next, next_mover);
      }
    } else {
      for (int c = 0; c < n_; ++c) {
        if (cell(b, c) != who) continue;
        for (const int t : steps_[c]) {
          if (cell(b, t) != 0) continue;
          const std::uint64_t next = b - static_cast<std::uint64_t>(who) * pow3_[c] +
                                     static_cast<std::uint64_t>(who) * pow3_[t];
          add(c, t, next, other);
        }
      }
      if (out.empty()) over_[p] = true;  // has to move and cannot: lost
    }
    return out;
  }

  void solve() {
    for (std::size_t p = 0; p < positions_.size(); ++p)
      if (over_[p]) value_[p] = {Kind::loss, 0};
    for (int round = 1;; ++round) {
      std::vector<std::pair<std::size_t, Value>> labels;
      for (std::size_t p = 0; p < positions_.size(); ++p) {
        if (value_[p].kind != Kind::draw) continue;
        int least_loss = -1, most = -1;
        bool all_win = true;
        for (const auto& c : children_[p]) {
          const Value& w = value_[c.index];
          if (w.kind == Kind::loss && (least_loss < 0 || w.turns < least_loss))
            least_loss = w.turns;
          if (w.kind != Kind::win) all_win = false;
          most = std::max(most, w.turns);
        }
        if (least_loss >= 0)
          labels.push_back({p, {Kind::win, least_loss + 1}});
        else if (all_win)
          labels.push_back({p, {Kind::loss, most + 1}});
      }
      if (labels.empty()) break;
      for (const auto& [p, v] : labels) value_[p] = v;
      rounds_ = round;
    }
  }

  SlideSpec s_;
  int n_;
  std::vector<std::uint64_t> pow3_;
  std::vector<std::vector<int>> wins_;   // the cells of each line of k and each 2x2 block
  std::vector<std::vector<int>> steps_;  // by cell
  std::vector<std::uint64_t> positions_;
  std::vector<std::vector<Child>> children_;
  std::vector<Value> value_;
  std::vector<char> over_;
  int rounds_ = 0;
};

}  // namespace tbgen::testing
