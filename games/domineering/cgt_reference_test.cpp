// Domineering and cram against the independent plain reference (cgt_reference.hpp: textbook
// canonical forms by plain recursion over the moves, no memo, no decomposition): every board of
// 3x3 and 4x3 (both orientations' worth: cols=4,rows=3), its form, outcome and moves; random
// sums of 3x3 boards against a plain minimax of the sum; SPEC 6's published values; refused
// boards. The reference itself is checked first against facts that do not come from it.
#include "games/domineering/cgt_reference.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tbreader/tbreader.hpp"
#include "test_tables.hpp"

namespace {

using namespace tbgen::testing;

std::string member(bool cram, int cols, int rows) {
  return std::string(cram ? "cram" : "domineering") + "(cols=" + std::to_string(cols) +
         ",rows=" + std::to_string(rows) + ")";
}

// The position's outcome class as its text form prints it ("outcome: X"), or "" (a failure)
// when the text has not exactly one such line.
std::string outcome_note(const tbreader::Position& p) {
  const std::string text = tbreader::text(p);
  const auto at = text.find("\noutcome: ");
  if (at == std::string::npos || text.find("\noutcome: ", at + 1) != std::string::npos) return "";
  return text.substr(at + 10, text.find('\n', at + 1) - at - 10);
}

// Reports the first few mismatches of a long loop and counts all of them.
struct Mismatches {
  std::string what;
  int count = 0;
  void operator()(const std::string& message) {
    if (++count <= 10) ADD_FAILURE() << what << ": " << message;
  }
  ~Mismatches() { EXPECT_EQ(count, 0) << what << ": mismatches in all"; }
};

bool is_nimber_form(const std::string& form) {
  if (form == "0" || form == "*") return true;
  if (form.size() < 2 || form[0] != '*' || form[1] == '0') return false;
  return form.find_first_not_of("0123456789", 1) == std::string::npos;
}

// The engine's form, parsed; nullptr (and a mismatch) when absent or unreadable.
CgPtr engine_form(const tbreader::Position& p, Mismatches& bad, const std::string& where,
                  std::string* respelled = nullptr) {
  if (!p.form) {
    bad(where + ": no form");
    return nullptr;
  }
  try {
    return cg_parse(*p.form, respelled);
  } catch (const std::invalid_argument& e) {
    bad(where + ": " + e.what());
    return nullptr;
  }
}

// Every board of a member: form (structurally equal to the reference's canonical form, spelled
// with numbers and nimbers as such), outcome note, move names, each move's value the value of
// the board it leads to; cram forms are nimbers. Prints the number of distinct forms.
std::size_t compare_every_board(bool cram, int cols, int rows) {
  const auto name = member(cram, cols, rows);
  const tbreader::Game game(tablebase(name), name);
  const BoardGame ref{cols, rows, cram};
  Mismatches bad{name};
  std::set<std::string> ref_forms, engine_forms;
  std::vector<std::string> value_text(std::size_t{ref.full()} + 1);
  std::vector<std::vector<std::pair<std::string, std::uint32_t>>> move_values(value_text.size());
  BoardGame::SumMemo memo;

  for (std::uint32_t mask = 0; mask <= ref.full(); ++mask) {
    const auto board = ref.text(mask);
    const auto p = game.probe(std::vector<std::string>{board});
    const auto mine = ref.form(mask);
    const auto mine_key = cg_key(mine);
    ref_forms.insert(mine_key);
    value_text[mask] = p.value.text;

    std::string respelled;
    if (const auto theirs = engine_form(p, bad, board, &respelled)) {
      engine_forms.insert(cg_key(theirs));
      if (!cg_same(theirs, mine)) {
        bad(board + ": form " + *p.form + ", reference " + mine_key +
            (cg_equal(cg_canonical(theirs), mine) ? " (equal, but not canonical)"
                                                  : " (not equal)"));
      } else if (respelled != mine_key) {
        bad(board + ": form " + *p.form + " spells numbers or nimbers in braces; reference " +
            mine_key);
      }
    }
    if (cram && !(p.form && is_nimber_form(*p.form)))
      bad(board + ": cram form not a nimber: " + p.form.value_or("(none)"));

    const char outcome = cg_outcome(mine);
    if (ref.sum_outcome({mask}, memo) != outcome)  // the reference checks itself
      bad(board + ": reference outcome differs from its minimax");
    if (outcome_note(p) != std::string(1, outcome))
      bad(board + ": outcome note \"" + outcome_note(p) + "\", reference " + outcome);

    // Move names: every Left and every Right move, each placement once (cram: as Left's).
    std::map<std::string, std::pair<std::uint32_t, bool>> expected;  // the board after, Left's
    for (bool left : {true, false})
      for (const auto& m : ref.moves(mask, left))
        expected.emplace(ref.move_name(m), std::pair(BoardGame::after(mask, m), left));
    std::set<std::string> names;
    for (const auto& m : p.moves) {
      names.insert(m.name);
      const auto it = expected.find(m.name);
      if (it == expected.end()) continue;
      const auto [after, left] = it->second;
      move_values[mask].emplace_back(m.value.text, after);
      // The outcome class the move leads to, and whether it wins for its maker: the other
      // player moves next, so a Left move wins where Left wins moving second (L or P).
      const char leads_to = cg_outcome(ref.form(after));
      if (m.outcome_class != leads_to)
        bad(board + ": move " + m.name + " leads to outcome " + m.outcome_class.value_or('?') +
            ", reference " + leads_to);
      const bool wins = leads_to == 'P' || leads_to == (left ? 'L' : 'R');
      if ((m.outcome == tbreader::Outcome::win) != wins)
        bad(board + ": move " + m.name + " marked " + (wins ? "losing" : "winning"));
    }
    if (names.size() != p.moves.size()) bad(board + ": a move named twice");
    std::set<std::string> expected_names;
    for (const auto& [n, after] : expected) expected_names.insert(n);
    if (names != expected_names) {
      std::string got, want;
      for (const auto& n : names) got += n + " ";
      for (const auto& n : expected_names) want += n + " ";
      bad(board + ": moves " + got + "; reference " + want);
    }
  }
  // Each move's value is the value of the board it leads to.
  for (std::uint32_t mask = 0; mask <= ref.full(); ++mask)
    for (const auto& [text, after] : move_values[mask])
      if (text != value_text[after])
        bad(ref.text(mask) + ": a move to " + ref.text(after) + " has value " + text +
            ", that board " + value_text[after]);

  std::cout << name << ": " << ref_forms.size() << " distinct canonical forms (reference), "
            << engine_forms.size() << " (engine) over " << value_text.size() << " boards\n";
  EXPECT_EQ(engine_forms.size(), ref_forms.size()) << name;
  return ref_forms.size();
}

// ---- the reference against facts that do not come from it -------------------------------

TEST(CgtReference, GamesBornByDay2CollapseTo22) {
  // Day 1: 0, *, 1, -1; the 256 games {L|R} with L, R sets of them have 22 values.
  const std::vector<CgPtr> day1 = {cg_zero(), cg_nimber(1), cg_number({1, 0}), cg_number({-1, 0})};
  std::set<std::string> values;
  for (int l = 0; l < 16; ++l)
    for (int r = 0; r < 16; ++r) {
      std::vector<CgPtr> ls, rs;
      for (int i = 0; i < 4; ++i) {
        if (l >> i & 1) ls.push_back(day1[static_cast<std::size_t>(i)]);
        if (r >> i & 1) rs.push_back(day1[static_cast<std::size_t>(i)]);
      }
      values.insert(cg_key(cg_canonical_from_options(ls, rs)));
    }
  EXPECT_EQ(values.size(), 22u);
}

TEST(CgtReference, KnownIdentities) {
  auto f = [](const char* text) { return cg_canonical(cg_parse(text)); };
  // Keys sort options as strings ('*' before '0'): compare with the expected text's key.
  auto key = [&](const char* text) { return cg_key(f(text)); };
  auto want = [](const char* text) { return cg_key(cg_parse(text)); };
  EXPECT_EQ(key("{0|0}"), want("*"));
  EXPECT_EQ(key("{-1|1}"), want("0"));
  EXPECT_EQ(key("{0|1}"), want("1/2"));
  EXPECT_EQ(key("{1/2|1}"), want("3/4"));
  EXPECT_EQ(key("{-1|-1/2}"), want("-3/4"));
  EXPECT_EQ(key("{0,*|0,*}"), want("*2"));
  EXPECT_EQ(key("{0|{0|0}}"), want("{0|*}"));  // up
  EXPECT_EQ(key("{0,*|0}"), want("{0,*|0}"));  // up star
  EXPECT_EQ(key("{1|{1|1}}"), want("{1|{1|1}}"));
  EXPECT_EQ(key("{{2|0}|0}"), want("{{2|0}|0}"));    // Miny(2)
  EXPECT_EQ(key("{0|{0|-2}}"), want("{0|{0|-2}}"));  // Tiny(2)
  EXPECT_EQ(key("{*|*}"), want("0"));                // reversible: bypassed to nothing
  EXPECT_EQ(key("{*2|*2}"), want("0"));
  EXPECT_EQ(key("{0,*,*2|0,*,*2,*3}"), want("{0,*,*2|0,*,*2,*3}"));  // not a nimber
  auto sum = [&](const char* a, const char* b) { return cg_key(cg_sum(f(a), f(b))); };
  EXPECT_EQ(sum("*", "*"), want("0"));
  EXPECT_EQ(sum("*2", "*3"), want("*"));
  EXPECT_EQ(sum("1/2", "1/2"), want("1"));
  EXPECT_EQ(sum("3/4", "-5/8"), want("1/8"));
  EXPECT_EQ(sum("{0|*}", "{*|0}"), want("0"));            // up + down
  EXPECT_EQ(sum("{0|*}", "{0|*}"), want("{0|{0,*|0}}"));  // double up = {0|up star}
  EXPECT_EQ(sum("{0|*}", "*"), want("{0,*|0}"));          // up star
  EXPECT_EQ(sum("{1|-1}", "{1|-1}"), want("0"));
  EXPECT_EQ(sum("{2|1}", "-1"), want("{1|0}"));
  EXPECT_EQ(cg_outcome(f("{0|*}")), 'L');
  EXPECT_EQ(cg_outcome(f("{1|-1}")), 'N');
  EXPECT_EQ(cg_outcome(f("*2")), 'N');
  EXPECT_EQ(cg_outcome(f("0")), 'P');
  EXPECT_EQ(cg_outcome(f("-1/2")), 'R');
}

TEST(CgtReference, ParserIsStrict) {
  for (const char* good : {"0", "-3", "3/4", "-5/8", "*", "*2", "{|}", "{1|-1}", "{2|-1/2}",
                           "{0,{{2|0},{2|{2|0}}|{2|0},{{2|0}|0}}|0,{{0|-2},{0|{0|-2}}|{0|-2},"
                           "{{0|-2}|-2}}}"})
    EXPECT_NO_THROW(cg_parse(good)) << good;
  for (const char* bad : {"", " 0", "0 ", "2/4", "1/3", "1/1", "-0", "01", "{1|2", "{1,|2}",
                          "{1|2}}", "^", "+-1", "{1||2}", "**", "1*"})
    EXPECT_THROW(cg_parse(bad), std::invalid_argument) << bad;
  std::string spelled;
  cg_parse("{{|}|*1,-1}", &spelled);
  EXPECT_EQ(spelled, "{{|}|*1,-1}");
  EXPECT_EQ(cg_key(cg_parse("{{|}|*1,-1}")), "{0|*,-1}");
}

TEST(CgtReference, DistinctFormsAndPublishedValues) {
  // CGT-NOTES section 4: distinct values over all subsets of a board (either orientation).
  auto distinct = [](int cols, int rows) {
    const BoardGame g{cols, rows, false};
    std::set<std::string> keys;
    for (std::uint32_t m = 0; m <= g.full(); ++m) keys.insert(cg_key(g.form(m)));
    return keys.size();
  };
  EXPECT_EQ(distinct(2, 2), 5u);
  EXPECT_EQ(distinct(3, 2), 9u);
  EXPECT_EQ(distinct(2, 3), 9u);
  EXPECT_EQ(distinct(3, 3), 25u);
  EXPECT_EQ(distinct(4, 3), 84u);
  EXPECT_EQ(distinct(2, 4), 19u);

  // SPEC 6's published values, including the 4x4 ones (a cache within each top-level board).
  auto empty = [](int cols, int rows) { return BoardGame{cols, rows, false}.form(0); };
  EXPECT_TRUE(cg_same(empty(2, 2), cg_parse("{1|-1}")));
  EXPECT_TRUE(cg_same(empty(3, 2), cg_parse("{2|-1/2}")));
  EXPECT_TRUE(cg_same(empty(2, 3), cg_parse("{1/2|-2}")));
  EXPECT_TRUE(cg_same(empty(3, 3), cg_parse("{1|-1}")));
  const BoardGame b44{4, 4, false};
  // +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}: 2Tiny(2) = {2||2|0}, Miny(2) = {2|0||0}.
  const auto x = cg_parse("{{2|0},{2|{2|0}}|{2|0},{{2|0}|0}}");
  const auto pm = cg_make({cg_zero(), x}, {cg_zero(), cg_negate(x)});
  EXPECT_TRUE(cg_same(b44.form_cached(0), pm)) << cg_key(b44.form_cached(0));
  EXPECT_TRUE(
      cg_same(b44.form_cached(b44.parse("#.../..../..../....")), cg_parse("{{1|1}|{-1|-1}}")));
  EXPECT_EQ(cg_key(BoardGame{5, 4, false}.form_cached(0)), "1");

  // Cram: every value a nimber; reflections and (domineering) transposition.
  for (int cols : {3, 4}) {
    const BoardGame cram{cols, 3, true}, dom{cols, 3, false}, tr{3, cols, false};
    for (std::uint32_t m = 0; m <= cram.full(); ++m) {
      const auto key = cg_key(cram.form(m));
      ASSERT_TRUE(is_nimber_form(key)) << cram.text(m) << " " << key;
      std::uint32_t t = 0, flip = 0;  // transpose, left-right mirror
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < cols; ++c)
          if (m >> (r * cols + c) & 1) {
            t |= 1u << (c * 3 + r);
            flip |= 1u << (r * cols + cols - 1 - c);
          }
      ASSERT_TRUE(cg_same(tr.form(t), cg_negate(dom.form(m)))) << dom.text(m);
      ASSERT_TRUE(cg_same(dom.form(flip), dom.form(m))) << dom.text(m);
    }
  }
}

