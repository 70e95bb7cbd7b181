// Slide members against the independent value iteration (slide_value_iteration.hpp): on 3x3
// every valid position (board and side to move) through probe, its value, result, side to move
// and every move (name, value, result, outcome, best first), and every other board refused;
// on 4x4 random valid positions. Prints the empty board's value of each 3x3 member.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "games/slide/slide_value_iteration.hpp"
#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

using namespace tbgen::testing;
using Kind = SlideValueIteration::Kind;

std::string game_string(const SlideSpec& s) {
  const char* step = s.step == 'k' ? "king" : s.step == 'r' ? "rook" : "any";
  std::ostringstream g;
  g << "slide(cols=" << s.cols << ",rows=" << s.rows << ",k=" << s.k << ",pieces=" << s.pieces
    << ",step=" << step << ",square=" << (s.square ? 1 : 0) << ",first=" << s.first << ")";
  return g.str();
}

SlideSpec spec(int cols, int rows, int k, int pieces, char step, bool square = false,
               char first = 'X') {
  return {cols, rows, k, pieces, step, square, first};
}

std::string result_text(const std::optional<tbreader::Result>& r) {
  if (!r) return "(no result)";
  return (r->winner.empty() ? std::string("draw") : r->winner + " wins") +
         (r->turns ? " in " + std::to_string(*r->turns) : std::string());
}

const char* outcome_text(tbreader::Outcome o) {
  switch (o) {
    case tbreader::Outcome::win:
      return "win";
    case tbreader::Outcome::draw:
      return "draw";
    case tbreader::Outcome::loss:
      return "loss";
    default:
      return "unknown";
  }
}

// What a result of position q should be: the winner's letter ("" a draw) and the turns.
tbreader::Result expected_result(const SlideValueIteration& ref, std::size_t q) {
  const auto& v = ref.value(q);
  if (v.kind == Kind::draw) return {"", std::nullopt};
  return {ref.winner(q), v.turns};
}

// Best first for the mover: wins by fewest turns, then draws, then losses by most turns.
std::pair<int, int> rank(tbreader::Outcome o, const std::optional<tbreader::Result>& r) {
  const int turns = r && r->turns ? *r->turns : 0;
  if (o == tbreader::Outcome::win) return {0, turns};
  if (o == tbreader::Outcome::draw) return {1, 0};
  return {2, -turns};
}

// The board text of a position as the probe gets it: with its side to move.
std::string text_of(const SlideValueIteration& ref, std::size_t p) {
  return ref.text(ref.board(p), ref.mover(p), true);
}

// Probes position p and compares everything with the reference; "" or what differs.
std::string check_probe(const tbreader::Game& game, const SlideValueIteration& ref, std::size_t p) {
  const std::string board = text_of(ref, p);
  tbreader::Position got;
  try {
    got = game.probe(std::vector<std::string>{board});
  } catch (const std::exception& e) {
    return board + ": refused (" + e.what() + ")";
  }
  std::ostringstream why;
  const std::string mover(1, ref.mark(ref.mover(p)));
  const std::string to_move = ref.over(p) ? "none" : mover;
  if (got.to_move != to_move) why << " to_move " << got.to_move << " not " << to_move << ";";
  if (got.value.text != ref.value_text(p))
    why << " value " << got.value.text << " not " << ref.value_text(p) << ";";
  const auto want = expected_result(ref, p);
  if (!got.result || got.result->winner != want.winner || got.result->turns != want.turns)
    why << " result " << result_text(got.result) << " not " << result_text(want) << ";";

  // Moves as a multiset of (name, value, winner, turns, outcome).
  using Row = std::tuple<std::string, std::string, std::string, int, std::string>;
  std::vector<Row> have, should;
  for (const auto& m : got.moves) {
    const tbreader::Result r = m.result.value_or(tbreader::Result{"?", -1});
    have.emplace_back(m.name, m.value.text, r.winner, r.turns.value_or(-2),
                      outcome_text(m.outcome));
  }
  for (const auto& c : ref.children(p)) {
    const auto r = expected_result(ref, c.index);
    const std::string w = ref.winner(c.index);
    const char* outcome = w.empty() ? "draw" : w == mover ? "win" : "loss";
    should.emplace_back(ref.move_name(c), ref.value_text(c.index), r.winner, r.turns.value_or(-2),
                        outcome);
  }
  std::sort(have.begin(), have.end());
  std::sort(should.begin(), should.end());
  if (have != should) {
    why << " moves differ: tables";
    for (const auto& [n, v, w, t, o] : have) why << " " << n << "=" << v << "/" << t << "/" << o;
    why << "; reference";
    for (const auto& [n, v, w, t, o] : should) why << " " << n << "=" << v << "/" << t << "/" << o;
    why << ";";
  }
  for (std::size_t i = 1; i < got.moves.size(); ++i)
    if (rank(got.moves[i - 1].outcome, got.moves[i - 1].result) >
        rank(got.moves[i].outcome, got.moves[i].result)) {
      why << " moves not best first at " << got.moves[i].name << ";";
      break;
    }
  return why.str().empty() ? "" : board + ":" + why.str();
}

