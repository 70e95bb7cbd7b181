#pragma once
// The independent plain minimax the family tests compare the tables with: its own lines, turn
// order, scoring and search, mark by mark; it shares no code with the family machinery.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "test_tables.hpp"

namespace tbgen::testing {

struct Spec {
  bool mnk = true;
  int cols = 3, rows = 3, len = 3, threshold = 3, p = 1, q = 1, turns = 0;
  char fill = 'n';   // n none, f first, s second
  char value = 'o';  // o outcome, s speed, m margin
  char first = 'X';
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
    pow3_.push_back(1);
    for (int i = 0; i < n_; ++i) pow3_.push_back(pow3_.back() * 3);
    memo_.assign(pow3_[n_], kUnknown);
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

  // Value for the first player of the board (before the next mark).
  int value(std::uint64_t b) {
    if (memo_[b] != kUnknown) return memo_[b];
    const int placed = marks(b);
    int v = 0;
    if (const int won = s_.mnk ? winner(b) : 0) {  // a game over: the line was just made
      const int size = s_.value == 's' ? n_ - placed + 1 : 1;
      v = won == 1 ? size : -size;
    } else if (placed >= static_cast<int>(player_of_mark_.size())) {
      v = s_.mnk ? 0 : score(b);
    } else {
      const int who = player_of_mark_[placed];
      v = who == 1 ? -1000 : 1000;
      for (int c = 0; c < n_; ++c) {
        if (cell(b, c) != 0) continue;
        const std::uint64_t next = b + who * pow3_[c];
        int w;
        if (s_.mnk && line_through(next, c, who)) {
          const int size = s_.value == 's' ? n_ - placed - 1 + 1 : 1;
          w = who == 1 ? size : -size;
        } else {
          w = value(next);
        }
        v = who == 1 ? std::max(v, w) : std::min(v, w);
      }
    }
    return memo_[b] = static_cast<std::int16_t>(v);
  }

  // Every board between whole turns that play reaches (a won game stops at once).
  std::vector<std::uint64_t> reachable() {
    std::vector<std::uint64_t> out;
    std::vector<char> seen(boards(), 0);
    std::vector<std::uint64_t> stack = {0};
    seen[0] = 1;
    while (!stack.empty()) {
      const std::uint64_t b = stack.back();
      stack.pop_back();
      const int placed = marks(b);
      if (whole_.count(placed)) out.push_back(b);
      if (placed == static_cast<int>(player_of_mark_.size())) continue;
      const int who = player_of_mark_[placed];
      for (int c = 0; c < n_; ++c) {
        if (cell(b, c) != 0) continue;
        const std::uint64_t next = b + who * pow3_[c];
        if (seen[next]) continue;
        seen[next] = 1;
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

  int marks(std::uint64_t b) const {
    int m = 0;
    for (int i = 0; i < n_; ++i) m += cell(b, i) != 0;
    return m;
  }

  bool line_through(std::uint64_t b, int c, int who) const {
    for (const auto& line : lines_) {
      if (std::find(line.begin(), line.end(), c) == line.end()) continue;
      bool all = true;
      for (const int x : line) all = all && cell(b, x) == who;
      if (all) return true;
    }
    return false;
  }

  int winner(std::uint64_t b) const {
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

inline Spec mnk(int cols, int rows, int k, int p = 1, int q = 1, char value = 'o',
                char first = 'X') {
  return {true, cols, rows, k, k, p, q, 0, 'n', value, first};
}
inline Spec lines(int cols, int rows, int len, int threshold, int p, int q, int turns, char fill,
                  char value, char first = 'X') {
  return {false, cols, rows, len, threshold, p, q, turns, fill, value, first};
}

}  // namespace tbgen::testing
