// Hand-checked facts about the Quixo reference (quixo_reference.hpp): moves and their names, the
// pushes, the 0-ply decision and the both-lines rule, the text form, short forced wins, the
// symmetries, and the solver against two slower, independent computations (a bounded-depth
// search from the definitions and a plain whole-graph value iteration over both sides to move).
// The whole 4x4 solve takes under a minute; it runs in the tests named Long*.
#include "games/quixo/quixo_reference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace {

using namespace quixo_reference;

std::set<std::string> names(const Position& p) {
  std::set<std::string> s;
  for (const Move& m : moves(p)) s.insert(m.name);
  return s;
}

std::set<std::string> names_from(const Position& p, const std::string& cell) {
  std::set<std::string> s;
  for (const Move& m : moves(p))
    if (m.name.substr(0, m.name.find('-')) == cell) s.insert(m.name);
  return s;
}

const Move& move_named(const std::vector<Move>& ms, const std::string& name) {
  for (const Move& m : ms)
    if (m.name == name) return m;
  throw std::runtime_error("no move " + name);
}

const Solver& solver3() {
  static const Solver s(3);
  return s;
}
const Solver& solver4_few() {  // 4x4 boards with at most 3 blanks: a few seconds
  static const Solver s(4, 3);
  return s;
}

Value win(int d) {
  return {Outcome::win, d};
}
Value loss(int d) {
  return {Outcome::loss, d};
}

// Every board of a size (3^(size*size)) with the given side to move, by base-3 number.
Position board_number(int size, std::uint64_t n, char to_move) {
  Position p = start(size, to_move);
  for (int cell = 0; cell < size * size; ++cell, n /= 3)
    p.set(cell / size, cell % size, ".XO"[n % 3]);
  return p;
}

// ---------------------------------------------------------------------------------------------

TEST(QuixoReference, MovesFromTheEmptyBoards) {
  // 4 corners with 2 ends each, 4 * (size - 2) other rim cubes with 3 each.
  EXPECT_EQ(moves(start(3)).size(), 20u);
  EXPECT_EQ(moves(start(4)).size(), 32u);
  EXPECT_EQ(moves(start(5)).size(), 44u);
  for (int size : {3, 4, 5}) EXPECT_EQ(names(start(size)).size(), moves(start(size)).size());
  // Every first move leaves one X, on the rim, O to move.
  for (const Move& m : moves(start(4))) {
    EXPECT_EQ(std::popcount(m.after.x), 1) << m.name;
    EXPECT_EQ(m.after.o, 0u);
    EXPECT_EQ(m.after.to_move, 'O');
  }
}

TEST(QuixoReference, MoveNames) {
  const Position e3 = start(3);
  EXPECT_EQ(names_from(e3, "a1"), (std::set<std::string>{"a1-c1", "a1-a3"}));
  EXPECT_EQ(names_from(e3, "b1"), (std::set<std::string>{"b1-a1", "b1-c1", "b1-b3"}));
  EXPECT_EQ(names_from(e3, "c2"), (std::set<std::string>{"c2-c1", "c2-c3", "c2-a2"}));
  EXPECT_EQ(names_from(e3, "c3"), (std::set<std::string>{"c3-a3", "c3-c1"}));
  EXPECT_TRUE(names_from(e3, "b2").empty());  // not on the rim
  const Position e5 = start(5);
  EXPECT_EQ(names_from(e5, "c1"), (std::set<std::string>{"c1-a1", "c1-e1", "c1-c5"}));
  EXPECT_EQ(names_from(e5, "a3"), (std::set<std::string>{"a3-a1", "a3-a5", "a3-e3"}));
  EXPECT_EQ(names_from(e5, "e5"), (std::set<std::string>{"e5-a5", "e5-e1"}));
  for (const char* inner : {"b2", "c3", "d4", "b4", "d2"})
    EXPECT_TRUE(names_from(e5, inner).empty());
  // The moves are listed by cell taken, then by end.
  std::vector<std::string> order;
  for (const Move& m : moves(e3)) order.push_back(m.name);
  EXPECT_EQ(order.front(), "a1-c1");
  EXPECT_EQ(order[1], "a1-a3");
  EXPECT_EQ(order.back(), "c3-a3");  // the ends of c3 in cell order: c1, then a3
}

