// SPEC 10's numeric probes: Game::value_of and the C API (tbreader.h) answer exactly what the
// board text answers, for a member of every board family, on every position (small members) or
// random ones; and refuse what the text refuses, with the error of the C API's contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tbreader/tbreader.h"
#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

struct Member {
  const char* game;
  int cols, rows;
  char first;
  bool gravity = false;  // random samples dropped into columns (random cells mostly float)
};

// The number the text's value stands for, from the first player's view.
int number(const std::string& text, char first) {
  if (text == "Draw") return 0;
  if (text.size() == 5 && text.substr(1) == " win") return text[0] == first ? 1 : -1;
  return std::stoi(text);
}

// Every board of 3^cells (up to 3^12), or `samples` random ones.
void compare(const Member& m, std::size_t samples) {
  const tbreader::Tablebase& tables = tbgen::testing::tablebase(m.game);
  const tbreader::Game game(tables, m.game);
  const int cells = m.cols * m.rows;
  const char second = m.first == 'X' ? 'O' : 'X';
  std::mt19937_64 rng(11);
  std::size_t total = 1;
  for (int i = 0; i < cells; ++i) total *= 3;
  const bool every = samples == 0;
  std::size_t answered = 0, refused = 0;
  std::vector<std::uint64_t> firsts, others;  // the positions answered, for values_of
  std::vector<std::int32_t> expected;
  std::pair<std::uint64_t, std::uint64_t> a_refused;
  for (std::size_t n = 0; n < (every ? total : samples); ++n) {
    std::vector<int> marks(cells);  // 0 empty, 1 the first player's, 2 the other's
    if (every || !m.gravity) {
      std::uint64_t code = every ? n : rng() % total;
      for (int i = 0; i < cells; ++i, code /= 3) marks[i] = static_cast<int>(code % 3);
    } else {  // alternate drops into random columns, past any line (a refusal)
      const int drops = static_cast<int>(rng() % (cells + 1));
      for (int d = 0; d < drops; ++d) {
        const int col = static_cast<int>(rng() % m.cols);
        for (int row = m.rows - 1; row >= 0; --row)
          if (!marks[row * m.cols + col]) {
            marks[row * m.cols + col] = 1 + d % 2;
            break;
          }
      }
    }
    std::string board;
    std::uint64_t first = 0, other = 0;
    for (int i = 0; i < cells; ++i) {
      board += marks[i] == 0 ? '.' : marks[i] == 1 ? m.first : second;
      first |= std::uint64_t{marks[i] == 1} << i;
      other |= std::uint64_t{marks[i] == 2} << i;
    }
    std::optional<int> by_text;
    try {
      by_text = number(game.value(std::vector{board}).text, m.first);
    } catch (const tbreader::InputError&) {
    }
    try {
      const int v = game.value_of(first, other);
      ASSERT_TRUE(by_text) << m.game << " " << board << ": refused as text, answered as masks";
      ASSERT_EQ(v, *by_text) << m.game << " " << board;
      ++answered;
      firsts.push_back(first), others.push_back(other), expected.push_back(v);
    } catch (const tbreader::InputError& e) {
      ASSERT_FALSE(by_text) << m.game << " " << board
                            << ": answered as text, refused: " << e.what();
      ++refused;
      a_refused = {first, other};
    }
  }
  EXPECT_GT(answered, 100u) << m.game;
  EXPECT_GT(refused, 0u) << m.game;
  // values_of over the arrays answers alike, and names the first position refused.
  std::vector<std::int32_t> out(firsts.size());
  game.values_of(firsts, others, out);
  EXPECT_EQ(out, expected) << m.game;
  const std::size_t at = firsts.size() / 2;
  firsts.insert(firsts.begin() + static_cast<std::ptrdiff_t>(at), a_refused.first);
  others.insert(others.begin() + static_cast<std::ptrdiff_t>(at), a_refused.second);
  out.resize(firsts.size());
  try {
    game.values_of(firsts, others, out);
    ADD_FAILURE() << m.game << ": values_of answered a position value_of refuses";
  } catch (const tbreader::InputError& e) {
    EXPECT_EQ(e.item, at) << m.game;
  }
}

