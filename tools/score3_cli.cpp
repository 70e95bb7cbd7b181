#include <algorithm>

#include "board_text.hpp"
#include "contest_reader.hpp"
#include "game_cli.hpp"
#include "input_error.hpp"
#include "rules/score3.hpp"

namespace tbgen {
namespace {

std::string signed_text(int v) {
  return v > 0 ? "+" + std::to_string(v) : std::to_string(v);
}

class Score3Cli final : public GameCli {
 public:
  std::string id() const override { return "score3"; }

  ProbeResult probe(const tbreader::Tablebase& tables, const std::vector<std::string>& boards,
                    const ProbeOptions&) const override {
    if (boards.size() != 1) throw InputError("score3 takes exactly one board");
    const board3::Cells board = parse_xo_board(boards[0]);
    const std::uint32_t index = board3::encode(board);
    const auto value = tbreader::probe_score3(tables, index);
    if (!value) throw InputError("board '" + boards[0] + "': cannot arise in play (score3)");

    ProbeResult r{"score3", boards[0], "none", signed_text(*value), std::to_string(*value), {}, {}};
    if (Score3::finished(board)) return r;
    const std::uint8_t mover = Score3::mover(board);
    r.to_move = mover == Score3::kX ? "X" : "O";
    std::vector<std::pair<int, int>> moves;  // (value, cell)
    for (int c = 0; c < 9; ++c)
      if (board[c] == 0)
        moves.emplace_back(*tbreader::probe_score3(tables, index + mover * board3::kPow3[c]), c);
    std::stable_sort(moves.begin(), moves.end(), [&](const auto& a, const auto& b) {
      return mover == Score3::kX ? a.first > b.first : a.first < b.first;
    });
    for (const auto& [v, c] : moves)
      r.moves.push_back({cell_name(c, 3), signed_text(v), std::to_string(v)});
    return r;
  }

  void solve(const tbreader::Tablebase& tables, std::istream& in,
             std::ostream& out) const override {
    ContestReader reader(in, "stdin");
    const auto cases = reader.integer("the number of boards T", 0, 100'000'000);
    std::string answers;
    for (std::int64_t t = 1; t <= cases; ++t) {
      const int line = reader.next_line();
      board3::Cells board{};
      for (int i = 0; i < 9; ++i)
        board[i] = static_cast<std::uint8_t>(reader.integer(
            "cell " + std::to_string(i + 1) + " of board " + std::to_string(t) + " (0, 1 or 2)", 0,
            2));
      const auto value = tbreader::probe_score3(tables, board3::encode(board));
      if (!value)
        throw InputError("stdin:" + std::to_string(line) + ": board " + std::to_string(t) +
                         " cannot arise in play");
      if (Score3::mover(board) != Score3::kX)
        throw InputError("stdin:" + std::to_string(line) + ": board " + std::to_string(t) +
                         " has O to move (X must be to move)");
      answers += std::to_string(*value);
      answers += '\n';
    }
    if (!reader.at_end()) reader.fail_here("unexpected input after the last board");
    out << answers;
  }
};

}  // namespace

std::unique_ptr<GameCli> make_score3_cli() {
  return std::make_unique<Score3Cli>();
}

}  // namespace tbgen
