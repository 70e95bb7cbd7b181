#pragma once
// Morris (mills, captures and material: SPEC 6) as a structure of the cyclic engine
// (generator/structure.hpp): a part for each sector of the layout (morris_layout.hpp), a table
// each, in the layout's order.
//
// A position is seen from the side to move: its marks and the other side's on the board and in
// hand. A sector holds the positions of one material (m, t, mh, th). A turn leads from
// (m, t, mh, th) to (t, m, th, mh) when it steps a mark without a capture, to
// (t, m + 1, th, mh - 1) when it places one, and to a sector with t - 1 when it captures. So
// sectors are solved in order of their marks in all (a capture lowers it), then of their marks
// in hand (a placement lowers that); what is left to solve together is a sector and its mirror
// (t, m, th, mh), between which steps go back and forth: a group with cycles. A sector of
// placements alone is a group without them, solved by a pass of its own (solve_alone).
//
// Tables hold slide's codes (codec 11, docs/FORMAT.md), as they were first written.
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/distance_code.hpp"
#include "family/morris/morris_layout.hpp"
#include "format/table.hpp"
#include "generator/retrograde.hpp"

namespace tbgen::morris {

class MorrisStructure {
 public:
  using Position = morris::Position;
  explicit MorrisStructure(const Rules& rules);

  // The driver's part.
  const std::string& game() const { return layout_->rules().canonical; }
  const Layout& layout() const { return *layout_; }
  int parts() const { return static_cast<int>(layout_->sectors().size()); }
  const Sector& sector(int part) const { return layout_->sectors()[part]; }
  std::uint64_t entries(int part) const { return layout_->entries(sector(part)); }
  std::uint64_t positions(int part) const;
  std::string table_name(int part) const { return layout_->table_name(part); }
  format::Header header(int part) const;
  std::vector<std::vector<int>> groups() const;
  std::vector<int> reads(std::span<const int> group) const;
  std::string describe(int part, std::uint64_t entry) const;
  // A group's lists peak lower than the engine's bound: 5.5 bytes an entry with the states (the
  // nine board's group (7,9)+(9,7) peaked at 8,619,140 KB), and the decided bits' 1/8.
  double list_bytes_per_entry() const { return 5.625; }

  // The engine's part.
  const Layout::Sets& walker(int part) const {
    if (const Layout::Sets* w = walkers_->by_part[part].load(std::memory_order_acquire)) return *w;
    return build_walker(part);
  }
  bool cyclic(std::span<const int> group) const { return steps(sector(group[0])); }
  std::optional<distance::Code> decided(int, const Position&) const { return std::nullopt; }
  // Starts the class lookup p's turns begin with (the first pass asks a few positions ahead).
  void prefetch_turns(int part, const Position& p) const {
    layout_->prefetch_keyed(p.theirs, sector(part).mirror());
  }
  template <class Turns>
  bool turns(int part, const Position& p, Turns& t) const;
  template <class Back>
  bool unturns(int part, std::uint64_t entry, const Position& c, Back&& back) const;
  int entries_of(int, const Position& q, std::uint64_t* out) const {
    return layout_->entries_of(q, out);
  }
  // A sector of placements alone, in one process (retrograde.hpp): morris_structure.cpp.
  void solve_alone(int part, const retrograde::Solved& solved, retrograde::Codes& codes,
                   const retrograde::SolveOptions& options) const;

 private:
  // Where a turn without a capture leads from a sector: a placement lowers the mover's hand, a
  // step keeps the material; either way the sides change places.
  static Sector placed(const Sector& s) {
    return {s.theirs, s.mine + 1, s.theirs_hand, s.mine_hand - 1};
  }
  static bool places(const Sector& s) { return s.mine_hand > 0; }
  bool steps(const Sector& s) const { return s.mine_hand == 0 || layout_->rules().lasker; }
  int part_of(const Sector& s) const { return layout_->number(s); }
  const Layout::Sets& build_walker(int part) const;

