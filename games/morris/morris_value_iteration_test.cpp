// The morris reference (morris_value_iteration.hpp) checked by what needs no generator: the
// boards against SPEC 6's description, the 16 symmetries, the rules on hand-made positions, the
// text and its refusals, and on small members every solved value against the one-ply
// equations, the symmetries and the exchange of colours. Each solved member prints its figures
// (positions, wins, draws, losses, longest win) for the record.
//
// The default run keeps to the members that solve in seconds; TBGEN_MORRIS_REFERENCE_ALL=1 also
// runs the large ones (six with 4 pieces, nine with 3 pieces and flying or lasker: up to about a
// minute and 2.5 GB each).
#include "morris_value_iteration.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tbgen::testing {
namespace {

MorrisSpec member(MorrisBoard b, int pieces, bool fly, bool lasker, char first = 'X') {
  MorrisSpec s;
  s.board = b;
  s.pieces = pieces;
  s.fly = fly;
  s.lasker = lasker;
  s.first = first;
  return s;
}

std::uint32_t mask(const MorrisGeometry& g, const std::vector<std::string>& names) {
  std::uint32_t m = 0;
  for (const auto& n : names) {
    const int p = g.find(n);
    EXPECT_GE(p, 0) << n;
    if (p >= 0) m |= std::uint32_t{1} << p;
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// Boards.

struct BoardFacts {
  MorrisBoard board;
  const char* points;  // SPEC's list, in its order
  std::size_t mills, pairs;
  std::vector<std::size_t> rank_sizes;  // from the top
  // Points by degree (number of neighbours): index = degree.
  std::vector<int> degrees;
};

// The figures SPEC's description implies: nine, 12 sides of 3 points (2 adjacent pairs each)
// and 4 joining lines of 3 (2 pairs each): 16 mills, 32 pairs; the 12 corners have 2
// neighbours, the 8 midpoints of the outer and inner squares 3, the 4 of the middle square 4.
// six: 8 sides (16 pairs) and 4 links: 8 mills, 20 pairs; corners 2, midpoints 3. twelve: nine
// and 4 diagonals of 3 (8 pairs): 20 mills, 40 pairs; the outer and inner corners gain one
// neighbour (3), the middle corners two (4).
std::vector<BoardFacts> board_facts() {
  return {
      {MorrisBoard::six,
       "a1 c1 e1 b2 c2 d2 a3 b3 d3 e3 b4 c4 d4 a5 c5 e5",
       8,
       20,
       {3, 3, 4, 3, 3},
       {0, 0, 8, 8}},
      {MorrisBoard::nine,
       "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7",
       16,
       32,
       {3, 3, 3, 6, 3, 3, 3},
       {0, 0, 12, 8, 4}},
      {MorrisBoard::twelve,
       "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7",
       20,
       40,
       {3, 3, 3, 6, 3, 3, 3},
       {0, 0, 0, 16, 8}},
  };
}

TEST(MorrisReferenceBoard, PointsMillsAndAdjacencyAsSpecDescribes) {
  for (const BoardFacts& f : board_facts()) {
    const MorrisGeometry g(f.board);
    SCOPED_TRACE(morris_board_name(f.board));
    std::string listed;
    for (int p = 0; p < g.points(); ++p) listed += (p ? " " : "") + g.name(p);
    EXPECT_EQ(listed, f.points);
    EXPECT_EQ(g.mills().size(), f.mills);
    EXPECT_EQ(g.adjacent().size(), f.pairs);
    EXPECT_EQ(std::set(g.adjacent().begin(), g.adjacent().end()).size(), f.pairs);
    EXPECT_EQ(std::set(g.mills().begin(), g.mills().end()).size(), f.mills);
    std::vector<std::size_t> rank_sizes;
    for (const auto& r : g.ranks()) rank_sizes.push_back(r.size());
    EXPECT_EQ(rank_sizes, f.rank_sizes);
    std::vector<int> degrees(5, 0);
    for (int p = 0; p < g.points(); ++p)
      ++degrees[static_cast<std::size_t>(std::popcount(g.neighbours(p)))];
    degrees.resize(f.degrees.size());
    EXPECT_EQ(degrees, f.degrees);
    // The bit order is SPEC's: rank by rank from the bottom, each from the left.
    for (int p = 1; p < g.points(); ++p)
      EXPECT_LT(std::pair(g.rank(p - 1), g.file(p - 1)), std::pair(g.rank(p), g.file(p)));
    // Every mill is three points equally spaced on a straight line of the grid.
    for (const std::uint32_t m : g.mills()) {
      ASSERT_EQ(std::popcount(m), 3);
      std::vector<int> ps;
      for (int p = 0; p < g.points(); ++p)
        if (m >> p & 1) ps.push_back(p);
      const int dx1 = g.file(ps[1]) - g.file(ps[0]), dy1 = g.rank(ps[1]) - g.rank(ps[0]);
      const int dx2 = g.file(ps[2]) - g.file(ps[1]), dy2 = g.rank(ps[2]) - g.rank(ps[1]);
      EXPECT_EQ(dx1, dx2);
      EXPECT_EQ(dy1, dy2);
      if (f.board != MorrisBoard::twelve) {
        EXPECT_TRUE(dx1 == 0 || dy1 == 0);
      }
      // Its two consecutive pairs are adjacent.
      EXPECT_TRUE(g.neighbours(ps[0]) >> ps[1] & 1);
      EXPECT_TRUE(g.neighbours(ps[1]) >> ps[2] & 1);
    }
    // Adjacency is symmetric and every pair lies on a line of the grid with no point between.
    for (const auto& [a, b] : g.adjacent()) {
      EXPECT_TRUE(g.neighbours(a) >> b & 1);
      EXPECT_TRUE(g.neighbours(b) >> a & 1);
      const int dx = g.file(b) - g.file(a), dy = g.rank(b) - g.rank(a);
      const int steps = std::max(std::abs(dx), std::abs(dy));
      ASSERT_TRUE(dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy));
      for (int k = 1; k < steps; ++k)
        EXPECT_LT(g.at(g.file(a) + dx / steps * k, g.rank(a) + dy / steps * k), 0)
            << g.name(a) << "-" << g.name(b);
    }
  }
}

TEST(MorrisReferenceBoard, NamedAdjacenciesAndMills) {
  const MorrisGeometry six(MorrisBoard::six), nine(MorrisBoard::nine), twelve(MorrisBoard::twelve);
  auto neighbours = [](const MorrisGeometry& g, const char* p) { return g.neighbours(g.find(p)); };
  EXPECT_EQ(neighbours(nine, "d2"), mask(nine, {"d1", "d3", "b2", "f2"}));
  EXPECT_EQ(neighbours(nine, "a1"), mask(nine, {"d1", "a4"}));
  EXPECT_EQ(neighbours(nine, "a4"), mask(nine, {"a1", "a7", "b4"}));
  EXPECT_EQ(neighbours(nine, "c3"), mask(nine, {"d3", "c4"}));
  EXPECT_EQ(neighbours(twelve, "a1"), mask(twelve, {"d1", "a4", "b2"}));
  EXPECT_EQ(neighbours(twelve, "b2"), mask(twelve, {"a1", "c3", "d2", "b4"}));
  EXPECT_EQ(neighbours(twelve, "e5"), mask(twelve, {"d5", "e4", "f6"}));
  EXPECT_EQ(neighbours(six, "c1"), mask(six, {"a1", "e1", "c2"}));
  EXPECT_EQ(neighbours(six, "b3"), mask(six, {"b2", "b4", "a3"}));
  EXPECT_EQ(neighbours(six, "a1"), mask(six, {"c1", "a3"}));
  auto has_mill = [](const MorrisGeometry& g, std::vector<std::string> ps) {
    const std::uint32_t m = mask(g, ps);
    return std::find(g.mills().begin(), g.mills().end(), m) != g.mills().end();
  };
  for (const auto& ps : std::vector<std::vector<std::string>>{{"a4", "b4", "c4"},
                                                              {"e4", "f4", "g4"},
                                                              {"d1", "d2", "d3"},
                                                              {"d5", "d6", "d7"},
                                                              {"a1", "d1", "g1"},
                                                              {"c3", "c4", "c5"},
                                                              {"b6", "d6", "f6"}}) {
    EXPECT_TRUE(has_mill(nine, ps));
    EXPECT_TRUE(has_mill(twelve, ps));
  }
  EXPECT_FALSE(has_mill(nine, {"a1", "b2", "c3"}));
  for (const auto& ps : std::vector<std::vector<std::string>>{
           {"a1", "b2", "c3"}, {"g1", "f2", "e3"}, {"a7", "b6", "c5"}, {"g7", "f6", "e5"}})
    EXPECT_TRUE(has_mill(twelve, ps));
  // six: the links are adjacencies but no mills; the sides are the mills.
  EXPECT_FALSE(has_mill(six, {"c1", "c2", "c4"}));
  EXPECT_TRUE(has_mill(six, {"a1", "c1", "e1"}));
  EXPECT_TRUE(has_mill(six, {"b2", "b3", "b4"}));
  EXPECT_TRUE(has_mill(six, {"d2", "d3", "d4"}));
  for (const std::uint32_t m : six.mills())
    for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
             {"c1", "c2"}, {"a3", "b3"}, {"d3", "e3"}, {"c4", "c5"}})
      EXPECT_FALSE((m >> six.find(a) & 1) && (m >> six.find(b) & 1));
}