TEST(QuixoReference, OnlyBlankOrOwnRimCubesMove) {
  // X to move: a1 is O (cannot move), b1 X, c1 blank.
  const Position p = parse("OX./.../...:X", 3);
  EXPECT_TRUE(names_from(p, "a1").empty());
  EXPECT_EQ(names_from(p, "b1").size(), 3u);
  EXPECT_EQ(names_from(p, "c1").size(), 2u);
  // O to move: a1 moves, b1 does not.
  const Position q = parse("OX./.../...:O", 3);
  EXPECT_EQ(names_from(q, "a1").size(), 2u);
  EXPECT_TRUE(names_from(q, "b1").empty());
  EXPECT_EQ(moves(p).size(), 20u - 2u);
  EXPECT_EQ(moves(q).size(), 20u - 3u);
}

TEST(QuixoReference, PushesShiftTheCubesBetween) {
  // Top row X O . O, X to move.
  const Position p = parse("XO.O/..../..../....:X", 4);
  const auto ms = moves(p);
  // a1 (X) to d1: b1..d1 shift left, X enters at d1.
  EXPECT_EQ(to_string(move_named(ms, "a1-d1").after), "O.OX/..../..../....:O");
  // c1 (blank) to a1: a1..b1 shift right, X enters at a1.
  EXPECT_EQ(to_string(move_named(ms, "c1-a1").after), "XXOO/..../..../....:O");
  // c1 to d1: d1 shifts left.
  EXPECT_EQ(to_string(move_named(ms, "c1-d1").after), "XOOX/..../..../....:O");
  // a1 down its column to a4: a2..a4 shift up.
  const Position c = parse("X.../O.../X.../O...:X", 4);
  EXPECT_EQ(to_string(move_named(moves(c), "a1-a4").after), "O.../X.../O.../X...:O");
  // a4 is O: X cannot take it. a3 (X, on the rim) goes to a1, a4 or d3.
  EXPECT_TRUE(names_from(c, "a4").empty());
  EXPECT_EQ(to_string(move_named(moves(c), "a3-a1").after), "X.../X.../O.../O...:O");
  EXPECT_EQ(to_string(move_named(moves(c), "a3-a4").after), "X.../O.../O.../X...:O");
  EXPECT_EQ(to_string(move_named(moves(c), "a3-d3").after), "X.../O.../...X/O...:O");
  // An O cube re-enters showing O; a blank taken by O shows O.
  const Position o = parse("...../...../X..../...../.....:O", 5);
  EXPECT_EQ(to_string(move_named(moves(o), "a5-a1").after), "O..../...../...../X..../.....:X");
  EXPECT_EQ(to_string(move_named(moves(o), "e3-a3").after), "...../...../OX.../...../.....:X");
  // The middle column of 5x5, bottom to top.
  const Position m = parse("..X../..O../..X../..O../.....:X", 5);
  EXPECT_EQ(to_string(move_named(moves(m), "c5-c1").after), "..X../..X../..O../..X../..O..:O");
  EXPECT_EQ(to_string(move_named(moves(m), "c1-c5").after), "..O../..X../..O../...../..X..:O");
}

TEST(QuixoReference, ZeroPlyDecision) {
  EXPECT_EQ(decided(parse("XXX/O.O/...:X", 3)), win(0));
  EXPECT_EQ(decided(parse("XXX/O.O/...:O", 3)), loss(0));
  EXPECT_EQ(decided(parse("XO./XO./X..:O", 3)), loss(0));  // a column
  EXPECT_EQ(decided(parse("O../.O./..O:O", 3)), win(0));   // a diagonal
  EXPECT_EQ(decided(parse("..X/.X./X..:O", 3)), loss(0));  // the other diagonal
  EXPECT_EQ(decided(parse("XX./O.O/...:X", 3)), std::nullopt);
  // Both have a line: the side to move wins.
  EXPECT_EQ(decided(parse("XXX/OOO/...:O", 3)), win(0));
  EXPECT_EQ(decided(parse("XXX/OOO/...:X", 3)), win(0));
  // A decided position has no moves.
  EXPECT_TRUE(moves(parse("XXX/O.O/...:O", 3)).empty());
  // 4x4 lines are four long: three in a row is nothing.
  EXPECT_EQ(decided(parse("XXX./..../..../....:O", 4)), std::nullopt);
  EXPECT_EQ(decided(parse("X.../.X../..X./...X:O", 4)), loss(0));
  EXPECT_EQ(decided(parse("...O/..O./.O../O...:O", 4)), win(0));
}

