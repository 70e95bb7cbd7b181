// The dobutsu tables against the independent reference (dobutsu_reference.hpp), through the
// public reader API only. Needs the tables of `dobutsu()` in the directory named by the
// environment variable TBGEN_TEST_TABLES; without them every test here fails (it does not skip).
//
// For each position checked, with the reference searched to a horizon of H plies:
//   - the reference says won or lost in n <= H plies: the table gives the same winner and n;
//   - the reference says not decided within H: the table says a draw or a distance above H;
//   - the table's moves are exactly the reference's legal moves (names, order aside).
// Positions: uniform over every valid position (both sides to move, reachable or not), and
// positions of random play from the start (dr::random_game: up to 100 plies of moves that do not
// let the opponent win at once, stopping where the side to move can); fixed seeds.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/dobutsu/dobutsu_reference.hpp"
#include "tbreader/tbreader.hpp"

namespace dr = dobutsu_reference;

namespace {

constexpr int kHorizon = 11;      // plies searched by the reference
constexpr int kUniform = 2500;    // positions drawn uniformly
constexpr int kPlayed = 2500;     // positions of random play
constexpr int kMoveValues = 150;  // positions whose every move's value is checked too

struct Tables {
  std::unique_ptr<tbreader::Tablebase> base;
  std::unique_ptr<tbreader::Game> game;
  std::string error;
};

// Opened once; a missing variable, directory or table is an error message, not a skip.
Tables& tables() {
  static Tables t = [] {
    Tables out;
    const char* dir = std::getenv("TBGEN_TEST_TABLES");
    if (!dir || !*dir) {
      out.error =
          "TBGEN_TEST_TABLES is not set: it must name a directory holding the tables of "
          "dobutsu() (tbgen build 'dobutsu()')";
      return out;
    }
    try {
      if (!std::filesystem::is_directory(dir))
        throw std::runtime_error(std::string("no such directory: ") + dir);
      out.base = std::make_unique<tbreader::Tablebase>(dir);
      out.game = std::make_unique<tbreader::Game>(*out.base, "dobutsu()");
      const std::vector<std::string> start = {"gle/1c1/1C1/ELG b -"};
      (void)out.game->probe(start);  // a missing table shows here
    } catch (const std::exception& e) {
      out.game.reset();
      out.error = std::string("the tables of dobutsu() cannot be read from TBGEN_TEST_TABLES=") +
                  dir + " (build them with tbgen build 'dobutsu()'): " + e.what();
    }
    return out;
  }();
  return t;
}

#define REQUIRE_TABLES()                      \
  auto& tables_ = tables();                   \
  ASSERT_TRUE(tables_.game) << tables_.error; \
  const tbreader::Game& game = *tables_.game

tbreader::Position probe(const tbreader::Game& game, const dr::Position& p) {
  const std::vector<std::string> boards = {dr::sfen(p)};
  return game.probe(boards);
}

std::string side_name(dr::Side s) {
  return s == dr::Side::sente ? "Sente" : "Gote";
}

// What the table says: winner ("Sente", "Gote", "" for a draw) and distance.
struct Said {
  std::string winner;
  std::optional<int> turns;
  std::string text;
};

std::string describe(const Said& s) {
  if (s.winner.empty()) return "draw (value '" + s.text + "')";
  return s.winner + " wins in " + (s.turns ? std::to_string(*s.turns) : std::string("?")) +
         " (value '" + s.text + "')";
}

Said said(const tbreader::Value& value, const std::optional<tbreader::Result>& result) {
  Said s;
  s.text = value.text;
  if (result) s.winner = result->winner, s.turns = result->turns;
  return s;
}

// Empty when the table's answer fits the reference's, else what is wrong.
std::string compare(const dr::Position& p, const dr::Result& ref, const Said& t, int horizon) {
  std::ostringstream err;
  // The value line and the result agree with each other.
  const std::string want_text = t.winner.empty() ? "Draw" : t.winner + " win";
  if (t.text != want_text)
    err << "value '" << t.text << "' but result winner '" << t.winner << "'; ";
  if (!t.winner.empty() && !t.turns) err << "a winner without a distance; ";
  if (ref.kind == dr::Outcome::unknown) {
    if (!t.winner.empty() && t.turns && *t.turns <= horizon)
      err << "reference: not decided within " << horizon << " plies, table: " << describe(t);
  } else {
    const std::string winner =
        side_name(ref.kind == dr::Outcome::win ? p.to_move : dr::detail::other(p.to_move));
    if (t.winner != winner || !t.turns || *t.turns != ref.plies)
      err << "reference: " << winner << " wins in " << ref.plies << ", table: " << describe(t);
  }
  return err.str();
}

// Checks one position: its value and the names of its moves. Returns the failures.
std::string check_position(const tbreader::Game& game, const dr::Position& p,
                           const dr::Result& ref) {
  const std::string board = dr::sfen(p);
  tbreader::Position tp;
  try {
    tp = probe(game, p);
  } catch (const std::exception& e) {
    return board + ": probe failed: " + e.what() + "\n";
  }
  std::string out;
  const std::string value_error = compare(p, ref, said(tp.value, tp.result), kHorizon);
  if (!value_error.empty()) out += board + ": " + value_error + "\n";
  std::multiset<std::string> want, got;
  for (const auto& m : dr::moves(p)) want.insert(m.name);
  for (const auto& m : tp.moves) got.insert(m.name);
  // A position decided in 0 plies ends the game: the table may list its legal moves, or none.
  const bool over = dr::decided(p).has_value();
  if (got != want && !(over && got.empty())) {
    out += board + ": moves differ; reference:";
    for (const auto& n : want) out += " " + n;
    out += "; table:";
    for (const auto& n : got) out += " " + n;
    out += "\n";
  }
  return out;
}

void check_many(const std::vector<dr::Position>& positions, const char* what) {
  REQUIRE_TABLES();
  dr::Solver solver(22);
  const auto t0 = std::chrono::steady_clock::now();
  std::string failures;
  int failed = 0, counts[3] = {0, 0, 0};
  for (const auto& p : positions) {
    const dr::Result ref = solver.solve(p, kHorizon);
    ++counts[int(ref.kind)];
    const std::string f = check_position(game, p, ref);
    if (!f.empty()) {
      ++failed;
      if (failed <= 30) failures += f;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << what << ": " << positions.size() << " positions, horizon " << kHorizon << ": "
            << counts[0] << " won, " << counts[1] << " lost, " << counts[2]
            << " not decided within the horizon by the reference; " << seconds << " s\n";
  EXPECT_EQ(failed, 0) << failed << " of " << positions.size() << " " << what
                       << " positions disagree (the first 30):\n"
                       << failures;
}

}  // namespace

TEST(DobutsuTables, TablesPresent) {
  REQUIRE_TABLES();
  EXPECT_EQ(game.name(), "dobutsu()");
}

TEST(DobutsuTables, StartIsAGoteWin) {
  REQUIRE_TABLES();
  const tbreader::Position tp = probe(game, dr::start());
  const Said s = said(tp.value, tp.result);
  std::cout << "start " << dr::sfen(dr::start()) << ": the table says " << describe(s) << "\n";
  EXPECT_EQ(tp.value.text, "Gote win");
  EXPECT_EQ(s.winner, "Gote");
  std::set<std::string> names;
  for (const auto& m : tp.moves) names.insert(m.name);
  EXPECT_EQ(names, (std::set<std::string>{"b3-b2", "b4-a3", "b4-c3", "c4-c3"}));
  // The reference cannot see that far: nothing is decided within its horizon.
  dr::Solver solver(22);
  EXPECT_EQ(solver.solve(dr::start(), kHorizon).kind, dr::Outcome::unknown);
}

TEST(DobutsuTables, StartDistanceIsThePublished78) {
  REQUIRE_TABLES();
  const tbreader::Position tp = probe(game, dr::start());
  const Said s = said(tp.value, tp.result);
  ASSERT_TRUE(s.turns.has_value()) << "the table says " << describe(s);
  EXPECT_EQ(*s.turns, 78) << "Tanaka (2009) gives a gote win in 78 plies; the table says "
                          << describe(s);
}

TEST(DobutsuTables, UniformPositions) {
  std::mt19937_64 rng(0x0d0b075u);
  std::vector<dr::Position> positions;
  for (int i = 0; i < kUniform; ++i) positions.push_back(dr::random_position(rng));
  check_many(positions, "uniform");
}

TEST(DobutsuTables, PositionsOfRandomPlay) {
  std::mt19937_64 rng(0x5e17eu);
  std::vector<dr::Position> positions;
  for (int i = 0; i < kPlayed; ++i)
    positions.push_back(dr::random_game(rng, int(dr::uniform_below(rng, 100))));
  check_many(positions, "random play");
}

TEST(DobutsuTables, HandPickedPositions) {
  // The positions of the reference's own tests whose values were checked by hand.
  std::vector<dr::Position> positions;
  for (const char* s :
       {"gle/1c1/1C1/ELG w -", "1l1/1G1/3/1L1 b ECgec", "2l/L2/3/3 b GECgec", "1Ll/3/3/3 w GECgec",
        "L2/3/3/2l b GECgec", "1L1/3/3/1l1 w GECgec", "3/L2/3/2l b GECgec", "2L/3/l2/3 w GECgec",
        "2L/3/3/l2 w GECgec", "3/L2/2G/2l b ECgec", "GEl/LGE/CC1/3 b -", "3/1cc/egl/Leg w -",
        "GEl/LGE/CC1/3 w -", "l2/3/2E/2L b 2GE2C", "l2/1G1/2E/2L w GE2C", "3/2l/L2/3 b 2G2E2C",
        "3/L1l/3/3 w 2G2E2C", "gCe/lC1/3/ELG b -", "1e1/L2/2l/3 b GCgec"})
    positions.push_back(dr::parse(s));
  check_many(positions, "hand-picked");
}

TEST(DobutsuTables, MoveValues) {
  // Every move's value (the position it leads to) for some positions of both kinds, where the
  // reference decides it within the horizon less one. Moves that win at once lead to no
  // position and are not compared.
  REQUIRE_TABLES();
  std::mt19937_64 rng(0x30e5u);
  dr::Solver solver(22);
  std::string failures;
  int failed = 0;
  for (int i = 0; i < kMoveValues; ++i) {
    const dr::Position p =
        i % 2 ? dr::random_position(rng) : dr::random_game(rng, int(dr::uniform_below(rng, 100)));
    const tbreader::Position tp = probe(game, p);
    for (const auto& m : dr::moves(p)) {
      if (m.wins_at_once) continue;
      const tbreader::Move* tm = nullptr;
      for (const auto& x : tp.moves)
        if (x.name == m.name) tm = &x;
      if (!tm) continue;  // the names are compared by the other tests
      const dr::Result ref = solver.solve(m.after, kHorizon - 2);
      if (ref.kind == dr::Outcome::unknown) continue;
      const std::string e = compare(m.after, ref, said(tm->value, tm->result), kHorizon - 2);
      if (!e.empty() && ++failed <= 30)
        failures += dr::sfen(p) + " move " + m.name + ": " + e + "\n";
    }
  }
  EXPECT_EQ(failed, 0) << failures;
}
