// Slide (place, then move: SPEC 6) as a structure of the cyclic engine (generator/structure.hpp):
// a part for each of the member's layers (slide_member.hpp), named and numbered as they are. The
// movement phase is solved first, its two layers (first and second player to move) one group
// with cycles: a move leads from one to the other, and back. Then each placement layer, from the
// last to the empty board, is a group of its own, one ply from the layer its placements lead to.
// A placement or a move that makes a line wins at once, and so does a move that leaves the other
// side without a move: known to the engine, never looked up.
//
// The way back. Entries are keyed by the first player's set, densely: entry e stands for
// position(e) exactly as it is (its first player's set the canonical set of its class), and a
// position whose key set has images of its own stands at several entries. The first pass counts
// an entry's moves one by one (distinct moves lead to distinct positions), working out no
// successor's entry. So a decided position tells each entry e once for every move of position(e)
// into the decided position's class: it walks back, from the least of its entries only, from
// every distinct image of itself, and tells the predecessors that are an entry's position as
// they stand. Where the second player moved, a predecessor keeps the first player's set, so only
// the images that keep it (the decided position's own entries) are walked.
#include <algorithm>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>

#include "family/family_rules.hpp"
#include "family/slide/slide_member.hpp"
#include "generator/game_tables.hpp"
#include "generator/structure.hpp"

namespace tbgen::family {
namespace {

using distance::Code;

class SlideStructure {
 public:
  using Position = SlidePosition;
  explicit SlideStructure(Rules rules);

  // The driver's part.
  const std::string& game() const { return member_->rules().canonical; }
  int parts() const { return member_->layers(); }
  std::uint64_t entries(int part) const { return member_->entries(part); }
  std::uint64_t positions(int part) const { return member_->positions(part); }
  std::string table_name(int part) const { return member_->table_name(part); }
  format::Header header(int part) const {
    format::Header h;
    h.index_scheme = kSlideIndexScheme;
    h.value_codec = distance::kParityCodec;
    h.layer = static_cast<std::uint32_t>(part);
    return h;
  }
  // The settings slide's tables were first written at.
  WriteOptions write_options() const { return kLayerWrite; }
  std::vector<std::vector<int>> groups() const {
    std::vector<std::vector<int>> out{{placed_, placed_ + 1}};
    for (int layer = placed_ - 1; layer >= 0; --layer) out.push_back({layer});
    return out;
  }
  std::vector<int> reads(std::span<const int> group) const {
    if (member_->movement(group[0])) return {};
    return {group[0] + 1};
  }
  std::string describe(int part, std::uint64_t entry) const {
    return member_->text(member_->position(part, entry));
  }

  // The engine's part.
  struct Walker {
    const SlideMember* member;
    int layer;
    Position position(std::uint64_t entry) const { return member->position(layer, entry); }
  };
  Walker walker(int part) const { return {member_.get(), part}; }
  bool cyclic(std::span<const int> group) const { return member_->movement(group[0]); }
  std::optional<Code> decided(int, const Position& p) const { return member_->over(p); }
  // A placement or a move that makes a line wins at once, and so does a move that leaves the
  // other side without one; a placement leads to the next layer, a move to the other side's.
  template <class Turns>
  bool turns(int part, const Position& p, Turns& t) const {
    const std::uint32_t free = member_->empty(p), mover = p.mover(), other = p.waiting();
    if (!member_->movement(part)) {
      const int next = part + 1 < placed_ ? part + 1 : placed_;
      for (std::uint32_t m = free; m; m &= m - 1) {
        const std::uint32_t placed = mover | (m & (~m + 1));
        if (member_->wins(placed))
          t.known(distance::kLostNow);
        else
          t.solved(next, entry(next, after(p, placed)));
      }
      return true;
    }
    const int next = part == placed_ ? placed_ + 1 : placed_;
    for (std::uint32_t m = mover; m; m &= m - 1) {
      const std::uint32_t from = m & (~m + 1);
      for (std::uint32_t s = member_->steps(__builtin_ctz(m)) & free; s; s &= s - 1) {
        const std::uint32_t to = s & (~s + 1), moved = mover ^ from ^ to;
        if (member_->wins(moved) || member_->stuck(other, free ^ from ^ to))
          t.known(distance::kLostNow);
        else
          t.inside(false, next, [&] { return entry(next, after(p, moved)); });
      }
    }
    return true;  // a position without a move is decided (over)
  }
  template <class Back>
  bool unturns(int part, std::uint64_t entry, const Position& c, Back&& back) const;
  int entries_of(int part, const Position& q, std::uint64_t* out) const {
    // q as unturns() gives it: the position of an entry as it stands.
    const std::uint32_t key = sym().to_index(q.first);
    out[0] = classes().locate(key).cls * member_->per_class(part) +
             rank_of(key, sym().to_index(q.second));
    return 1;
  }