// Whether the text `board` + `side` ("", "X", "O") must be accepted: in the placement phase the
// side may be left out (the counts tell it) and must agree when given; in the movement phase
// it is required.
bool should_accept(const SlideValueIteration& ref, std::uint64_t b, char side) {
  if (side == 0) return ref.placement(b) && (ref.valid(b, 1) || ref.valid(b, 2));
  return ref.valid(b, side == ref.mark(1) ? 1 : 2);
}

struct Facts {
  std::size_t positions = 0, draws = 0, first_wins = 0, second_wins = 0;
};

// Every valid position of a small member through probe, its every board text accepted or
// refused as the reference says (of the texts to refuse, one in `sample`), and the batch values
// of every accepted text.
Facts check_every_position(const SlideSpec& s, unsigned sample = 1) {
  const std::string g = game_string(s);
  const tbreader::Game game(tablebase(g), g);
  SlideValueIteration ref(s);
  EXPECT_EQ(ref.verify(), "") << g;
  Facts facts;
  facts.positions = ref.size();
  int wrong = 0;
  for (std::size_t p = 0; p < ref.size(); ++p) {
    const std::string w = ref.winner(p);
    facts.draws += w.empty();
    facts.first_wins += w == std::string(1, ref.mark(1));
    facts.second_wins += w == std::string(1, ref.mark(2));
    const std::string why = check_probe(game, ref, p);
    if (!why.empty() && ++wrong <= 10) ADD_FAILURE() << g << " " << why;
  }
  EXPECT_EQ(wrong, 0) << g << ": positions that differ";

  // Every board of '.XO' with each side suffix: accepted exactly when valid.
  std::vector<std::string> accepted;
  std::vector<std::string> values;
  int mismatched = 0;
  std::mt19937 rng(11);
  for (std::uint64_t b = 0; b < ref.boards(); ++b)
    for (const char side : {'\0', 'X', 'O'}) {
      std::string text = ref.text(b, 1, false);
      if (side) text += std::string(":") + side;
      const bool expect = should_accept(ref, b, side);
      if (!expect && rng() % sample != 0) continue;
      bool ok = true;
      std::string message;
      try {
        (void)game.value(std::vector<std::string>{text});
      } catch (const tbreader::InputError& e) {
        ok = false;
        message = e.what();
      } catch (const std::exception& e) {
        ok = false;
        message = std::string("not an InputError: ") + e.what();
        ADD_FAILURE() << g << " " << text << ": " << message;
      }
      if (ok != expect && ++mismatched <= 10)
        ADD_FAILURE() << g << " " << text << ": " << (ok ? "accepted" : "refused (" + message + ")")
                      << " but the reference says " << (expect ? "valid" : "invalid");
      if (expect) {
        const int mover = side ? (side == ref.mark(1) ? 1 : 2) : ref.valid(b, 1) ? 1 : 2;
        accepted.push_back(text);
        values.push_back(ref.value_text(*ref.find(b, mover)));
      }
    }
  EXPECT_EQ(mismatched, 0) << g << ": boards accepted or refused wrongly";

  // The same values in one batch.
  const auto batch = game.values(accepted);
  EXPECT_EQ(batch.size(), accepted.size());
  int differ = 0;
  for (std::size_t i = 0; i < batch.size() && i < accepted.size(); ++i)
    if (batch[i].text != values[i] && ++differ <= 5)
      ADD_FAILURE() << g << " batch " << accepted[i] << ": " << batch[i].text << " not "
                    << values[i];

  // Facts: the empty board.
  const auto empty = game.probe(std::vector<std::string>{ref.text(0, 1, false)});
  std::cout << g << ": empty board " << empty.value.text << ", result " << result_text(empty.result)
            << " (reference " << ref.value_text(*ref.find(0, 1)) << ", "
            << result_text(expected_result(ref, *ref.find(0, 1))) << "); valid positions "
            << facts.positions << ", draws " << facts.draws << ", first player wins "
            << facts.first_wins << ", second player wins " << facts.second_wins
            << "; iteration rounds " << ref.rounds() << "\n";
  return facts;
}