TEST(QuixoReference, BothLinesMadeLosesForTheMover) {
  // a1 (blank) down column a to a3: the column becomes . O X, making O O O in the middle row
  // and X X X in the bottom row. O, to move, has a line: X lost.
  const Position p = parse(".../.OO/OXX:X", 3);
  ASSERT_EQ(decided(p), std::nullopt);
  const auto ms = moves(p);
  const Move& m = move_named(ms, "a1-a3");
  EXPECT_EQ(to_string(m.after), ".../OOO/XXX:O");
  EXPECT_EQ(decided(m.after), win(0));  // for O
  EXPECT_EQ(solver3().value(m.after), win(0));
  EXPECT_EQ(solver3().result(m.after), (Result{"O", 0}));
  // A line of the mover alone wins in 1: here c1 to a1 makes X X X.
  const Position q = parse(".XX/O.O/...:X", 3);
  EXPECT_EQ(to_string(move_named(moves(q), "a1-c1").after), "XXX/O.O/...:O");
  EXPECT_EQ(decided(move_named(moves(q), "a1-c1").after), loss(0));
}

TEST(QuixoReference, TextForm) {
  EXPECT_EQ(parse("X.O.....X:O", 3).at(0, 0), 'X');
  EXPECT_EQ(parse("X.O.....X:O", 3).at(0, 2), 'O');
  EXPECT_EQ(parse("X.O.....X:O", 3).at(2, 2), 'X');
  EXPECT_EQ(parse("X.O.....X:O", 3).to_move, 'O');
  EXPECT_EQ(to_string(parse("X.O.....X:O", 3)), "X.O/.../..X:O");
  EXPECT_EQ(to_string(parse("X.O.....X:O", 3), false), "X.O.....X:O");
  EXPECT_EQ(to_string(parse("X.O./O.../..../...X:X", 4)), "X.O./O.../..../...X:X");
  EXPECT_EQ(parse("X.O/.../..X:O", 3), parse("X.O/.....X:O", 3));  // each '/' optional
  // The top-left cell is a1; e5 the bottom-right of 5x5.
  EXPECT_EQ(cell_name(5, 0), "a1");
  EXPECT_EQ(cell_name(5, 24), "e5");
  EXPECT_EQ(cell_name(5, 4), "e1");
  EXPECT_EQ(cell_name(5, 20), "a5");
  EXPECT_EQ(cell_name(4, 7), "d2");
}

TEST(QuixoReference, TextFormRefusals) {
  auto refused = [](const std::string& text, int size, const std::string& word) {
    try {
      (void)parse(text, size);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(word), std::string::npos) << text << ": " << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << "one line";
    }
  };
  refused("X.O/.../.X:O", 3, "number of cells");    // 8 cells
  refused("X.O/.../..X.:O", 3, "number of cells");  // 10
  refused("X.O/.../..X:O", 4, "number of cells");   // 9 for 4x4
  refused(":X", 3, "number of cells");
  refused("X.O/.x./..X:O", 3, "unknown character");  // lowercase
  refused("X.O/.#./..X:O", 3, "unknown character");
  refused("X.O/. ./..X:O", 3, "unknown character");
  refused("X.O/.../..X", 3, "missing side to move");
  refused("X.O/.../..X:", 3, "missing side to move");
  refused("X.O/.../..X:x", 3, "side to move");
  refused("X.O/.../..X:XO", 3, "side to move");
  refused("X.O/.../..X:.", 3, "side to move");
  refused("X.O//.../..X:O", 3, "'/'");  // not between two rows
  refused("X./O.../..X:O", 3, "'/'");
  refused("/X.O/.../..X:O", 3, "'/'");
  refused("X.O/.../..X/:O", 3, "'/'");
}

