// score3 in the reader library: boards of '.', 'X', 'O', the minimax score of each move.
#include "core/board_text.hpp"
#include "core/contest_reader.hpp"
#include "game_reader.hpp"
#include "games/score3/score3_probe.hpp"

namespace tbgen {
namespace {

class Score3Reader final : public GameReader {
 public:
  std::string name() const override { return "score3"; }

  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions&) const override {
    expect_one_board("score3", boards);
    const board3::Cells board = parse_xo_board(boards[0]);
    const std::uint32_t index = board3::encode(board);
    tbreader::Position r{
        "score3", boards[0], "none", score_value(value_of(tables, board, boards[0])), {}, {}};
    if (board3::finished(board)) return r;
    const std::uint8_t mover = board3::mover(board);
    r.to_move = mover == board3::kX ? "X" : "O";
    const int sign = mover == board3::kX ? 1 : -1;  // the mover's gain is sign * score
    for (int c = 0; c < 9; ++c) {
      if (board[c] != 0) continue;
      const int v = *probe_score3(tables, index + mover * board3::kPow3[c]);
      const auto outcome = sign * v > 0   ? tbreader::Outcome::win
                           : sign * v < 0 ? tbreader::Outcome::loss
                                          : tbreader::Outcome::draw;
      r.moves.push_back({cell_name(c, 3), score_value(v), outcome});
    }
    sort_best_first(r.moves, [&](const auto& a, const auto& b) {
      return sign * *a.value.score > sign * *b.value.score;
    });
    return r;
  }

  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions&) const override {
    expect_one_board("score3", boards);
    return score_value(value_of(tables, parse_xo_board(boards[0]), boards[0]));
  }

  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override {
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
      const auto value = probe_score3(tables, board3::encode(board));
      if (!value)
        throw tbreader::InputError("stdin:" + std::to_string(line) + ": board " +
                                   std::to_string(t) + " cannot arise in play");
      if (board3::mover(board) != board3::kX)
        throw tbreader::InputError("stdin:" + std::to_string(line) + ": board " +
                                   std::to_string(t) + " has O to move (X must be to move)");
      answers += std::to_string(*value);
      answers += '\n';
    }
    if (!reader.at_end()) reader.fail_here("unexpected input after the last board");
    out << answers;
  }

 private:
  static int value_of(const TableSet& tables, const board3::Cells& board, const std::string& text) {
    const auto value = probe_score3(tables, board3::encode(board));
    if (!value) throw tbreader::InputError("board '" + text + "': cannot arise in play (score3)");
    return *value;
  }
};

}  // namespace

std::unique_ptr<GameReader> make_score3_reader(const GameString&) {
  return std::make_unique<Score3Reader>();
}

tbreader::GameHelp score3_help() {
  return {"score3", "9 cells of . X O (X moves first); value: the score, + for X", "X.O/.X./..."};
}

}  // namespace tbgen
