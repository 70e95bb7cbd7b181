// A Quixo member in the reader library: positions as SPEC 6 writes them (`..X./..../..../O...:X`),
// the outcome and the turns left from the member's sector tables (decided positions from the
// rules), and every push (`a1-d1`) with its value, best first.
#include <memory>

#include "distance_reader.hpp"
#include "family/family_rules.hpp"
#include "family/member_text.hpp"
#include "family/quixo/quixo_layout.hpp"

namespace tbgen {
namespace {

using namespace quixo;

class QuixoGame {
 public:
  using Position = quixo::Position;
  explicit QuixoGame(const family::Rules& rules)
      : name_(rules.canonical),
        first_is_x_(rules.first == 'X'),
        layout_(std::make_shared<Layout>(rules.cols, rules.stem)),
        first_slot_(TableSet::slot_base(rules.canonical)) {}
  const std::string& name() const { return name_; }
  std::string side(bool first) const { return first == first_is_x_ ? "X" : "O"; }

  Written<Position> parse(const std::string& board) const {
    const Text t = quixo::parse(layout_->board(), board);
    return {to_move(t), t.x_to_move == first_is_x_};
  }
  Written<Position> parse(const tbreader::Game::Position& n) const {
    const auto where = [&] { return position_name(n.first, n.second); };
    expect_masks(n.first, n.second, layout_->board().cells());
    if (n.to_move != 0 && n.to_move != 1)
      throw tbreader::InputError(where() + ": the board does not tell who moves: to_move 0 (the " +
                                 "first player) or 1");
    if (n.hand[0] || n.hand[1] || n.pieces)
      throw tbreader::InputError(where() + ": quixo has no hands and no kinds of pieces");
    const auto first = static_cast<Cells>(n.first), second = static_cast<Cells>(n.second);
    return {n.to_move == 0 ? Position{first, second} : Position{second, first}, n.to_move == 0};
  }

  distance::Code code(const TableSet& tables, const Position& p) const {
    if (const auto now = over_code(layout_->board(), p)) return *now;
    const int part = layout_->part_of(p);
    return stored_distance(tables, first_slot_ + static_cast<std::size_t>(part),
                           layout_->table_name(part), name_, kIndexScheme, distance::kCodec,
                           layout_->entries(part), layout_->entry(p, true), this);
  }
  std::optional<std::string> over(const Position& p, bool first_to_move) const {
    switch (quixo::over(layout_->board(), p)) {
      case Over::won:
        return side(first_to_move) + " has a line";
      case Over::lost:
        return side(!first_to_move) + " has a line";
      case Over::no:
        break;
    }
    return std::nullopt;
  }
  template <class F>
  void for_each_move(const Written<Position>& w, F&& f) const {
    const Board& b = layout_->board();
    const Position& p = w.p;
    for (Cells from = b.rim() & ~p.theirs; from; from &= from - 1)
      for (const int i : b.pushes_from(__builtin_ctz(from)))
        f(push_name(b, b.pushes()[i]), Board::after(p, b.pushes()[i]));
  }

 private:
  std::string name_;
  bool first_is_x_;
  std::shared_ptr<const Layout> layout_;
  std::size_t first_slot_;  // TableSet::slot_base() of its game: its parts' slots follow
};

}  // namespace

std::unique_ptr<GameReader> make_quixo_reader(family::Rules rules) {
  return std::make_unique<DistanceReader<QuixoGame>>(QuixoGame(rules));
}

}  // namespace tbgen