TEST(QuixoReference, NoMoveOnlyWithALine) {
  // Every rim cube showing the opponent's mark means the top row is the opponent's line.
  for (std::uint64_t n = 0; n < 19683; ++n) {
    const Position p = board_number(3, n, 'X');
    if ((p.o & geometry(3).rim) == geometry(3).rim) {
      EXPECT_TRUE(decided(p).has_value());
    }
    if (!decided(p)) {
      EXPECT_FALSE(moves(p).empty());
    }
  }
}

TEST(QuixoReference, ShortForcedWins) {
  const Solver& s = solver3();
  // Win in 1: c1 to a1 completes the top row.
  EXPECT_EQ(s.value(parse(".XX/O.O/...:X", 3)), win(1));
  EXPECT_EQ(s.result(parse(".XX/O.O/...:X", 3)), (Result{"X", 1}));
  // Decided ones.
  EXPECT_EQ(s.result(parse("XXX/O.O/...:O", 3)), (Result{"X", 0}));
  EXPECT_EQ(s.result(parse(".../OOO/XXX:O", 3)), (Result{"O", 0}));
  EXPECT_EQ(s.result(parse(".../OOO/XXX:X", 3)), (Result{"X", 0}));
  // Loss in 2 by hand, X to move:
  //   O O .    X has no cube; its moves take the blanks c1, a3, c3 (b2 is not on the rim).
  //   O . O    c1-c3 (top row) and a3-c3 (column a) complete an O line at once (O wins in 0);
  //   . O .    after c1-a1, a3-a1, c3-a3 and c3-c1 O completes a line in one move (O wins in 1).
  const Position p = parse("OO./O.O/.O.:X", 3);
  ASSERT_EQ(decided(p), std::nullopt);
  EXPECT_EQ(names(p),
            (std::set<std::string>{"c1-a1", "c1-c3", "a3-a1", "a3-c3", "c3-a3", "c3-c1"}));
  const std::map<std::string, std::string> after = {
      {"c1-a1", "XOO/O.O/.O.:O"}, {"c1-c3", "OOO/O../.OX:O"}, {"a3-a1", "XO./O.O/OO.:O"},
      {"a3-c3", "OO./O.O/O.X:O"}, {"c3-a3", "OO./O.O/X.O:O"}, {"c3-c1", "OOX/O../.OO:O"}};
  for (const Move& m : moves(p)) EXPECT_EQ(to_string(m.after), after.at(m.name)) << m.name;
  const std::map<std::string, Result> o_wins = {{"c1-a1", {"O", 1}}, {"c1-c3", {"O", 0}},
                                                {"a3-a1", {"O", 1}}, {"a3-c3", {"O", 0}},
                                                {"c3-a3", {"O", 1}}, {"c3-c1", {"O", 1}}};
  for (const Move& m : moves(p)) {
    EXPECT_EQ(s.result(m.after), o_wins.at(m.name)) << m.name;
    if (o_wins.at(m.name).turns == 1) {  // O has a move leaving only an O line
      bool found = false;
      for (const Move& r : moves(m.after))
        if (has_line(r.after, 'O') && !has_line(r.after, 'X')) found = true;
      EXPECT_TRUE(found) << m.name;
    } else {
      EXPECT_TRUE(has_line(m.after, 'O')) << m.name;
    }
  }
  EXPECT_EQ(s.value(p), loss(2));
  EXPECT_EQ(s.result(p), (Result{"O", 2}));
  // The same with the colours and the side to move swapped.
  EXPECT_EQ(s.result(swap_colours(p)), (Result{"X", 2}));
}

// Exact values within a depth, from the definitions (no sweeps, no tables): the value if the
// position is decided within `depth` plies, else nothing.
std::optional<Value> bounded(const Position& p, int depth) {
  if (auto d = decided(p)) return d;
  if (depth == 0) return std::nullopt;
  std::optional<int> best_win;
  bool all_wins = true;
  int longest = -1;
  for (const Move& m : moves(p)) {
    const auto c = bounded(m.after, depth - 1);
    if (c && c->outcome == Outcome::loss)
      best_win = std::min(best_win.value_or(1 << 20), *c->distance + 1);
    if (c && c->outcome == Outcome::win)
      longest = std::max(longest, *c->distance + 1);
    else
      all_wins = false;
  }
  if (best_win) return win(*best_win);
  if (all_wins) return loss(longest);
  return std::nullopt;
}

