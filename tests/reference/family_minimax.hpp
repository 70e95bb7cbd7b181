#pragma once
// The independent plain minimax the family tests compare the tables with: its own lines,
// chains (hex), drops (connect), turn order, scoring and search, mark by mark; it shares no
// code with the family machinery.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "test_tables.hpp"

namespace tbgen::testing {

struct Spec {
  bool mnk = true;
  int cols = 3, rows = 3, len = 3, threshold = 3, p = 1, q = 1, turns = 0;
  char fill = 'n';   // n none, f first, s second
  char value = 'o';  // o outcome, s speed, m margin
  char first = 'X';
  bool misere = false;   // a line loses
  bool gravity = false;  // connect: a mark goes to the lowest empty cell of its column
  bool chain = false;    // hex: X joins top and bottom, O left and right; no lines
};

// A plain minimax over boards as base-3 numbers (0 empty, 1 first, 2 second), one mark at a
// time, memoised by board: the marks on a board tell whose mark comes next and how many more
// the turn has.
class Minimax {
 public:
  explicit Minimax(const Spec& s) : s_(s), n_(s.cols * s.rows) {
    for (int r = 0; r < s.rows; ++r)
      for (int c = 0; c < s.cols; ++c)
        for (const auto& [dr, dc] : {std::pair{0, 1}, {1, 0}, {1, 1}, {1, -1}}) {
          std::vector<int> line;
          for (int i = 0; i < s.len; ++i) {
            const int rr = r + dr * i, cc = c + dc * i;
            if (rr < 0 || rr >= s.rows || cc < 0 || cc >= s.cols) break;
            line.push_back(rr * s.cols + cc);
          }
          if (static_cast<int>(line.size()) == s.len) lines_.push_back(line);
        }
    if (s.chain) lines_.clear();
    pow3_.push_back(1);
    for (int i = 0; i < n_; ++i) pow3_.push_back(pow3_.back() * 3);
    if (dense()) memo_.assign(pow3_[n_], kUnknown);
    // Turn schedule: marks[t] marks in turn t, until the board is full or `turns` are played.
    int placed = 0;
    for (int t = 0; placed < n_ && (s.mnk || t < s.turns); ++t) {
      const int m = std::min(t == 0 ? s.q : s.p, n_ - placed);
      for (int i = 0; i < m; ++i) player_of_mark_.push_back(t % 2 == 0 ? 1 : 2);
      placed += m;
      whole_.insert(placed);
    }
    whole_.insert(0);
  }

  int cells() const { return n_; }
  std::uint64_t boards() const { return pow3_[n_]; }
  int cell(std::uint64_t b, int i) const { return static_cast<int>(b / pow3_[i] % 3); }

  // Hex: whether `who`'s marks join its two sides. The letter X joins the top row to the
  // bottom one, O the left column to the right one, whichever of them moves first.
  bool chain(std::uint64_t b, int who) const {
    const bool top_bottom = (who == 1) == (s_.first == 'X');
    int cells[64], seen[64] = {}, todo[64], size = 0;
    for (int c = 0; c < n_; ++c) cells[c] = cell(b, c);
    for (int i = 0; i < (top_bottom ? s_.cols : s_.rows); ++i) {
      const int c = top_bottom ? i : i * s_.cols;
      if (cells[c] == who) seen[c] = 1, todo[size++] = c;
    }
    while (size > 0) {
      const int c = todo[--size];
      const int r = c / s_.cols, k = c % s_.cols;
      if (top_bottom ? r == s_.rows - 1 : k == s_.cols - 1) return true;
      for (const auto& [dr, dk] : {std::pair{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, 1}, {1, -1}}) {
        const int rr = r + dr, kk = k + dk;
        if (rr < 0 || rr >= s_.rows || kk < 0 || kk >= s_.cols) continue;
        const int n = rr * s_.cols + kk;
        if (!seen[n] && cells[n] == who) seen[n] = 1, todo[size++] = n;
      }
    }
    return false;
  }

