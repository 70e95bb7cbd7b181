// A slide member (place, then move) in the reader library: boards of cols x rows cells of '.',
// X and O, with the side to move after a colon (`X.O/.X./O..:X`, required once every mark is
// placed); the outcome and the turns left from the member's tables; every move (a placement
// "b2", or a mark moved "a1-b2") with its value, best first.
#include <algorithm>
#include <memory>
#include <optional>

#include "core/board_text.hpp"
#include "distance_reader.hpp"
#include "family/member_text.hpp"
#include "family/slide/slide_member.hpp"

namespace tbgen {
namespace {

using namespace family;

class SlideGame {
 public:
  using Position = SlidePosition;
  static constexpr bool kNobodyToMoveWhenOver = true;
  explicit SlideGame(Rules rules)
      : member_(std::make_shared<SlideMember>(std::move(rules))),
        first_slot_(TableSet::slot_base(member_->rules().canonical)) {}
  const std::string& name() const { return member_->rules().canonical; }
  std::string side(bool first) const {
    return std::string(1, first ? member_->rules().first : member_->rules().second);
  }

  Written<Position> parse(const std::string& text) const {
    const Rules& r = member_->rules();
    const auto where = [&] { return "board '" + text + "'"; };
    const std::size_t colon = text.find(':');
    std::optional<bool> first_to_move;
    if (colon != std::string::npos) {
      const std::string to_move = text.substr(colon + 1);
      if (to_move.size() != 1 || (to_move[0] != r.first && to_move[0] != r.second))
        throw tbreader::InputError(where() + ", column " + std::to_string(colon + 2) +
                                   ": after ':' the side to move, " + r.first + " or " + r.second +
                                   ", not '" + to_move + "'");
      first_to_move = to_move[0] == r.first;
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
  // Numbers (SPEC 10): the side to move given, or (-1) from the counts while marks are placed.
  Written<Position> parse(const tbreader::Game::Position& n) const {
    const auto where = [&] { return position_name(n.first, n.second); };
    expect_marks_position(name(), n, false);
    expect_masks(n.first, n.second, member_->rules().cells());
    return checked(static_cast<std::uint32_t>(n.first), static_cast<std::uint32_t>(n.second),
                   n.to_move < 0 ? std::nullopt : std::optional<bool>(n.to_move == 0), where);
  }

  distance::Code code(const TableSet& tables, const Position& p) const {
    if (const auto c = member_->over(p)) return *c;
    const int layer = member_->layer_of(p);
    return stored_distance(tables, first_slot_ + static_cast<std::size_t>(layer),
                           member_->table_name(layer), name(), kSlideIndexScheme,
                           distance::kParityCodec, member_->entries(layer),
                           member_->entry(layer, p.first, p.second), this);
  }
  std::optional<std::string> over(const Position& p, bool first_to_move) const {
    if (!member_->over(p)) return std::nullopt;
    return member_->wins(p.waiting()) ? side(!first_to_move) + " has a line"
                                      : side(first_to_move) + " cannot move";
  }
  template <class F>
  void for_each_move(const Written<Position>& w, F&& f) const {
    const int cols = member_->rules().cols;
    member_->for_each_move(w.p, [&](int from, int to, const Position& next) {
      f((from < 0 ? "" : cell_name(from, cols) + "-") + cell_name(to, cols), next);
    });
  }

 private:
  // Throws tbreader::InputError naming the board if it cannot be played from: counts that fit
  // no turn, the side to move missing (movement phase) or against the counts, a line of the side
  // to move or of both, lines of the other side that no single last move made.
  Written<Position> checked(std::uint32_t first, std::uint32_t second,
                            std::optional<bool> first_to_move, Where where) const;

  std::shared_ptr<const SlideMember> member_;
  std::size_t first_slot_;  // TableSet::slot_base() of its game: its layers' slots follow
};

Written<SlidePosition> SlideGame::checked(std::uint32_t first, std::uint32_t second,
                                          std::optional<bool> first_to_move, Where where) const {
  const Rules& r = member_->rules();
  const int f = __builtin_popcount(first), s = __builtin_popcount(second), n = r.pieces;
  if (f > n || s > n)
    throw tbreader::InputError(where() + ": " + std::to_string(std::max(f, s)) + " " + side(f > n) +
                               " marks; each player places " + std::to_string(n));
  if (f + s < 2 * n) {
    if (f != s && f != s + 1)
      throw tbreader::InputError(where() + ": " + std::to_string(f) + " " + side(true) + " and " +
                                 std::to_string(s) + " " + side(false) + " marks cannot arise (" +
                                 side(true) + " places first, then the players alternate)");
    if (first_to_move && *first_to_move != (f == s))
      throw tbreader::InputError(where() + ": " + side(f == s) + " is to move by the counts of " +
                                 "marks, not " + side(!(f == s)));
    first_to_move = f == s;
  } else if (!first_to_move) {
    throw tbreader::InputError(where() + ": every mark is placed, so the board does not tell who " +
                               "moves: add :" + side(true) + " or :" + side(false));
  }
  const SlidePosition p{first, second, *first_to_move};
  const bool mover_line = member_->wins(p.mover()), waiting_line = member_->wins(p.waiting());
  if (mover_line && waiting_line)
    throw tbreader::InputError(where() + ": both " + side(true) + " and " + side(false) +
                               " have a line; the game ends at the first");
  if (mover_line)
    throw tbreader::InputError(where() + ": " + side(p.first_to_move) +
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
                                 " of " + side(!p.first_to_move) + " made its lines");
  }
  return {p, p.first_to_move};
}

}  // namespace

std::unique_ptr<GameReader> make_slide_reader(family::Rules rules) {
  return std::make_unique<DistanceReader<SlideGame>>(SlideGame(std::move(rules)));
}

}  // namespace tbgen