TEST(MorrisReferenceBoard, SixteenSymmetriesKeepMillsAndAdjacency) {
  for (const MorrisBoard b : {MorrisBoard::six, MorrisBoard::nine, MorrisBoard::twelve}) {
    const MorrisGeometry g(b);
    SCOPED_TRACE(morris_board_name(b));
    const auto& syms = g.symmetries();
    ASSERT_EQ(syms.size(), 16u);
    std::vector<int> identity(static_cast<std::size_t>(g.points()));
    for (int p = 0; p < g.points(); ++p) identity[static_cast<std::size_t>(p)] = p;
    EXPECT_EQ(syms[0], identity);
    EXPECT_EQ(std::set(syms.begin(), syms.end()).size(), 16u);
    const std::set<std::uint32_t> mills(g.mills().begin(), g.mills().end());
    const std::set<std::pair<int, int>> pairs(g.adjacent().begin(), g.adjacent().end());
    for (const auto& perm : syms) {
      std::vector<int> sorted = perm;
      std::sort(sorted.begin(), sorted.end());
      ASSERT_EQ(sorted, identity);  // a permutation of the points
      std::set<std::uint32_t> image;
      for (const std::uint32_t m : g.mills()) image.insert(MorrisGeometry::map(perm, m));
      EXPECT_EQ(image, mills);
      std::set<std::pair<int, int>> pair_image;
      for (const auto& [a, c] : g.adjacent()) {
        const int x = perm[static_cast<std::size_t>(a)], y = perm[static_cast<std::size_t>(c)];
        pair_image.insert({std::min(x, y), std::max(x, y)});
      }
      EXPECT_EQ(pair_image, pairs);
      // A group: the composition with every symmetry is one of them.
      for (const auto& other : syms) {
        std::vector<int> composed(perm.size());
        for (std::size_t p = 0; p < perm.size(); ++p)
          composed[p] = other[static_cast<std::size_t>(perm[p])];
        EXPECT_TRUE(std::find(syms.begin(), syms.end(), composed) != syms.end());
      }
    }
    // The ring swap exchanges the outer and inner squares: a1 <-> the inner corner.
    const char* inner = b == MorrisBoard::six ? "b2" : "c3";
    bool swaps = false;
    for (const auto& perm : syms) swaps = swaps || perm[0] == g.find(inner);
    EXPECT_TRUE(swaps);
  }
}