  // Value for the first player of the board (before the next mark).
  int value(std::uint64_t b) {
    if (dense() ? memo_[b] != kUnknown : sparse_.count(b)) return dense() ? memo_[b] : sparse_[b];
    const int placed = marks(b);
    int v = 0;
    if (const int won = s_.mnk ? winner(b) : 0) {  // a game over: the line was just made
      v = over(won, placed);
    } else if (placed >= static_cast<int>(player_of_mark_.size())) {
      v = s_.mnk ? 0 : score(b);
    } else {
      const int who = player_of_mark_[placed];
      v = who == 1 ? -1000 : 1000;
      for (int c = 0; c < n_; ++c) {
        if (!playable(b, c)) continue;
        const std::uint64_t next = b + who * pow3_[c];
        const int w = s_.mnk && line_through(next, c, who) ? over(who, placed + 1) : value(next);
        v = who == 1 ? std::max(v, w) : std::min(v, w);
      }
    }
    if (!dense()) return sparse_[b] = static_cast<std::int16_t>(v);
    return memo_[b] = static_cast<std::int16_t>(v);
  }

  // The board after the next mark goes to cell c.
  std::uint64_t with(std::uint64_t b, int c) const {
    return b + player_of_mark_[marks(b)] * pow3_[c];
  }

  // The value of every position a legal mark leads to, in cell order.
  std::vector<int> children(std::uint64_t b) {
    std::vector<int> out;
    const int placed = marks(b);
    if ((s_.mnk && winner(b)) || placed >= static_cast<int>(player_of_mark_.size())) return out;
    const int who = player_of_mark_[placed];
    for (int c = 0; c < n_; ++c) {
      if (!playable(b, c)) continue;
      const std::uint64_t next = b + who * pow3_[c];
      out.push_back(s_.mnk && line_through(next, c, who) ? over(who, placed + 1) : value(next));
    }
    return out;
  }

  // A board reached by `length` random marks from the empty board (fewer if the game ends or
  // the board fills), and the cells played in order.
  std::pair<std::uint64_t, std::vector<int>> random_play(int length, std::mt19937_64& rng) const {
    std::uint64_t b = 0;
    std::vector<int> played;
    for (int placed = 0; placed < length && placed < static_cast<int>(player_of_mark_.size());
         ++placed) {
      std::vector<int> open;
      for (int c = 0; c < n_; ++c)
        if (playable(b, c)) open.push_back(c);
      const int c = open[rng() % open.size()];
      const int who = player_of_mark_[placed];
      b += who * pow3_[c];
      played.push_back(c);
      if (s_.mnk && line_through(b, c, who)) break;
    }
    return {b, played};
  }

