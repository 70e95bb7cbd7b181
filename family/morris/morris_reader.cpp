// A morris member in the reader library: a position's code from its sector's table (decided
// positions without one), its value and result for the side to move, and every turn with the
// value of the position it leads to, best first.
#include "family/morris/morris_reader.hpp"

#include <algorithm>
#include <bit>

#include "family/member_text.hpp"

namespace tbgen {

using namespace morris;

MorrisReader::MorrisReader(const family::Rules& rules)
    : layout_(std::make_shared<Layout>(rules_of(GameString(rules.canonical)))) {}

Code MorrisReader::code(const TableSet& tables, const Position& p) const {
  if (std::popcount(p.mine) + p.mine_hand < 3) return 1;  // lost, nothing left to play
  const Sector s = sector_of(p);
  const Table& table = tables.table(layout_->table_name(s));
  if (table.header().game != name())
    throw tbreader::Error(table.name() + ": holds a table of '" + table.header().game + "'");
  expect_layout(table, kMorrisIndexScheme, kMorrisCodec, layout_->entries(s));
  const std::uint64_t c = table.entry(layout_->entry(p));
  if (c > 0xffff) throw tbreader::Error(table.name() + ": invalid value code");
  return static_cast<Code>(c);
}

namespace {

// What a code says from the side to move's view (`mover`, `other` their letters): the value,
// the result, and the outcome for the side that moved into it (`moved`: the other side).
struct Said {
  tbreader::Value value;
  tbreader::Result result;
};
Said said(Code c, char mover, char other) {
  if (c == 0) return {{"Draw", std::nullopt}, {"", std::nullopt}};
  const char winner = c % 2 == 0 ? mover : other;  // c = d + 1, the mover winning when d is odd
  return {{std::string(1, winner) + " win", std::nullopt}, {std::string(1, winner), c - 1}};
}

}  // namespace

tbreader::Position MorrisReader::probe(const TableSet& tables, std::span<const std::string> boards,
                                       const tbreader::ProbeOptions&) const {
  expect_one_board(name(), boards);
  const Rules& r = layout_->rules();
  const Text text = parse_position(r, boards[0]);
  const Position p = to_move(r, text);
  const char mover = text.x_to_move ? 'X' : 'O', other = text.x_to_move ? 'O' : 'X';
  tbreader::Position out;
  out.game = name();
  out.board = boards[0];
  out.to_move = std::string(1, mover);
  if (std::popcount(p.theirs) + p.theirs_hand < 3) {  // the other side has lost already
    out.value = {std::string(1, mover) + " win", std::nullopt};
    out.result = tbreader::Result{std::string(1, mover), 0};
    return out;
  }
  const Said here = said(code(tables, p), mover, other);
  out.value = here.value;
  out.result = here.result;
  struct Ranked {
    int rank;  // a win in d turns ranks d, a draw 1000, a loss in d 2000 - d: best first
    tbreader::Move move;
  };
  std::vector<Ranked> ranked;
  for (const Move& m : moves(r, p)) {
    const Code c = code(tables, m.after);
    const Said there = said(c, other, mover);
    const tbreader::Outcome outcome = c == 0       ? tbreader::Outcome::draw
                                      : c % 2 == 1 ? tbreader::Outcome::win
                                                   : tbreader::Outcome::loss;
    const int rank = outcome == tbreader::Outcome::win    ? c
                     : outcome == tbreader::Outcome::draw ? 100000
                                                          : 200000 - c;
    ranked.push_back({rank, {move_text(*r.board, m), there.value, outcome, there.result}});
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const Ranked& a, const Ranked& b) { return a.rank < b.rank; });
  for (auto& m : ranked) out.moves.push_back(std::move(m.move));
  return out;
}

tbreader::Value MorrisReader::value(const TableSet& tables, std::span<const std::string> boards,
                                    const tbreader::ProbeOptions&) const {
  expect_one_board(name(), boards);
  const Rules& r = layout_->rules();
  const Text text = parse_position(r, boards[0]);
  const Position p = to_move(r, text);
  const char mover = text.x_to_move ? 'X' : 'O', other = text.x_to_move ? 'O' : 'X';
  if (std::popcount(p.theirs) + p.theirs_hand < 3) return {std::string(1, mover) + " win", {}};
  return said(code(tables, p), mover, other).value;
}

std::int32_t MorrisReader::value_of(const TableSet&, std::uint64_t, std::uint64_t) const {
  throw tbreader::InputError(name() + ": a morris position needs the side to move and the " +
                             "marks in hand (value_of with five arguments, tbr_probe_morris)");
}

std::int32_t MorrisReader::value_with_side(const TableSet& tables, std::uint64_t first,
                                           std::uint64_t second, bool first_to_move) const {
  return morris_value(tables, first, second, first_to_move, 0, 0);
}

std::int32_t MorrisReader::morris_value(const TableSet& tables, std::uint64_t first,
                                        std::uint64_t second, bool first_to_move, int first_hand,
                                        int second_hand) const {
  const Rules& r = layout_->rules();
  const bool first_is_x = r.first == 'X';
  if ((first | second) >> r.board->points)
    throw tbreader::InputError(position_name(first, second) + ": points beyond the board's " +
                               std::to_string(r.board->points));
  const auto x = static_cast<Points>(first_is_x ? first : second);
  const auto o = static_cast<Points>(first_is_x ? second : first);
  const Text t{x, o, first_to_move == first_is_x, first_is_x ? first_hand : second_hand,
               first_is_x ? second_hand : first_hand};
  check_counts(r, t, position_name(first, second));
  const Position p = to_move(r, t);
  // The other side below three has lost: the mover has won, 0 turns to play.
  if (std::popcount(p.theirs) + p.theirs_hand < 3) return first_to_move ? 1 : -1;
  const Code c = code(tables, p);
  if (c == 0) return 0;
  const bool first_wins = (c % 2 == 0) == first_to_move;
  return first_wins ? c : -static_cast<std::int32_t>(c);
}

void MorrisReader::solve(const TableSet&, std::istream&, std::ostream&) const {
  throw tbreader::InputError(name() + " has no contest format: use `tbprobe batch " + name() +
                             "` for many positions");
}

}  // namespace tbgen
