// The quixo tables against the independent reference (quixo_reference.hpp), through the public
// reader API only. The tables are read from the directory named by TBGEN_TEST_TABLES, which must
// hold quixo(size=3) and quixo(size=4); a missing directory or table fails the tests.
// - Quixo3Tables.EveryPosition: every board of 3x3, both sides to move: value, winner and
//   distance; the moves (names, values, best first) of a sample.
// - Quixo4Tables.FewBlanks: every 4x4 board with at most kFewBlanks blanks (a set closed under
//   moves, so the reference solves it alone), both sides to move; the moves of a sample.
// - LongQuixo4Tables.EveryPosition: every 4x4 board, both sides to move, by their numbers (the
//   text and moves of a sample): the reference solve takes minutes; run by hand, excluded from
//   CI by its prefix.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "games/quixo/quixo_reference.hpp"
#include "tbreader/tbreader.hpp"

namespace {

namespace ref = quixo_reference;

constexpr int kFewBlanks = 1;  // 4x4 boards with at most this many blanks in Quixo4Tables

// The tables directory, or a failure naming what is missing.
std::unique_ptr<tbreader::Tablebase> open_tables(std::string& error) {
  const char* dir = std::getenv("TBGEN_TEST_TABLES");
  if (!dir || !*dir) {
    error =
        "TBGEN_TEST_TABLES is not set: it must name a directory holding the tables of "
        "quixo(size=3) and quixo(size=4) (tbgen build 'quixo(size=3)' --tables DIR)";
    return nullptr;
  }
  try {
    return std::make_unique<tbreader::Tablebase>(dir);
  } catch (const std::exception& e) {
    error = std::string("cannot open the tables in TBGEN_TEST_TABLES=") + dir + ": " + e.what();
    return nullptr;
  }
}

// What the probe must say of a position the reference values.
struct Expected {
  std::string text;  // "X win", "O win", "Draw"
  ref::Result result;
};
Expected expected(const ref::Value& v, char to_move) {
  const ref::Result r = ref::result_of(v, to_move);
  return {r.text(), r};
}

std::string describe(const std::optional<tbreader::Result>& r) {
  if (!r) return "(no result)";
  return (r->winner.empty() ? std::string("draw") : r->winner + " wins") +
         (r->turns ? " in " + std::to_string(*r->turns) : std::string(""));
}
std::string describe(const ref::Result& r) {
  return (r.winner.empty() ? std::string("draw") : r.winner + " wins") +
         (r.turns ? " in " + std::to_string(*r.turns) : std::string(""));
}

bool same(const std::optional<tbreader::Result>& got, const ref::Result& want) {
  return got && got->winner == want.winner && got->turns == want.turns;
}

// Compares one probed position with the reference; returns an empty string or the difference.
std::string compare_position(const tbreader::Position& got, const ref::Solver& solver,
                             const ref::Position& p, bool with_moves) {
  const Expected want = expected(solver.value(p), p.to_move);
  std::string diff;
  if (got.value.text != want.text)
    diff += " value '" + got.value.text + "' expected '" + want.text + "';";
  if (!same(got.result, want.result))
    diff += " result " + describe(got.result) + " expected " + describe(want.result) + ";";
  if (!with_moves) return diff;
  const auto moves = ref::moves(p);
  std::set<std::string> got_names, want_names;
  for (const auto& m : got.moves) got_names.insert(m.name);
  for (const auto& m : moves) want_names.insert(m.name);
  if (got_names != want_names || got.moves.size() != moves.size()) {
    diff += " moves:";
    for (const auto& n : got_names) diff += " " + n;
    diff += " expected:";
    for (const auto& n : want_names) diff += " " + n;
    diff += ";";
    return diff;
  }
  for (const auto& gm : got.moves) {
    const auto it = std::find_if(moves.begin(), moves.end(),
                                 [&](const ref::Move& m) { return m.name == gm.name; });
    const Expected mw = expected(solver.value(it->after), it->after.to_move);
    if (gm.value.text != mw.text || !same(gm.result, mw.result))
      diff += " move " + gm.name + ": " + gm.value.text + " " + describe(gm.result) + " expected " +
              mw.text + " " + describe(mw.result) + ";";
  }
  // Best first: the first move leads where the position's value says.
  if (!moves.empty()) {
    const auto& first = got.moves.front();
    const auto it = std::find_if(moves.begin(), moves.end(),
                                 [&](const ref::Move& m) { return m.name == first.name; });
    const ref::Value child = solver.value(it->after);
    const ref::Value v = solver.value(p);
    bool best = false;
    if (v.outcome == ref::Outcome::draw)
      best = child.outcome == ref::Outcome::draw;
    else
      best = child.outcome != v.outcome && child.outcome != ref::Outcome::draw &&
             *child.distance + 1 == *v.distance;
    if (!best) diff += " first move " + first.name + " is not a best move;";
  }
  return diff;
}

// Compares the numeric probe (SPEC 10: X's and O's masks, the side to move; the value from X's
// view, sign times the distance plus one, and the distance, -1 for a draw) with the reference.
std::string compare_numbers(const tbreader::Game& game, const ref::Solver& solver,
                            const ref::Position& p) {
  const ref::Result want = ref::result_of(solver.value(p), p.to_move);
  const int sign = want.winner.empty() ? 0 : want.winner == "X" ? 1 : -1;
  const int distance = want.turns ? *want.turns : -1;
  const tbreader::Game::Answer got = game.probe(
      tbreader::Game::Position{.first = p.x, .second = p.o, .to_move = p.to_move == 'X' ? 0 : 1});
  if (got.value == sign * (distance + 1) && got.distance == (sign ? distance : -1)) return "";
  return " numbers " + std::to_string(got.value) + "/" + std::to_string(got.distance) +
         " expected " + describe(want) + ";";
}

// Probes every position of `positions` (by number, made by `make`) on all cores and compares;
// fails with the first differences. Prints the rate.
template <class Make>
void compare_all(const tbreader::Game& game, const ref::Solver& solver, std::uint64_t count,
                 Make make, std::uint64_t moves_every, const char* what, bool by_text = true) {
  std::atomic<std::uint64_t> next{0}, differ{0}, probed{0};
  std::mutex mutex;
  std::vector<std::string> first;
  std::string error;
  const auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    std::vector<std::string> board(1);
    try {
      for (;;) {
        const std::uint64_t begin = next.fetch_add(4096);
        if (begin >= count) return;
        const std::uint64_t end = std::min(count, begin + 4096);
        for (std::uint64_t i = begin; i < end; ++i) {
          ref::Position p;
          if (!make(i, p)) continue;
          board[0] = ref::to_string(p);  // named in a failure
          // Every position by its text and by its numbers where that is quick enough; the
          // moves of a sample.
          const bool with_moves = moves_every != 0 && i % moves_every == 0;
          std::string diff = compare_numbers(game, solver, p);
          if (by_text || with_moves)
            diff += compare_position(game.probe(board), solver, p, with_moves);
          probed.fetch_add(1, std::memory_order_relaxed);
          if (!diff.empty()) {
            differ.fetch_add(1);
            std::lock_guard lock(mutex);
            if (first.size() < 20) first.push_back(board[0] + ":" + diff);
          }
        }
      }
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex);
      if (error.empty()) error = "at " + board[0] + ": " + e.what();
      next = count;  // stop everyone
    }
  };
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %llu positions probed in %.1f s on %u threads (%.0f per second)\n", what,
              static_cast<unsigned long long>(probed.load()), seconds, threads,
              static_cast<double>(probed.load()) / std::max(seconds, 1e-9));
  ASSERT_TRUE(error.empty()) << what << ": probing failed (are the tables built?): " << error;
  EXPECT_EQ(differ.load(), 0u) << what << ": " << differ.load() << " positions differ";
  for (const auto& f : first) ADD_FAILURE() << f;
}