// ---------------------------------------------------------------------------------------------
// Rules on hand-made positions.

std::vector<std::string> move_texts(const MorrisRules& r, const MorrisPosition& p) {
  std::vector<std::string> out;
  for (const MorrisMove& m : r.moves(p)) out.push_back(r.move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

MorrisPosition parsed(const MorrisRules& r, const std::string& text) {
  const auto got = r.parse(text);
  EXPECT_TRUE(got.position) << text << ": " << got.error;
  return got.position.value_or(MorrisPosition{});
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(MorrisReferenceRules, StartOfNineMensMorris) {
  const MorrisRules r(MorrisSpec{});
  EXPECT_EQ(r.name(), "morris(board=nine,pieces=9,fly=1,lasker=0,first=X)");
  const MorrisPosition start = parsed(r, ".../.../.../....../.../.../...:X:9:9");
  EXPECT_EQ(start, (MorrisPosition{0, 0, 'X', 9, 9}));
  EXPECT_EQ(r.text(start), ".../.../.../....../.../.../...:X:9:9");
  const auto ms = r.moves(start);
  ASSERT_EQ(ms.size(), 24u);
  for (const MorrisMove& m : ms) {
    EXPECT_EQ(m.from, -1);
    EXPECT_EQ(m.removed, -1);
    EXPECT_EQ(m.next.to_move, 'O');
    EXPECT_EQ(m.next.x_hand, 8);
    EXPECT_EQ(m.next.o_hand, 9);
  }
  const auto named = r.move_list(start);
  ASSERT_EQ(named.size(), 24u);
  EXPECT_EQ(named[0].first, "a1");
  EXPECT_EQ(r.text(named[0].second), ".../.../.../....../.../.../X..:O:8:9");
  EXPECT_EQ(named[23].first, "g7");
  EXPECT_EQ(r.text(named[23].second), "..X/.../.../....../.../.../...:O:8:9");
  EXPECT_EQ(MorrisRules(member(MorrisBoard::nine, 0, true, true)).pieces(), 10);
  EXPECT_EQ(MorrisRules(member(MorrisBoard::six, 0, true, false)).pieces(), 6);
  EXPECT_EQ(MorrisRules(member(MorrisBoard::twelve, 0, true, false)).pieces(), 12);
}

TEST(MorrisReferenceRules, MillsRemoveOneMarkInNoMill) {
  const MorrisRules r(MorrisSpec{});
  // The text's ranks go from the top: rank 7 a7 d7 g7, rank 6 b6 d6 f6, ..., rank 1 a1 d1 g1.
  // X: a1 d1; O: a7 d7 g7 (a mill) and b6. Placing g1 closes a1-d1-g1 and removes b6, the one O
  // mark in no mill: 18 empty points, 18 moves.
  auto moves = move_texts(r, parsed(r, "OOO/O../.../....../.../.../XX.:X:5:5"));
  EXPECT_EQ(moves.size(), 18u);
  EXPECT_TRUE(contains(moves, "g1xb6"));
  EXPECT_FALSE(contains(moves, "g1"));
  EXPECT_FALSE(contains(moves, "g1xa7"));
  // All O marks in mills: any may go.
  moves = move_texts(r, parsed(r, "OOO/.../.../....../.../.../XX.:X:6:6"));
  EXPECT_EQ(moves.size(), 21u);  // 19 empty points: 18 placements, and g1 with three removals
  for (const char* m : {"g1xa7", "g1xd7", "g1xg7"}) EXPECT_TRUE(contains(moves, m));
  // No O mark on the board: the mill removes nothing.
  moves = move_texts(r, parsed(r, ".../.../.../....../.../.../XX.:X:7:7"));
  EXPECT_EQ(moves.size(), 22u);
  EXPECT_TRUE(contains(moves, "g1"));
  // Two mills at once (a1-d1-g1 and a1-a4-a7) still remove one mark: one move per O mark
  // (d6, g4).
  moves = move_texts(r, parsed(r, "X../.O./.../X....O/.../.../.XX:X:5:5"));
  EXPECT_TRUE(contains(moves, "a1xd6"));
  EXPECT_TRUE(contains(moves, "a1xg4"));
  EXPECT_EQ(std::count_if(moves.begin(), moves.end(),
                          [](const std::string& m) { return m.rfind("a1", 0) == 0; }),
            2);
  for (const MorrisMove& m : r.moves(parsed(r, "X../.O./.../X....O/.../.../.XX:X:5:5")))
    if (r.move_text(m) == "a1xd6") {
      EXPECT_EQ(r.text(m.next), "X../.../.../X....O/.../.../XXX:O:4:5");
    }
}

TEST(MorrisReferenceRules, MovementFlyingAndLasker) {
  // Movement: X at a1 g1 d2, O at a7 d7 g7 b6, hands empty. X moves a mark to an adjacent
  // empty point; d2-d1 closes a1-d1-g1 and removes b6 (a1-d1 and g1-d1 close nothing).
  const MorrisRules nofly(member(MorrisBoard::nine, 9, false, false));
  const MorrisRules fly(member(MorrisBoard::nine, 9, true, false));
  const std::string text = "OOO/O../.../....../.../.X./X.X:X";
  auto moves = move_texts(nofly, parsed(nofly, text));
  EXPECT_EQ(moves, (std::vector<std::string>{"a1-a4", "a1-d1", "d2-b2", "d2-d1xb6", "d2-d3",
                                             "d2-f2", "g1-d1", "g1-g4"}));
  // With fly=1 and exactly three marks, X flies to any of the 17 empty points.
  moves = move_texts(fly, parsed(fly, text));
  EXPECT_EQ(moves.size(), 3u * 17u);
  EXPECT_TRUE(contains(moves, "a1-e5"));
  EXPECT_TRUE(contains(moves, "d2-d1xb6"));
  // Four marks do not fly.
  moves = move_texts(fly, parsed(fly, "OOO/O../.../....../.../.X./X.X:O"));
  EXPECT_FALSE(contains(moves, "b6-e5"));
  EXPECT_EQ(moves, (std::vector<std::string>{"a7-a4", "b6-b4", "b6-d6", "d7-d6", "g7-g4"}));
  // Lasker: with marks in hand, a placement (17, d1 closing the mill) or a step (the 8 above);
  // no flying while marks are in hand.
  const MorrisRules lasker(member(MorrisBoard::nine, 10, true, true));
  moves = move_texts(lasker, parsed(lasker, "OOO/O../.../....../.../.X./X.X:X:2:0"));
  EXPECT_EQ(moves.size(), 17u + 8u);
  EXPECT_TRUE(contains(moves, "d2-d1xb6"));
  EXPECT_TRUE(contains(moves, "d1xb6"));
  EXPECT_FALSE(contains(moves, "a1-e5"));
  // lasker=0: the same position with a hand only places.
  moves = move_texts(fly, parsed(fly, "OOO/O../.../....../.../.X./X.X:X:2:2"));
  EXPECT_EQ(moves.size(), 17u);
}

TEST(MorrisReferenceRules, DecidedPositions) {
  const MorrisRules r(member(MorrisBoard::six, 3, false, false));
  // X to move with two marks: lost in 0; O with two marks while X is to move: X has won.
  EXPECT_EQ(r.decided(parsed(r, "XX./.../..../OOO/...:X")), (MorrisValue{MorrisOutcome::loss, 0}));
  EXPECT_EQ(r.decided(parsed(r, "XXX/.../..../OO./...:X")), (MorrisValue{MorrisOutcome::win, 0}));
  EXPECT_EQ(r.decided(parsed(r, "XXX/.../..../OO./...:O")), (MorrisValue{MorrisOutcome::loss, 0}));
  // O at a1 c1 e1 (three marks, no flying) with X on a3 c2 e3: every O step is blocked.
  const MorrisPosition blocked = parsed(r, ".../.../X..X/.X./OOO:O");
  EXPECT_TRUE(r.moves(blocked).empty());
  EXPECT_EQ(r.decided(blocked), (MorrisValue{MorrisOutcome::loss, 0}));
  EXPECT_FALSE(r.decided(parsed(r, ".../.../X..X/.X./OOO:X")));
  // With flying the same O is not blocked.
  const MorrisRules fly(member(MorrisBoard::six, 3, true, false));
  EXPECT_FALSE(fly.decided(parsed(fly, ".../.../X..X/.X./OOO:O")));
  // The twelve board filled by the placement: the side to move has no move and has lost; with
  // lasker=1 (13 marks each) also a side that still holds a mark.
  const char* full = "XOX/OXO/XOX/OXOXOX/OXO/XOX/OXO";
  const MorrisRules twelve(member(MorrisBoard::twelve, 0, true, false));
  EXPECT_TRUE(twelve.moves(parsed(twelve, std::string(full) + ":X")).empty());
  EXPECT_EQ(twelve.decided(parsed(twelve, std::string(full) + ":X")),
            (MorrisValue{MorrisOutcome::loss, 0}));
  const MorrisRules twelve_lasker(member(MorrisBoard::twelve, 0, true, true));
  EXPECT_EQ(twelve_lasker.decided(parsed(twelve_lasker, std::string(full) + ":O:1:1")),
            (MorrisValue{MorrisOutcome::loss, 0}));
}

// ---------------------------------------------------------------------------------------------
// Text and refusals.

TEST(MorrisReferenceText, Refusals) {
  struct Case {
    MorrisSpec spec;
    const char* text;
    const char* why;  // a part of the reason; "" when answered
  };
  const MorrisSpec nine{}, lasker = member(MorrisBoard::nine, 0, true, true),
                           three = member(MorrisBoard::nine, 3, true, false),
                           six = member(MorrisBoard::six, 0, true, false),
                           o_first = member(MorrisBoard::nine, 0, true, false, 'O');
  const std::vector<Case> cases = {
      {nine, ".../.../.../....../.../.../...:X:9:9", ""},
      {nine, ".../.../.../....../.../.../...:O:8:9", ""},
      {nine, ".../.../.../....../.../.../...:X:8:9", "alternate"},
      {nine, ".../.../.../....../.../.../...:O:9:9", "alternate"},
      {nine, ".../.../.../....../.../.../...:O:9:8", "alternate"},
      {nine, "XXX/.../.../....../.../OOO/...:O:0:1", ""},
      {nine, "XXX/.../.../....../.../OOO/...:X:0:1", "alternate"},
      {nine, "XXX/.../.../....../.../OOO/...:X:1:0", "alternate"},
      {nine, "XXX/.../.../....../.../OOO/...:X", ""},
      {nine, "XXX/.../.../....../.../OOO/...:O", ""},
      {nine, "XXX/.../.../....../.../OOO/...:O:0:0", ""},
      {lasker, ".../.../.../....../.../.../...:X:8:9", ""},
      {lasker, "XXX/.../.../....../.../OOO/...:X:1:0", ""},
      {lasker, ".../.../.../....../.../.../...:X:10:10", ""},
      {lasker, ".../.../.../....../.../.../...:X:11:10", "more X marks"},
      {o_first, ".../.../.../....../.../.../...:O:9:9", ""},
      {o_first, ".../.../.../....../.../.../...:X:9:8", ""},
      {o_first, ".../.../.../....../.../.../...:X:9:9", "alternate"},
      {nine, ".../.../.../....../.../.../...:X:10:10", "more X marks"},
      {nine, "XXX/XXX/XXX/X...../.../.../...:X:0:0", "more X marks"},
      {nine, "XXX/XXX/XXX/....../.../.../...:X:1:1", "more X marks"},
      {three, "XXX/.../.../....../.../.../OO.:O:1:1", "more X marks"},
      {three, "XX./.../.../....../.../.../OO.:X", "both sides below three"},
      {three, "XX./.../.../....../.../.../OO.:X:0:0", "both sides below three"},
      {three, "XX./.../.../....../.../.../OO.:X:1:1", ""},
      {three, "XX./.../.../....../.../.../OOO:X", ""},
      {nine, ".../.../.../...../.../.../...:X:9:9", "wrong number of points"},
      {nine, ".../.../.../......./.../.../...:X:9:9", "wrong number of points"},
      {nine, ".../.../....../.../.../...:X:9:9", "wrong number of points"},
      {nine, ".../.../.../....../.../.../.../...:X:9:9", "wrong number of points"},
      {nine, "........................:X:9:9", ""},
      {nine, ".......................:X:9:9", "wrong number of points"},
      {six, ".../.../..../.../...:X:6:6", ""},
      {six, ".../.../.../.../...:X:6:6", "wrong number of points"},
      {six, ".../.../.../....../.../.../...:X:6:6", "wrong number of points"},
      {nine, ".../.../.../....../.../.../...", "side to move"},
      {nine, ".../.../.../....../.../.../...:Y", "side to move"},
      {nine, ".../.../.../....../.../.../...:X:9", "side to move"},
      {nine, ".../.../.../....../.../.../...:X:a:9", "not a number"},
      {nine, ".../.../.../....../.../.../..Z:X:9:9", "is not"},
  };
  for (const Case& c : cases) {
    const MorrisRules r(c.spec);
    const auto got = r.parse(c.text);
    SCOPED_TRACE(r.name() + " " + c.text);
    if (*c.why == 0) {
      EXPECT_TRUE(got.position) << got.error;
    } else {
      EXPECT_FALSE(got.position);
      EXPECT_NE(got.error.find(c.why), std::string::npos) << got.error;
      EXPECT_EQ(got.error.find('\n'), std::string::npos);  // one line
    }
  }
}

// Random positions of every board, valid or not: a valid one prints and parses back to itself,
// an invalid one's text is refused for the same reason.
TEST(MorrisReferenceText, RandomRoundTrip) {
  std::mt19937_64 rng(20240611);
  int valid = 0, refused = 0;
  for (const MorrisBoard b : {MorrisBoard::six, MorrisBoard::nine, MorrisBoard::twelve})
    for (const bool lasker : {false, true})
      for (const char first : {'X', 'O'}) {
        const MorrisRules r(member(b, 0, true, lasker, first));
        const int n = r.geometry().points();
        for (int i = 0; i < 3000; ++i) {
          MorrisPosition p;
          for (int q = 0; q < n; ++q) {
            const auto v = rng() % 4;  // half the points empty
            if (v == 1) p.x |= std::uint32_t{1} << q;
            if (v == 2) p.o |= std::uint32_t{1} << q;
          }
          p.to_move = rng() % 2 ? 'X' : 'O';
          p.x_hand = static_cast<int>(rng() % 7);
          p.o_hand =
              rng() % 2 ? p.x_hand - static_cast<int>(rng() % 2) : static_cast<int>(rng() % 7);
          if (p.o_hand < 0) p.o_hand = 0;
          if (rng() % 3 == 0) p.x_hand = p.o_hand = 0;
          const std::string why = r.refusal(p);
          const std::string text = r.text(p);
          const auto got = r.parse(text);
          if (why.empty()) {
            ++valid;
            ASSERT_TRUE(got.position) << text << ": " << got.error;
            EXPECT_EQ(*got.position, p) << text;
            EXPECT_EQ(r.text(*got.position), text);
            if (p.x_hand == 0 && p.o_hand == 0) {
              EXPECT_EQ(text.find(":0"), std::string::npos);
              EXPECT_EQ(r.parse(text + ":0:0").position, p);
            }
          } else {
            ++refused;
            EXPECT_FALSE(got.position) << text;
            EXPECT_EQ(got.error, why);
          }
        }
      }
  EXPECT_GT(valid, 1000);
  EXPECT_GT(refused, 1000);
}

// ---------------------------------------------------------------------------------------------
// Solved members.

// The number of positions SPEC answers, counted by formula rather than enumerated: boards with
// xb X and ob O marks, C(n, xb) C(n - xb, ob) of them, times the hands and sides that fit.
std::uint64_t expected_positions(const MorrisRules& r) {
  const int n = r.geometry().points(), P = r.pieces();
  const bool lasker = r.spec().lasker;
  const char first = r.spec().first;
  auto choose = [](int a, int b) {
    std::uint64_t c = 1;
    for (int i = 1; i <= b; ++i) c = c * static_cast<std::uint64_t>(a - b + i) / i;
    return c;
  };
  std::uint64_t total = 0;
  for (int xb = 0; xb <= P; ++xb)
    for (int ob = 0; ob <= P && xb + ob <= n; ++ob) {
      std::uint64_t fits = 0;
      for (int xh = 0; xb + xh <= P; ++xh)
        for (int oh = 0; ob + oh <= P; ++oh)
          for (const char side : {'X', 'O'}) {
            if (xb + xh < 3 && ob + oh < 3) continue;
            if (!lasker && xh + oh > 0) {
              const int f = first == 'X' ? xh : oh, s = first == 'X' ? oh : xh;
              if (side == first ? f != s : f != s - 1) continue;
            }
            ++fits;
          }
      total += choose(n, xb) * choose(n - xb, ob) * fits;
    }
  return total;
}

MorrisPosition swap_colours(const MorrisPosition& p) {
  return {p.o, p.x, p.to_move == 'X' ? 'O' : 'X', p.o_hand, p.x_hand};
}

bool run_all() {
  const char* all = std::getenv("TBGEN_MORRIS_REFERENCE_ALL");
  return all && *all && std::string(all) != "0";
}

// Build, verify, check the symmetries (every position, or a sample of `sample` when nonzero),
// the text of every position, the count; print the figures.
void check_member(const MorrisSpec& spec, std::size_t sample, bool fresh_moves) {
  const auto t0 = std::chrono::steady_clock::now();
  const MorrisValueIteration v(spec);
  const auto t1 = std::chrono::steady_clock::now();
  const MorrisRules& r = v.rules();
  SCOPED_TRACE(v.name());
  EXPECT_EQ(v.size(), expected_positions(r));
  EXPECT_EQ(v.verify(fresh_moves), "");

  std::size_t wins = 0, draws = 0, losses = 0, count = 0;
  int longest = -1;
  MorrisPosition longest_at;
  for (auto it = v.positions().begin(); it != v.positions().end(); ++it, ++count) {
    const MorrisValue val = v.value(it.index());
    if (val.outcome == MorrisOutcome::win) {
      ++wins;
      if (val.turns > longest) {
        longest = val.turns;
        longest_at = *it;
      }
    } else if (val.outcome == MorrisOutcome::loss) {
      ++losses;
    } else {
      ++draws;
    }
  }
  EXPECT_EQ(count, v.size());

  // The symmetries of the board, and the text, on every position (or a random sample).
  const auto& syms = r.geometry().symmetries();
  std::mt19937_64 rng(7);
  const std::size_t checks = sample ? sample : v.size();
  for (std::size_t k = 0; k < checks; ++k) {
    const std::size_t i = sample ? rng() % v.size() : k;
    const MorrisPosition p = v.position(i);
    const MorrisValue val = v.value(i);
    ASSERT_EQ(v.find(p), i);
    ASSERT_EQ(v.value(p.x, p.o, p.to_move, p.x_hand, p.o_hand), val);
    for (const auto& perm : syms) {
      MorrisPosition q = p;
      q.x = MorrisGeometry::map(perm, p.x);
      q.o = MorrisGeometry::map(perm, p.o);
      ASSERT_EQ(v.value(q), val) << r.text(p) << " and its image " << r.text(q);
    }
    const auto back = r.parse(r.text(p));
    ASSERT_TRUE(back.position) << r.text(p) << ": " << back.error;
    ASSERT_EQ(*back.position, p);
  }

  // Values for the record: the start (empty board, full hands, the first player to move).
  const MorrisPosition start{0, 0, spec.first, r.pieces(), r.pieces()};
  const auto start_value = v.value(start);
  ASSERT_TRUE(start_value);
  const auto t2 = std::chrono::steady_clock::now();
  std::printf(
      "%s: %zu positions, %zu wins, %zu draws, %zu losses (side to move); longest win %d turns "
      "(%s, %s); start %s; %d rounds; solved in %.1f s, checked in %.1f s\n",
      v.name().c_str(), v.size(), wins, draws, losses, longest, r.text(longest_at).c_str(),
      MorrisValueIteration::result_text(longest_at, *v.value(longest_at)).c_str(),
      MorrisValueIteration::result_text(start, *start_value).c_str(), v.rounds(),
      std::chrono::duration<double>(t1 - t0).count(),
      std::chrono::duration<double>(t2 - t1).count());
  std::fflush(stdout);
}

TEST(MorrisReferenceSolve, SixThreePieces) {
  for (const bool fly : {false, true})
    for (const bool lasker : {false, true})
      check_member(member(MorrisBoard::six, 3, fly, lasker), 0, true);
}

// Exchanging the colours and `first` maps a member's positions onto the other's, values kept.
TEST(MorrisReferenceSolve, SixThreePiecesFirstO) {
  const MorrisValueIteration x(member(MorrisBoard::six, 3, true, false, 'X'));
  const MorrisValueIteration o(member(MorrisBoard::six, 3, true, false, 'O'));
  ASSERT_EQ(x.size(), o.size());
  EXPECT_EQ(o.verify(), "");
  for (std::size_t i = 0; i < x.size(); ++i) {
    const MorrisPosition p = x.position(i);
    ASSERT_EQ(o.value(swap_colours(p)), x.value(i)) << x.rules().text(p);
  }
}

// Small facts of the solved members that follow from the rules by hand.
TEST(MorrisReferenceSolve, HandCheckedValues) {
  const MorrisValueIteration v(member(MorrisBoard::six, 3, false, false));
  const MorrisRules& r = v.rules();
  auto value = [&](const char* text) { return v.value(parsed(r, text)); };
  // X places e1, closes a1-c1-e1 and removes an O mark: O is left with two: X wins in 1.
  EXPECT_EQ(value("O.O/.../..../.../XX.:X:1:1"), (MorrisValue{MorrisOutcome::win, 1}));
  // O to move with two marks has lost; X to move with O at two has won, in 0 turns.
  EXPECT_EQ(value("XX./.../..../.../OOO:X"), (MorrisValue{MorrisOutcome::loss, 0}));
  EXPECT_EQ(value("XXX/.../..../.../OO.:X"), (MorrisValue{MorrisOutcome::win, 0}));
  // Blocked O (see DecidedPositions): lost in 0.
  EXPECT_EQ(value(".../.../X..X/.X./OOO:O"), (MorrisValue{MorrisOutcome::loss, 0}));
  // Both below three: refused, so no value.
  EXPECT_FALSE(v.value(0b11, 0b1100, 'X', 0, 0));
  // Best play from every 97th decisive position: the winner takes a child lost in one turn
  // fewer, the loser its slowest child won in one turn fewer; after exactly `turns` turns the
  // play reaches a position the rules call decided, and the loser's at that.
  for (std::size_t i = 0; i < v.size(); i += 97) {
    const MorrisValue val = v.value(i);
    if (val.outcome == MorrisOutcome::draw) continue;
    const char loser = val.outcome == MorrisOutcome::win ? MorrisRules::other(v.position(i).to_move)
                                                         : v.position(i).to_move;
    std::size_t at = i;
    for (int t = val.turns; t > 0; --t) {
      const MorrisValue here = v.value(at);
      ASSERT_EQ(here.turns, t);
      const MorrisOutcome want =
          here.outcome == MorrisOutcome::win ? MorrisOutcome::loss : MorrisOutcome::win;
      std::size_t next = v.size();
      for (const auto c : v.children(at))
        if (v.value(c) == MorrisValue{want, t - 1}) next = c;
      ASSERT_LT(next, v.size()) << r.text(v.position(at));
      at = next;
    }
    const auto end = r.decided(v.position(at));
    ASSERT_TRUE(end) << r.text(v.position(at));
    const char lost = end->outcome == MorrisOutcome::loss
                          ? v.position(at).to_move
                          : MorrisRules::other(v.position(at).to_move);
    EXPECT_EQ(lost, loser) << r.text(v.position(i));
  }
}

TEST(MorrisReferenceSolve, NineThreePiecesNoFlying) {
  check_member(member(MorrisBoard::nine, 3, false, false), 200000, false);
}

TEST(MorrisReferenceSolve, TwelveThreePiecesNoFlying) {
  check_member(member(MorrisBoard::twelve, 3, false, false), 200000, false);
}

TEST(MorrisReferenceSolve, LargeMembers) {
  if (!run_all()) GTEST_SKIP() << "set TBGEN_MORRIS_REFERENCE_ALL=1 to solve the large members";
  for (const bool fly : {false, true})
    for (const bool lasker : {false, true})
      check_member(member(MorrisBoard::six, 4, fly, lasker), 200000, false);
  check_member(member(MorrisBoard::nine, 3, true, false), 200000, false);
  check_member(member(MorrisBoard::nine, 3, false, true), 200000, false);
  check_member(member(MorrisBoard::nine, 3, true, true), 200000, false);
  check_member(member(MorrisBoard::twelve, 3, true, false), 200000, false);
}

}  // namespace
}  // namespace tbgen::testing
