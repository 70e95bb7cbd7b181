// The morris boards against SPEC 6's text (points in its order, adjacency, mills, the 16
// symmetries), and the rules on positions worked out by hand: placements, moves, flying,
// Lasker's choice, mills and what they may remove, and the positions SPEC refuses.
#include "family/morris/morris_game.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <set>
#include <sstream>

#include "core/game_string.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::morris {
namespace {

Rules rules(const std::string& game) {
  return rules_of(GameString(game));
}

std::vector<std::string> split(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

Points set(const Board& b, const std::string& names) {
  Points s = 0;
  for (const auto& n : split(names)) s |= Points{1} << b.point(n);
  return s;
}

std::set<std::string> texts(const Rules& r, const std::string& position) {
  std::set<std::string> out;
  for (const Move& m : moves(r, to_move(r, parse_position(r, position))))
    out.insert(move_text(*r.board, m));
  return out;
}

int adjacent_pairs(const Board& b) {
  int n = 0;
  for (Points p : b.neighbours) n += std::popcount(p);
  return n / 2;
}

TEST(MorrisBoard, PointsAdjacencyAndMillsAsSpecSays) {
  const Board& nine = board("nine");
  EXPECT_EQ(nine.names, split("a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 "
                              "d7 g7"));
  EXPECT_EQ(nine.mills.size(), 16u);
  EXPECT_EQ(adjacent_pairs(nine), 32);  // 8 sides' halves a square, and the 4 joins' 8 links
  for (const char* mill : {"a1 d1 g1", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "d1 d2 d3", "d5 d6 d7",
                           "b2 b4 b6", "g1 g4 g7"})
    EXPECT_NE(std::count(nine.mills.begin(), nine.mills.end(), set(nine, mill)), 0) << mill;
  EXPECT_EQ(nine.neighbours[nine.point("d2")], set(nine, "b2 f2 d1 d3"));
  EXPECT_EQ(nine.neighbours[nine.point("a1")], set(nine, "d1 a4"));

  const Board& six = board("six");
  EXPECT_EQ(six.names, split("a1 c1 e1 b2 c2 d2 a3 b3 d3 e3 b4 c4 d4 a5 c5 e5"));
  EXPECT_EQ(six.mills.size(), 8u);     // the sides of its two squares
  EXPECT_EQ(adjacent_pairs(six), 20);  // 8 a square and the links c1-c2, a3-b3, d3-e3, c4-c5
  EXPECT_EQ(six.neighbours[six.point("c1")], set(six, "a1 e1 c2"));
  EXPECT_EQ(six.neighbours[six.point("b3")], set(six, "b2 b4 a3"));

  const Board& twelve = board("twelve");
  EXPECT_EQ(twelve.names, nine.names);
  EXPECT_EQ(twelve.mills.size(), 20u);
  EXPECT_EQ(adjacent_pairs(twelve), 40);
  EXPECT_NE(std::count(twelve.mills.begin(), twelve.mills.end(), set(twelve, "g7 f6 e5")), 0);
  EXPECT_EQ(twelve.neighbours[twelve.point("b2")], set(twelve, "a1 c3 d2 b4"));
}

TEST(MorrisBoard, SixteenSymmetriesKeepMillsAndAdjacency) {
  for (const char* name : {"six", "nine", "twelve"}) {
    const Board& b = board(name);
    ASSERT_EQ(b.symmetries.size(), 16u) << name;
    std::set<std::vector<int>> distinct;
    for (int g = 0; g < 16; ++g) {
      std::vector<int> image;
      for (int p = 0; p < b.points; ++p) image.push_back(b.symmetries[g][p]);
      if (g == 0) {
        for (int p = 0; p < b.points; ++p) EXPECT_EQ(image[p], p) << "identity first";
      }
      distinct.insert(image);
      std::set<Points> mills(b.mills.begin(), b.mills.end());
      for (Points m : b.mills) EXPECT_TRUE(mills.count(b.map(m, g))) << name << " " << g;
      for (int p = 0; p < b.points; ++p)
        EXPECT_EQ(b.map(b.neighbours[p], g), b.neighbours[b.symmetries[g][p]]) << name;
    }
    EXPECT_EQ(distinct.size(), 16u) << name;
  }
}

TEST(MorrisRules, GameStringKeysAndDefaults) {
  EXPECT_EQ(rules("morris").canonical, "morris(board=nine,pieces=9,fly=1,lasker=0,first=X)");
  EXPECT_EQ(rules("morris(lasker=1)").pieces, 10);
  EXPECT_EQ(rules("morris(board=six)").canonical,
            "morris(board=six,pieces=6,fly=1,lasker=0,first=X)");
  EXPECT_EQ(rules("morris(board=twelve,first=O,fly=0)").canonical,
            "morris(board=twelve,pieces=12,fly=0,lasker=0,first=O)");
  EXPECT_THROW(rules("morris(board=seven)"), tbreader::GameError);
  EXPECT_THROW(rules("morris(pieces=2)"), tbreader::GameError);
  EXPECT_THROW(rules("morris(size=3)"), tbreader::GameError);
}

TEST(MorrisRules, PlacementsMovesAndFlying) {
  const Rules nine = rules("morris");
  const std::string start = ".../.../.../....../.../.../...:X:9:9";
  EXPECT_EQ(position_text(nine, parse_position(nine, start)), start);
  EXPECT_EQ(texts(nine, start).size(), 24u);
  // The movement phase: a mark steps to an adjacent empty point (d2's d3 is O's, a4 is boxed
  // in by a1, a7 and b4).
  const std::string moving = "X../.../..O/XX..../.O./.X./O.O:X";
  EXPECT_EQ(texts(nine, moving),
            (std::set<std::string>{"a7-d7", "b4-c4", "b4-b2", "b4-b6", "d2-b2", "d2-f2", "d2-d1"}));
  // Three marks and none in hand: X flies (fly=1), or only steps (fly=0).
  const std::string three = "X../.../.O./XX..../.../.../O.O:X:0:0";
  EXPECT_TRUE(texts(nine, three).count("a7-g4"));
  EXPECT_FALSE(texts(rules("morris(fly=0)"), three).count("a7-g4"));
  // Lasker: with marks in hand a mark on the board may step instead of placing.
  const Rules lasker = rules("morris(lasker=1)");
  const auto both = texts(lasker, "X../.../.../....../.../.../..O:X:9:9");
  EXPECT_TRUE(both.count("d1") && both.count("a7-d7") && both.count("a7-a4"));
  EXPECT_FALSE(texts(nine, "X../.../.../....../.../.../..O:X:8:8").count("a7-d7"));
}

TEST(MorrisRules, MillsRemoveAMarkOutOfMillsOrAnyWhenAllAreInMills) {
  const Rules nine = rules("morris");
  // X closes a1-d1-g1 by placing g1; O's a7, d7, g7 are a mill, d3 is not: only d3 may go.
  const auto got = texts(nine, "OOO/.../.../....../.O./.../XX.:X:4:4");
  EXPECT_TRUE(got.count("g1xd3"));
  EXPECT_FALSE(got.count("g1xa7")) << "a mark in a mill while another is free";
  EXPECT_FALSE(got.count("g1")) << "closing a mill removes a mark";
  // Every O mark in mills: any may go.
  const auto all = texts(nine, "OOO/.../.../....../.../.../XX.:X:6:6");
  EXPECT_TRUE(all.count("g1xa7") && all.count("g1xd7") && all.count("g1xg7"));
  // A mill against an empty board removes nothing.
  EXPECT_TRUE(texts(nine, ".../.../.../....../.../.../XX.:X:7:7").count("g1"));
  // e5 closes e1-e3-e5 and a5-c5-e5 at once: still one mark removed, one move for each.
  const Rules six = rules("morris(board=six)");
  std::set<std::string> at_e5;
  for (const auto& m : texts(six, "XX./O../...X/O.O/..X:X:1:1"))
    if (m.rfind("e5", 0) == 0) at_e5.insert(m);
  EXPECT_EQ(at_e5, (std::set<std::string>{"e5xb2", "e5xd2", "e5xb4"}));
}

TEST(MorrisRules, DecidedPositions) {
  const Rules stuck = rules("morris(fly=0)"), flying = rules("morris");
  // O has two marks and none in hand: lost for O, and nothing left to play.
  const auto o_short = to_move(stuck, parse_position(stuck, "XXX/.../.../X...../.../.../O.O:O"));
  EXPECT_TRUE(lost(stuck, o_short));
  EXPECT_TRUE(moves(stuck, o_short).empty());
  // X's three marks a1, d1, g1 boxed in by O's a4, d2, g4: lost for X to move, unless it flies.
  const std::string boxed = ".../.../.../O....O/.../.O./XXX:X";
  EXPECT_TRUE(moves(stuck, to_move(stuck, parse_position(stuck, boxed))).empty());
  EXPECT_TRUE(lost(stuck, to_move(stuck, parse_position(stuck, boxed))));
  EXPECT_FALSE(lost(flying, to_move(flying, parse_position(flying, boxed))));
  const std::string o_moves = ".../.../.../O....O/.../.O./XXX:O";
  EXPECT_FALSE(lost(stuck, to_move(stuck, parse_position(stuck, o_moves))));
}

TEST(MorrisRules, RefusesWhatSpecRefuses) {
  const Rules nine = rules("morris");
  const auto refused = [&](const std::string& text, const std::string& why) {
    try {
      (void)parse_position(nine, text);
      ADD_FAILURE() << "accepted " << text;
    } catch (const tbreader::InputError& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  };
  refused("XXX/XXX/XXX/X...../.../.../OOO:O:0:3", "more than 9");
  refused("X../.../.../....../.../.../O..:X", "fewer than three");
  refused(".../.../.../...../.../.../...:X:9:9", "rank 4 has 5 points");
  refused(".../.../.../......./.../.../...:X:9:9", "more than 6 points");
  refused(".../.../.../....../.../.../...:X:8:9", "alternate placing");
  refused(".../.../.../....../.../.../...:O:9:9", "alternate placing");
  refused(".../.../.../....../.../.../...:Z:9:9", "side to move");
  refused(".../.../.../....../.../.../...:X:9", "both hand counts");
  refused(".../.../.../....Q./.../.../...:X:9:9", "'Q'");
  // With lasker=1 any hand counts are a position, as with every other fitting count.
  const Rules lasker = rules("morris(lasker=1)");
  EXPECT_NO_THROW(parse_position(lasker, ".../.../.../....../.../.../...:X:8:10"));
}

}  // namespace
}  // namespace tbgen::morris
