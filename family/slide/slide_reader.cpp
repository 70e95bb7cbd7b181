#include "family/slide/slide_reader.hpp"

#include <algorithm>

#include "core/board_text.hpp"

namespace tbgen {

using namespace family;

SlideReader::SlideReader(Rules rules)
    : member_(std::make_shared<SlideMember>(std::move(rules))),
      first_slot_(TableSet::slot_base(member_->rules().canonical)) {}

SlidePosition SlideReader::parse(const std::string& text) const {
  const Rules& r = member_->rules();
  const auto where = [&] { return "board '" + text + "'"; };
  const std::size_t colon = text.find(':');
  std::optional<bool> first_to_move;
  if (colon != std::string::npos) {
    const std::string side = text.substr(colon + 1);
    if (side.size() != 1 || (side[0] != r.first && side[0] != r.second))
      throw tbreader::InputError(where() + ", column " + std::to_string(colon + 2) +
                                 ": after ':' the side to move, " + r.first + " or " + r.second +
                                 ", not '" + side + "'");
    first_to_move = side[0] == r.first;
  }
  const std::string cells = parse_board_text(text.substr(0, colon), r.cells(), r.cols,
                                             std::string(".") + r.first + r.second);
  std::uint32_t first = 0, second = 0;
  for (int i = 0; i < r.cells(); ++i) {
    first |= std::uint32_t{cells[i] == r.first} << i;
    second |= std::uint32_t{cells[i] == r.second} << i;
  }
  return checked(first, second, first_to_move, where);
}

SlidePosition SlideReader::checked(std::uint32_t first, std::uint32_t second,
                                   std::optional<bool> first_to_move, Where where) const {
  const Rules& r = member_->rules();
  const int f = __builtin_popcount(first), s = __builtin_popcount(second), n = r.pieces;
  const auto letter = [&](bool of_first) { return std::string(1, of_first ? r.first : r.second); };
  if (f > n || s > n)
    throw tbreader::InputError(where() + ": " + std::to_string(std::max(f, s)) + " " +
                               letter(f > n) + " marks; each player places " + std::to_string(n));
  if (f + s < 2 * n) {
    if (f != s && f != s + 1)
      throw tbreader::InputError(where() + ": " + std::to_string(f) + " " + letter(true) + " and " +
                                 std::to_string(s) + " " + letter(false) + " marks cannot arise (" +
                                 letter(true) + " places first, then the players alternate)");
    if (first_to_move && *first_to_move != (f == s))
      throw tbreader::InputError(where() + ": " + letter(f == s) + " is to move by the counts of " +
                                 "marks, not " + letter(!(f == s)));
    first_to_move = f == s;
  } else if (!first_to_move) {
    throw tbreader::InputError(where() + ": every mark is placed, so the board does not tell who " +
                               "moves: add :" + letter(true) + " or :" + letter(false));
  }
  const SlidePosition p{first, second, *first_to_move};
  const bool mover_line = member_->wins(p.mover()), waiting_line = member_->wins(p.waiting());
  if (mover_line && waiting_line)
    throw tbreader::InputError(where() + ": both " + letter(true) + " and " + letter(false) +
                               " have a line; the game ends at the first");
  if (mover_line)
    throw tbreader::InputError(where() + ": " + letter(p.first_to_move) +
                               " has a line but is to move; the game ends at a line");
  if (waiting_line) {  // one last placement or move made every line of the side that made it
    const bool moving = member_->movement(member_->layer_of(p));
    // The second player's last placement leads to the movement phase with the first to move.
    const bool placed = !moving || p.first_to_move;
    bool made = false;
    for (std::uint32_t m = p.waiting(); m && !made; m &= m - 1) {
      const std::uint32_t to = m & (~m + 1);
      if (placed) made = !member_->wins(p.waiting() ^ to);
      for (std::uint32_t from = moving ? member_->steps(__builtin_ctz(to)) & member_->empty(p) : 0;
           from && !made; from &= from - 1)
        made = !member_->wins(p.waiting() ^ to ^ (from & (~from + 1)));
    }
    if (!made)
      throw tbreader::InputError(where() + ": no single last " +
                                 (placed ? moving ? "placement or move" : "placement" : "move") +
                                 " of " + letter(!p.first_to_move) + " made its lines");
  }
  return p;
}

distance::Code SlideReader::code(const TableSet& tables, const SlidePosition& p) const {
  if (const auto c = member_->over(p)) return *c;
  const int layer = member_->layer_of(p);
  const Table& table = member_table(tables, first_slot_ + static_cast<std::size_t>(layer),
                                    member_->table_name(layer), member_->rules().canonical);
  expect_layout(table, kSlideIndexScheme, distance::kParityCodec, member_->entries(layer));
  const std::uint64_t index = member_->entry(layer, p.first, p.second);
  // Read once, at random.
  return distance::from_parity_code(static_cast<std::uint32_t>(table.entry_once(index)));
}

tbreader::Value SlideReader::value_text(distance::Code c, bool first_to_move) const {
  const Rules& r = member_->rules();
  if (!distance::decided(c)) return {"Draw", std::nullopt};
  const bool first_wins = distance::mover_wins(c) == first_to_move;
  return {std::string(1, first_wins ? r.first : r.second) + " win", std::nullopt};
}

tbreader::Result SlideReader::result(distance::Code c, bool first_to_move) const {
  if (!distance::decided(c)) return {"", std::nullopt};
  const Rules& r = member_->rules();
  const bool first_wins = distance::mover_wins(c) == first_to_move;
  return {std::string(1, first_wins ? r.first : r.second), distance::turns_left(c)};
}

tbreader::Position SlideReader::probe(const TableSet& tables, std::span<const std::string> boards,
                                      const tbreader::ProbeOptions&) const {
  const Rules& r = member_->rules();
  expect_one_board(name(), boards);
  const SlidePosition p = parse(boards[0]);
  const distance::Code c = code(tables, p);
  tbreader::Position out{name(),
                         boards[0],
                         "none",
                         value_text(c, p.first_to_move),
                         {},
                         {},
                         result(c, p.first_to_move)};
  if (member_->over(p)) {
    const std::string mover(1, p.first_to_move ? r.first : r.second);
    const std::string other(1, p.first_to_move ? r.second : r.first);
    out.notes.push_back(member_->wins(p.waiting()) ? "game over: " + other + " has a line"
                                                   : "game over: " + mover + " cannot move");
    return out;
  }
  out.to_move = std::string(1, p.first_to_move ? r.first : r.second);
  // Best first for the mover: wins soonest, draws, losses latest; equal moves in board order.
  std::vector<std::pair<int, tbreader::Move>> moves;
  member_->for_each_move(p, [&](int from, int to, const SlidePosition& next) {
    const distance::Code v = code(tables, next);
    const int rank = !distance::decided(v)     ? 0
                     : distance::mover_wins(v) ? -(1 << 20) + distance::turns_left(v)
                                               : (1 << 20) - distance::turns_left(v);
    const std::string name =
        (from < 0 ? "" : cell_name(from, r.cols) + "-") + cell_name(to, r.cols);
    moves.push_back({rank,
                     {name, value_text(v, next.first_to_move),
                      !distance::decided(v)     ? tbreader::Outcome::draw
                      : distance::mover_wins(v) ? tbreader::Outcome::loss
                                                : tbreader::Outcome::win,
                      result(v, next.first_to_move)}});
  });
  std::stable_sort(moves.begin(), moves.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (auto& m : moves) out.moves.push_back(std::move(m.second));
  return out;
}

tbreader::Value SlideReader::value(const TableSet& tables, std::span<const std::string> boards,
                                   const tbreader::ProbeOptions&) const {
  expect_one_board(name(), boards);
  const SlidePosition p = parse(boards[0]);
  return value_text(code(tables, p), p.first_to_move);
}

std::int32_t SlideReader::number(const TableSet& tables, std::uint64_t first, std::uint64_t second,
                                 std::optional<bool> first_to_move) const {
  const auto where = [&] { return position_name(first, second); };
  expect_masks(first, second, member_->rules().cells());
  const SlidePosition p = checked(static_cast<std::uint32_t>(first),
                                  static_cast<std::uint32_t>(second), first_to_move, where);
  return distance::first_player_number(code(tables, p), p.first_to_move);
}

std::int32_t SlideReader::value_of(const TableSet& tables, std::uint64_t first,
                                   std::uint64_t second) const {
  return number(tables, first, second, std::nullopt);
}

std::int32_t SlideReader::value_with_side(const TableSet& tables, std::uint64_t first,
                                          std::uint64_t second, bool first_to_move) const {
  return number(tables, first, second, first_to_move);
}

void SlideReader::solve(const TableSet&, std::istream&, std::ostream&) const {
  throw tbreader::InputError(name() + " has no contest format: use `tbprobe batch " + name() +
                             "` for many boards");
}

std::unique_ptr<GameReader> make_slide_reader(family::Rules rules) {
  return std::make_unique<SlideReader>(std::move(rules));
}

}  // namespace tbgen
