// weighted3 in the reader library: boards of '.', 'X' (Takahashi), 'O' (Aoki) and the nine
// weights; the winner after each move.
#include <sstream>

#include "core/board_text.hpp"
#include "core/contest_reader.hpp"
#include "game_reader.hpp"
#include "games/weighted3/weighted3_probe.hpp"

namespace tbgen {
namespace {

constexpr std::int64_t kMaxWeight = 1'000'000'000;

tbreader::Value winner(bool takahashi) {
  return {takahashi ? "Takahashi" : "Aoki", std::nullopt};
}

bool odd_sum(const Weights& w) {
  std::int64_t sum = 0;
  for (auto v : w) sum += v;
  return sum % 2 != 0;
}

Weights parse_weights(const std::optional<std::string>& text) {
  if (!text) throw tbreader::InputError("weighted3 needs --weights \"w1 ... w9\"");
  std::istringstream in(*text);
  ContestReader reader(in, "--weights");
  Weights w{};
  for (int c = 0; c < 9; ++c)
    w[c] = reader.integer([&] { return "weight " + std::to_string(c + 1) + " (|w| <= 10^9)"; },
                          -kMaxWeight, kMaxWeight);
  if (!reader.at_end()) reader.fail_here("more than nine weights");
  if (!odd_sum(w))
    throw tbreader::InputError(
        "--weights: the nine weights sum to an even number (the sum must be odd)");
  return w;
}

class Weighted3Reader final : public GameReader {
 public:
  std::string name() const override { return "weighted3"; }

  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions& options) const override {
    expect_one_board("weighted3", boards);
    const Weights w = parse_weights(options.weights);
    const board3::Cells board = parse_xo_board(boards[0]);
    const std::uint32_t index = board3::encode(board);
    tbreader::Position r{
        "weighted3", boards[0], "none", winner(value_of(tables, board, w, boards[0])), {}, {}};
    if (board3::finished(board)) return r;
    const std::uint8_t mover = board3::mover(board);
    const bool takahashi = mover == board3::kX;
    r.to_move = takahashi ? "Takahashi (X)" : "Aoki (O)";
    for (int c = 0; c < 9; ++c) {
      if (board[c] != 0) continue;
      const bool t = *probe_weighted3(tables, index + mover * board3::kPow3[c], w);
      r.moves.push_back({cell_name(c, 3), winner(t),
                         t == takahashi ? tbreader::Outcome::win : tbreader::Outcome::loss});
    }
    sort_best_first(r.moves, [](const auto& a, const auto& b) {
      return a.outcome == tbreader::Outcome::win && b.outcome != tbreader::Outcome::win;
    });
    return r;
  }

  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions& options) const override {
    expect_one_board("weighted3", boards);
    const Weights w = parse_weights(options.weights);
    return winner(value_of(tables, parse_xo_board(boards[0]), w, boards[0]));
  }

  // One case (three lines of three weights) or several one after another.
  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override {
    ContestReader reader(in, "stdin");
    std::string answers;
    int cases = 0;
    do {
      ++cases;
      const int line = reader.next_line();
      Weights w{};
      for (int c = 0; c < 9; ++c)
        w[c] = reader.integer(
            [&] {
              return "weight " + std::to_string(c + 1) + " of case " + std::to_string(cases) +
                     " (|w| <= 10^9)";
            },
            -kMaxWeight, kMaxWeight);
      if (!odd_sum(w))
        throw tbreader::InputError("stdin:" + std::to_string(line) + ": case " +
                                   std::to_string(cases) +
                                   ": the weights sum to an even number (the sum must be odd)");
      answers += winner(*probe_weighted3(tables, 0, w)).text;
      answers += '\n';
    } while (!reader.at_end());
    out << answers;
  }

 private:
  static bool value_of(const TableSet& tables, const board3::Cells& board, const Weights& w,
                       const std::string& text) {
    const auto value = probe_weighted3(tables, board3::encode(board), w);
    if (!value)
      throw tbreader::InputError("board '" + text + "': cannot arise in play (weighted3)");
    return *value;
  }
};

}  // namespace

std::unique_ptr<GameReader> make_weighted3_reader(const GameString&) {
  return std::make_unique<Weighted3Reader>();
}

}  // namespace tbgen