TEST(SlideAgainstValueIteration, EveryPositionOf3x3King) {
  const auto f = check_every_position(spec(3, 3, 3, 3, 'k'));
  EXPECT_EQ(f.positions, 5390u);
}

TEST(SlideAgainstValueIteration, EveryPositionOf3x3Rook) {
  check_every_position(spec(3, 3, 3, 3, 'r'));
}

TEST(SlideAgainstValueIteration, EveryPositionOf3x3Any) {
  check_every_position(spec(3, 3, 3, 3, 'a'));
}

// Not square: columns a..d, rows 1..3.
TEST(SlideAgainstValueIteration, EveryPositionOf4x3Rook) {
  check_every_position(spec(4, 3, 3, 3, 'r'), 8);
}

TEST(SlideAgainstValueIteration, EveryPositionOf3x3KingFirstO) {
  check_every_position(spec(3, 3, 3, 3, 'k', false, 'O'));
}

// 2x2 blocks win (four pieces each, one empty cell in the movement phase).
TEST(SlideAgainstValueIteration, EveryPositionOf3x3SquareAny) {
  check_every_position(spec(3, 3, 3, 4, 'a', true));
}

// Also holds positions where the second player's last placement made a line and the first
// player is to move in the movement phase, with no step that could have made it (36 of them,
// e.g. OOO/OXX/XX.:X): the game reaches them, so they are valid (and the test below).
TEST(SlideAgainstValueIteration, EveryPositionOf3x3SquareKing) {
  check_every_position(spec(3, 3, 3, 4, 'k', true));
}

// The first position of the movement phase may hold a line the last placement made even
// when no step could have made it (no O mark next to the empty cell); a placement leads there,
// so it is a finished position, won by the second player.
TEST(SlideAgainstValueIteration, LineOfTheLastPlacementFinishesTheGame) {
  const std::string g = game_string(spec(3, 3, 3, 4, 'k', true));
  const tbreader::Game game(tablebase(g), g);
  for (const char* board : {"OOO/OXX/XX.:X", "OOX/OXX/OX.:X"}) {
    try {
      const auto p = game.probe(std::vector<std::string>{board});
      EXPECT_EQ(p.to_move, "none") << board;
      EXPECT_EQ(p.value.text, "O win") << board;
      EXPECT_EQ(result_text(p.result), "O wins in 0") << board;
      EXPECT_TRUE(p.moves.empty()) << board;
    } catch (const tbreader::InputError& e) {
      ADD_FAILURE() << board << " refused: " << e.what();
    }
  }
  // The placement that makes it: O's last mark on c1 wins in 1.
  const auto p = game.probe(std::vector<std::string>{"OO./OXX/XX."});
  EXPECT_EQ(p.to_move, "O");
  EXPECT_EQ(p.value.text, "O win");
  EXPECT_EQ(result_text(p.result), "O wins in 1");
  ASSERT_FALSE(p.moves.empty());
  EXPECT_EQ(p.moves.front().name, "c1");
  EXPECT_EQ(p.moves.front().outcome, tbreader::Outcome::win);
  EXPECT_EQ(result_text(p.moves.front().result), "O wins in 0");
}

TEST(SlideInput, MalformedBoardsRefused) {
  const std::string g = game_string(spec(3, 3, 3, 3, 'k'));
  const tbreader::Game game(tablebase(g), g);
  for (const char* board : {"", "../.../...", "..../.../...", ".../.../.../...", ".../.Z./...",
                            ".../.../...:", ".../.../...:Z", ".../.../...:XO", ".../.../...:x",
                            "X../.../...:X",     // O is to move by the counts
                            "XO./.../...:O",     // X is to move by the counts
                            "XX./.../...",       // counts
                            "XXX/OOO/...:X",     // both have a line
                            "XXX/OO./.O.:X",     // the side to move has a line
                            "XOX/OXO/...",       // movement phase without a side
                            "XOX/OXO/..X:O"}) {  // counts
    EXPECT_THROW((void)game.probe(std::vector<std::string>{board}), tbreader::InputError) << board;
  }
}

