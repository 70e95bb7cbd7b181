// double5 in the reader library: boards of 25 cells of '.', 'O', 'X' after whole rounds; the
// outcome after each two-mark move.
#include <algorithm>
#include <array>

#include "core/board_text.hpp"
#include "core/contest_reader.hpp"
#include "core/parallel.hpp"
#include "game_reader.hpp"
#include "games/double5/double5_probe.hpp"

namespace tbgen {
namespace {

using namespace double5;

tbreader::Value outcome_value(Code v) {
  return {v == kOWins ? "O win" : v == kXWins ? "X win" : "Draw", std::nullopt};
}

struct Position {
  std::uint32_t o = 0, x = 0;
};

// `where` prefixes the error.
void check_counts(const Position& p, const std::string& where) {
  const int no = __builtin_popcount(p.o), nx = __builtin_popcount(p.x);
  if (!whole_rounds(no, nx))
    throw tbreader::InputError(where + ": " + std::to_string(no) + " O and " + std::to_string(nx) +
                               " X marks cannot arise after whole rounds (O has 2k or 2k+2 "
                               "marks, X 2k)");
}

Position parse(const std::string& text) {
  const std::string cells = parse_board_text(text, 25, 5, ".OX");
  Position p;
  for (int i = 0; i < 25; ++i) {
    if (cells[i] == 'O') p.o |= 1u << i;
    if (cells[i] == 'X') p.x |= 1u << i;
  }
  check_counts(p, "board '" + text + "'");
  return p;
}

class Double5Reader final : public GameReader {
 public:
  std::string name() const override { return "double5"; }

  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions&) const override {
    expect_one_board("double5", boards);
    const Position p = parse(boards[0]);
    tbreader::Position r{
        "double5", boards[0], "none", outcome_value(probe_double5(tables, p.o, p.x)), {}, {}};
    const int no = __builtin_popcount(p.o), nx = __builtin_popcount(p.x);
    if (no == 12) {
      r.notes.push_back("game over: the empty cells are filled with X");
      return r;
    }
    const bool o_moves = no == nx;
    r.to_move = o_moves ? "O" : "X";
    const Code good = o_moves ? kOWins : kXWins;
    const std::uint32_t empty = kFull & ~(p.o | p.x);
    for (int a = 0; a < 25; ++a)
      for (int b = a + 1; b < 25; ++b) {
        if (!(empty >> a & 1) || !(empty >> b & 1)) continue;
        const std::uint32_t pair = (1u << a) | (1u << b);
        const Code v = o_moves ? probe_double5(tables, p.o | pair, p.x)
                               : probe_double5(tables, p.o, p.x | pair);
        r.moves.push_back({cell_name(a, 5) + "+" + cell_name(b, 5), outcome_value(v),
                           v == good    ? tbreader::Outcome::win
                           : v == kDraw ? tbreader::Outcome::draw
                                        : tbreader::Outcome::loss});
      }
    sort_best_first(r.moves, [](const auto& l, const auto& rr) { return l.outcome > rr.outcome; });
    return r;
  }

  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions&) const override {
    expect_one_board("double5", boards);
    const Position p = parse(boards[0]);
    return outcome_value(probe_double5(tables, p.o, p.x));
  }

  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override {
    ContestReader reader(in, "stdin");
    const auto cases = reader.integer("the number of boards T", 0, 100'000'000);
    // Parse everything first (errors name the first bad board), then probe on all cores.
    std::vector<Position> boards(static_cast<std::size_t>(cases));
    for (std::size_t t = 0; t < boards.size(); ++t) {
      const int line = reader.next_line();
      Position& p = boards[t];
      for (int i = 0; i < 25; ++i) {
        const char c = reader.cell(
            [&] { return "cell " + std::to_string(i + 1) + " of board " + std::to_string(t + 1); },
            "");
        if (c == 'O') {
          p.o |= 1u << i;
        } else if (c == 'X') {
          p.x |= 1u << i;
        } else if (c != '.') {
          reader.fail_here("board " + std::to_string(t + 1) + ": unexpected character '" +
                           std::string(1, c) + "' (expected 'O', 'X' or '.')");
        }
      }
      if (!whole_rounds(__builtin_popcount(p.o), __builtin_popcount(p.x)))
        check_counts(p, "stdin:" + std::to_string(line) + ": board " + std::to_string(t + 1));
    }
    if (!reader.at_end()) reader.fail_here("unexpected input after the last board");
    // Answer in table order: boards sorted by (round, entry), each thread walking its share
    // block by block with one block cached, so every block touched is decoded once and none is
    // kept (a random million boards touches all of them: about 600 MB decoded otherwise).
    std::array<LayerShape, kStoredRounds> shapes;
    for (int r = 0; r < kStoredRounds; ++r) shapes[r] = layer_shape(r);
    std::vector<Code> values(boards.size());
    std::vector<std::pair<std::uint64_t, std::uint32_t>> order(boards.size());  // (key, board)
    constexpr std::uint64_t kScored = ~std::uint64_t{0};
    const unsigned threads = default_threads();
    constexpr std::size_t kChunk = 1 << 14;
    parallel_for(threads, (boards.size() + kChunk - 1) / kChunk, [&](std::uint64_t chunk) {
      const std::size_t end = std::min(boards.size(), (chunk + 1) * kChunk);
      for (std::size_t t = chunk * kChunk; t < end; ++t) {
        const auto [o, x] = boards[t];
        const int round = __builtin_popcount(o) / 2 + __builtin_popcount(x) / 2;
        if (round >= kStoredRounds) {  // rounds 10 and 11 and full boards have no table
          values[t] = scored_outcome(o, x);
          order[t] = {kScored, static_cast<std::uint32_t>(t)};
        } else {
          order[t] = {std::uint64_t(round) << 40 | position_index(shapes[round], o, x),
                      static_cast<std::uint32_t>(t)};
        }
      }
    });
    std::sort(order.begin(), order.end());
    const TableSet streaming(tables.directory(), tbreader::CacheMode::single_block);
    // Each table used is opened and its layout checked once, before the threads start.
    std::array<const Table*, kStoredRounds> used{};
    for (const auto& [key, t] : order) {
      if (key == kScored) break;
      const int round = static_cast<int>(key >> 40);
      if (used[round]) continue;
      used[round] = &streaming.slot_table(static_cast<std::size_t>(round), table_name(round));
      expect_layout(*used[round], kIndexScheme, kValueCodec, shapes[round].entries);
    }
    // Runs of the sorted boards, handed out dynamically: the late rounds hold most blocks.
    constexpr std::size_t kRun = 1 << 13;
    parallel_for(threads, (order.size() + kRun - 1) / kRun, [&](std::uint64_t run) {
      const std::size_t last = std::min(order.size(), (run + 1) * kRun);
      for (std::size_t k = run * kRun; k < last && order[k].first != kScored; ++k) {
        const Table& table = *used[order[k].first >> 40];
        const std::uint64_t code = table.entry(order[k].first & ((std::uint64_t{1} << 40) - 1));
        if (code > kOWins) throw tbreader::Error(table.name() + ": invalid value code");
        values[order[k].second] = static_cast<Code>(code);
      }
    });
    std::string answers;
    answers.reserve(6 * values.size());
    for (const auto v : values) {
      answers += outcome_value(v).text;
      answers += '\n';
    }
    out << answers;
  }
};

}  // namespace

std::unique_ptr<GameReader> make_double5_reader(const GameString&) {
  return std::make_unique<Double5Reader>();
}

tbreader::GameHelp double5_help() {
  return {"double5", "25 cells of . O X, after whole rounds (O moves first, two marks a turn)",
          "...../..O../...../..O../....."};
}

}  // namespace tbgen
