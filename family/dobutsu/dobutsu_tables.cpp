// Dobutsu shogi as a structure of the cyclic engine (generator/structure.hpp): one part, every
// position from the side to move's view (dobutsu_layout.hpp), solved as one group (captures
// and drops lead back and forth, so nothing splits it).
//
// Only the positions the rules leave open are solved: the others (a lion that arrived, a try
// made, a lion the mover attacks) are decided where they stand. Turns are counted one by one
// (distinct turns lead to distinct positions), and each is told once on the way back: a position
// numbered as its mirror image is told through that image, so a decided position walks back from
// itself and, where its lions are not their own image, from its mirror image too, and tells the
// predecessors that are numbered as they stand.
#include <optional>
#include <span>

#include "family/dobutsu/dobutsu_layout.hpp"
#include "family/family_rules.hpp"
#include "generator/game_tables.hpp"
#include "generator/structure.hpp"

namespace tbgen::dobutsu {
namespace {

using distance::Code;

class Structure {
 public:
  using Position = dobutsu::Position;
  explicit Structure(const family::Rules& rules) : game_(rules.canonical), stem_(rules.stem) {}

  // The driver's part.
  const std::string& game() const { return game_; }
  int parts() const { return 1; }
  std::uint64_t entries(int) const { return layout_.entries(); }
  std::uint64_t positions(int) const { return layout_.positions(); }
  std::string table_name(int) const { return stem_; }
  format::Header header(int) const {
    format::Header h;
    h.index_scheme = kIndexScheme;
    h.value_codec = distance::kCodec;
    return h;
  }
  std::vector<std::vector<int>> groups() const { return {{0}}; }
  std::vector<int> reads(std::span<const int>) const { return {}; }
  std::string describe(int, std::uint64_t entry) const {
    return sfen(layout_.position(entry), true);
  }

  // The engine's part.
  struct Walker {
    const Layout* layout;
    Position position(std::uint64_t entry) const { return layout->position(entry); }
  };
  Walker walker(int) const { return {&layout_}; }
  bool cyclic(std::span<const int>) const { return true; }
  std::optional<Code> decided(int, const Position& p) const { return dobutsu::decided(p); }
  // The turns of a position the rules leave open (its lions apart: no turn takes a lion), told
  // without making them: a lion onto row 0 unattacked wins at once (the try); a turn that leaves
  // the mover's lion attacked loses, the other side taking it at once; the rest lead into the
  // group, made only where the engine asks for their entry.
  template <class Turns>
  bool turns(int, const Position& p, Turns& t) const {
    const Squares attacked = attacked_by_theirs(p), lion = p.mine.on[kLion];
    // The other side's pieces that attack the lion: a turn other than the lion's leaves it
    // attacked unless it takes the only one.
    const Squares checkers = attackers_of(p.theirs, __builtin_ctz(lion), false);
    const Squares mine = p.mine.all(), empty = Squares(kAll & ~(mine | p.theirs.all()));
    const Code taken = distance::with_turns(true, 1);  // where the other side takes the lion
    bool any = false;
    const auto inside = [&](int from, int to, int kind) {
      t.inside(false, 0, [&, from, to, kind] {
        const Turn turn{from, to, kind, kind == kChick && to < 3, false, {}};
        return layout_.entry(turned(stepped(p, turn)));
      });
    };
    for (int kind = 0; kind < kKinds; ++kind)
      for (Squares from_set = p.mine.on[kind]; from_set; from_set &= from_set - 1) {
        const int from = __builtin_ctz(from_set);
        for (Squares to_set = Squares(attacks_up(kind, from) & ~mine); to_set;
             to_set &= to_set - 1) {
          const int to = __builtin_ctz(to_set);
          const auto to_bit = Squares(1u << to);
          any = true;
          if (kind == kLion) {
            if (attacked & to_bit)
              t.known(taken);
            else if (to < 3)
              t.known(distance::kLostNow);
            else
              inside(from, to, kind);
          } else if (checkers & ~to_bit) {
            t.known(taken);  // the lion stays attacked: this turn does not take its attacker
          } else {
            inside(from, to, kind);
          }
        }
      }
    for (int h = 0; h < kHandKinds; ++h)
      for (Squares to_set = p.mine.hand[h] ? empty : Squares(0); to_set; to_set &= to_set - 1) {
        any = true;
        if (checkers)
          t.known(taken);
        else
          inside(-1, __builtin_ctz(to_set), h + 1);
      }
    return any;
  }
  template <class Back>
  bool unturns(int, std::uint64_t, const Position& c, Back&& back) const {
    // Predecessors the rules decide (their mover attacks the other lion) have nothing to hear.
    const auto tell = [&](const Position& q) {
      if (layout_.numbered(q) && !attacks_lion(q)) back(0, q);
    };
    // The predecessors whose lions stood as now are numbered as they stand from one of c and its
    // mirror image only: from the other, only a lion's turn taken back can lead to them.
    const auto from = [&](const Position& target) {
      if (layout_.numbered_before(target))
        for_each_unturn(target, tell);
      else
        for_each_unturn<true>(target, tell);
    };
    from(c);
    if (!layout_.symmetric_lions(c)) from(mirrored(c));
    return false;  // each turn told once
  }
  int entries_of(int, const Position& q, std::uint64_t* out) const {
    out[0] = layout_.entry(q);
    return 1;
  }

 private:
  std::string game_, stem_;
  Layout layout_;
};

}  // namespace
}  // namespace tbgen::dobutsu

namespace tbgen {

std::unique_ptr<GameTables> make_dobutsu_tables(family::Rules rules) {
  return engine_tables(dobutsu::Structure(rules));
}

}  // namespace tbgen