TEST(SlideInput, SideToMoveInTheMovementPhase) {
  const std::string g = game_string(spec(3, 3, 3, 3, 'k'));
  const tbreader::Game game(tablebase(g), g);
  // Required when both have all their pieces, either side; optional before, and must agree.
  EXPECT_THROW((void)game.probe(std::vector<std::string>{"XO./OX./X.O"}), tbreader::InputError);
  EXPECT_EQ(game.probe(std::vector<std::string>{"XO./OX./X.O:X"}).to_move, "X");
  EXPECT_EQ(game.probe(std::vector<std::string>{"XO./OX./X.O:O"}).to_move, "O");
  EXPECT_EQ(game.probe(std::vector<std::string>{"XO./OX./..."}).to_move, "X");
  EXPECT_EQ(game.probe(std::vector<std::string>{"XO./OX./...:X"}).to_move, "X");
  EXPECT_THROW((void)game.probe(std::vector<std::string>{"XO./OX./...:O"}), tbreader::InputError);
}

// SPEC 6: rows are optionally separated by '/'.
TEST(SlideInput, RowsWithoutSlashes) {
  const auto s = spec(3, 3, 3, 3, 'r');
  const std::string g = game_string(s);
  const tbreader::Game game(tablebase(g), g);
  SlideValueIteration ref(s);
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    const std::size_t p = rng() % ref.size();
    std::string text = text_of(ref, p);
    text.erase(std::remove(text.begin(), text.end(), '/'), text.end());
    try {
      EXPECT_EQ(game.value(std::vector<std::string>{text}).text, ref.value_text(p)) << text;
    } catch (const tbreader::InputError& e) {
      ADD_FAILURE() << text << " refused: " << e.what();
    }
  }
}

TEST(SlideInput, BatchNamesTheFirstRefusedLine) {
  const std::string g = game_string(spec(3, 3, 3, 3, 'k'));
  const tbreader::Game game(tablebase(g), g);
  const std::vector<std::string> lines = {".../.../...", "X../.../...", "XO./OX./X.O:X",
                                          "XX./.../...", "XO./OX./X.O"};
  try {
    (void)game.values(lines);
    ADD_FAILURE() << "a batch with refused lines was accepted";
  } catch (const tbreader::InputError& e) {
    EXPECT_EQ(e.item, 3u) << e.what();
  }
}

// SPEC 6: keys in any order, omitted keys take their defaults; the canonical string has every
// key in the order cols, rows, k, pieces, step, square, first.
TEST(SlideInput, GameStrings) {
  EXPECT_EQ(tbreader::canonical("slide"),
            "slide(cols=3,rows=3,k=3,pieces=3,step=king,square=0,first=X)");
  EXPECT_EQ(tbreader::canonical("slide(step=rook,first=X,cols=3)"),
            "slide(cols=3,rows=3,k=3,pieces=3,step=rook,square=0,first=X)");
  EXPECT_EQ(tbreader::canonical("slide(square=1,pieces=4,step=any)"),
            "slide(cols=3,rows=3,k=3,pieces=4,step=any,square=1,first=X)");
  const std::string g = game_string(spec(3, 3, 3, 3, 'r'));
  const tbreader::Game game(tablebase(g), "slide(step=rook)");
  EXPECT_EQ(game.name(), g);
}

// A 4x4 member: random valid positions, everything probe says, and the batch values.
void check_random(const SlideSpec& s, int samples, unsigned seed) {
  const std::string g = game_string(s);
  const tbreader::Game game(tablebase(g), g);
  SlideValueIteration ref(s);
  EXPECT_EQ(ref.verify(), "") << g;
  std::mt19937_64 rng(seed);
  std::vector<std::string> lines, values;
  int wrong = 0;
  for (int i = 0; i < samples; ++i) {
    const std::size_t p = rng() % ref.size();
    const std::string why = check_probe(game, ref, p);
    if (!why.empty() && ++wrong <= 10) ADD_FAILURE() << g << " " << why;
    lines.push_back(text_of(ref, p));
    values.push_back(ref.value_text(p));
  }
  EXPECT_EQ(wrong, 0) << g;
  const auto batch = game.values(lines);
  ASSERT_EQ(batch.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i)
    EXPECT_EQ(batch[i].text, values[i]) << g << " " << lines[i];
  const auto empty = game.probe(std::vector<std::string>{ref.text(0, 1, false)});
  std::cout << g << ": empty board " << empty.value.text << ", result " << result_text(empty.result)
            << "; reference " << ref.size() << " positions, " << ref.rounds() << " rounds\n";
}

TEST(SlideAgainstValueIteration, RandomPositionsOf4x4King) {
  check_random(spec(4, 4, 3, 3, 'k'), 3000, 1);
}

TEST(SlideAgainstValueIteration, RandomPositionsOf4x4Rook) {
  check_random(spec(4, 4, 3, 3, 'r'), 3000, 2);
}

}  // namespace