TEST(QuixoReference, BoundedSearchAgrees) {
  const Solver& s = solver3();
  // Every 3x3 position, both sides, within 2 plies; a sample within 4.
  std::mt19937_64 rng(7);
  for (std::uint64_t n = 0; n < 19683; ++n)
    for (char side : {'X', 'O'}) {
      const Position p = board_number(3, n, side);
      const Value v = s.value(p);
      const bool deep = rng() % 64 == 0;
      const int depth = deep ? 4 : 2;
      const auto b = bounded(p, depth);
      if (v.distance && *v.distance <= depth)
        EXPECT_EQ(b, v) << to_string(p);
      else
        EXPECT_EQ(b, std::nullopt) << to_string(p);
    }
}

// A plain value iteration over a set of positions closed under moves, both sides to move kept
// apart (no colour swap, no blank counts), from moves() of the header: step n decides every
// position won or lost in exactly n from the values of the steps before; it stops at the first
// step that decides nothing (then no later step can). Values in the order of `all`.
std::uint64_t key(const Position& p) {
  std::uint64_t k = 0;
  for (int cell = p.cells() - 1; cell >= 0; --cell)
    k = 3 * k + std::string_view(".XO").find(p.at(cell / p.size, cell % p.size));
  return 2 * k + (p.to_move == 'O');
}

std::vector<Value> plain_iteration(const std::vector<Position>& all) {
  std::unordered_map<std::uint64_t, std::uint32_t> dense;
  for (std::uint32_t i = 0; i < all.size(); ++i) dense.emplace(key(all[i]), i);
  std::vector<std::optional<Value>> known(all.size());
  std::vector<std::vector<std::uint32_t>> next(all.size());
  for (std::uint32_t i = 0; i < all.size(); ++i) {
    if (auto d = decided(all[i])) {
      known[i] = d;
      continue;
    }
    for (const Move& m : moves(all[i])) next[i].push_back(dense.at(key(m.after)));
  }
  for (int n = 1;; ++n) {
    std::vector<std::pair<std::uint32_t, Value>> now;
    for (std::uint32_t i = 0; i < all.size(); ++i) {
      if (known[i]) continue;
      bool won = false, all_wins = true;
      int longest = -1;
      for (std::uint32_t c : next[i]) {
        if (!known[c]) {
          all_wins = false;
          continue;
        }
        if (known[c]->outcome == Outcome::loss && *known[c]->distance == n - 1) won = true;
        if (known[c]->outcome == Outcome::win)
          longest = std::max(longest, *known[c]->distance);
        else
          all_wins = false;
      }
      if (won)
        now.emplace_back(i, win(n));
      else if (all_wins && longest == n - 1)
        now.emplace_back(i, loss(n));
    }
    if (now.empty()) break;
    for (auto& [i, v] : now) known[i] = v;
  }
  std::vector<Value> out;
  for (auto& k : known) out.push_back(k.value_or(Value{}));
  return out;
}

TEST(QuixoReference, PlainIterationAgreesOn3x3) {
  std::vector<Position> all;
  for (std::uint64_t n = 0; n < 19683; ++n)
    for (char side : {'X', 'O'}) all.push_back(board_number(3, n, side));
  const auto values = plain_iteration(all);
  for (std::size_t i = 0; i < all.size(); ++i)
    ASSERT_EQ(solver3().value(all[i]), values[i]) << to_string(all[i]);
}

