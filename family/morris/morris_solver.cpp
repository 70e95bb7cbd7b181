#include "family/morris/morris_solver.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <stdexcept>

#include "core/parallel.hpp"
#include "generator/game_tables.hpp"

namespace tbgen::morris {
namespace {

constexpr Code kLostNow = 1;  // decided with 0 turns to play: the side to move has lost
bool mover_wins(Code c) {
  return c % 2 == 0;  // c = d + 1 with d odd
}

// Where a turn without a capture leads from a sector: a placement lowers the mover's hand, a
// step keeps the material; either way the sides change places.
Sector placed(const Sector& s) {
  return {s.theirs, s.mine + 1, s.theirs_hand, s.mine_hand - 1};
}
Sector stepped(const Sector& s) {
  return s.mirror();
}
bool places(const Sector& s) {
  return s.mine_hand > 0;
}
bool steps(const Rules& r, const Sector& s) {
  return s.mine_hand == 0 || r.lasker;
}
bool stored(const Sector& s) {
  return s.mine + s.mine_hand >= 3 && s.theirs + s.theirs_hand >= 3;
}

// A position's code from its turns' codes, folded one turn at a time: the fewest turns to a
// successor lost for the other side, else the most to one won for it, else (a drawn
// successor) a draw.
struct Fold {
  Code win = 0, loss = 0;
  bool drawn = false;
  void add(Code c) {
    if (c == 0)
      drawn = true;
    else if (!mover_wins(c))
      win = !win || c + 1 < win ? static_cast<Code>(c + 1) : win;
    else
      loss = std::max(loss, static_cast<Code>(c + 1));
  }
  Code code() const { return win ? win : drawn ? 0 : loss; }
};

}  // namespace

std::vector<Sector> sectors_read(const Layout& layout, const Sector& sector) {
  const Rules& rules = layout.rules();
  const std::vector<Sector> group = group_of(layout, sector);
  std::vector<Sector> out;
  const auto add = [&](const Sector& s) {
    if (stored(s) && std::find(group.begin(), group.end(), s) == group.end() &&
        std::find(out.begin(), out.end(), s) == out.end())
      out.push_back(s);
  };
  for (const Sector& s : group) {
    // A capture takes one of the other side's marks off the board, if it has any there.
    const Sector captured{s.mine, s.theirs - 1, s.mine_hand, s.theirs_hand};
    if (places(s)) {
      add(placed(s));
      if (s.theirs > 0) add(placed(captured));
    }
    if (steps(rules, s)) {
      add(stepped(s));
      if (s.theirs > 0) add(stepped(captured));
    }
  }
  return out;
}

std::vector<Sector> group_of(const Layout& layout, const Sector& sector) {
  // Steps lead to the mirror sector and back: a group of two where either side may step (every
  // mark placed, or Lasker's rule), else the sector alone (its turns are placements).
  const bool cyclic = steps(layout.rules(), sector);
  if (!cyclic || sector == sector.mirror()) return {sector};
  return {sector, sector.mirror()};
}

Code value_of(const Layout& layout, const Solved& solved, const Position& p) {
  if (std::popcount(p.mine) + p.mine_hand < 3) return kLostNow;
  if (std::popcount(p.theirs) + p.theirs_hand < 3)
    throw std::logic_error("morris: a position whose other side has already lost has no code");
  return solved.code(sector_of(p), layout.entry(p));
}

Code one_ply(const Layout& layout, const Solved& solved, const Position& p) {
  Fold fold;
  bool any = false;
  for_each_move(layout.rules(), p, [&](const Move& m) {
    any = true;
    fold.add(value_of(layout, solved, m.after));
  });
  return any ? fold.code() : kLostNow;
}

std::vector<Codes> solve_group(const Layout& layout, const Solved& solved, const Sector& sector,
                               const SolveOptions& options) {
  const Rules& rules = layout.rules();
  const Board& board = *rules.board;
  const Cluster& cluster = *options.cluster;
  const std::vector<Sector> sides = group_of(layout, sector);
  const bool cyclic = steps(rules, sector);
  // This process's share of each side: each position's state, its code once decided, before
  // that its turns into the group not yet known to be won for the other side, counted once for
  // each successor (turns to images of one position are one).
  std::vector<EntryShare> shares;
  std::vector<Layout::Sets> sets;
  GroupState state;
  const bool resumed = options.resume != nullptr;
  if (resumed) state = std::move(*options.resume);
  state.states.resize(sides.size());
  std::vector<Codes>& codes = state.states;
  for (std::size_t i = 0; i < sides.size(); ++i) {
    shares.push_back(entry_share(layout.entries(sides[i]), cluster, cluster.rank()));
    sets.emplace_back(layout, sides[i]);
    const std::uint64_t share = shares[i].end - shares[i].first;
    if (resumed) {
      if (codes[i].size() != share)
        throw std::logic_error("morris: a saved state of another share of the group");
      if (options.progress) options.progress(share);
      continue;
    }
    codes[i].assign(share, 0);
  }
  const auto side_of = [&](const Sector& s) -> int {
    for (std::size_t i = 0; i < sides.size(); ++i)
      if (s == sides[i]) return static_cast<int>(i);
    return -1;
  };
  const auto owner = [&](int side, std::uint64_t e) {
    // Shares are cut by blocks evenly: the owner is near e's fraction of the side.
    int r = static_cast<int>(e * static_cast<std::uint64_t>(cluster.size()) /
                             std::max<std::uint64_t>(1, layout.entries(sides[side])));
    while (e < entry_share(layout.entries(sides[side]), cluster, r).first) --r;
    while (e >= entry_share(layout.entries(sides[side]), cluster, r).end) ++r;
    return r;
  };
  // Threads read states while others decide some: each is read, counted down and claimed
  // atomically (a code once set never changes). What a level decides does not depend on the
  // order its positions are taken in, so the tables are the same for any thread count and any
  // number of processes.
  // An undecided position's state is kUndecided and its counter: the turns into the group (at
  // most 54: three marks flying to 18 points) and a bit that says a turn out of it loses; a
  // position with one out of it that wins or draws is never lost and its counter never falls to
  // zero. So the turns out of the group are read once, in the first pass, for most positions,
  // not again when the last turn into it is known lost. A decided one's state is its code (a
  // draw decided at once, all its turns leaving the group, is 0). The positions a level tells
  // are all lost or all won (their codes are the level's), so a level only claims undecided
  // positions or only counts them down, and a count never meets a claim of the same state.
  constexpr Code kUndecided = 0x8000, kLosesOut = 0x80, kNeverZero = 0x7f, kCount = 0x7f;
  const auto code_ref = [&](int side, std::uint64_t e) {
    return std::atomic_ref<Code>(codes[side][e - shares[side].first]);
  };
  const auto load = [&](int side, std::uint64_t e) {
    return code_ref(side, e).load(std::memory_order_relaxed);
  };
  const auto claim = [&](int side, std::uint64_t e, Code c) {
    const std::atomic_ref<Code> ref = code_ref(side, e);
    for (Code was = ref.load(std::memory_order_relaxed); was & kUndecided;)
      if (ref.compare_exchange_weak(was, c, std::memory_order_relaxed)) return true;
    return false;
  };

  // Positions by level: decided there (to pass on to their predecessors), or to be decided
  // there (a win by a turn out of the group, a loss whose slowest turn leaves it). An item is
  // side << 63 | entry; sent to another process, bit 62 says the position told of was lost.
  constexpr std::uint64_t kSide = std::uint64_t{1} << 63, kLost = std::uint64_t{1} << 62;
  using Levels = std::vector<std::vector<std::uint64_t>>;
  Levels &decided = state.decided, &scheduled = state.scheduled;
  const auto at_level = [](Levels & by_level, std::size_t level) -> auto& {
    if (by_level.size() <= level) by_level.resize(level + 1);
    return by_level[level];
  };
  const auto item = [](int side, std::uint64_t e) { return std::uint64_t(side) << 63 | e; };
  // Runs `work(first, end, out)` over [0, count) in chunks on the threads, each chunk writing
  // its own lists by level and to other processes, then appends them in chunk order, a window
  // of chunks at a time: kept until the end, every chunk's lists held the lists twice over.
  struct Lists {
    Levels decided, scheduled;
    std::vector<std::vector<std::uint64_t>> told;  // positions of other processes, by process
  };
  std::vector<std::vector<std::uint64_t>> outgoing(cluster.size());
  const auto in_chunks = [&](std::uint64_t count, bool counted, const auto& work) {
    constexpr std::uint64_t kChunk = 1 << 12;
    const std::uint64_t chunks = (count + kChunk - 1) / kChunk,
                        window = 64 * std::uint64_t{std::max(1u, options.threads)};
    const auto append = [](std::vector<std::uint64_t>& into, std::vector<std::uint64_t>& from) {
      into.insert(into.end(), from.begin(), from.end());
      std::vector<std::uint64_t>().swap(from);
    };
    for (std::uint64_t first = 0; first < chunks; first += window) {
      std::vector<Lists> out(std::min(window, chunks - first));
      parallel_for(options.threads, out.size(), [&](std::uint64_t i) {
        const std::uint64_t c = first + i, end = std::min(count, (c + 1) * kChunk);
        out[i].told.resize(cluster.size());
        work(c * kChunk, end, out[i]);
        if (counted && options.progress) options.progress(end - c * kChunk);
      });
      for (Lists& l : out) {
        for (auto [from, into] :
             {std::pair{&l.decided, &decided}, std::pair{&l.scheduled, &scheduled}})
          for (std::size_t level = 0; level < from->size(); ++level)
            append(at_level(*into, level), (*from)[level]);
        for (std::size_t r = 0; r < l.told.size(); ++r) append(outgoing[r], l.told[r]);
      }
    }
  };

  // The solved sectors the group's turns lead to: held whole (one process), else read through
  // `solved` (a cache of their blocks). A turn out of the group is looked up as the place of
  // its code, to read once the loads of many are under way, or as the code itself.
  struct Lookup {
    const Code* at;
    Code code;
    Code get() const { return at ? *at : code; }
  };
  std::vector<std::pair<Sector, const Code*>> outside;
  for (const Sector& s : sectors_read(layout, sector)) outside.emplace_back(s, solved.codes_of(s));
  const auto lookup = [&](const Sector& s, std::uint64_t e) {
    for (const auto& [t, c] : outside)
      if (t == s) return c ? Lookup{c + e, 0} : Lookup{nullptr, solved.code(s, e)};
    throw std::logic_error("morris: a turn leaves the group for a sector it does not read");
  };
  // Reads a position's turns: those out of the group handed to `external(Lookup)`, those into
  // it to `inside(maybe_seen, entry)`: whether another turn may lead to the same position, and
  // then the least entry of that position (else it is not worked out: no one needs it).
  // Returns whether it has any.
  const auto read_turns = [&](int i, const Position& p, const auto& external, const auto& inside) {
    const Sector s = sides[i];
    // Turns without a capture lead to positions keyed by the set that did not move.
    // Both sectors key by the other side's marks: one class lookup serves them.
    Layout::Keyed to_placed, to_stepped;
    if (places(s)) to_placed = layout.keyed(p.theirs, placed(s));
    if (steps(rules, s))
      to_stepped =
          places(s) ? layout.rekeyed(to_placed, stepped(s)) : layout.keyed(p.theirs, stepped(s));
    const bool steps_inside = side_of(stepped(s)) >= 0;
    bool any = false;
    for_each_move(rules, p, [&](const Move& m) {
      any = true;
      if (m.removed >= 0) {
        const Position& q = m.after;
        return external(std::popcount(q.mine) + q.mine_hand < 3
                            ? Lookup{nullptr, kLostNow}
                            : lookup(sector_of(q), layout.entry(q)));
      }
      if (m.from < 0) return external(lookup(placed(s), to_placed.entry(m.after.theirs)));
      if (!steps_inside) return external(lookup(stepped(s), to_stepped.entry(m.after.theirs)));
      // Steps lead to distinct positions (the mover's sets differ), distinct entries unless
      // the set they are keyed by has images of its own: then two may be images of one.
      if (to_stepped.symmetric())
        inside(true, to_stepped.least_entry(m.after.theirs));
      else
        inside(false, 0);
    });
    return any;
  };

  // A sector of placements alone, in one process: its positions are taken in the order of the
  // mirror sector's entries, by the class of the other side's marks, which key every turn
  // (the set that did not move). The turns of a run of positions then lead into one class's
  // codes, read from the caches, where positions taken by their own entries would read the
  // sectors placed into at random; each position's code is written to its entries instead,
  // one store a position. An orbit is met once for each symmetry that keeps its other side's
  // marks, and its code is the same each time. The run looks up its keys once: the placed
  // sector's, and the captured one's for each mark a mill may remove (the other side's set
  // is the run's). A position's placements are looked up by the rank of its mover's set in a
  // table of every set's additions (ranking them took a third of the time), its captures ranked
  // one by one (Keyed::entries_adding). for_each_move's turns in another order: the same fold.
  if (!cyclic && cluster.size() == 1) {
    const Layout::Sets by_theirs(layout, sector.mirror());
    const std::uint64_t count = layout.entries(sector.mirror()), own = codes[0].size();
    const Sector to_placed = placed(sector),
                 to_captured =
                     placed({sector.mine, sector.theirs - 1, sector.mine_hand, sector.theirs_hand});
    const auto codes_at = [&](const Sector& s) {
      const Code* at = lookup(s, 0).at;
      if (!at) throw std::logic_error("morris: one process holds the sectors it reads whole");
      return at;
    };
    const Code* placed_codes = codes_at(to_placed);
    // A capture that leaves the other side two marks wins at once: no table.
    const bool captured_stored = sector.theirs > 0 && stored(to_captured);
    const Code* captured_codes = captured_stored ? codes_at(to_captured) : nullptr;
    const Points all = (Points{1} << board.points) - 1;
    // The placements' ranks in the placed sector's class, by the rank of the placing side's set
    // among the points the other side's leaves free: a row a set, the same rows for every class.
    const int free_points = board.points - sector.theirs;
    const combinatorial::RanksAddingTable placed_ranks(free_points, sector.mine);
    const std::uint32_t free_all = (std::uint32_t{1} << free_points) - 1;
    in_chunks(count, false, [&](std::uint64_t first, std::uint64_t end, Lists&) {
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
        Fold fold;
        // The placements that close no mill, numbered as the row numbers the empty points.
        const std::uint32_t local = placed_key.local(mine), open = free_all & ~local;
        const std::uint32_t* row =
            placed_ranks.row(combinatorial::fast_ranks().revolving_door(local));
        const Code* at = placed_codes + placed_key.base();
        for (std::uint32_t j = combinatorial::extract_bits(~placed_key.local(closing), open); j;
             j &= j - 1)
          fold.add(at[row[std::countr_zero(j)]]);
        std::uint64_t entries[32];
        if (closing && !captured_stored) fold.add(kLostNow);  // once: the fold keeps the least
        for (Points r = closing && captured_stored ? removable : 0; r; r &= r - 1) {
          captured_keys[std::countr_zero(r)].entries_adding(mine, closing, entries);
          for (Points e = closing; e; e &= e - 1)
            fold.add(captured_codes[entries[std::countr_zero(e)]]);
        }
        const Position p{mine, theirs, q.theirs_hand, q.mine_hand};
        std::uint64_t own_entries[16];
        const int n = layout.entries_of(p, own_entries);
        for (int j = 0; j < n; ++j) codes[0][own_entries[j]] = empty ? fold.code() : kLostNow;
      }
      // Progress in the sector's own positions (the two counts differ a little).
      if (options.progress) options.progress(end * own / count - first * own / count);
    });
    return std::move(codes);
  }

