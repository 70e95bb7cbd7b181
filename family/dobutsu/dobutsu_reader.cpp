// Dobutsu shogi in the reader library: positions in SFEN (`gle/1c1/1C1/ELG b -`) or as numbers
// (SPEC 10: a piece code per square and the hands, docs/games.md), the outcome and the plies
// left from the table (decided positions from the rules), and every move (`b3-b2`, `b2-b1+`,
// `C*b2`) with its value, best first.
#include <memory>

#include "distance_reader.hpp"
#include "family/dobutsu/dobutsu_layout.hpp"
#include "family/family_rules.hpp"
#include "family/member_text.hpp"

namespace tbgen {
namespace {

using namespace dobutsu;

class DobutsuGame {
 public:
  using Position = dobutsu::Position;
  // Where a move leads: a position, or the end of the game (the lion taken, a try made).
  struct Next {
    bool ends;
    Position p;
  };
  explicit DobutsuGame(const family::Rules& rules)
      : name_(rules.canonical),
        table_(rules.stem),
        layout_(std::make_shared<Layout>()),
        slot_(TableSet::slot_base(rules.canonical)) {}
  const std::string& name() const { return name_; }
  std::string side(bool sente) const { return sente ? "Sente" : "Gote"; }

  Written<Position> parse(const std::string& board) const {
    const Text t = parse_sfen(board);
    return {t.p, t.sente_to_move};
  }
  // SPEC 10's numbers: pieces[0..11] a code per square (rank 1 first, files a..c): 0 empty, 1
  // lion, 2 giraffe, 3 elephant, 4 chick, 5 hen, plus 8 for gote's; pieces[12..17] the pieces
  // in hand: sente's giraffes, elephants, chicks, then gote's. The masks, if given, are each
  // side's squares.
  Written<Position> parse(const tbreader::Game::Position& n) const {
    const auto fail = [&](const std::string& what) {
      throw tbreader::InputError("dobutsu position: " + what);
    };
    if (!n.pieces) fail("pieces is null: a code per square and the hands (docs/games.md)");
    if (n.to_move != 0 && n.to_move != 1) fail("to_move is 0 (sente) or 1 (gote)");
    if (n.hand[0] || n.hand[1]) fail("hand is unused: the hands are pieces[12..17]");
    Position written;  // sente's pieces `mine`
    for (int s = 0; s < 12; ++s) {
      const int code = n.pieces[s];
      if (code == 0) continue;
      const int kind = (code & 7) - 1;
      if (kind < 0 || kind >= kKinds || code > 15)
        fail("pieces[" + std::to_string(s) + "] = " + std::to_string(code) + " is no piece");
      (code & 8 ? written.theirs : written.mine).on[kind] |= Squares(1u << s);
    }
    for (int h = 0; h < 6; ++h) {
      if (n.pieces[12 + h] > 2)
        fail("pieces[" + std::to_string(12 + h) + "] = " + std::to_string(n.pieces[12 + h]) +
             ": at most 2 in hand");
      (h < 3 ? written.mine : written.theirs).hand[h % 3] = n.pieces[12 + h];
    }
    if ((n.first || n.second) &&
        (n.first != written.mine.all() || n.second != written.theirs.all()))
      fail("the masks " + position_name(n.first, n.second) +
           " are not the squares of sente's and gote's pieces");
    if (const auto why = invalid(written)) fail(*why);
    return {n.to_move == 0 ? written : turned(written), n.to_move == 0};
  }

  distance::Code code(const TableSet& tables, const Position& p) const {
    if (const auto c = decided(p)) return *c;
    return stored_distance(tables, slot_, table_, name_, kIndexScheme, distance::kCodec,
                           layout_->entries(), layout_->entry(p), this);
  }
  distance::Code code(const TableSet& tables, const Next& next) const {
    return next.ends ? distance::kLostNow : code(tables, next.p);
  }
  std::optional<std::string> over(const Position& p, bool sente_to_move) const {
    switch (dobutsu::over(p)) {
      case Over::won:
        return side(sente_to_move) + "'s lion reached the farthest rank and was not taken";
      case Over::lost:
        return side(!sente_to_move) + "'s lion reached the farthest rank unattacked (a try)";
      case Over::no:
        break;
    }
    return std::nullopt;
  }
  template <class F>
  void for_each_move(const Written<Position>& w, F&& f) const {
    for_each_turn(w.p, [&](const Turn& t) {
      f(turn_name(t, w.first_to_move), Next{t.wins, t.after});
    });
  }

 private:
  std::string name_, table_;
  std::shared_ptr<const Layout> layout_;
  std::size_t slot_;
};

}  // namespace

std::unique_ptr<GameReader> make_dobutsu_reader(family::Rules rules) {
  return std::make_unique<DistanceReader<DobutsuGame>>(DobutsuGame(rules));
}

}  // namespace tbgen