TEST(QuixoReference, PlainIterationAgreesOn4x4WithAtMostOneBlank) {
  std::vector<Position> all;
  for (int blank = -1; blank < 16; ++blank) {
    const std::uint32_t filled = 0xFFFF & ~(blank < 0 ? 0u : 1u << blank);
    for (std::uint32_t xs = 0; xs < (1u << 16); ++xs)
      if (!(xs & ~filled))
        for (char side : {'X', 'O'}) all.push_back(Position{4, xs, filled & ~xs, side});
  }
  ASSERT_EQ(all.size(), 2u * (65536 + 16 * 32768));
  const Solver s(4, 1);
  const auto values = plain_iteration(all);
  std::size_t draws = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    ASSERT_EQ(s.value(all[i]), values[i]) << to_string(all[i]);
    draws += values[i].outcome == Outcome::draw;
  }
  EXPECT_GT(draws, 0u);  // the cycles are exercised
}

// One-ply consistency of the stored values: each is what its moves' values make it.
void expect_consistent(const Solver& s, const Position& p) {
  const Value v = s.value(p);
  if (auto d = decided(p)) {
    EXPECT_EQ(v, *d) << to_string(p);
    return;
  }
  std::optional<int> best_win;
  bool all_wins = true;
  int longest = -1;
  for (const Move& m : moves(p)) {
    const Value c = s.value(m.after);
    if (c.outcome == Outcome::loss)
      best_win = std::min(best_win.value_or(1 << 20), *c.distance + 1);
    if (c.outcome == Outcome::win)
      longest = std::max(longest, *c.distance + 1);
    else
      all_wins = false;
  }
  const Value expected = best_win ? win(*best_win) : all_wins ? loss(longest) : Value{};
  EXPECT_EQ(v, expected) << to_string(p);
}

// One-ply consistency of every solved board with either side to move (by the colour swap, the
// mover's view covers both), from the masks: each value is what its moves' values make it, and a
// board with a line has its 0-ply value. Over a whole set closed under moves this proves every
// value exact: a claimed win or loss is one by induction on its distance, and a true win or loss
// misread as something else cannot be the shortest such (its moves' values would force it).
// Returns the boards that disagree (the first few kept in `first`).
std::uint64_t inconsistent(const Solver& s, std::vector<std::string>& first) {
  const Geometry& g = geometry(s.size());
  const int cells = s.size() * s.size();
  const Mask all = (Mask{1} << cells) - 1;
  std::uint64_t bad = 0;
  for (Mask filled = 0; filled <= all; ++filled) {
    if (cells - std::popcount(filled) > s.max_blanks()) continue;
    Mask mine = 0;
    do {
      const Mask theirs = filled & ~mine;
      const Value v = s.value_for_mover(mine, theirs);
      Value expected;
      if (g.has_line(mine)) {
        expected = win(0);
      } else if (g.has_line(theirs)) {
        expected = loss(0);
      } else {
        std::optional<int> best_win;
        bool all_wins = true;
        int longest = -1;
        for (const Push& push : g.pushes) {
          if (theirs & push.from_bit()) continue;
          Mask m = mine, t = theirs;
          g.apply(push, m, t);
          const Value c = s.value_for_mover(t, m);
          if (c.outcome == Outcome::loss)
            best_win = std::min(best_win.value_or(1 << 20), *c.distance + 1);
          if (c.outcome == Outcome::win)
            longest = std::max(longest, *c.distance + 1);
          else
            all_wins = false;
        }
        expected = best_win ? win(*best_win) : all_wins ? loss(longest) : Value{};
      }
      if (!(v == expected)) {
        ++bad;
        if (first.size() < 10) first.push_back(to_string(Position{s.size(), mine, theirs, 'X'}));
      }
      mine = (mine - filled) & filled;
    } while (mine != 0);
    if (filled == all) break;
  }
  return bad;
}

TEST(QuixoReference, OnePlyConsistency) {
  std::vector<std::string> first;
  EXPECT_EQ(inconsistent(solver3(), first), 0u) << (first.empty() ? "" : first[0]);
  EXPECT_EQ(inconsistent(solver4_few(), first), 0u) << (first.empty() ? "" : first[0]);
  // And through the Position interface, both sides to move, every 3x3 position.
  for (std::uint64_t n = 0; n < 19683; ++n)
    for (char side : {'X', 'O'}) expect_consistent(solver3(), board_number(3, n, side));
}