 private:
  const Symmetry& sym() const { return member_->symmetry(); }
  const ClassIndex& classes() const { return sym().classes(member_->pieces()); }
  // The revolving-door rank of the second player's set among the cells the key leaves free
  // (index cells): an entry within its class.
  std::uint64_t rank_of(std::uint32_t key, std::uint32_t other) const {
    return combinatorial::fast_ranks().revolving_door(
        combinatorial::extract_bits(other, sym().full() & ~key));
  }
  std::uint64_t entry(int layer, const Position& p) const {
    return member_->entry(layer, p.first, p.second, Symmetry::Lookup::prefetched);
  }
  static Position after(const Position& p, std::uint32_t mover) {
    return {p.first_to_move ? mover : p.first, p.first_to_move ? p.second : mover,
            !p.first_to_move};
  }

  std::shared_ptr<const SlideMember> member_;  // not movable (its symmetry's indexes)
  int placed_;                                 // the first movement layer, 2 * pieces
  // By class of the sets of `pieces` cells: the symmetries other than the identity that keep
  // its set (by bit; slide's boards have at most 8).
  std::vector<std::uint8_t> stabilisers_;
  std::vector<CellMap> on_board_;  // each symmetry on board masks
};

SlideStructure::SlideStructure(Rules rules)
    : member_(std::make_shared<const SlideMember>(std::move(rules))),
      placed_(2 * member_->pieces()) {
  const Symmetry& s = sym();
  if (s.size() > 8) throw std::logic_error("a slide board with more than 8 symmetries");
  for (int g = 0; g < s.size(); ++g) {
    std::vector<int> to(s.cells());
    for (int c = 0; c < s.cells(); ++c)
      to[c] = __builtin_ctz(s.to_board(s.apply(g, s.to_index(std::uint32_t{1} << c))));
    on_board_.emplace_back(to);
  }
  stabilisers_.resize(classes().classes());
  for (std::uint64_t cls = 0; cls < stabilisers_.size(); ++cls) {
    const std::uint32_t set = classes().set(cls);
    for (int g = 1; g < s.size(); ++g)
      if (s.apply(g, set) == set) stabilisers_[cls] |= static_cast<std::uint8_t>(1u << g);
  }
}

// The predecessors of c = position(entry), a position of the movement phase decided by the
// levels (so neither side has a line and the side to move has a move): a mark of the side that
// moved put back on a cell it could have come from, unless that side then had a line (the game
// was over). Told where they are an entry's position as it stands.
template <class Back>
bool SlideStructure::unturns(int part, std::uint64_t entry, const Position& c, Back&& back) const {
  const Symmetry& s = sym();
  const std::uint64_t per = member_->per_class(part), cls = entry / per;
  const std::uint32_t key = s.to_index(c.first), other = s.to_index(c.second);
  // c's images that keep its key set are its entries: the least of them walks back.
  std::uint32_t seconds[8] = {c.second};
  int n = 1;
  for (std::uint32_t g = stabilisers_[cls]; g; g &= g - 1) {
    const std::uint32_t image = s.apply(__builtin_ctz(g), other);
    if (cls * per + rank_of(key, image) < entry) return false;
    const std::uint32_t board = s.to_board(image);
    if (std::find(seconds, seconds + n, board) == seconds + n) seconds[n++] = board;
  }
  // The predecessors of the image y in before_part; key_kept: their first player's set is y's,
  // canonical.
  const auto walk = [&](const Position& y, int before_part, bool key_kept) {
    const std::uint32_t moved = y.waiting(), free = member_->empty(y);
    for (std::uint32_t m = moved; m; m &= m - 1) {
      const std::uint32_t to = m & (~m + 1);
      for (std::uint32_t f = member_->steps(__builtin_ctz(m)) & free; f; f &= f - 1) {
        const std::uint32_t before = moved ^ to ^ (f & (~f + 1));
        if (member_->wins(before)) continue;
        if (!key_kept) {
          const std::uint32_t k = s.to_index(before);
          if (classes().locate(k).canonical != k) continue;
        }
        back(before_part,
             y.first_to_move ? Position{y.first, before, false} : Position{before, y.second, true});
      }
    }
  };
  if (part == placed_) {
    // The second player moved: a predecessor keeps the first player's set, so only the images
    // that keep it lead to entries as they stand.
    for (int i = 0; i < n; ++i) walk({c.first, seconds[i], true}, placed_ + 1, true);
    return false;
  }
  // The first player moved: every image of c, each once, and the predecessors whose first
  // player's set is its class's.
  Position images[8];
  int m = 0;
  for (const CellMap& g : on_board_) {
    const Position y{g(c.first), g(c.second), false};
    if (std::none_of(images, images + m,
                     [&](const Position& i) { return i.first == y.first && i.second == y.second; }))
      images[m++] = y;
  }
  for (int i = 0; i < m; ++i) walk(images[i], placed_, false);
  return false;  // each move told once
}

}  // namespace
}  // namespace tbgen::family

namespace tbgen {

std::unique_ptr<GameTables> make_slide_tables(family::Rules rules) {
  return engine_tables(family::SlideStructure(std::move(rules)));
}

}  // namespace tbgen