  // First pass: each position's turns out of the group are read, those into it counted. A
  // position with none into it is decided at once; a win by a turn out of it is scheduled.
  // A chunk's turns out of the group are looked up first and read after, so that their loads
  // (random places in sectors larger than the caches) overlap.
  for (std::size_t i = 0; i < sides.size() && !resumed; ++i) {
    const int side = static_cast<int>(i);
    in_chunks(codes[i].size(), true, [&](std::uint64_t first, std::uint64_t end, Lists& out) {
      struct Read {
        std::uint32_t lookups_end;
        std::uint8_t inside;
        bool any;
      };
      thread_local std::vector<Lookup> lookups;
      thread_local std::vector<Read> reads;
      lookups.clear();
      reads.clear();
      for (std::uint64_t k = first; k < end; ++k) {
        // The class lookup of a position a few ahead started: the set it keys its turns by.
        constexpr std::uint64_t kAhead = 8;
        if (k + kAhead < end)
          layout.prefetch_keyed(sets[i].position(shares[i].first + k + kAhead).theirs,
                                stepped(sides[i]));
        std::uint64_t inside[64];
        int n = 0;
        const bool any = read_turns(
            side, sets[i].position(shares[i].first + k),
            [&](const Lookup& l) {
              if (l.at) __builtin_prefetch(l.at);
              lookups.push_back(l);
            },
            [&](bool maybe_seen, std::uint64_t next) {
              if (!maybe_seen)
                ++n;
              else if (std::find(inside, inside + n, next) == inside + n)
                inside[n++] = next;
            });
        reads.push_back(
            {static_cast<std::uint32_t>(lookups.size()), static_cast<std::uint8_t>(n), any});
      }
      std::uint32_t at = 0;
      for (std::uint64_t k = first; k < end; ++k) {
        const Read& r = reads[k - first];
        const std::uint64_t e = shares[i].first + k;
        Fold fold;
        for (; at < r.lookups_end; ++at) fold.add(lookups[at].get());
        if (!r.any) {
          codes[i][k] = kLostNow;
          if (cyclic) at_level(out.decided, 0).push_back(item(side, e));
        } else if (r.inside == 0) {
          // Every turn leaves the group: decided now, its predecessors told at its level.
          codes[i][k] = fold.code();
          if (cyclic && codes[i][k])
            at_level(out.decided, codes[i][k] - 1).push_back(item(side, e));
        } else if (fold.win || fold.drawn) {
          // Never lost: a turn out of the group wins or draws.
          codes[i][k] = kUndecided | kNeverZero;
          if (fold.win) at_level(out.scheduled, fold.win - 1).push_back(item(side, e));
        } else {
          codes[i][k] = kUndecided | r.inside | (fold.loss ? kLosesOut : 0);
        }
      }
    });
  }
  if (!cyclic) return std::move(codes);

