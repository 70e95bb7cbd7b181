// score3 in the reader library: the mnk member's boards, values and moves (PlacementReader), under
// its own name, with its contest format.
#include "core/board_text.hpp"
#include "core/contest_reader.hpp"
#include "family/family_game.hpp"
#include "family/placement/placement_reader.hpp"
#include "games/score3/score3_rules.hpp"

namespace tbgen {

family::Rules score3_rules() {
  family::Rules r = mnk_rules(GameString(kScore3Member));
  r.canonical = "score3";
  r.stem = "score3";
  return r;
}

namespace {

// A board of nine good cells that play cannot reach is refused as such, as before score3 was a
// member, whatever the member's check found wrong with it.
template <class Answer>
auto reachable(Answer&& answer, std::span<const std::string> boards) {
  expect_one_board("score3", boards);
  parse_xo_board(boards[0]);  // a malformed board is refused for what is wrong with it
  try {
    return answer();
  } catch (const tbreader::InputError&) {
    throw tbreader::InputError("board '" + boards[0] + "': cannot arise in play (score3)");
  }
}

class Score3Reader final : public PlacementReader {
 public:
  Score3Reader() : PlacementReader(score3_rules()) {}

  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions& options) const override {
    return reachable([&] { return PlacementReader::probe(tables, boards, options); }, boards);
  }
  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions& options) const override {
    return reachable([&] { return PlacementReader::value(tables, boards, options); }, boards);
  }

  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override {
    ContestReader reader(in, "stdin");
    const auto cases = reader.integer("the number of boards T", 0, 100'000'000);
    // Parse everything first (errors name the first bad board), then answer in table order.
    // The list grows as boards are read, so that memory follows the input, not the declared T.
    std::vector<Board> boards;
    for (std::size_t t = 0; t < static_cast<std::size_t>(cases); ++t) {
      const int line = reader.next_line();
      std::uint32_t x = 0, o = 0;
      for (int i = 0; i < 9; ++i) {
        const auto cell = reader.integer(
            "cell " + std::to_string(i + 1) + " of board " + std::to_string(t + 1) + " (0, 1 or 2)",
            0, 2);
        x |= std::uint32_t{cell == 1} << i;
        o |= std::uint32_t{cell == 2} << i;
      }
      const auto where = [&] {
        return "stdin:" + std::to_string(line) + ": board " + std::to_string(t + 1);
      };
      try {
        boards.push_back(check(x, o, where));
      } catch (const tbreader::InputError&) {
        throw tbreader::InputError(where() + " cannot arise in play");
      }
      if (!member().rules().first_moves(boards.back().turn))
        throw tbreader::InputError(where() + " has O to move (X must be to move)");
    }
    if (!reader.at_end()) reader.fail_here("unexpected input after the last board");
    std::string answers;
    for (const family::Code c : codes(tables, boards)) {
      answers += std::to_string(member().rules().value_of(c));  // "5", not the text form's "+5"
      answers += '\n';
    }
    out << answers;
  }
};

}  // namespace

std::unique_ptr<GameReader> make_score3_reader(const GameString&) {
  return std::make_unique<Score3Reader>();
}

}  // namespace tbgen
