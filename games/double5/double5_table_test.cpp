// The double5 tables against an independent search that shares no code with the generator:
// its own lines, scoring, move generation and memo. Needs the tables built by the
// double5_tables fixture (TBGEN_TEST_TABLES).
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "tbreader/tbreader.hpp"

namespace {

constexpr std::uint32_t kAll = (1u << 25) - 1;

std::filesystem::path tables_dir() {
  const char* dir = std::getenv("TBGEN_TEST_TABLES");
  return dir ? dir : "tables";
}

// --- the independent reference ---------------------------------------------------------
const std::vector<std::uint32_t>& reference_lines() {
  static const auto lines = [] {
    std::vector<std::uint32_t> l;
    for (int i = 0; i < 5; ++i) {
      std::uint32_t row = 0, col = 0;
      for (int j = 0; j < 5; ++j) row |= 1u << (5 * i + j), col |= 1u << (5 * j + i);
      l.push_back(row);
      l.push_back(col);
    }
    std::uint32_t d = 0, a = 0;
    for (int i = 0; i < 5; ++i) d |= 1u << (6 * i), a |= 1u << (4 * i + 4);
    l.push_back(d);
    l.push_back(a);
    return l;
  }();
  return lines;
}

// +1 O wins, 0 draw, -1 X wins, for a board whose free cells all go to X.
int reference_final(std::uint32_t o) {
  const std::uint32_t x = kAll & ~o;
  int points = 0;
  for (auto line : reference_lines()) {
    points += __builtin_popcount(line & o) >= 4;
    points -= __builtin_popcount(line & x) >= 4;
  }
  return (points > 0) - (points < 0);
}

struct ReferenceSearch {
  std::unordered_map<std::uint64_t, int> memo;
  int value(std::uint32_t o, std::uint32_t x) {
    const int no = __builtin_popcount(o), nx = __builtin_popcount(x);
    if (no == 12) return reference_final(o);
    const std::uint64_t key = o | std::uint64_t{x} << 25;
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    const bool o_moves = no == nx;
    int best = o_moves ? -2 : 2;
    const std::uint32_t empty = kAll & ~(o | x);
    for (std::uint32_t a = empty; a; a &= a - 1)
      for (std::uint32_t b = a & (a - 1); b; b &= b - 1) {
        const std::uint32_t pair = (a & -a) | (b & -b);
        const int v = o_moves ? value(o | pair, x) : value(o, x | pair);
        best = o_moves ? std::max(best, v) : std::min(best, v);
      }
    memo[key] = best;
    return best;
  }
};

struct Board {
  std::uint32_t o, x;
};

Board random_position(int round, std::mt19937_64& rng) {
  Board b{0, 0};
  const int no = 2 * ((round + 1) / 2), nx = 2 * (round / 2);
  std::vector<int> cells(25);
  for (int i = 0; i < 25; ++i) cells[i] = i;
  std::shuffle(cells.begin(), cells.end(), rng);
  for (int i = 0; i < no; ++i) b.o |= 1u << cells[i];
  for (int i = no; i < no + nx; ++i) b.x |= 1u << cells[i];
  return b;
}

const tbreader::Tablebase& tablebase() {
  static const tbreader::Tablebase tb(tables_dir());
  return tb;
}

// +1 O wins, 0 draw, -1 X wins, through the public API.
int probe(std::uint32_t o, std::uint32_t x) {
  static const tbreader::Game game(tablebase(), "double5");
  std::string board(25, '.');
  for (int i = 0; i < 25; ++i) board[i] = (o >> i & 1) ? 'O' : (x >> i & 1) ? 'X' : '.';
  const std::string v = game.value(std::vector{board}).text;
  return v == "O win" ? 1 : v == "X win" ? -1 : 0;
}

// --- the tests ---------------------------------------------------------------------------
TEST(Double5Tables, ContestSamples) {
  std::istringstream in(
      "4\nOXX..\nXOOX.\nOXOOO\nOXOOX\nOXOXX\nXX.O.\nXX.OO\nXXXOO\nXX.XO\n.OOOO\n"
      "XOOOO\nXXXXO\nX.XOO\nXO...\nOOX.X\nXOOOO\nXXXXO\nX.XOO\nXO...\nOO...\n");
  std::ostringstream out;
  tbreader::Game(tablebase(), "double5").solve(in, out);
  EXPECT_EQ(out.str(), "O win\nDraw\nX win\nX win\n");
}

// A probe and the contest format accept exactly the same boards: every count of O and X
// marks, with the marks in random cells.
TEST(Double5Tables, ProbeAndContestAcceptTheSameBoards) {
  const tbreader::Game game(tablebase(), "double5");
  std::mt19937_64 rng(12);
  int accepted = 0, refused = 0;
  for (int no = 0; no <= 25; ++no)
    for (int nx = 0; no + nx <= 25; ++nx) {
      std::vector<int> cells(25);
      for (int i = 0; i < 25; ++i) cells[i] = i;
      std::shuffle(cells.begin(), cells.end(), rng);
      std::string board(25, '.');
      for (int i = 0; i < no + nx; ++i) board[cells[i]] = i < no ? 'O' : 'X';
      bool probe_ok = true, solve_ok = true;
      std::string probed;
      try {
        probed = game.probe(std::vector{board}).value.text;
      } catch (const tbreader::InputError&) {
        probe_ok = false;
      }
      std::istringstream in("1\n" + board + "\n");
      std::ostringstream out;
      try {
        game.solve(in, out);
      } catch (const tbreader::InputError&) {
        solve_ok = false;
      }
      ASSERT_EQ(probe_ok, solve_ok) << no << " O, " << nx << " X: " << board;
      if (probe_ok) {
        EXPECT_EQ(out.str(), probed + "\n") << board;
      }
      (probe_ok ? accepted : refused)++;
    }
  EXPECT_EQ(accepted, 6 + 6 + 1);  // rounds 0..11 and the full board
  EXPECT_GT(refused, 300);
}

// Round 11 (3 free cells, filled with X): random sets of O's 12 marks, every X set.
TEST(Double5Tables, Round11AgainstReferenceScoring) {
  std::mt19937_64 rng(3);
  for (int n = 0; n < 300; ++n) {
    const std::uint32_t o = random_position(12, rng).o;  // round 12's count: 12 O marks
    const std::uint32_t free = kAll & ~o;
    for (std::uint32_t x = free; x; x = (x - 1) & free) {
      if (__builtin_popcount(x) == 10) {
        ASSERT_EQ(probe(o, x), reference_final(o));
      }
    }
  }
}

// Round 10 has no table: the reader scores O's ten pair moves; against the reference's best.
TEST(Double5Tables, Round10AgainstReferenceSearch) {
  std::mt19937_64 rng(10);
  for (int n = 0; n < 20000; ++n) {
    const Board b = random_position(10, rng);
    const std::uint32_t empty = kAll & ~(b.o | b.x);
    int best = -2;
    for (std::uint32_t a = empty; a && best < 1; a &= a - 1)
      for (std::uint32_t c = a & (a - 1); c && best < 1; c &= c - 1)
        best = std::max(best, reference_final(b.o | (a & -a) | (c & -c)));
    ASSERT_EQ(probe(b.o, b.x), best);
  }
}

// Random positions of rounds 5..10 against a full memoised search of the rest of the game.
TEST(Double5Tables, RandomPositionsAgainstReferenceSearch) {
  std::mt19937_64 rng(2026);
  const int samples[] = {0, 0, 0, 0, 0, 1, 3, 20, 200, 500, 1000};
  for (int round = 5; round <= 10; ++round) {
    for (int n = 0; n < samples[round]; ++n) {
      const Board b = random_position(round, rng);
      ReferenceSearch search;
      ASSERT_EQ(probe(b.o, b.x), search.value(b.o, b.x)) << "round " << round;
    }
  }
}

// Rounds 0..10: a stored value is the best over the stored values of all its moves (the
// reader's index, the reference's move generation), for random positions and the empty board.
TEST(Double5Tables, EveryRoundIsOnePlyConsistentThroughTheReader) {
  std::mt19937_64 rng(11);
  for (int round = 0; round <= 10; ++round) {
    for (int n = 0; n < (round == 0 ? 1 : 300); ++n) {
      const Board b = random_position(round, rng);
      const bool o_moves = round % 2 == 0;
      const std::uint32_t empty = kAll & ~(b.o | b.x);
      int best = o_moves ? -2 : 2;
      for (std::uint32_t a = empty; a; a &= a - 1)
        for (std::uint32_t c = a & (a - 1); c; c &= c - 1) {
          const std::uint32_t pair = (a & -a) | (c & -c);
          const int v = o_moves ? probe(b.o | pair, b.x) : probe(b.o, b.x | pair);
          best = o_moves ? std::max(best, v) : std::min(best, v);
        }
      ASSERT_EQ(probe(b.o, b.x), best) << "round " << round;
    }
  }
}

// Every position and its images under the 8 rotations and reflections of the board, and the
// swap of rows 0 and 4 with columns 0 and 4 (one of the 4 more that keep the 12 lines).
TEST(Double5Tables, ValuesAreInvariantUnderTheSymmetries) {
  auto map = [](std::uint32_t m, auto&& f) {
    std::uint32_t out = 0;
    for (int r = 0; r < 5; ++r)
      for (int c = 0; c < 5; ++c)
        if (m >> (5 * r + c) & 1) {
          const auto [r2, c2] = f(r, c);
          out |= 1u << (5 * r2 + c2);
        }
    return out;
  };
  auto swap04 = [](int i) { return i == 0 ? 4 : i == 4 ? 0 : i; };
  std::mt19937_64 rng(5);
  for (int round = 0; round <= 10; ++round)
    for (int n = 0; n < 300; ++n) {
      const Board b = random_position(round, rng);
      const int v = probe(b.o, b.x);
      auto transpose = [](int r, int c) { return std::pair{c, r}; };
      auto mirror = [](int r, int c) { return std::pair{r, 4 - c}; };
      auto swap = [&](int r, int c) { return std::pair{swap04(r), swap04(c)}; };
      ASSERT_EQ(probe(map(b.o, transpose), map(b.x, transpose)), v);
      ASSERT_EQ(probe(map(b.o, mirror), map(b.x, mirror)), v);
      ASSERT_EQ(probe(map(b.o, swap), map(b.x, swap)), v);
    }
}

}  // namespace
