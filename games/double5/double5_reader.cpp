// double5 in the reader library: the lines member's boards, values and moves (PlacementReader),
// under its own name, with its contest format.
#include "core/contest_reader.hpp"
#include "family/family_game.hpp"
#include "family/placement/placement_reader.hpp"
#include "games/double5/double5_rules.hpp"

namespace tbgen {

family::Rules double5_rules() {
  family::Rules r = lines_rules(GameString(kDouble5Member));
  r.canonical = "double5";
  r.stem = "double5";
  r.layer_letter = 'r';  // its files are named by rounds, as before it was a member
  return r;
}

namespace {

class Double5Reader final : public PlacementReader {
 public:
  Double5Reader() : PlacementReader(double5_rules()) {}

  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override {
    ContestReader reader(in, "stdin");
    const auto cases = reader.integer("the number of boards T", 0, 100'000'000);
    // Parse everything first (errors name the first bad board), then answer in table order.
    // The list grows as boards are read, so that memory follows the input, not the declared T.
    std::vector<Board> boards;
    for (std::size_t t = 0; t < static_cast<std::size_t>(cases); ++t) {
      const int line = reader.next_line();
      std::uint32_t o = 0, x = 0;
      for (int i = 0; i < 25; ++i) {
        const char c = reader.cell(
            [&] { return "cell " + std::to_string(i + 1) + " of board " + std::to_string(t + 1); },
            "");
        if (c == 'O') {
          o |= 1u << i;
        } else if (c == 'X') {
          x |= 1u << i;
        } else if (c != '.') {
          reader.fail_here("board " + std::to_string(t + 1) + ": unexpected character '" +
                           std::string(1, c) + "' (expected 'O', 'X' or '.')");
        }
      }
      boards.push_back(check(o, x, [&] {
        return "stdin:" + std::to_string(line) + ": board " + std::to_string(t + 1);
      }));
    }
    if (!reader.at_end()) reader.fail_here("unexpected input after the last board");
    std::string answers;
    answers.reserve(6 * boards.size());
    for (const family::Code c : codes(tables, boards)) {
      answers += value_text(c).text;
      answers += '\n';
    }
    out << answers;
  }
};

}  // namespace

std::unique_ptr<GameReader> make_double5_reader(const GameString&) {
  return std::make_unique<Double5Reader>();
}

}  // namespace tbgen