  // A successor decided at level d told to a predecessor of this process's share: lost, the
  // predecessor wins in d + 1; won, its counter falls, and at zero it is lost, in one turn more
  // than its slowest turn: d + 1 for those into the group (the last counted down now), or more
  // through one out of it (then scheduled at that level).
  const auto tell = [&](int side, std::uint64_t e, bool lost, std::size_t d, Lists& out) {
    if (!(load(side, e) & kUndecided)) return;
    if (lost) {
      if (claim(side, e, static_cast<Code>(d + 2)))
        at_level(out.decided, d + 1).push_back(item(side, e));
      return;
    }
    const Code was = code_ref(side, e).fetch_sub(1, std::memory_order_relaxed);
    if ((was & kCount) != 1) return;
    Fold fold;  // the slowest loss through a turn out of the group, read again where there is one
    if (was & kLosesOut)
      read_turns(
          side, sets[side].position(e), [&](const Lookup& l) { fold.add(l.get()); },
          [](bool, std::uint64_t) {});
    const Code c = std::max(static_cast<Code>(d + 2), fold.loss);
    if (c == d + 2) {
      if (claim(side, e, c)) at_level(out.decided, d + 1).push_back(item(side, e));
    } else {
      at_level(out.scheduled, c - 1).push_back(item(side, e));
    }
  };