// ---- the engine against the reference ---------------------------------------------------

TEST(DomineeringAgainstReference, EveryBoardOf3x3And4x3) {
  EXPECT_EQ(compare_every_board(false, 3, 3), 25u);  // CGT-NOTES section 4
  EXPECT_EQ(compare_every_board(false, 4, 3), 84u);
}

TEST(CramAgainstReference, EveryBoardOf3x3And4x3) {
  compare_every_board(true, 3, 3);
  compare_every_board(true, 4, 3);
}

// Random sums of 3x3 boards: the outcome note against a plain minimax of the sum, the form
// against the reference's canonical sum of the components' canonical forms.
void compare_sums(bool cram, int pairs, int triples, unsigned seed) {
  const auto name = member(cram, 3, 3);
  const tbreader::Game game(tablebase(name), name);
  const BoardGame ref{3, 3, cram};
  Mismatches bad{name + " sums"};
  BoardGame::SumMemo memo;
  std::mt19937 rng(seed);
  // Boards of every density: a cell is covered with probability 0.1 (0.25 in cram, whose
  // minimax is larger), 0.25 or 0.5.
  auto random_board = [&] {
    const double density[] = {cram ? 0.25 : 0.1, 0.25, 0.5};
    std::bernoulli_distribution covered(density[rng() % 3]);
    std::uint32_t m = 0;
    for (int c = 0; c < ref.cells(); ++c)
      if (covered(rng)) m |= 1u << c;
    return m;
  };
  std::map<char, int> outcomes;
  for (int n : {2, 3})
    for (int i = 0; i < (n == 2 ? pairs : triples); ++i) {
      std::vector<std::uint32_t> masks;
      std::vector<std::string> boards;
      for (int k = 0; k < n; ++k) {
        masks.push_back(random_board());
        boards.push_back(ref.text(masks.back()));
      }
      std::string where;
      for (const auto& b : boards) where += (where.empty() ? "" : " ") + b;
      const auto p = game.probe(boards);

      const char minimax = ref.sum_outcome(masks, memo);
      ++outcomes[minimax];
      CgPtr sum = ref.form(masks[0]);
      for (int k = 1; k < n; ++k) sum = cg_sum(sum, ref.form(masks[static_cast<std::size_t>(k)]));
      if (cg_outcome(sum) != minimax) bad(where + ": reference sum and minimax differ");
      if (outcome_note(p) != std::string(1, minimax))
        bad(where + ": outcome note \"" + outcome_note(p) + "\", minimax " + minimax);
      if (const auto theirs = engine_form(p, bad, where); theirs && !cg_same(theirs, sum))
        bad(where + ": form " + *p.form + ", reference " + cg_key(sum));
      if (cram) {
        int nim = 0;
        for (auto m : masks) {
          const auto k = cg_key(ref.form(m));
          nim ^= k == "0" ? 0 : k == "*" ? 1 : std::stoi(k.substr(1));
        }
        const auto want = nim == 0 ? std::string("0") : nim == 1 ? "*" : "*" + std::to_string(nim);
        if (p.form != want) bad(where + ": form " + p.form.value_or("(none)") + ", want " + want);
      }
    }
  std::cout << name << " sums: L " << outcomes['L'] << ", R " << outcomes['R'] << ", N "
            << outcomes['N'] << ", P " << outcomes['P'] << "\n";
}