TEST(NumericProbe, EveryBoardFamily) {
  // Every board of 3x3 members; random boards of larger ones (most of them refused).
  compare({"mnk(cols=4,rows=3,k=3)", 4, 3, 'X'}, 60'000);
  compare({"mnk(cols=3,rows=3,k=3,value=speed,first=O)", 3, 3, 'O'}, 0);
  compare({"lines(cols=4,rows=3,len=3,threshold=2,value=margin)", 4, 3, 'X'}, 60'000);
  compare({"connect(cols=3,rows=3)", 3, 3, 'X'}, 0);
  compare({"connect(cols=5,rows=4,value=speed)", 5, 4, 'X', true}, 60'000);
  compare({"hex(cols=3,rows=4)", 3, 4, 'X'}, 60'000);
  compare({"score3", 3, 3, 'X'}, 0);
}

// Members of one family in one directory, probed in turn through one Tablebase: each answers
// from its own tables (their layers share the set's fast slots).
TEST(NumericProbe, MembersShareOneDirectory) {
  const auto dir = tbgen::testing::fresh_directory("shared");
  const char* members[] = {"connect(cols=4,rows=3)", "connect(cols=3,rows=3,k=3)",
                           "mnk(cols=3,rows=3,k=3)", "mnk(cols=4,rows=3,k=3)"};
  for (const char* game : members)
    tbgen::make_game_tables(game)->build({.tables = dir, .threads = 2});
  const tbreader::Tablebase shared(dir);
  for (int round = 0; round < 2; ++round)
    for (const char* game : members) {
      const tbreader::Game alone(tbgen::testing::tablebase(game), game);
      const tbreader::Game together(shared, game);
      for (const char* board : {"", "1", "12", "X.........../", "X...O......"}) {
        std::optional<std::string> expected;
        try {
          expected = alone.value(std::vector<std::string>{board}).text;
        } catch (const tbreader::InputError&) {
          EXPECT_THROW(together.value(std::vector<std::string>{board}), tbreader::InputError);
          continue;
        }
        EXPECT_EQ(together.value(std::vector<std::string>{board}).text, *expected) << game << board;
      }
    }
}

// slide: every board of 3x3 with each side to move against the text (`BOARD:S`) and its result
// line: 0 a draw, d + 1 a first-player win with d turns left, -(d + 1) a second-player win;
// without the side, placement boards as their text without it, movement boards refused.
TEST(NumericProbe, SlideWithTheSideToMove) {
  const std::string g = "slide(cols=3,rows=3,k=3,pieces=3,step=rook)";
  const tbreader::Game game(tbgen::testing::tablebase(g), g);
  EXPECT_TRUE(game.board_family());
  std::size_t answered = 0;
  for (int code = 0; code < 19683; ++code) {
    std::string board;
    std::uint64_t first = 0, second = 0;
    for (int i = 0, c = code; i < 9; ++i, c /= 3) {
      board += ".XO"[c % 3];
      first |= std::uint64_t{c % 3 == 1} << i;
      second |= std::uint64_t{c % 3 == 2} << i;
    }
    for (const bool first_to_move : {true, false}) {
      std::optional<int> expected;
      try {
        const auto p = game.probe(std::vector{board + (first_to_move ? ":X" : ":O")});
        expected = p.result->winner.empty()
                       ? 0
                       : (p.result->winner == "X" ? 1 : -1) * (*p.result->turns + 1);
      } catch (const tbreader::InputError&) {
      }
      try {
        const int v = game.value_of(first, second, first_to_move);
        ASSERT_TRUE(expected) << board << (first_to_move ? ":X" : ":O")
                              << ": refused as text, answered as masks";
        ASSERT_EQ(v, *expected) << board;
        ++answered;
      } catch (const tbreader::InputError& e) {
        ASSERT_FALSE(expected) << board << ": answered as text, refused: " << e.what();
      }
    }
    std::optional<std::string> text;
    try {
      text = game.value(std::vector{board}).text;
    } catch (const tbreader::InputError&) {
    }
    if (!text) {
      EXPECT_THROW(game.value_of(first, second), tbreader::InputError) << board;
      continue;
    }
    const int v = game.value_of(first, second);
    EXPECT_EQ(v == 0 ? "Draw" : v > 0 ? "X win" : "O win", *text) << board;
  }
  EXPECT_GT(answered, 5000u);
  const tbreader::Game mnk(tbgen::testing::tablebase("mnk(cols=3,rows=3,k=3)"),
                           "mnk(cols=3,rows=3,k=3)");
  EXPECT_THROW(mnk.value_of(0, 0, true), tbreader::InputError);  // the counts tell the side
}

TEST(NumericProbe, BadPositionsAndGames) {
  const tbreader::Game game(tbgen::testing::tablebase("mnk(cols=3,rows=3,k=3)"),
                            "mnk(cols=3,rows=3,k=3)");
  EXPECT_THROW(game.value_of(1u << 9, 0), tbreader::InputError);  // beyond the board
  EXPECT_THROW(game.value_of(1, 1), tbreader::InputError);        // a cell of both
  EXPECT_THROW(game.value_of(3, 0), tbreader::InputError);        // counts
  const tbreader::Game nim(tbgen::testing::tablebase("nim3(max_pile=2)"), "nim3(max_pile=2)");
  EXPECT_FALSE(nim.board_family());
  EXPECT_THROW(nim.value_of(0, 0), tbreader::InputError);
}

// Whether play reaches a board of stacked columns (cells[c] bottom up, 1 the first player's): a
// plain search taking back, one at a time, a column's top mark of the player who made that
// move, with no line of four on any board before the last; every sub-board visited once.
bool reached(std::vector<std::vector<int>> columns, int rows, std::set<std::string>& dead) {
  int t = 0;
  for (const auto& c : columns) t += static_cast<int>(c.size());
  if (t == 0) return true;
  std::string key;
  for (const auto& c : columns) {
    for (const int m : c) key += static_cast<char>('0' + m);
    key += '|';
  }
  if (dead.count(key)) return false;
  const auto line = [&] {
    const int cols = static_cast<int>(columns.size());
    const auto at = [&](int c, int r) {
      return c >= 0 && c < cols && r >= 0 && r < static_cast<int>(columns[c].size()) ? columns[c][r]
                                                                                     : 0;
    };
    for (int c = 0; c < cols; ++c)
      for (int r = 0; r < rows; ++r)
        for (const auto& [dc, dr] : {std::pair{1, 0}, {0, 1}, {1, 1}, {1, -1}}) {
          int k = 0;
          while (k < 4 && at(c, r) != 0 && at(c + k * dc, r + k * dr) == at(c, r)) ++k;
          if (k == 4) return true;
        }
    return false;
  };
  const int mover = t % 2 == 1 ? 1 : 2;  // who made the t-th mark
  for (auto& c : columns) {
    if (c.empty() || c.back() != mover) continue;
    c.pop_back();
    const bool ok = !line() && reached(columns, rows, dead);
    c.push_back(mover);
    if (ok) return true;
  }
  dead.insert(key);
  return false;
}

// values_of's orders of play (many boards side by side, in 32-bit lanes where the board's cells
// fit and in 64-bit lanes where they do not) against that search: random stacks of columns of
// up to 20 marks, the counts right, many of which play cannot reach. No tables: a board refused is
// refused before any is read, and a board reached then finds its table missing (or is answered by
// its board).
TEST(NumericProbe, OrdersOfPlayAsAPlainSearchFindsThem) {
  const tbreader::Tablebase none(tbgen::testing::fresh_directory("orders"));
  for (const auto& [cols, rows] : {std::pair{6, 5}, {7, 6}}) {
    const tbreader::Game game(
        none, "connect(cols=" + std::to_string(cols) + ",rows=" + std::to_string(rows) + ")");
    std::mt19937_64 rng(static_cast<std::uint64_t>(cols));
    std::vector<std::uint64_t> firsts, seconds, bad_firsts, bad_seconds;
    while (firsts.size() < 1000 || bad_firsts.size() < 200) {
      // Columns of random heights, the first player's marks (one more, or as many) on random
      // cells of them: the counts are right, the order of play often missing.
      std::vector<std::vector<int>> columns(cols);
      const int marks = static_cast<int>(rng() % 21);
      std::vector<int> colours(marks, 2);
      std::fill_n(colours.begin(), (marks + 1) / 2, 1);
      std::shuffle(colours.begin(), colours.end(), rng);
      std::uint64_t first = 0, second = 0;
      for (const int who : colours) {
        std::size_t c = rng() % cols;
        while (static_cast<int>(columns[c].size()) == rows) c = (c + 1) % cols;
        const int cell =
            (rows - 1 - static_cast<int>(columns[c].size())) * cols + static_cast<int>(c);
        (who == 1 ? first : second) |= std::uint64_t{1} << cell;
        columns[c].push_back(who);
      }
      std::set<std::string> dead;
      if (reached(columns, rows, dead)) {
        if (firsts.size() < 1000) firsts.push_back(first), seconds.push_back(second);
      } else if (bad_firsts.size() < 200) {
        bad_firsts.push_back(first), bad_seconds.push_back(second);
      }
    }
    const auto refused_at = [&](const std::vector<std::uint64_t>& f,
                                const std::vector<std::uint64_t>& s) -> std::optional<std::size_t> {
      std::vector<std::int32_t> out(f.size());
      try {
        game.values_of(f, s, out);
      } catch (const tbreader::InputError& e) {
        return e.item;
      } catch (const tbreader::Error&) {  // a table missing: every board passed its checks
      }
      return std::nullopt;
    };
    EXPECT_EQ(refused_at(firsts, seconds), std::nullopt) << game.name();
    for (std::size_t b = 0; b < bad_firsts.size(); ++b) {
      auto f = firsts, s = seconds;
      const std::size_t at = rng() % (f.size() + 1);
      f.insert(f.begin() + static_cast<std::ptrdiff_t>(at), bad_firsts[b]);
      s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), bad_seconds[b]);
      EXPECT_EQ(refused_at(f, s), at)
          << game.name() << ": " << bad_firsts[b] << " " << bad_seconds[b];
    }
  }
}

// A board is checked before any table is read: one that cannot arise is refused as such with no
// tables at all, a game over is answered by its board, and another is answered "table missing"
// (tbreader::Error). Callers (the benchmarks) tell positions that arise apart with an empty
// directory.
TEST(NumericProbe, BoardsRefusedBeforeAnyTableIsRead) {
  const tbreader::Tablebase none(tbgen::testing::fresh_directory("no-tables"));
  const tbreader::Game connect(none, "connect(cols=6,rows=5)");
  // No order of alternate drops builds this board (drawn by bench_member_probe).
  const std::uint64_t x = 0x688e82, o = 0x3a832020;
  EXPECT_THROW(connect.value_of(x, o), tbreader::InputError);
  std::vector<std::int32_t> out(2);
  const std::vector<std::uint64_t> firsts{0, x}, seconds{0, o};
  try {
    connect.values_of(firsts, seconds, out);
    ADD_FAILURE() << "values_of answered a board that cannot arise";
  } catch (const tbreader::InputError& e) {
    EXPECT_EQ(e.item, 1u);
    EXPECT_NE(std::string(e.what()).find("cannot arise in play"), std::string::npos);
  } catch (const tbreader::Error& e) {
    ADD_FAILURE() << "read a table before refusing the board: " << e.what();
  }
  // The first refused is named whatever its fault (a reader may look for the orders of play
  // apart from the other checks): a board that cannot arise before a mark above a gap (the top
  // left cell alone), and after it.
  for (const bool gap_first : {false, true}) {
    const std::vector<std::uint64_t> xs{0, gap_first ? 1 : x, gap_first ? x : 1},
        os{0, gap_first ? 0 : o, gap_first ? o : 0};
    std::vector<std::int32_t> three_out(3);
    try {
      connect.values_of(xs, os, three_out);
      ADD_FAILURE() << "values_of answered a board refused";
    } catch (const tbreader::InputError& e) {
      EXPECT_EQ(e.item, 1u);
      EXPECT_NE(std::string(e.what()).find(gap_first ? "above an empty cell" : "cannot arise"),
                std::string::npos)
          << e.what();
    }
  }
  // A game over is answered by its board: X's four in column a, O's three in b.
  const std::uint64_t line = 1ull << 24 | 1ull << 18 | 1ull << 12 | 1ull << 6;
  const std::uint64_t three = 1ull << 25 | 1ull << 19 | 1ull << 13;
  EXPECT_EQ(connect.value_of(line, three), 1);
  connect.values_of(std::vector{line, line}, std::vector{three, three}, out);
  EXPECT_EQ(out, (std::vector<std::int32_t>{1, 1}));
  try {
    (void)connect.value_of(0, 0);
    ADD_FAILURE() << "answered without tables";
  } catch (const tbreader::InputError& e) {
    ADD_FAILURE() << "the empty board refused: " << e.what();
  } catch (const tbreader::Error&) {
  }
}

TEST(NumericProbe, TheCApi) {
  const auto dir = tbgen::testing::built_tables("connect(cols=4,rows=3)").string();
  tbr_tablebase* tb = tbr_open(dir.c_str(), TBR_CACHE_BOUNDED, 1 << 20);
  ASSERT_NE(tb, nullptr) << tbr_last_error();
  EXPECT_EQ(tbr_open("/no/such/directory", TBR_CACHE_DECODED, 0), nullptr);
  EXPECT_NE(std::string(tbr_last_error()).find("/no/such/directory"), std::string::npos);
  EXPECT_EQ(tbr_open(dir.c_str(), 7, 0), nullptr);
  EXPECT_EQ(tbr_game_open(tb, "connect(cols=4,rows=3,colour=red)"), nullptr);
  EXPECT_NE(std::string(tbr_last_error()).find("unknown key 'colour'"), std::string::npos);
  EXPECT_EQ(tbr_game_open(tb, "nim3"), nullptr);
  EXPECT_NE(std::string(tbr_last_error()).find("has no numbers"), std::string::npos);
  tbr_game* game = tbr_game_open(tb, "connect(cols=4,rows=3)");
  ASSERT_NE(game, nullptr) << tbr_last_error();
  const tbreader::Game reference(tbgen::testing::tablebase("connect(cols=4,rows=3)"),
                                 "connect(cols=4,rows=3)");
  std::int32_t value = 99;
  ASSERT_EQ(tbr_probe(game, 0, 0, &value), 0) << tbr_last_error();
  EXPECT_EQ(value, reference.value_of(0, 0));
  EXPECT_EQ(tbr_probe(game, 1, 0, &value), -1);  // a mark in the top row above empty cells
  EXPECT_NE(std::string(tbr_last_error()).find("above an empty cell"), std::string::npos);
  EXPECT_EQ(tbr_probe(game, std::uint64_t{1} << 12, 0, &value), -1);
  EXPECT_EQ(tbr_probe(game, 0, 0, nullptr), -1);
  EXPECT_EQ(tbr_probe_to_move(game, 0, 0, 1, &value), -1);  // the counts tell the side
  EXPECT_NE(std::string(tbr_last_error()).find("follows from the counts"), std::string::npos);
  tbr_game_close(game);
  // slide: a board with every mark placed (X a1 b1 a3, O c1 b2 c3) needs the side to move.
  const std::string slide = "slide(cols=3,rows=3,k=3,pieces=3,step=rook)";
  tbgen::make_game_tables(slide)->build({.tables = dir, .threads = 1});
  game = tbr_game_open(tb, slide.c_str());
  ASSERT_NE(game, nullptr) << tbr_last_error();
  const std::uint64_t x = 0b001'000'011, o = 0b100'010'100;
  EXPECT_EQ(tbr_probe(game, x, o, &value), -1);
  EXPECT_NE(std::string(tbr_last_error()).find("add :X or :O"), std::string::npos);
  const tbreader::Game slide_reference(tbgen::testing::tablebase(slide), slide);
  for (const int side : {0, 1}) {
    ASSERT_EQ(tbr_probe_to_move(game, x, o, side, &value), 0) << tbr_last_error();
    EXPECT_EQ(value, slide_reference.value_of(x, o, side == 1));
  }
  tbr_game_close(game);
  tbr_close(tb);
  // Tables that are not there: -2.
  const auto empty = tbgen::testing::fresh_directory("c-api-empty").string();
  tb = tbr_open(empty.c_str(), TBR_CACHE_DECODED, 0);
  game = tbr_game_open(tb, "connect(cols=4,rows=3)");
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(tbr_probe(game, 0, 0, &value), -2);
  // The message names the file and the exact command that builds it.
  EXPECT_NE(std::string(tbr_last_error())
                .find("-t00.tb: table missing (run tbgen build "
                      "'connect(cols=4,rows=3,k=4,value=outcome,first=X,misere=0)')"),
            std::string::npos)
      << tbr_last_error();
  tbr_game_close(game);
  tbr_close(tb);
}

// The one call of every game (SPEC 10): tbr_probe_position and Game::probe(Position) answer the
// value and the distance the text's value and result lines give, for a member with the side to
// move from the counts (connect), given (slide, quixo) and with hands (morris); and refuse what
// the game does not have.
TEST(NumericProbe, OnePositionForEveryGame) {
  struct Case {
    std::string game, board;
    tbr_position p;
  };
  const std::string slide = "slide(cols=3,rows=3,k=3,pieces=3,step=rook)", quixo = "quixo(size=3)",
                    morris = "morris(board=six,pieces=3)";
  const std::vector<Case> cases = {
      {"connect(cols=4,rows=3)", "..../..../X...", {1u << 8, 0, -1, {0, 0}, nullptr}},
      {slide, "XXO/.O./X.O:X", {0b001'000'011, 0b100'010'100, 0, {0, 0}, nullptr}},
      {slide, "XXO/.O./X.O:O", {0b001'000'011, 0b100'010'100, 1, {0, 0}, nullptr}},
      {quixo, "X.O/.X./O..:O", {0b000'010'001, 0b001'000'100, 1, {0, 0}, nullptr}},
      {quixo, "X.O/.X./O..:X", {0b000'010'001, 0b001'000'100, 0, {0, 0}, nullptr}},
      // Six Men's Morris, points a1 c1 e1 b2 ...: X on a1, O on e1, X to move, two marks in
      // hand each.
      {morris, ".../.../..../.../X.O:X:2:2", {0b001, 0b100, 0, {2, 2}, nullptr}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.game + " " + c.board);
    const auto dir = tbgen::testing::built_tables(c.game).string();
    const tbreader::Tablebase tables(dir);
    const tbreader::Game game(tables, c.game);
    const tbreader::Position text = game.probe(std::vector<std::string>{c.board});
    const bool first_is_x = game.name().find("first=O") == std::string::npos;
    const int sign = !text.result || text.result->winner.empty()  ? 0
                     : (text.result->winner == "X") == first_is_x ? 1
                                                                  : -1;
    const int distance = text.result && text.result->turns ? *text.result->turns : -1;
    tbr_tablebase* tb = tbr_open(dir.c_str(), TBR_CACHE_DECODED, 0);
    tbr_game* g = tbr_game_open(tb, c.game.c_str());
    ASSERT_NE(g, nullptr) << tbr_last_error();
    std::int32_t value = 99, far = 99;
    ASSERT_EQ(tbr_probe_position(g, &c.p, &value, &far), 0) << tbr_last_error();
    const tbreader::Game::Answer a =
        game.probe(tbreader::Game::Position{.first = c.p.first,
                                            .second = c.p.second,
                                            .to_move = c.p.to_move,
                                            .hand = {c.p.hand[0], c.p.hand[1]},
                                            .pieces = nullptr});
    EXPECT_EQ(value, a.value);
    EXPECT_EQ(far, a.distance);
    if (c.game.starts_with("connect")) {
      EXPECT_EQ(value, number(text.value.text, 'X'));  // outcome alone: no result line
      EXPECT_EQ(far, -1);
    } else {
      EXPECT_EQ(value, sign * (distance + 1));
      EXPECT_EQ(far, sign ? distance : -1);
    }
    // What the game does not have is refused, one line: pieces where it has none, a side to
    // move out of range.
    const std::uint8_t codes[18] = {};
    tbr_position bad = c.p;
    bad.pieces = codes;
    EXPECT_EQ(tbr_probe_position(g, &bad, &value, &far), -1);
    EXPECT_NE(std::string(tbr_last_error()).find("pieces"), std::string::npos) << tbr_last_error();
    bad = c.p;
    bad.to_move = 2;
    EXPECT_EQ(tbr_probe_position(g, &bad, &value, nullptr), -1);
    tbr_game_close(g);
    tbr_close(tb);
  }
}

}  // namespace