TEST(QuixoReference, SymmetriesAndColourSwap) {
  // The 8 symmetries are distinct maps.
  const Position asym = parse("XO./.../..O:X", 3);
  std::set<std::string> images;
  for (int k = 0; k < 8; ++k) images.insert(to_string(transform(asym, k)));
  EXPECT_EQ(images.size(), 8u);
  const Solver& s = solver3();
  for (std::uint64_t n = 0; n < 19683; ++n)
    for (char side : {'X', 'O'}) {
      const Position p = board_number(3, n, side);
      const Value v = s.value(p);
      for (int k = 1; k < 8; ++k)
        ASSERT_EQ(s.value(transform(p, k)), v) << to_string(p) << " " << k;
      ASSERT_EQ(s.value(swap_colours(p)), v) << to_string(p);
      ASSERT_EQ(s.result(swap_colours(p)).turns, s.result(p).turns);
    }
  const Solver& s4 = solver4_few();
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20000; ++i) {
    Position p = board_number(4, rng() % 43046721, rng() % 2 ? 'X' : 'O');
    while (p.blanks() > 3) p.set(int(rng() % 4), int(rng() % 4), rng() % 2 ? 'X' : 'O');
    const Value v = s4.value(p);
    for (int k = 1; k < 8; ++k) ASSERT_EQ(s4.value(transform(p, k)), v) << to_string(p) << " " << k;
    ASSERT_EQ(s4.value(swap_colours(p)), v) << to_string(p);
  }
}

TEST(QuixoReference, Empty3x3) {
  const Solver& s = solver3();
  EXPECT_EQ(s.value(start(3, 'X')), win(7));
  EXPECT_EQ(s.result(start(3, 'X')), (Result{"X", 7}));
  EXPECT_EQ(s.result(start(3, 'O')), (Result{"O", 7}));
  EXPECT_EQ(s.value(".........:X"), win(7));
  const auto st = s.stats();
  EXPECT_EQ(st.wins + st.losses + st.draws, 19683u);
  EXPECT_EQ(st.wins, 12748u);
  EXPECT_EQ(st.losses, 6935u);
  EXPECT_EQ(st.draws, 0u);
  EXPECT_EQ(st.longest_win, 7);
  EXPECT_EQ(st.longest_loss, 8);
}

TEST(QuixoReference, LookupByText) {
  const Solver& s = solver3();
  EXPECT_EQ(s.value(".XX/O.O/...:X"), win(1));
  EXPECT_THROW((void)s.value(".XX/O.O/..:X"), std::invalid_argument);
  EXPECT_THROW((void)solver4_few().value("..../..../..../....:X"), std::out_of_range);
  EXPECT_EQ(solver4_few().value("XXXX/OOO./XOXO/OXOX:O"), loss(0));
  EXPECT_EQ(solver4_few().result("XXXX/OOO./XOXO/OXOX:O"), (Result{"X", 0}));
}

// The whole 4x4 board: under a minute of one core, about 200 MB.
TEST(LongQuixoReference, Empty4x4) {
  const Solver s(4);
  const auto st = s.stats();
  EXPECT_EQ(st.wins + st.losses + st.draws, 43046721u);
  std::printf("4x4: X to move: %llu wins, %llu losses, %llu draws; longest win %d, loss %d\n",
              static_cast<unsigned long long>(st.wins), static_cast<unsigned long long>(st.losses),
              static_cast<unsigned long long>(st.draws), st.longest_win, st.longest_loss);
  const Value v = s.value(start(4));
  std::printf("4x4: the empty board: %s in %d\n",
              v.outcome == Outcome::win    ? "win"
              : v.outcome == Outcome::loss ? "loss"
                                           : "draw",
              v.distance.value_or(-1));
  EXPECT_EQ(v, win(21));
  EXPECT_EQ(s.result(start(4, 'O')), (Result{"O", 21}));
  // One-ply consistency of every position: this proves every value exact (see inconsistent()).
  std::vector<std::string> first;
  EXPECT_EQ(inconsistent(s, first), 0u) << (first.empty() ? "" : first[0]);
  // And through the Position interface on a sample, both sides to move.
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100000; ++i)
    expect_consistent(s, board_number(4, rng() % 43046721, rng() % 2 ? 'X' : 'O'));
}

}  // namespace
