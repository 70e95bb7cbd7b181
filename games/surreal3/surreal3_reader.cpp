// surreal3 in the reader library: boards of '.', 'O', 'X', '#'; several boards are a sum, whose
// value is the sum of the boards' values (every board is a number).
#include <algorithm>

#include "core/board_text.hpp"
#include "core/contest_reader.hpp"
#include "game_reader.hpp"
#include "games/surreal3/surreal3_probe.hpp"
#include "games/surreal3/surreal3_rules.hpp"

namespace tbgen {
namespace {

// '.' and '#' are both inert (SPEC: they index as 0).
std::uint32_t board_index(std::string_view cells) {
  std::uint32_t index = 0;
  for (int i = 8; i >= 0; --i) index = index * 3 + (cells[i] == 'O' ? 1 : cells[i] == 'X' ? 2 : 0);
  return index;
}

// Every board is a number, so a sum is decided by the sign of the sum of values.
const char* outcome(const Dyadic& sum) {
  return sum > Dyadic(0) ? "Alice" : sum < Dyadic(0) ? "Bob" : "Second";
}

tbreader::Value value_text(const Dyadic& v) {
  return {v.text(), std::nullopt};
}

class Surreal3Reader final : public GameReader {
 public:
  std::string name() const override { return "surreal3"; }

  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions&) const override {
    std::vector<std::uint32_t> indices;
    std::vector<Dyadic> values;
    const Dyadic sum = sum_of(tables, boards, &indices, &values);
    tbreader::Position r{"surreal3",      "", "either (Alice moves O, Bob moves X)",
                         value_text(sum), {}, {}};
    for (std::size_t k = 0; k < boards.size(); ++k) {
      r.board += (k ? " + " : "") + boards[k];
      if (boards.size() > 1)
        r.notes.push_back("board " + std::to_string(k + 1) + ": " + values[k].text());
    }
    r.notes.push_back(std::string("outcome: ") + outcome(sum));
    // Each move's value is the value of the whole sum after it. After Alice's move Bob starts,
    // so she wins where the sum is >= 0; Bob wins after his where it is <= 0.
    std::vector<std::pair<Dyadic, std::string>> alice, bob;
    for (std::size_t k = 0; k < indices.size(); ++k) {
      const std::string prefix = boards.size() > 1 ? std::to_string(k + 1) + ":" : "";
      const auto cells = board3::decode(indices[k]);
      for (int c = 0; c < 9; ++c) {
        if (cells[c] == surreal3::kO)
          for (auto ban : surreal3::kBans)
            alice.emplace_back(
                sum - values[k] + probe_surreal3(tables, surreal3::alice_move(indices[k], c, ban)),
                "Alice " + prefix + cell_name(c, 3) + ":" + surreal3::ban_name(ban));
        if (cells[c] == surreal3::kX)
          bob.emplace_back(
              sum - values[k] + probe_surreal3(tables, surreal3::bob_move(indices[k], c)),
              "Bob " + prefix + cell_name(c, 3));
      }
    }
    std::stable_sort(alice.begin(), alice.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::stable_sort(bob.begin(), bob.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    using tbreader::Outcome;
    for (const auto& [v, name] : alice)
      r.moves.push_back({name, value_text(v), v >= Dyadic(0) ? Outcome::win : Outcome::loss});
    for (const auto& [v, name] : bob)
      r.moves.push_back({name, value_text(v), v <= Dyadic(0) ? Outcome::win : Outcome::loss});
    return r;
  }

  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions&) const override {
    return value_text(sum_of(tables, boards, nullptr, nullptr));
  }

  // A batch line holds a sum: boards separated by blanks.
  std::vector<std::string> boards_of_line(std::string_view line) const override {
    std::vector<std::string> boards;
    std::size_t i = 0;
    while (i < line.size()) {
      const std::size_t start = line.find_first_not_of(" \t", i);
      if (start == std::string_view::npos) break;
      i = std::min(line.size(), line.find_first_of(" \t", start));
      boards.emplace_back(line.substr(start, i - start));
    }
    return boards;
  }

  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override {
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
        sum = sum + probe_surreal3(tables, board_index(cells));
      }
      answers += outcome(sum);
      answers += '\n';
    }
    if (!reader.at_end()) reader.fail_here("unexpected input after the last test case");
    out << answers;
  }

 private:
  // The value of the sum of `boards`; each board's index and value where asked for.
  static Dyadic sum_of(const TableSet& tables, std::span<const std::string> boards,
                       std::vector<std::uint32_t>* indices, std::vector<Dyadic>* values) {
    if (boards.empty()) throw tbreader::InputError("surreal3 takes one board or more (a sum)");
    Dyadic sum;
    for (const auto& text : boards) {
      const std::uint32_t index = board_index(parse_board_text(text, 9, 3, ".OX#"));
      const Dyadic v = probe_surreal3(tables, index);
      sum = sum + v;
      if (indices) indices->push_back(index);
      if (values) values->push_back(v);
    }
    return sum;
  }
};

}  // namespace

std::unique_ptr<GameReader> make_surreal3_reader(const GameString&) {
  return std::make_unique<Surreal3Reader>();
}

}  // namespace tbgen
