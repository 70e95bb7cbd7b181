// Dobutsu shogi by numbers (SPEC 10): tbr_probe_position and Game::probe(Position) with the
// piece codes of docs/games.md answer what the SFEN's probe answers, on positions reached by
// random play (the reference's moves) and drawn at random; bad codes are refused.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "games/dobutsu/dobutsu_reference.hpp"
#include "tbreader/tbreader.h"
#include "tbreader/tbreader.hpp"

namespace {

namespace ref = dobutsu_reference;

// The 18 codes: a square's code (0 empty, 1 lion .. 5 hen, + 8 for gote's), rank 1 first,
// then sente's giraffes, elephants and chicks in hand, then gote's.
std::vector<std::uint8_t> codes_of(const ref::Position& p) {
  std::vector<std::uint8_t> codes(p.board.begin(), p.board.end());
  for (const auto& side : p.hand) codes.insert(codes.end(), side.begin(), side.end());
  return codes;
}

TEST(DobutsuNumeric, AnswersWhatTheTextAnswers) {
  const char* dir = std::getenv("TBGEN_TEST_TABLES");
  ASSERT_NE(dir, nullptr) << "TBGEN_TEST_TABLES names the suite's tables";
  tbr_tablebase* tb = tbr_open(dir, TBR_CACHE_DECODED, 0);
  ASSERT_NE(tb, nullptr) << tbr_last_error();
  tbr_game* g = tbr_game_open(tb, "dobutsu()");
  ASSERT_NE(g, nullptr) << tbr_last_error();
  const tbreader::Tablebase tables(dir);
  const tbreader::Game game(tables, "dobutsu()");
  std::mt19937_64 rng(7);
  int compared = 0;
  for (int walk = 0; walk < 40; ++walk) {
    ref::Position p = ref::start();
    for (int ply = 0; ply < 30; ++ply) {
      const std::string sfen = ref::sfen(p);
      SCOPED_TRACE(sfen);
      const tbreader::Position text = game.probe(std::vector<std::string>{sfen});
      const std::vector<std::uint8_t> codes = codes_of(p);
      const tbr_position numbers{0, 0, p.to_move == ref::Side::sente ? 0 : 1, {0, 0}, codes.data()};
      std::int32_t value = 0, distance = 0;
      ASSERT_EQ(tbr_probe_position(g, &numbers, &value, &distance), 0) << tbr_last_error();
      const bool decided = text.result && !text.result->winner.empty();
      const int sign = !decided ? 0 : text.result->winner == "Sente" ? 1 : -1;
      EXPECT_EQ(value, decided ? sign * (*text.result->turns + 1) : 0);
      EXPECT_EQ(distance, decided ? *text.result->turns : -1);
      const tbreader::Game::Answer a =
          game.probe(tbreader::Game::Position{.to_move = numbers.to_move, .pieces = codes.data()});
      EXPECT_EQ(a.value, value);
      EXPECT_EQ(a.distance, distance);
      ++compared;
      const std::vector<ref::Move> moves = ref::moves(p);
      std::vector<ref::Position> next;
      for (const auto& m : moves)
        if (!m.wins_at_once) next.push_back(m.after);
      if (next.empty() || ref::decided(p)) break;
      p = next[rng() % next.size()];
    }
  }
  EXPECT_GT(compared, 500);
  // Refused: no codes, a code of no piece, a third chick, masks that are not the squares.
  std::vector<std::uint8_t> codes = codes_of(ref::start());
  tbr_position bad{0, 0, 0, {0, 0}, nullptr};
  std::int32_t value = 0;
  EXPECT_EQ(tbr_probe_position(g, &bad, &value, nullptr), -1);
  bad.pieces = codes.data();
  codes[5] = 7;
  EXPECT_EQ(tbr_probe_position(g, &bad, &value, nullptr), -1);
  EXPECT_NE(std::string(tbr_last_error()).find("pieces[5] = 7"), std::string::npos);
  codes = codes_of(ref::start());
  codes[12 + 2] = 1;  // a chick in sente's hand beside the two on the board
  bad.pieces = codes.data();
  EXPECT_EQ(tbr_probe_position(g, &bad, &value, nullptr), -1);
  EXPECT_NE(std::string(tbr_last_error()).find("3 chicks"), std::string::npos);
  codes = codes_of(ref::start());
  bad.pieces = codes.data();
  bad.first = 1;  // a1 is gote's giraffe
  EXPECT_EQ(tbr_probe_position(g, &bad, &value, nullptr), -1);
  EXPECT_NE(std::string(tbr_last_error()).find("masks"), std::string::npos);
  tbr_game_close(g);
  tbr_close(tb);
}

}  // namespace
