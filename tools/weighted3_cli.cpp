#include <algorithm>
#include <sstream>

#include "board_text.hpp"
#include "contest_reader.hpp"
#include "game_cli.hpp"
#include "index/board3.hpp"
#include "input_error.hpp"

namespace tbgen {
namespace {

constexpr std::int64_t kMaxWeight = 1'000'000'000;
using Weights = std::array<std::int64_t, 9>;

const char* winner(bool takahashi) {
  return takahashi ? "Takahashi" : "Aoki";
}

bool odd_sum(const Weights& w) {
  std::int64_t sum = 0;
  for (auto v : w) sum += v;
  return sum % 2 != 0;
}

Weights parse_weights(const std::string& text) {
  std::istringstream in(text);
  ContestReader reader(in, "--weights");
  Weights w{};
  for (int c = 0; c < 9; ++c)
    w[c] = reader.integer([&] { return "weight " + std::to_string(c + 1) + " (|w| <= 10^9)"; },
                          -kMaxWeight, kMaxWeight);
  if (!reader.at_end()) reader.fail_here("more than nine weights");
  if (!odd_sum(w))
    throw InputError("--weights: the nine weights sum to an even number (the sum must be odd)");
  return w;
}

class Weighted3Cli final : public GameCli {
 public:
  std::string id() const override { return "weighted3"; }

  ProbeResult probe(const tbreader::Tablebase& tables, const std::vector<std::string>& boards,
                    const ProbeOptions& options) const override {
    if (boards.size() != 1) throw InputError("weighted3 takes exactly one board");
    if (!options.weights) throw InputError("weighted3 needs --weights \"w1 ... w9\"");
    const Weights w = parse_weights(*options.weights);
    const board3::Cells board = parse_xo_board(boards[0]);
    const std::uint32_t index = board3::encode(board);
    bool value;
    try {
      value = tbreader::probe_weighted3(tables, index, w);
    } catch (const tbreader::Error& e) {
      if (std::string(e.what()).find("cannot arise") == std::string::npos) throw;
      throw InputError("board '" + boards[0] + "': cannot arise in play (weighted3)");
    }
    ProbeResult r{"weighted3", boards[0], "none", winner(value), json_string(winner(value)),
                  {},          {}};
    const bool over =
        board3::has_line(board, 1) || board3::has_line(board, 2) || board3::count(board, 0) == 0;
    if (over) return r;
    const bool takahashi = board3::count(board, 1) == board3::count(board, 2);
    r.to_move = takahashi ? "Takahashi (X)" : "Aoki (O)";
    std::vector<std::pair<bool, int>> moves;  // (good for the mover, cell)
    for (int c = 0; c < 9; ++c) {
      if (board[c] != 0) continue;
      const bool t =
          tbreader::probe_weighted3(tables, index + (takahashi ? 1u : 2u) * board3::kPow3[c], w);
      moves.emplace_back(t == takahashi, c);
    }
    std::stable_sort(moves.begin(), moves.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [good, c] : moves) {
      const bool t = good == takahashi;
      r.moves.push_back({cell_name(c, 3), winner(t), json_string(winner(t))});
    }
    return r;
  }

  // One case (three lines of three weights) or several one after another.
  void solve(const tbreader::Tablebase& tables, std::istream& in,
             std::ostream& out) const override {
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
        throw InputError("stdin:" + std::to_string(line) + ": case " + std::to_string(cases) +
                         ": the weights sum to an even number (the sum must be odd)");
      answers += winner(tbreader::probe_weighted3(tables, 0, w));
      answers += '\n';
    } while (!reader.at_end());
    out << answers;
  }
};

}  // namespace

std::unique_ptr<GameCli> make_weighted3_cli() {
  return std::make_unique<Weighted3Cli>();
}

}  // namespace tbgen