// Board number n of size x size (base 3, cell 0 the lowest digit; digit 0 blank, 1 X, 2 O) with
// the side to move from the lowest bit of i: i = 2n + (O to move).
bool board_of(int size, std::uint64_t i, ref::Position& p) {
  p = ref::start(size, (i & 1) ? 'O' : 'X');
  std::uint64_t n = i >> 1;
  for (int cell = 0; cell < size * size; ++cell, n /= 3)
    p.set(cell / size, cell % size, ".XO"[n % 3]);
  return true;
}

std::unique_ptr<tbreader::Game> open_game(const tbreader::Tablebase& tables, const char* game,
                                          std::string& error) {
  try {
    auto g = std::make_unique<tbreader::Game>(tables, game);
    // One probe, so that a missing table shows here with its own message.
    (void)g->value(std::vector<std::string>{
        std::string(game == std::string("quixo(size=3)") ? 9 : 16, '.') + ":X"});
    return g;
  } catch (const tbreader::TableMissing& e) {
    error =
        std::string("the tables of ") + game + " are missing from TBGEN_TEST_TABLES: " + e.what();
  } catch (const std::exception& e) {
    error = std::string("cannot probe ") + game + ": " + e.what();
  }
  return nullptr;
}

TEST(Quixo3Tables, EveryPosition) {
  std::string error;
  const auto tables = open_tables(error);
  ASSERT_TRUE(tables) << error;
  const auto game = open_game(*tables, "quixo(size=3)", error);
  ASSERT_TRUE(game) << error;
  EXPECT_EQ(game->name(), "quixo(size=3,first=X)");
  const ref::Solver solver(3);
  compare_all(
      *game, solver, 2 * 19683, [](std::uint64_t i, ref::Position& p) { return board_of(3, i, p); },
      7, "quixo(size=3)");
  // The empty board, X first: the reference's value, printed.
  const auto empty = game->probe(std::vector<std::string>{".../.../...:X"});
  std::printf("quixo(size=3): the empty board, X to move: %s, %s\n", empty.value.text.c_str(),
              describe(empty.result).c_str());
  EXPECT_EQ(empty.moves.size(), 20u);
}

