// nim3 in the reader library: nine pile sizes; the closed form answers any piles, checked
// against the exhaustive tables wherever they cover the board.
#include <algorithm>
#include <cctype>

#include "core/board_text.hpp"
#include "core/contest_reader.hpp"
#include "game_reader.hpp"
#include "games/nim3/nim3_layout.hpp"
#include "games/nim3/nim3_probe.hpp"
#include "games/nim3/nim3_rules.hpp"

namespace tbgen {
namespace {

constexpr std::int64_t kMaxPile = 1'000'000'000;

// The largest K with a nim3-k<K>.tb in the table directory, or 0.
int available_tables(const TableSet& tables) {
  int best = 0;
  for (int k = 1; k <= nim3_table::kMaxPileLimit; ++k)
    if (tables.has(nim3_table::name(k))) best = k;
  return best;
}

// Whether each first move wins: the closed form, and where the tables cover the board, the
// tables too; a disagreement is an error, never an answer.
std::array<bool, 9> first_moves(const TableSet& tables, int table_k, const nim3::Piles& piles,
                                const std::string& where) {
  std::array<bool, 9> wins{};
  for (int p = 0; p < 9; ++p) wins[p] = nim3::first_move_wins(piles, p);
  if (table_k == 0 ||
      *std::max_element(piles.begin(), piles.end()) > static_cast<std::uint64_t>(table_k))
    return wins;
  for (int p = 0; p < 9; ++p) {
    std::array<std::uint32_t, 9> after{};
    for (int c = 0; c < 9; ++c) after[c] = c == p ? 0 : static_cast<std::uint32_t>(piles[c]);
    const bool table_win = probe_nim3(tables, table_k, 1, after) == std::optional<bool>(false);
    if (table_win != wins[p])
      throw tbreader::Error(where + ": the closed form and the " + nim3_table::name(table_k) +
                            " tables disagree on the first move " + cell_name(p, 3));
  }
  return wins;
}

nim3::Piles parse_piles(const std::string& text) {
  nim3::Piles piles{};
  int count = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i])) || text[i] == '/') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != '/')
      ++i;
    const std::string token = text.substr(start, i - start);
    const bool digits = std::all_of(token.begin(), token.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c));
    });
    const std::string at = "board '" + text + "', column " + std::to_string(start + 1);
    if (!digits || token.size() > 10)
      throw tbreader::InputError(at + ": expected a pile size, found '" + token + "'");
    const auto v = std::stoll(token);
    if (v < 1 || v > kMaxPile)
      throw tbreader::InputError(at + ": a pile must be in [1, 1000000000], found " + token);
    if (count == 9) throw tbreader::InputError(at + ": more than nine piles");
    piles[count++] = static_cast<std::uint64_t>(v);
  }
  if (count != 9)
    throw tbreader::InputError("board '" + text + "': expected nine piles, found " +
                               std::to_string(count));
  return piles;
}

tbreader::Value first_player(int winning_moves) {
  return {winning_moves > 0 ? "first player wins" : "first player loses", std::nullopt};
}

class Nim3Reader final : public GameReader {
 public:
  // max_pile: the tables that check the closed form; 0: the largest K whose tables are there.
  explicit Nim3Reader(int max_pile) : max_pile_(max_pile) {}

  std::string name() const override {
    return max_pile_ ? "nim3(max_pile=" + std::to_string(max_pile_) + ")" : "nim3";
  }

  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions&) const override {
    expect_one_board("nim3", boards);
    const nim3::Piles piles = parse_piles(boards[0]);
    const int k = table_k(tables);
    const auto wins = first_moves(tables, k, piles, "board '" + boards[0] + "'");
    const int count = static_cast<int>(std::count(wins.begin(), wins.end(), true));
    tbreader::Position r{
        name(), boards[0], "first player (takes a whole pile)", first_player(count), {}, {}};
    r.notes.push_back("winning first moves: " + std::to_string(count) + " of 9");
    const bool covered =
        k > 0 && *std::max_element(piles.begin(), piles.end()) <= static_cast<std::uint64_t>(k);
    r.notes.push_back(std::string("answered by: the closed form") +
                      (covered ? ", agreeing with the " + nim3_table::name(k) + " tables" : ""));
    for (const bool want : {true, false})
      for (int p = 0; p < 9; ++p)
        if (wins[p] == want)
          r.moves.push_back({cell_name(p, 3),
                             {want ? "win" : "loss", std::nullopt},
                             want ? tbreader::Outcome::win : tbreader::Outcome::loss});
    return r;
  }

  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override {
    ContestReader reader(in, "stdin");
    const int k = table_k(tables);
    const auto cases = reader.integer("the number of cases T", 0, 100'000'000);
    std::string answers;
    for (std::int64_t t = 1; t <= cases; ++t) {
      const int line = reader.next_line();
      nim3::Piles piles{};
      for (int c = 0; c < 9; ++c)
        piles[c] = static_cast<std::uint64_t>(reader.integer(
            [&] {
              return "pile " + std::to_string(c + 1) + " of case " + std::to_string(t) +
                     " (1 to 10^9)";
            },
            1, kMaxPile));
      const auto wins = first_moves(
          tables, k, piles, "stdin:" + std::to_string(line) + ": case " + std::to_string(t));
      answers += std::to_string(std::count(wins.begin(), wins.end(), true));
      answers += '\n';
    }
    if (!reader.at_end()) reader.fail_here("unexpected input after the last case");
    out << answers;
  }

 private:
  int table_k(const TableSet& tables) const {
    return max_pile_ ? max_pile_ : available_tables(tables);
  }
  int max_pile_;
};

}  // namespace

std::unique_ptr<GameReader> make_nim3_reader(const GameString& game) {
  return std::make_unique<Nim3Reader>(
      static_cast<int>(game.integer("max_pile", 1, nim3_table::kMaxPileLimit, 0)));
}

}  // namespace tbgen