  // Level by level: a position decided at level d has code d + 1.
  const std::size_t start = state.level;
  for (std::size_t d = start;; ++d) {
    if (d + 2 >= kUndecided) throw std::logic_error("morris: more levels than a state holds");
    if (options.save && !(resumed && d == start) && cluster.max(options.save_due() ? 1 : 0)) {
      state.level = d;
      options.save(state);
    }
    for (const std::uint64_t a : at_level(scheduled, d))
      if (claim(static_cast<int>(a >> 63), a & ~kSide, static_cast<Code>(d + 1)))
        at_level(decided, d).push_back(a);
    std::vector<std::uint64_t>().swap(at_level(scheduled, d));
    const std::vector<std::uint64_t> level = std::move(at_level(decided, d));
    std::vector<std::uint64_t>().swap(at_level(decided, d));
    // Every position decided at level d has code d + 1: lost where that is odd. Known without
    // reading it (a read at random in states of gigabytes, a quarter of a level's time).
    const bool lost = !mover_wins(static_cast<Code>(d + 1));
    in_chunks(level.size(), false, [&](std::uint64_t first, std::uint64_t end, Lists& out) {
      // In batches of positions, in three steps, so that the loads of each step overlap: the
      // class lookups of their predecessors, then those predecessors' states (all at
      // random in tables larger than the caches), then the telling.
      struct Told {
        int before;  // its predecessors' side
        bool symmetric;
        std::uint32_t preds_end;  // in `back`, then in `preds`
      };
      thread_local std::vector<Told> told;
      thread_local std::vector<Position> back;
      thread_local std::vector<std::uint64_t> preds;
      constexpr std::uint64_t kBatch = 32;
      for (std::uint64_t batch = first; batch < end; batch += kBatch) {
        told.clear();
        back.clear();
        for (std::uint64_t k = batch; k < std::min(end, batch + kBatch); ++k) {
          const int side = static_cast<int>(level[k] >> 63);
          const std::uint64_t entry = level[k] & ~kSide;
          const Sector s = sides[side];
          const Position pos = sets[side].position(entry);
          // A position with images of its own has several entries: one of them tells.
          const bool symmetric = sets[side].symmetric(entry);
          if (symmetric && layout.first_entry(pos) != entry) continue;
          // Its predecessors in the group: the other side's mark stepped back (the group holds
          // no placements), with marks in hand only under Lasker's rule, flying with three
          // marks and none in hand; a step that closed a mill removed a mark unless none was on
          // the board.
          const int before = side_of(stepped(s));
          if (before < 0 || (pos.theirs_hand > 0 && !rules.lasker)) continue;
          const Points all = (Points{1} << board.points) - 1,
                       empty = all & ~(pos.mine | pos.theirs);
          const bool flew = rules.fly && pos.theirs_hand == 0 && std::popcount(pos.theirs) == 3;
          for (Points to_set = pos.theirs; to_set; to_set &= to_set - 1) {
            const int to = std::countr_zero(to_set);
            if (pos.mine && board.closes_mill(pos.theirs, to)) continue;
            for (Points from_set = empty & (flew ? all : board.neighbours[to]); from_set;
                 from_set &= from_set - 1) {
              const int from = std::countr_zero(from_set);
              back.push_back({(pos.theirs & ~(Points{1} << to)) | Points{1} << from, pos.mine,
                              pos.theirs_hand, pos.mine_hand});
              layout.prefetch_keyed(back.back().mine, sides[before]);
            }
          }
          told.push_back({before, symmetric, static_cast<std::uint32_t>(back.size())});
        }
        preds.clear();
        std::uint32_t at = 0;
        for (Told& t : told) {
          const int before = t.before;
          const std::size_t from = preds.size();
          for (; at < t.preds_end; ++at) {
            std::uint64_t entries[16];
            const int n = layout.entries_of(back[at], entries);
            for (int j = 0; j < n; ++j) {
              const std::uint64_t e = entries[j];
              if (e >= shares[before].first && e < shares[before].end) {
                __builtin_prefetch(&codes[before][e - shares[before].first]);
              }
              preds.push_back(e);
            }
          }
          // Distinct steps back give distinct predecessors (their movers' sets differ), which
          // share entries only as images of one another under a symmetry that keeps this
          // position's mover's set, the predecessors' other set.
          if (t.symmetric) {
            std::sort(preds.begin() + from, preds.end());
            preds.erase(std::unique(preds.begin() + from, preds.end()), preds.end());
          }
          t.preds_end = static_cast<std::uint32_t>(preds.size());
        }
        at = 0;
        for (const Told& t : told) {
          const int before = t.before;
          for (; at < t.preds_end; ++at) {
            const std::uint64_t e = preds[at];
            if (e >= shares[before].first && e < shares[before].end)
              tell(before, e, lost, d, out);
            else
              out.told[owner(before, e)].push_back(item(before, e) | (lost ? kLost : 0));
          }
        }
      }
    });
    // What other processes' positions told this one's.
    if (cluster.size() > 1) {
      const std::vector<std::uint64_t> told = retrograde::exchange(cluster, outgoing);
      in_chunks(told.size(), false, [&](std::uint64_t first, std::uint64_t end, Lists& out) {
        for (std::uint64_t k = first; k < end; ++k)
          tell(static_cast<int>(told[k] >> 63), told[k] & ~(kSide | kLost), (told[k] & kLost) != 0,
               d, out);
      });
    }
    std::uint64_t more = 0;
    for (const Levels* l : {&decided, &scheduled})
      for (std::size_t later = d + 1; later < l->size(); ++later) more += (*l)[later].size();
    if (cluster.max(more) == 0) break;
  }
  // What was never decided is a draw.
  for (Codes& side : codes)
    for (Code& c : side)
      if (c & kUndecided) c = 0;
  return std::move(codes);
}

}  // namespace tbgen::morris