TEST(DomineeringAgainstReference, RandomSumsAgainstMinimax) {
  compare_sums(false, 300, 300, 6);
}

TEST(CramAgainstReference, RandomSumsAgainstMinimax) {
  compare_sums(true, 100, 100, 7);
}

TEST(DomineeringAgainstReference, PublishedValues) {
  // SPEC 6 (CGSuite), empty boards: the value text exactly, the form as the reference's.
  const struct {
    int cols, rows;
    const char* text;
    const char* form;
  } published[] = {{2, 2, "+-1", "{1|-1}"},
                   {3, 2, "{2|-1/2}", "{2|-1/2}"},
                   {2, 3, "{1/2|-2}", "{1/2|-2}"},
                   {3, 3, "+-1", "{1|-1}"}};
  for (const auto& v : published) {
    const auto name = member(false, v.cols, v.rows);
    const BoardGame ref{v.cols, v.rows, false};
    const auto p =
        tbreader::Game(tablebase(name), name).probe(std::vector<std::string>{ref.text(0)});
    EXPECT_EQ(p.value.text, v.text) << name;
    ASSERT_TRUE(p.form.has_value()) << name;
    EXPECT_TRUE(cg_same(cg_parse(*p.form), cg_parse(v.form))) << name << ": " << *p.form;
    EXPECT_TRUE(cg_same(ref.form(0), cg_parse(v.form))) << name << ": reference";
  }
}

TEST(DomineeringAgainstReference, BadBoardsRefused) {
  for (bool cram : {false, true}) {
    const auto name = member(cram, 3, 3);
    const tbreader::Game game(tablebase(name), name);
    for (const char* board : {"../../..", ".../.../....", ".../...", ".../.../.../...",
                              ".../.X./...", ".../.o./...", "...,.../...", ".../.../..#."}) {
      EXPECT_THROW(game.probe(std::vector<std::string>{board}), tbreader::InputError)
          << name << " " << board;
      EXPECT_THROW(game.probe(std::vector<std::string>{".../.../...", board}), tbreader::InputError)
          << name << " sum with " << board;
    }
  }
}

}  // namespace
