#include "family/morris/morris_structure.hpp"

#include <algorithm>

#include "core/combinatorial.hpp"
#include "core/game_string.hpp"
#include "core/parallel.hpp"
#include "family/family_rules.hpp"
#include "generator/game_tables.hpp"
#include "generator/structure.hpp"

namespace tbgen::morris {

MorrisStructure::MorrisStructure(const Rules& rules)
    : layout_(std::make_shared<const Layout>(rules)),
      walkers_(std::make_shared<Walkers>(static_cast<int>(layout_->sectors().size()))) {}

const Layout::Sets& MorrisStructure::build_walker(int part) const {
  std::lock_guard lock(walkers_->mutex);
  if (const Layout::Sets* w = walkers_->by_part[part].load(std::memory_order_acquire)) return *w;
  const Layout::Sets* w =
      walkers_->owned.emplace_back(std::make_unique<Layout::Sets>(*layout_, sector(part))).get();
  walkers_->by_part[part].store(w, std::memory_order_release);
  return *w;
}

std::uint64_t MorrisStructure::positions(int part) const {
  // Before symmetry: the mover's sets of the sector times the other side's among the rest.
  const int points = layout_->rules().board->points;
  const Sector& s = sector(part);
  return combinatorial::binomial(points, s.mine) *
         combinatorial::binomial(points - s.mine, s.theirs);
}

format::Header MorrisStructure::header(int part) const {
  format::Header h = table_header(game(), kMorrisIndexScheme, kMorrisCodec, 8, entries(part));
  h.layer = Layout::layer_of(sector(part));
  return h;
}

std::vector<std::vector<int>> MorrisStructure::groups() const {
  // In the layout's order; steps lead to the mirror sector and back: a group of two where
  // either side may step (every mark placed, or Lasker's rule), else the sector alone.
  std::vector<std::vector<int>> out;
  std::vector<bool> done(static_cast<std::size_t>(parts()));
  for (int part = 0; part < parts(); ++part) {
    if (done[part]) continue;
    const Sector& s = sector(part);
    out.push_back({part});
    if (steps(s) && !(s == s.mirror())) out.back().push_back(part_of(s.mirror()));
    for (const int p : out.back()) done[p] = true;
  }
  return out;
}

std::vector<int> MorrisStructure::reads(std::span<const int> group) const {
  std::vector<int> out;
  const auto add = [&](const Sector& s) {
    const int part = part_of(s);
    if (part >= 0 && std::find(group.begin(), group.end(), part) == group.end() &&
        std::find(out.begin(), out.end(), part) == out.end())
      out.push_back(part);
  };
  for (const int part : group) {
    const Sector& s = sector(part);
    // A capture takes one of the other side's marks off the board, if it has any there.
    const Sector captured{s.mine, s.theirs - 1, s.mine_hand, s.theirs_hand};
    if (places(s)) {
      add(placed(s));
      if (s.theirs > 0) add(placed(captured));
    }
    if (steps(s)) {
      add(s.mirror());
      if (s.theirs > 0) add(captured.mirror());
    }
  }
  return out;
}

std::string MorrisStructure::describe(int part, std::uint64_t entry) const {
  // A sector is the side to move's view: with marks in hand, that side is the first player when
  // both hold as many (alternate placing), else the second.
  const Rules& r = layout_->rules();
  const Sector& s = sector(part);
  const bool first_moves = r.lasker || s.mine_hand == s.theirs_hand;
  const char mover = first_moves ? r.first : r.second;
  return position_text(r, as_text(r, layout_->position(s, entry), mover == 'X'));
}

// A sector of placements alone, in one process: its positions are taken in the order of the
// mirror sector's entries, by the class of the other side's marks, which key every turn (the
// set that did not move). The turns of a run of positions then lead into one class's codes, read
// from the caches, where positions taken by their own entries would read the sectors placed into
// at random; each position's code is written to its entries instead, one store a position. An
// orbit is met once for each symmetry that keeps its other side's marks, and its code is the
// same each time. The run looks up its keys once: the placed sector's, and the captured one's for
// each mark a mill may remove (the other side's set is the run's). A position's placements are
// looked up by the rank of its mover's set in a table of every set's additions (ranking them
// took a third of the time), its captures ranked one by one (Keyed::entries_adding).
void MorrisStructure::solve_alone(int part, const retrograde::Solved& solved,
                                  retrograde::Codes& codes,
                                  const retrograde::SolveOptions& options) const {
  const Layout& layout = *layout_;
  const Board& board = *layout.rules().board;
  const Sector& sector = this->sector(part);
  const Layout::Sets by_theirs(layout, sector.mirror());
  const std::uint64_t count = layout.entries(sector.mirror()), own = codes.size();
  const Sector to_placed = placed(sector),
               to_captured =
                   placed({sector.mine, sector.theirs - 1, sector.mine_hand, sector.theirs_hand});
  const auto codes_at = [&](const Sector& s) {
    const distance::Code* at = solved.codes_of(part_of(s));
    if (!at) throw std::logic_error("morris: one process holds the sectors it reads whole");
    return at;
  };
  const distance::Code* placed_codes = codes_at(to_placed);
  // A capture that leaves the other side two marks wins at once: no table.
  const bool captured_stored = sector.theirs > 0 && part_of(to_captured) >= 0;
  const distance::Code* captured_codes = captured_stored ? codes_at(to_captured) : nullptr;
  const Points all = (Points{1} << board.points) - 1;
  // The placements' ranks in the placed sector's class, by the rank of the placing side's set
  // among the points the other side's leaves free: a row a set, the same rows for every class.
  const int free_points = board.points - sector.theirs;
  const combinatorial::RanksAddingTable placed_ranks(free_points, sector.mine);
  const std::uint32_t free_all = (std::uint32_t{1} << free_points) - 1;
  constexpr std::uint64_t kChunk = 1 << 12;
  parallel_for(options.threads, (count + kChunk - 1) / kChunk, [&](std::uint64_t chunk) {
    const std::uint64_t first = chunk * kChunk, end = std::min(count, first + kChunk);
    Points theirs = ~Points{0}, removable = 0;
    Layout::Keyed placed_key, captured_keys[32];
    for (std::uint64_t k = first; k < end; ++k) {
      const Position q = by_theirs.position(k);
      const Points mine = q.theirs;
      if (q.mine != theirs) {
        theirs = q.mine;
        placed_key = layout.keyed(theirs, to_placed);
        removable = board.removable(theirs);
        for (Points r = removable; r && captured_stored; r &= r - 1)
          captured_keys[std::countr_zero(r)] =
              layout.keyed(theirs & ~(Points{1} << std::countr_zero(r)), to_captured);
      }
      const Points empty = all & ~(mine | theirs);
      // Placements that close a mill remove a mark (if the other side has one on the board).
      Points closing = 0;
      for (Points e = theirs ? empty : 0; e; e &= e - 1)
        if (board.closes_mill(mine | (e & -e), std::countr_zero(e))) closing |= e & -e;
      distance::Fold fold;
      // The placements that close no mill, numbered as the row numbers the empty points.
      const std::uint32_t local = placed_key.local(mine), open = free_all & ~local;
      const std::uint32_t* row =
          placed_ranks.row(combinatorial::fast_ranks().revolving_door(local));
      const distance::Code* at = placed_codes + placed_key.base();
      for (std::uint32_t j = combinatorial::extract_bits(~placed_key.local(closing), open); j;
           j &= j - 1)
        fold.add(at[row[std::countr_zero(j)]]);
      std::uint64_t entries[32];
      if (closing && !captured_stored) fold.add(distance::kLostNow);  // once: the least kept
      for (Points r = closing && captured_stored ? removable : 0; r; r &= r - 1) {
        captured_keys[std::countr_zero(r)].entries_adding(mine, closing, entries);
        for (Points e = closing; e; e &= e - 1)
          fold.add(captured_codes[entries[std::countr_zero(e)]]);
      }
      const Position p{mine, theirs, q.theirs_hand, q.mine_hand};
      std::uint64_t own_entries[16];
      const int n = layout.entries_of(p, own_entries);
      for (int j = 0; j < n; ++j) codes[own_entries[j]] = empty ? fold.code() : distance::kLostNow;
    }
    // Progress in the sector's own positions (the two counts differ a little).
    if (options.progress) options.progress(end * own / count - first * own / count);
  });
}

}  // namespace tbgen::morris

namespace tbgen {

std::unique_ptr<GameTables> make_morris_tables(family::Rules rules) {
  return engine_tables(morris::MorrisStructure(morris::rules_of(GameString(rules.canonical))));
}

}  // namespace tbgen
