// A morris member in the reader library: a position's code from its sector's table (decided
// positions without one), its value and result for the side to move, and every turn with the
// value of the position it leads to, best first.
#include "family/morris/morris_reader.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "family/member_text.hpp"

namespace tbgen {

using namespace morris;

MorrisReader::MorrisReader(const family::Rules& rules)
    : layout_(std::make_shared<Layout>(rules_of(GameString(rules.canonical)))),
      first_slot_(TableSet::slot_base(rules.canonical)) {}

Code MorrisReader::code(const TableSet& tables, const Position& p) const {
  if (std::popcount(p.mine) + p.mine_hand < 3) return 1;  // lost, nothing left to play
  const Sector s = sector_of(p);
  const int number = layout_->number(s);
  if (number < 0) throw std::logic_error("morris: a position of no sector has no table");
  const Table& table = tables.slot_table(first_slot_ + static_cast<std::size_t>(number),
                                         layout_->table_name(number));
  // The game and layout once a table: a probe then looks only at its mark.
  if (table.checked_for() != this) {
    if (table.header().game != name())
      throw tbreader::Error(table.name() + ": holds a table of '" + table.header().game + "'");
    expect_layout(table, kMorrisIndexScheme, kMorrisCodec, layout_->entries(s));
    table.mark_checked_for(this);
  }
  return static_cast<Code>(member_code_once(table, layout_->entry(p), 0x10000));
}

namespace {

// What a code says from the side to move's view (`mover`, `other` their letters): the value
// and the result.
struct Said {
  tbreader::Value value;
  tbreader::Result result;
};
Said said(Code c, char mover, char other) {
  if (c == 0) return {{"Draw", std::nullopt}, {"", std::nullopt}};
  const char winner = c % 2 == 0 ? mover : other;  // c = d + 1, the mover winning when d is odd
  return {{std::string(1, winner) + " win", std::nullopt}, {std::string(1, winner), c - 1}};
}

// A written position from the side to move's view, with both sides' letters.
struct Here {
  Position p;
  char mover, other;
};
Here here_of(const Rules& r, const std::string& board) {
  const Text text = parse_position(r, board);
  return {to_move(r, text), text.x_to_move ? 'X' : 'O', text.x_to_move ? 'O' : 'X'};
}

// Its value and result: a position whose other side is below three marks has been won by the
// side to move, no turn left (SPEC answers it though no table holds it); else its code says.
template <class CodeOf>
Said said_here(const Here& h, const CodeOf& code_of) {
  if (std::popcount(h.p.theirs) + h.p.theirs_hand < 3)
    return {{std::string(1, h.mover) + " win", std::nullopt}, {std::string(1, h.mover), 0}};
  return said(code_of(h.p), h.mover, h.other);
}

}  // namespace

tbreader::Position MorrisReader::probe(const TableSet& tables, std::span<const std::string> boards,
                                       const tbreader::ProbeOptions&) const {
  expect_one_board(name(), boards);
  const Rules& r = layout_->rules();
  const auto [p, mover, other] = here_of(r, boards[0]);
  tbreader::Position out;
  out.game = name();
  out.board = boards[0];
  out.to_move = std::string(1, mover);
  const auto code_of = [&](const Position& q) { return code(tables, q); };
  const Said here = said_here({p, mover, other}, code_of);
  out.value = here.value;
  out.result = here.result;
  struct Ranked {
    int rank;  // a win in d turns ranks d + 1, a draw 100000, a loss 200000 - (d + 1): best first
    tbreader::Move move;
  };
  std::vector<Ranked> ranked;
  for (const Move& m : moves(r, p)) {
    const Code c = code_of(m.after);
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
  return said_here(here_of(layout_->rules(), boards[0]),
                   [&](const Position& p) { return code(tables, p); })
      .value;
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

std::unique_ptr<GameReader> make_morris_reader(family::Rules rules) {
  return std::make_unique<MorrisReader>(rules);
}

}  // namespace tbgen
