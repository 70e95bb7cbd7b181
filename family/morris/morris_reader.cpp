// A morris member in the reader library: positions as SPEC 6 writes them
// (`.../.../.../....../.../.../...:X:9:9`), the outcome and the turns left from the member's
// sector tables (decided positions without one), and every turn (`d2`, `d2-d3`, `d2xa1`) with
// its value, best first.
#include <bit>
#include <memory>
#include <stdexcept>

#include "distance_reader.hpp"
#include "family/family_rules.hpp"
#include "family/member_text.hpp"
#include "family/morris/morris_layout.hpp"

namespace tbgen {
namespace {

using namespace morris;

class MorrisGame {
 public:
  using Position = morris::Position;
  explicit MorrisGame(const family::Rules& rules)
      : layout_(std::make_shared<Layout>(rules_of(GameString(rules.canonical)))),
        first_slot_(TableSet::slot_base(rules.canonical)) {}
  const std::string& name() const { return layout_->rules().canonical; }
  std::string side(bool first) const { return std::string(1, first == first_is_x() ? 'X' : 'O'); }

  Written<Position> parse(const std::string& board) const {
    const Text t = parse_position(layout_->rules(), board);
    return {to_move(layout_->rules(), t), t.x_to_move == first_is_x()};
  }
  // Numbers (SPEC 10 for morris): masks of points in SPEC's order, the side to move and the
  // hands given.
  Written<Position> parse(const tbreader::Game::Position& n) const {
    const Rules& r = layout_->rules();
    expect_marks_position(name(), n, true);
    if (n.to_move < 0)
      throw tbreader::InputError(name() + ": a morris position needs the side to move and the " +
                                 "marks in hand (value_of with five arguments, tbr_probe_morris)");
    if ((n.first | n.second) >> r.board->points)
      throw tbreader::InputError(position_name(n.first, n.second) + ": points beyond the board's " +
                                 std::to_string(r.board->points));
    const bool first_to_move = n.to_move == 0, x = first_is_x();
    const Text t{static_cast<Points>(x ? n.first : n.second),
                 static_cast<Points>(x ? n.second : n.first), first_to_move == x,
                 x ? n.hand[0] : n.hand[1], x ? n.hand[1] : n.hand[0]};
    check_counts(r, t, position_name(n.first, n.second));
    return {to_move(r, t), first_to_move};
  }

  // A side below three marks has lost, no turn left (SPEC answers it though no table holds it).
  distance::Code code(const TableSet& tables, const Position& p) const {
    if (std::popcount(p.theirs) + p.theirs_hand < 3) return distance::kWonNow;
    if (std::popcount(p.mine) + p.mine_hand < 3) return distance::kLostNow;
    const Sector s = sector_of(p);
    const int number = layout_->number(s);
    if (number < 0) throw std::logic_error("morris: a position of no sector has no table");
    return stored_distance(tables, first_slot_ + static_cast<std::size_t>(number),
                           layout_->table_name(number), name(), kMorrisIndexScheme, kMorrisCodec,
                           layout_->entries(s), layout_->entry(p), this);
  }
  std::optional<std::string> over(const Position& p, bool first_to_move) const {
    if (std::popcount(p.theirs) + p.theirs_hand < 3)
      return side(!first_to_move) + " has fewer than three marks";
    if (std::popcount(p.mine) + p.mine_hand < 3)
      return side(first_to_move) + " has fewer than three marks";
    if (moves(layout_->rules(), p).empty()) return side(first_to_move) + " cannot move";
    return std::nullopt;
  }
  template <class F>
  void for_each_move(const Written<Position>& w, F&& f) const {
    for (const Move& m : moves(layout_->rules(), w.p))
      f(move_text(*layout_->rules().board, m), m.after);
  }

 private:
  bool first_is_x() const { return layout_->rules().first == 'X'; }

  std::shared_ptr<const Layout> layout_;
  std::size_t first_slot_;  // TableSet::slot_base() of its game: its sectors' slots follow
};

}  // namespace

std::unique_ptr<GameReader> make_morris_reader(family::Rules rules) {
  return std::make_unique<DistanceReader<MorrisGame>>(MorrisGame(rules));
}

}  // namespace tbgen
