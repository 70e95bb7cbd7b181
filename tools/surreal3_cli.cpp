#include <algorithm>

#include "board_text.hpp"
#include "contest_reader.hpp"
#include "game_cli.hpp"
#include "input_error.hpp"
#include "rules/surreal3.hpp"

namespace tbgen {
namespace {

// '.' and '#' are both inert (SPEC: they index as 0).
std::uint32_t board_index(std::string_view cells) {
  std::uint32_t index = 0;
  for (int i = 8; i >= 0; --i) index = index * 3 + (cells[i] == 'O' ? 1 : cells[i] == 'X' ? 2 : 0);
  return index;
}

Dyadic value_of(const tbreader::Tablebase& tables, std::uint32_t board) {
  const auto v = tbreader::probe_surreal3(tables, board);
  return Dyadic::from_parts(v.numerator, v.exponent);
}

// Every board is a number, so a sum is decided by the sign of the sum of values.
const char* outcome(const Dyadic& sum) {
  return sum > Dyadic(0) ? "Alice" : sum < Dyadic(0) ? "Bob" : "Second";
}

class Surreal3Cli final : public GameCli {
 public:
  std::string id() const override { return "surreal3"; }

  ProbeResult probe(const tbreader::Tablebase& tables, const std::vector<std::string>& boards,
                    const ProbeOptions&) const override {
    std::vector<std::uint32_t> indices;
    std::vector<Dyadic> values;
    Dyadic sum;
    ProbeResult r{"surreal3", "", "either (Alice moves O, Bob moves X)", "", "", {}, {}};
    for (std::size_t k = 0; k < boards.size(); ++k) {
      indices.push_back(board_index(parse_board_text(boards[k], 9, 3, ".OX#")));
      values.push_back(value_of(tables, indices.back()));
      sum = sum + values.back();
      r.board += (k ? " + " : "") + boards[k];
      if (boards.size() > 1)
        r.extra.push_back("board " + std::to_string(k + 1) + ": " + values.back().text());
    }
    r.value_text = sum.text();
    r.value_json = json_string(sum.text());
    r.extra.push_back(std::string("outcome: ") + outcome(sum));
    // Each move's value is the value of the whole sum after it.
    std::vector<std::pair<Dyadic, std::string>> alice, bob;
    for (std::size_t k = 0; k < indices.size(); ++k) {
      const std::string prefix = boards.size() > 1 ? std::to_string(k + 1) + ":" : "";
      const auto cells = board3::decode(indices[k]);
      for (int c = 0; c < 9; ++c) {
        if (cells[c] == surreal3::kO)
          for (auto ban : surreal3::kBans)
            alice.emplace_back(
                sum - values[k] + value_of(tables, surreal3::alice_move(indices[k], c, ban)),
                "Alice " + prefix + cell_name(c, 3) + ":" + surreal3::ban_name(ban));
        if (cells[c] == surreal3::kX)
          bob.emplace_back(sum - values[k] + value_of(tables, surreal3::bob_move(indices[k], c)),
                           "Bob " + prefix + cell_name(c, 3));
      }
    }
    std::stable_sort(alice.begin(), alice.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::stable_sort(bob.begin(), bob.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto* list : {&alice, &bob})
      for (const auto& [v, name] : *list)
        r.moves.push_back({name, v.text(), json_string(v.text())});
    return r;
  }

  void solve(const tbreader::Tablebase& tables, std::istream& in,
             std::ostream& out) const override {
    ContestReader reader(in, "stdin");
    const auto cases = reader.integer("the number of test cases T", 0, 10'000'000);
    std::string answers;
    for (std::int64_t t = 1; t <= cases; ++t) {
      const auto n = reader.integer(
          [&] { return "the number of boards of test case " + std::to_string(t); }, 1, 10'000'000);
      Dyadic sum;
      for (std::int64_t k = 1; k <= n; ++k) {
        std::string cells;
        for (int i = 0; i < 9; ++i) {
          const char c = reader.cell(
              [&] {
                return "cell " + std::to_string(i + 1) + " of board " + std::to_string(k) +
                       " of test case " + std::to_string(t);
              },
              "|");
          if (std::string_view(".OX#").find(c) == std::string_view::npos)
            reader.fail_here("test case " + std::to_string(t) + ", board " + std::to_string(k) +
                             ": unexpected character '" + std::string(1, c) +
                             "' (cells are '.', 'O', 'X', '#')");
          cells += c;
        }
        sum = sum + value_of(tables, board_index(cells));
      }
      answers += outcome(sum);
      answers += '\n';
    }
    if (!reader.at_end()) reader.fail_here("unexpected input after the last test case");
    out << answers;
  }
};

}  // namespace

std::unique_ptr<GameCli> make_surreal3_cli() {
  return std::make_unique<Surreal3Cli>();
}

}  // namespace tbgen