  std::shared_ptr<const Layout> layout_;  // not movable (its symmetry's indexes)
  // Each part's positions by entry, built on first use: read without a lock (unturns asks).
  struct Walkers {
    explicit Walkers(int parts) : by_part(static_cast<std::size_t>(parts)) {}
    std::mutex mutex;
    std::vector<std::atomic<const Layout::Sets*>> by_part;
    std::vector<std::unique_ptr<const Layout::Sets>> owned;
  };
  std::shared_ptr<Walkers> walkers_;
};

// Every turn of p: captures to the sector below (or lost at once for the other side when they
// leave it two marks), placements to the placed sector, steps into the group (the mirror).
template <class Turns>
bool MorrisStructure::turns(int part, const Position& p, Turns& t) const {
  const Layout& layout = *layout_;
  const Sector s = sector(part);
  // Turns without a capture lead to positions keyed by the set that did not move; both sectors
  // key by the other side's marks: one class lookup serves them.
  Layout::Keyed to_placed, to_stepped;
  if (places(s)) to_placed = layout.keyed(p.theirs, placed(s));
  if (steps(s))
    to_stepped =
        places(s) ? layout.rekeyed(to_placed, s.mirror()) : layout.keyed(p.theirs, s.mirror());
  const int placed_part = places(s) ? part_of(placed(s)) : -1, stepped_part = part_of(s.mirror());
  bool any = false;
  for_each_move(layout.rules(), p, [&](const Move& m) {
    any = true;
    if (m.removed >= 0) {
      const Position& q = m.after;
      if (std::popcount(q.mine) + q.mine_hand < 3) return t.known(distance::kLostNow);
      return t.solved(part_of(sector_of(q)), layout.entry(q));
    }
    if (m.from < 0) return t.solved(placed_part, to_placed.entry(m.after.theirs));
    // Steps lead to distinct positions (the mover's sets differ), distinct entries unless the
    // set they are keyed by has images of its own: then two may be images of one.
    t.inside(to_stepped.symmetric(), stepped_part,
             [&] { return to_stepped.least_entry(m.after.theirs); });
  });
  return any;
}

// The predecessors of c in the group: the other side's mark stepped back (the group holds no
// placements), with marks in hand only under Lasker's rule, flying with three marks and none in
// hand; a step that closed a mill removed a mark unless none was on the board. A position with
// images of its own has several entries: the least of them tells, and its predecessors' entries
// are told once each (distinct steps back give distinct predecessors, which share entries only
// as images of one another under a symmetry that keeps c's mover's set).
template <class Back>
bool MorrisStructure::unturns(int part, std::uint64_t entry, const Position& c, Back&& back) const {
  const Layout& layout = *layout_;
  const Rules& rules = layout.rules();
  const Board& board = *rules.board;
  const Sector before = sector(part).mirror();
  const bool symmetric = walker(part).symmetric(entry);
  if (symmetric && layout.first_entry(c) != entry) return false;
  if (c.theirs_hand > 0 && !rules.lasker) return false;
  const int before_part = part_of(before);
  const Points all = (Points{1} << board.points) - 1, empty = all & ~(c.mine | c.theirs);
  const bool flew = rules.fly && c.theirs_hand == 0 && std::popcount(c.theirs) == 3;
  for (Points to_set = c.theirs; to_set; to_set &= to_set - 1) {
    const int to = std::countr_zero(to_set);
    if (c.mine && board.closes_mill(c.theirs, to)) continue;
    for (Points from_set = empty & (flew ? all : board.neighbours[to]); from_set;
         from_set &= from_set - 1) {
      const Position q{(c.theirs & ~(Points{1} << to)) | Points{1} << std::countr_zero(from_set),
                       c.mine, c.theirs_hand, c.mine_hand};
      layout.prefetch_keyed(q.mine, before);  // entries_of's class lookup, asked after the batch
      back(before_part, q);
    }
  }
  return symmetric;
}

}  // namespace tbgen::morris
