// Family members against an independent plain minimax: every position reachable in play, for a
// spread of small boards, all value kinds, turns of several marks, both first marks; and the
// published values and position counts of SPEC 6. The minimax here shares no code with the
// family machinery: its own lines, turn order, scoring and search, mark by mark.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "family/family_game.hpp"
#include "family/family_symmetry.hpp"
#include "test_tables.hpp"

namespace {

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
std::size_t compare(const std::string& game, const Spec& spec, bool check_refusals) {
  const auto& tables = tbgen::testing::tablebase(game);
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

struct Case {
  std::string game;
  Spec spec;
  bool refusals;
};

class FamilyAgainstMinimax : public ::testing::TestWithParam<Case> {};

TEST_P(FamilyAgainstMinimax, EveryReachablePosition) {
  compare(GetParam().game, GetParam().spec, GetParam().refusals);
}

Spec mnk(int cols, int rows, int k, int p = 1, int q = 1, char value = 'o', char first = 'X') {
  return {true, cols, rows, k, k, p, q, 0, 'n', value, first};
}
Spec lines(int cols, int rows, int len, int threshold, int p, int q, int turns, char fill,
           char value, char first = 'X') {
  return {false, cols, rows, len, threshold, p, q, turns, fill, value, first};
}

INSTANTIATE_TEST_SUITE_P(
    Members, FamilyAgainstMinimax,
    ::testing::Values(
        Case{"mnk(cols=3,rows=3,k=3)", mnk(3, 3, 3), true},
        Case{"mnk(cols=3,rows=3,k=3,value=speed,first=O)", mnk(3, 3, 3, 1, 1, 's', 'O'), true},
        Case{"mnk(cols=3,rows=3,k=3,p=2)", mnk(3, 3, 3, 2, 2), true},
        Case{"mnk(cols=3,rows=3,k=3,p=2,q=1,value=speed)", mnk(3, 3, 3, 2, 1, 's'), true},
        Case{"mnk(cols=4,rows=3,k=3)", mnk(4, 3, 3), true},
        Case{"mnk(cols=4,rows=3,k=3,p=2,q=1,value=speed)", mnk(4, 3, 3, 2, 1, 's'), true},
        Case{"mnk(cols=4,rows=3,k=4,p=3,q=2,first=O)", mnk(4, 3, 4, 3, 2, 'o', 'O'), true},
        Case{"mnk(cols=4,rows=3,k=3,p=3,q=3,value=speed)", mnk(4, 3, 3, 3, 3, 's'), true},
        Case{"mnk(cols=3,rows=4,k=3,p=3,q=1)", mnk(3, 4, 3, 3, 1), true},
        Case{"mnk(cols=5,rows=3,k=3,value=speed)", mnk(5, 3, 3, 1, 1, 's'), false},
        Case{"mnk(cols=5,rows=3,k=4,p=2,q=1)", mnk(5, 3, 4, 2, 1), false},
        Case{"mnk(cols=4,rows=4,k=3,p=2,q=2,first=O)", mnk(4, 4, 3, 2, 2, 'o', 'O'), false},
        Case{"lines(cols=3,rows=3,len=3,threshold=2,fill=second)",
             lines(3, 3, 3, 2, 1, 1, 9, 's', 'o'), true},
        Case{"lines(cols=4,rows=3,len=3,threshold=2,p=2,q=1,turns=4,fill=first,value=margin)",
             lines(4, 3, 3, 2, 2, 1, 4, 'f', 'm'), true},
        Case{"lines(cols=4,rows=3,len=4,threshold=3,p=3,q=3,turns=3,value=margin,first=O)",
             lines(4, 3, 4, 3, 3, 3, 3, 'n', 'm', 'O'), true},
        Case{"lines(cols=4,rows=4,len=4,threshold=3,p=2,q=2,turns=5,fill=second,first=O)",
             lines(4, 4, 4, 3, 2, 2, 5, 's', 'o', 'O'), false},
        Case{"lines(cols=5,rows=3,len=3,threshold=3,p=2,q=1,turns=6,value=margin)",
             lines(5, 3, 3, 3, 2, 1, 6, 'n', 'm'), false}),
    [](const auto& param) { return "case" + std::to_string(param.index); });

// The symmetry group is found from the lines alone (SPEC 6).
TEST(FamilySymmetry, GroupsFromTheLines) {
  const std::pair<const char*, int> groups[] = {
      {"lines(cols=5,rows=5,len=5,threshold=4,p=2,q=2,turns=11,fill=second,first=O)", 32},
      {"mnk(cols=3,rows=3,k=3)", 8},
      {"mnk(cols=4,rows=4,k=3)", 8},
      {"mnk(cols=5,rows=5,k=4)", 8},
      {"mnk(cols=4,rows=3,k=3)", 4},
      {"mnk(cols=5,rows=4,k=4)", 4},
      {"mnk(cols=6,rows=4,k=4)", 4},
      {"mnk(cols=5,rows=1,k=3)", 2},
      // Lines that are only the rows have 4!^3 * 3! symmetries: the board's own 4 are used.
      {"lines(cols=4,rows=3,len=4)", 4},
  };
  for (const auto& [game, size] : groups) {
    const auto rules = tbgen::family_rules(tbgen::GameString(game));
    ASSERT_TRUE(rules) << game;
    EXPECT_EQ(tbgen::family::Symmetry(*rules).size(), size) << game;
  }
}

// The seed games are members: every board of score3 (3^9) and random boards of every double5
// round answer exactly as their member strings do, and the same boards are refused.
TEST(FamilySeeds, Score3AndDouble5AnswerAsTheirMembers) {
  const std::pair<const char*, const char*> seeds[] = {
      {"score3", "mnk(cols=3,rows=3,k=3,value=speed)"},
      {"double5", "lines(cols=5,rows=5,len=5,threshold=4,p=2,q=2,turns=11,fill=second,first=O)"}};
  for (const auto& [seed, member] : seeds) {
    std::vector<std::string> boards;
    if (std::string(seed) == "score3") {
      for (int b = 0; b < 19683; ++b) {
        std::string t;
        for (int i = 0, v = b; i < 9; ++i, v /= 3) t += ".XO"[v % 3];
        boards.push_back(t);
      }
    } else {  // every count of marks, in random cells: 12 rounds' counts and many refused
      std::mt19937_64 rng(4);
      for (int n = 0; n < 20000; ++n) {
        std::string t(25, '.');
        const int no = static_cast<int>(rng() % 14), nx = static_cast<int>(rng() % 12);
        for (int i = 0; i < no + nx; ++i) t[rng() % 25] = i < no ? 'O' : 'X';
        boards.push_back(t);
      }
    }
    const tbreader::Game a(tbgen::testing::tablebase(seed), seed);
    const tbreader::Game b(tbgen::testing::tablebase(member), member);
    std::size_t answered = 0;
    for (const auto& board : boards) {
      std::string va, vb;
      try {
        va = tbreader::json(a.probe(std::vector{board}));
      } catch (const tbreader::InputError&) {
        va = "refused";
      }
      try {
        vb = tbreader::json(b.probe(std::vector{board}));
      } catch (const tbreader::InputError&) {
        vb = "refused";
      }
      if (vb != "refused") vb.replace(vb.find(b.name()), b.name().size(), seed), ++answered;
      ASSERT_EQ(va, vb) << seed << " " << board;
    }
    EXPECT_GT(answered, std::string(seed) == "score3" ? 5477u : 100u) << seed;
  }
}

// SPEC 6: published values from the empty board and reachable position counts.
TEST(FamilyPublished, ValuesAndPositionCounts) {
  EXPECT_EQ(compare("mnk(cols=3,rows=3,k=3,value=speed)", mnk(3, 3, 3, 1, 1, 's'), false), 5478u);
  EXPECT_EQ(compare("mnk(cols=4,rows=4,k=3)", mnk(4, 4, 3), false), 6036001u);
  EXPECT_EQ(compare("mnk(cols=4,rows=4,k=4)", mnk(4, 4, 4), false), 9722011u);
  const struct {
    const char* game;
    int cells;
    const char* value;
  } published[] = {
      {"mnk(cols=3,rows=3,k=3)", 9, "Draw"},   {"mnk(cols=4,rows=3,k=3)", 12, "X win"},
      {"mnk(cols=4,rows=4,k=3)", 16, "X win"}, {"mnk(cols=4,rows=4,k=4)", 16, "Draw"},
      {"mnk(cols=5,rows=4,k=4)", 20, "Draw"},  {"mnk(cols=3,rows=3,k=3,p=2,q=2)", 9, "X win"},
  };
  for (const auto& [game, cells, value] : published) {
    const tbreader::Game member(tbgen::testing::tablebase(game), game);
    EXPECT_EQ(member.value(std::vector<std::string>{std::string(cells, '.')}).text, value) << game;
  }
}

}  // namespace
