#include "family/morris/morris_solver.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <stdexcept>

#include "core/parallel.hpp"

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

std::vector<std::vector<Code>> solve_group(const Layout& layout, const Solved& solved,
                                           const Sector& sector, unsigned threads,
                                           const std::function<void(std::uint64_t)>& progress) {
  const Rules& rules = layout.rules();
  const Board& board = *rules.board;
  const std::vector<Sector> sides = group_of(layout, sector);
  const bool cyclic = steps(rules, sector);
  std::vector<std::vector<Code>> codes(sides.size());
  // Of each position, its turns into the group not yet known to be won for the other side,
  // counted once for each successor (turns to images of one position are one).
  std::vector<std::vector<std::uint8_t>> counters(sides.size());
  std::vector<Layout::Sets> sets;
  for (std::size_t i = 0; i < sides.size(); ++i) {
    sets.emplace_back(layout, sides[i]);
    codes[i].assign(layout.entries(sides[i]), 0);
    if (cyclic) counters[i].assign(codes[i].size(), 0);
  }
  const auto side_of = [&](const Sector& s) -> int {
    for (std::size_t i = 0; i < sides.size(); ++i)
      if (s == sides[i]) return static_cast<int>(i);
    return -1;
  };
  // Threads read codes while others decide some: each code is read and claimed atomically
  // (a code once set never changes). What a level decides does not depend on the order its
  // positions are taken in, so the tables are the same for any thread count.
  const auto load = [&](int side, std::uint64_t e) {
    return std::atomic_ref<Code>(codes[side][e]).load(std::memory_order_relaxed);
  };
  const auto claim = [&](int side, std::uint64_t e, Code c) {
    Code undecided = 0;
    return std::atomic_ref<Code>(codes[side][e])
        .compare_exchange_strong(undecided, c, std::memory_order_relaxed);
  };

  // Positions by level: decided there (to pass on to their predecessors), or to be decided
  // there (a win by a capture out of the group, a loss whose slowest turn leaves the group).
  // An item is side << 63 | entry.
  using Levels = std::vector<std::vector<std::uint64_t>>;
  Levels decided, scheduled;
  const auto at_level = [](Levels & by_level, std::size_t level) -> auto& {
    if (by_level.size() <= level) by_level.resize(level + 1);
    return by_level[level];
  };
  const auto item = [](int side, std::uint64_t e) { return std::uint64_t(side) << 63 | e; };
  // Runs `work(i, out)` on every i < count in chunks on the threads, each chunk writing its own
  // lists by level, then appends them in chunk order.
  struct Lists {
    Levels decided, scheduled;
  };
  const auto in_chunks = [&](std::uint64_t count, const auto& work) {
    constexpr std::uint64_t kChunk = 1 << 12;
    std::vector<Lists> out((count + kChunk - 1) / kChunk);
    parallel_for(threads, out.size(), [&](std::uint64_t c) {
      const std::uint64_t end = std::min(count, (c + 1) * kChunk);
      for (std::uint64_t i = c * kChunk; i < end; ++i) work(i, out[c]);
      if (progress) progress(end - c * kChunk);
    });
    for (Lists& l : out)
      for (auto [from, to] : {std::pair{&l.decided, &decided}, std::pair{&l.scheduled, &scheduled}})
        for (std::size_t level = 0; level < from->size(); ++level) {
          auto& list = at_level(*to, level);
          list.insert(list.end(), (*from)[level].begin(), (*from)[level].end());
          std::vector<std::uint64_t>().swap((*from)[level]);
        }
  };

  // The codes of the solved sectors the group's turns lead to, found once.
  std::vector<std::pair<Sector, const Code*>> outside;
  for (const Sector& s : sectors_read(layout, sector)) outside.emplace_back(s, solved.codes_of(s));
  const auto outside_code = [&](const Sector& s, std::uint64_t e) {
    for (const auto& [t, c] : outside)
      if (t == s) return c[e];
    throw std::logic_error("morris: a turn leaves the group for a sector it does not read");
  };
  const auto value_of_outside = [&](const Position& p) {
    return std::popcount(p.mine) + p.mine_hand < 3 ? kLostNow
                                                   : outside_code(sector_of(p), layout.entry(p));
  };

  // First pass: each position's turns out of the group are read, those into it counted. A
  // position with none into it is decided at once; a win by a turn out of it is scheduled.
  for (std::size_t i = 0; i < sides.size(); ++i) {
    const int side = static_cast<int>(i);
    const Sector s = sides[i];
    in_chunks(codes[i].size(), [&](std::uint64_t e, Lists& out) {
      const Position p = sets[i].position(e);
      // Turns without a capture lead to positions keyed by the set that did not move.
      const Layout::Keyed to_placed =
          places(s) ? layout.keyed(p.theirs, placed(s)) : Layout::Keyed{};
      const Layout::Keyed to_stepped =
          steps(rules, s) ? layout.keyed(p.theirs, stepped(s)) : Layout::Keyed{};
      const int stepped_side = side_of(stepped(s));
      std::uint64_t inside[64];
      int n = 0;
      bool any = false;
      Fold fold;
      for_each_move(rules, p, [&](const Move& m) {
        any = true;
        if (m.removed >= 0) return fold.add(value_of_outside(m.after));
        if (m.from < 0) return fold.add(outside_code(placed(s), to_placed.entry(m.after.theirs)));
        if (stepped_side < 0)
          return fold.add(outside_code(stepped(s), to_stepped.entry(m.after.theirs)));
        const std::uint64_t to = layout.symmetric(to_stepped) ? layout.first_entry(m.after)
                                                              : to_stepped.entry(m.after.theirs);
        if (std::find(inside, inside + n, to) == inside + n) inside[n++] = to;
      });
      if (!any) {
        codes[i][e] = kLostNow;
        if (cyclic) at_level(out.decided, 0).push_back(item(side, e));
        return;
      }
      if (n == 0) {
        // Every turn leaves the group: decided now, its predecessors told at its level.
        codes[i][e] = fold.code();
        if (cyclic && codes[i][e]) at_level(out.decided, codes[i][e] - 1).push_back(item(side, e));
        return;
      }
      counters[i][e] = static_cast<std::uint8_t>(n);
      if (fold.win) at_level(out.scheduled, fold.win - 1).push_back(item(side, e));
    });
  }
  if (!cyclic) return codes;

  // The codes as they stand: the group's own, and the solved sectors' for turns out of it.
  struct GroupView final : Solved {
    const Solved& solved;
    const std::vector<Sector>& sides;
    std::vector<std::vector<Code>>& codes;
    GroupView(const Solved& s, const std::vector<Sector>& d, std::vector<std::vector<Code>>& c)
        : solved(s), sides(d), codes(c) {}
    const Code* codes_of(const Sector& s) const override {
      for (std::size_t i = 0; i < sides.size(); ++i)
        if (s == sides[i]) return codes[i].data();
      return solved.codes_of(s);
    }
    Code code(const Sector& s, std::uint64_t entry) const override {
      for (std::size_t i = 0; i < sides.size(); ++i)
        if (s == sides[i])
          return std::atomic_ref<Code>(codes[i][entry]).load(std::memory_order_relaxed);
      return solved.code(s, entry);
    }
  } const now(solved, sides, codes);

  // Level by level: a position decided at level d has code d + 1.
  for (std::size_t d = 0; d < decided.size() || d < scheduled.size(); ++d) {
    for (const std::uint64_t a : at_level(scheduled, d))
      if (claim(int(a >> 63), a & ~(std::uint64_t{1} << 63), static_cast<Code>(d + 1)))
        at_level(decided, d).push_back(a);
    std::vector<std::uint64_t>().swap(at_level(scheduled, d));
    const std::vector<std::uint64_t> level = std::move(at_level(decided, d));
    std::vector<std::uint64_t>().swap(at_level(decided, d));
    in_chunks(level.size(), [&](std::uint64_t k, Lists& out) {
      const int side = static_cast<int>(level[k] >> 63);
      const std::uint64_t entry = level[k] & ~(std::uint64_t{1} << 63);
      const Sector s = sides[side];
      const Position pos = sets[side].position(entry);
      // A position with images of its own has several entries: one of them tells.
      if (layout.symmetric(layout.keyed(pos.mine, s)) && layout.first_entry(pos) != entry) return;
      // Its predecessors in the group: the other side's mark stepped back (the group holds no
      // placements), with marks in hand only under Lasker's rule, flying with three marks and
      // none in hand; a step that closed a mill removed a mark unless none was on the board.
      const int before = side_of(stepped(s));
      if (before < 0 || (pos.theirs_hand > 0 && !rules.lasker)) return;
      const Points all = (Points{1} << board.points) - 1, empty = all & ~(pos.mine | pos.theirs);
      const bool flew = rules.fly && pos.theirs_hand == 0 && std::popcount(pos.theirs) == 3;
      thread_local std::vector<std::uint64_t> preds;
      preds.clear();
      for (Points to_set = pos.theirs; to_set; to_set &= to_set - 1) {
        const int to = std::countr_zero(to_set);
        if (pos.mine && board.closes_mill(pos.theirs, to)) continue;
        for (Points from_set = empty & (flew ? all : board.neighbours[to]); from_set;
             from_set &= from_set - 1) {
          const int from = std::countr_zero(from_set);
          const Position p{(pos.theirs & ~(Points{1} << to)) | Points{1} << from, pos.mine,
                           pos.theirs_hand, pos.mine_hand};
          std::uint64_t entries[16];
          preds.insert(preds.end(), entries, entries + layout.entries_of(p, entries));
        }
      }
      std::sort(preds.begin(), preds.end());
      preds.erase(std::unique(preds.begin(), preds.end()), preds.end());
      const bool lost_here = !mover_wins(load(side, entry));
      for (const std::uint64_t e : preds) {
        if (load(before, e)) continue;
        if (lost_here) {
          if (claim(before, e, static_cast<Code>(d + 2)))
            at_level(out.decided, d + 1).push_back(item(before, e));
          continue;
        }
        if (std::atomic_ref<std::uint8_t>(counters[before][e]).fetch_sub(1) != 1) continue;
        // Every turn into the group is now won for the other side, at this level or before: a
        // loss, at the next level unless a turn out of the group is slower.
        const Code c = one_ply(layout, now, sets[before].position(e));
        if (c == 0 || mover_wins(c)) continue;
        if (c == d + 2) {
          if (claim(before, e, c)) at_level(out.decided, d + 1).push_back(item(before, e));
        } else {
          at_level(out.scheduled, c - 1).push_back(item(before, e));
        }
      }
    });
  }
  return codes;
}

}  // namespace tbgen::morris