// The numbers of the 4x4 boards (base 3 as in board_of) with at most `blanks` blanks.
std::vector<std::uint32_t> few_blanks_boards(int blanks) {
  std::vector<std::uint32_t> out;
  std::uint32_t pow3[16];
  for (int c = 0; c < 16; ++c) pow3[c] = c == 0 ? 1 : 3 * pow3[c - 1];
  for (std::uint32_t filled = 0; filled < (1u << 16); ++filled) {
    if (16 - std::popcount(filled) > blanks) continue;
    std::uint32_t xs = 0;
    do {  // every split of the filled cells into X and O
      std::uint32_t n = 0;
      for (int c = 0; c < 16; ++c)
        if (filled >> c & 1) n += pow3[c] * ((xs >> c & 1) ? 1 : 2);
      out.push_back(n);
      xs = (xs - filled) & filled;
    } while (xs != 0);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Quixo4Tables, FewBlanks) {
  std::string error;
  const auto tables = open_tables(error);
  ASSERT_TRUE(tables) << error;
  const auto game = open_game(*tables, "quixo(size=4)", error);
  ASSERT_TRUE(game) << error;
  EXPECT_EQ(game->name(), "quixo(size=4,first=X)");
  const ref::Solver solver(4, kFewBlanks);
  const auto boards = few_blanks_boards(kFewBlanks);
  compare_all(
      *game, solver, 2 * boards.size(),
      [&](std::uint64_t i, ref::Position& p) {
        return board_of(4, 2 * std::uint64_t{boards[i >> 1]} + (i & 1), p);
      },
      101, "quixo(size=4), at most a few blanks", false);
}

TEST(LongQuixo4Tables, EveryPosition) {
  std::string error;
  const auto tables = open_tables(error);
  ASSERT_TRUE(tables) << error;
  const auto game = open_game(*tables, "quixo(size=4)", error);
  ASSERT_TRUE(game) << error;
  const ref::Solver solver(4);
  const auto empty = game->probe(std::vector<std::string>{"..../..../..../....:X"});
  std::printf("quixo(size=4): the empty board, X to move: %s, %s\n", empty.value.text.c_str(),
              describe(empty.result).c_str());
  compare_all(
      *game, solver, 2 * 43046721ull,
      [](std::uint64_t i, ref::Position& p) { return board_of(4, i, p); }, 997, "quixo(size=4)",
      false);
}

}  // namespace