  // Every board between whole turns that play reaches (a won game stops at once).
  std::vector<std::uint64_t> reachable() {
    std::vector<std::uint64_t> out;
    // Boards seen: a flag a board up to 16 cells, else a hash set (3^32 boards past 25 cells).
    std::vector<char> flags(dense() ? boards() : 0, 0);
    std::unordered_set<std::uint64_t> others;
    const auto first_visit = [&](std::uint64_t b) {
      if (!dense()) return others.insert(b).second;
      return !std::exchange(flags[b], 1);
    };
    std::vector<std::uint64_t> stack = {0};
    first_visit(0);
    while (!stack.empty()) {
      const std::uint64_t b = stack.back();
      stack.pop_back();
      const int placed = marks(b);
      if (whole_.count(placed)) out.push_back(b);
      if (placed == static_cast<int>(player_of_mark_.size())) continue;
      const int who = player_of_mark_[placed];
      for (int c = 0; c < n_; ++c) {
        if (!playable(b, c)) continue;
        const std::uint64_t next = b + who * pow3_[c];
        if (!first_visit(next)) continue;
        if (s_.mnk && line_through(next, c, who)) {
          if (whole_.count(placed + 1)) out.push_back(next);  // over: only if the turn was
          continue;
        }
        stack.push_back(next);
      }
    }
    // A lines board after the last turn may also be given with its leftover cells filled.
    if (!s_.mnk && s_.fill != 'n')
      for (std::size_t i = 0, n = out.size(); i < n; ++i)
        if (marks(out[i]) == static_cast<int>(player_of_mark_.size()) && marks(out[i]) < n_) {
          std::uint64_t filled = out[i];
          for (int c = 0; c < n_; ++c)
            if (cell(out[i], c) == 0) filled += (s_.fill == 'f' ? 1 : 2) * pow3_[c];
          out.push_back(filled);
        }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  std::string text(std::uint64_t b) const {
    std::string t;
    for (int i = 0; i < n_; ++i) {
      if (i && i % s_.cols == 0) t += '/';
      const int c = cell(b, i);
      t += c == 0 ? '.' : c == 1 ? s_.first : (s_.first == 'X' ? 'O' : 'X');
    }
    return t;
  }

  std::string value_text(int v) const {
    if (s_.value != 'o') return v > 0 ? "+" + std::to_string(v) : std::to_string(v);
    const char second = s_.first == 'X' ? 'O' : 'X';
    return v > 0   ? std::string(1, s_.first) + " win"
           : v < 0 ? std::string(1, second) + " win"
                   : "Draw";
  }

 private:
  static constexpr std::int16_t kUnknown = -32768;

  // Up to 16 cells every board has a slot; past that, only the boards searched.
  bool dense() const { return n_ <= 16; }

  bool playable(std::uint64_t b, int c) const {
    if (cell(b, c) != 0) return false;
    return !s_.gravity || c + s_.cols >= n_ || cell(b, c + s_.cols) != 0;
  }

  // The value of a game over: `who` made a line (or a chain) with `placed` marks on the board.
  int over(int who, int placed) const {
    const int size = s_.value == 's' ? n_ - placed + 1 : 1;
    const bool first_wins = (who == 1) != s_.misere;
    return first_wins ? size : -size;
  }

  int marks(std::uint64_t b) const {
    int m = 0;
    for (int i = 0; i < n_; ++i) m += cell(b, i) != 0;
    return m;
  }

  bool line_through(std::uint64_t b, int c, int who) const {
    if (s_.chain) return chain(b, who);
    for (const auto& line : lines_) {
      if (std::find(line.begin(), line.end(), c) == line.end()) continue;
      bool all = true;
      for (const int x : line) all = all && cell(b, x) == who;
      if (all) return true;
    }
    return false;
  }

  int winner(std::uint64_t b) const {
    if (s_.chain) return chain(b, 1) ? 1 : chain(b, 2) ? 2 : 0;
    for (const auto& line : lines_) {
      const int who = cell(b, line[0]);
      bool all = who != 0;
      for (const int x : line) all = all && cell(b, x) == who;
      if (all) return who;
    }
    return 0;
  }

  int score(std::uint64_t b) const {
    int margin = 0;
    for (const auto& line : lines_) {
      int own[3] = {0, 0, 0};
      for (const int x : line) {
        int c = cell(b, x);
        if (c == 0) c = s_.fill == 'f' ? 1 : s_.fill == 's' ? 2 : 0;
        ++own[c];
      }
      margin += (own[1] >= s_.threshold) - (own[2] >= s_.threshold);
    }
    return s_.value == 'm' ? margin : (margin > 0) - (margin < 0);
  }

  Spec s_;
  int n_;
  std::vector<std::vector<int>> lines_;
  std::vector<std::uint64_t> pow3_;
  std::vector<std::int16_t> memo_;
  std::unordered_map<std::uint64_t, std::int16_t> sparse_;
  std::vector<int> player_of_mark_;
  std::set<int> whole_;
};

// Builds the member's tables and checks every reachable position's value through the public
// API; with check_refusals, also that every other board is refused. Returns the reachable count.
inline std::size_t compare(const std::string& game, const Spec& spec, bool check_refusals) {
  const auto& tables = tablebase(game);
  const tbreader::Game member(tables, game);
  Minimax minimax(spec);
  const auto reachable = minimax.reachable();
  std::vector<std::string> lines;
  for (const auto b : reachable) lines.push_back(minimax.text(b));
  const auto values = member.values(lines);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < reachable.size(); ++i) {
    const std::string expected = minimax.value_text(minimax.value(reachable[i]));
    if (values[i].text != expected && ++wrong <= 5)
      ADD_FAILURE() << game << " " << lines[i] << ": tables say " << values[i].text << ", minimax "
                    << expected;
  }
  EXPECT_EQ(wrong, 0u) << game;
  if (check_refusals) {
    std::size_t next = 0, mismatched = 0;
    for (std::uint64_t b = 0; b < minimax.boards(); ++b) {
      const bool is_reachable = next < reachable.size() && reachable[next] == b;
      next += is_reachable;
      bool accepted = true;
      try {
        (void)member.value(std::vector<std::string>{minimax.text(b)});
      } catch (const tbreader::InputError&) {
        accepted = false;
      }
      if (accepted != is_reachable && ++mismatched <= 5)
        ADD_FAILURE() << game << " " << minimax.text(b) << ": reachable " << is_reachable << " but "
                      << (accepted ? "accepted" : "refused");
    }
  }
  return reachable.size();
}

// Random positions of a member too big for every position: `samples` random plays of at least
// `min_marks` marks (fewer when the game ends first), each checked by its board, by the
// columns played (connect), and by its moves' values and, for speed, its result line. The
// member's tables are built here unless `tables` holds them.
inline void compare_sample(const std::string& game, const Spec& spec, int samples, int min_marks,
                           unsigned seed, const tbreader::Tablebase* tables = nullptr) {
  const tbreader::Game member(tables ? *tables : tablebase(game), game);
  Minimax minimax(spec);
  std::mt19937_64 rng(seed);
  int wrong = 0;
  for (int i = 0; i < samples && wrong < 5; ++i) {
    const int length = min_marks + static_cast<int>(rng() % (minimax.cells() - min_marks + 1));
    const auto [b, played] = minimax.random_play(length, rng);
    const std::string board = minimax.text(b);
    const int v = minimax.value(b);
    const std::string expected = minimax.value_text(v);
    std::vector<std::string> boards = {board};
    if (spec.gravity) {
      std::string columns;
      for (const int c : played) columns += static_cast<char>('1' + c % spec.cols);
      boards.push_back(columns);
    }
    for (const auto& text : boards) {
      const auto p = member.probe(std::vector<std::string>{text});
      if (p.value.text != expected && ++wrong)
        ADD_FAILURE() << game << " " << text << ": tables say " << p.value.text << ", minimax "
                      << expected;
      std::vector<std::string> moves, reference;
      for (const auto& m : p.moves) moves.push_back(m.value.text);
      for (const int w : minimax.children(b)) reference.push_back(minimax.value_text(w));
      std::sort(moves.begin(), moves.end());
      std::sort(reference.begin(), reference.end());
      if (moves != reference && ++wrong)
        ADD_FAILURE() << game << " " << text << ": the values of its moves differ";
      if (spec.value != 's' || p.moves.empty()) continue;
      // Speed: the winner's last mark leaves |v| - 1 cells empty; a draw fills the board.
      const int empty = static_cast<int>(std::count(board.begin(), board.end(), '.'));
      const int turns = v == 0 ? empty : empty - (std::abs(v) - 1);
      const char second = spec.first == 'X' ? 'O' : 'X';
      const std::string winner = v == 0 ? "" : std::string(1, v > 0 ? spec.first : second);
      if ((!p.result || p.result->winner != winner || p.result->turns != turns) && ++wrong)
        ADD_FAILURE() << game << " " << text << ": result " << tbreader::text(p)
                      << " but the minimax says " << winner << " in " << turns;
    }
  }
  EXPECT_EQ(wrong, 0) << game;
}

inline Spec mnk(int cols, int rows, int k, int p = 1, int q = 1, char value = 'o', char first = 'X',
                bool misere = false) {
  return {true, cols, rows, k, k, p, q, 0, 'n', value, first, misere};
}
inline Spec connect(int cols, int rows, int k, char value = 'o', bool misere = false) {
  return {true, cols, rows, k, k, 1, 1, 0, 'n', value, 'X', misere, true};
}
inline Spec hex(int cols, int rows, char value = 'o', char first = 'X') {
  return {true, cols, rows, 0, 0, 1, 1, 0, 'n', value, first, false, false, true};
}
inline Spec lines(int cols, int rows, int len, int threshold, int p, int q, int turns, char fill,
                  char value, char first = 'X') {
  return {false, cols, rows, len, threshold, p, q, turns, fill, value, first};
}

}  // namespace tbgen::testing
