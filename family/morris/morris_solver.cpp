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

}  // namespace

Code value_of(const Layout& layout, const Solved& solved, const Position& p) {
  if (std::popcount(p.mine) + p.mine_hand < 3) return kLostNow;
  if (std::popcount(p.theirs) + p.theirs_hand < 3)
    throw std::logic_error("morris: a position whose other side has already lost has no code");
  return solved.code(sector_of(p), layout.entry(p));
}

Code one_ply(const Layout& layout, const Solved& solved, const Position& p) {
  const auto turns = moves(layout.rules(), p);
  if (turns.empty()) return kLostNow;
  Code win = 0, loss = 0;
  bool all_won = true;
  for (const Move& m : turns) {
    const Code c = value_of(layout, solved, m.after);
    if (c == 0) {
      all_won = false;
    } else if (!mover_wins(c)) {  // lost for the other side
      all_won = false;
      if (!win || c + 1 < win) win = static_cast<Code>(c + 1);
    } else {
      loss = std::max(loss, static_cast<Code>(c + 1));
    }
  }
  return win ? win : all_won ? loss : 0;
}

std::vector<std::vector<Code>> solve_group(const Layout& layout, const Solved& solved,
                                           const Sector& sector, unsigned threads) {
  const Rules& rules = layout.rules();
  const Board& board = *rules.board;
  // A step leads to the mirror sector: a group of two where either side may step (every mark
  // placed, or Lasker's rule), else the sector alone (its turns are placements).
  const bool single = sector == sector.mirror() ||
                      !(rules.lasker || (sector.mine_hand == 0 && sector.theirs_hand == 0));
  const std::vector<Sector> sides =
      single ? std::vector{sector} : std::vector{sector, sector.mirror()};
  std::vector<std::vector<Code>> codes(sides.size());
  for (std::size_t i = 0; i < sides.size(); ++i) codes[i].assign(layout.entries(sides[i]), 0);
  const auto side_of = [&](const Sector& s) { return s == sides[0] ? 0 : 1; };
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

  // Positions to decide at each level: wins by a turn out of the group (known at once), and
  // positions to look at again when a successor is decided (in the group or out of it).
  struct At {
    int side;
    std::uint64_t entry;
  };
  using Levels = std::vector<std::vector<At>>;
  Levels decided(1), recheck(1), external_wins(1);
  const auto at_level = [](Levels & by_level, std::size_t level) -> auto& {
    if (by_level.size() <= level) by_level.resize(level + 1);
    return by_level[level];
  };
  // Runs `work(item, out)` on every item of `count` in chunks on the threads, each chunk
  // writing its own lists by level, then appends them in chunk order.
  struct Lists {
    Levels decided, recheck, external_wins;
  };
  const auto in_chunks = [&](std::uint64_t count, const auto& work) {
    constexpr std::uint64_t kChunk = 1 << 12;
    std::vector<Lists> out((count + kChunk - 1) / kChunk);
    parallel_for(threads, out.size(), [&](std::uint64_t c) {
      for (std::uint64_t i = c * kChunk; i < std::min(count, (c + 1) * kChunk); ++i)
        work(i, out[c]);
    });
    for (const Lists& l : out)
      for (auto [from, to] : {std::pair{&l.decided, &decided}, std::pair{&l.recheck, &recheck},
                              std::pair{&l.external_wins, &external_wins}})
        for (std::size_t level = 0; level < from->size(); ++level)
          at_level(*to, level)
              .insert(at_level(*to, level).end(), (*from)[level].begin(), (*from)[level].end());
  };

  // The codes as they stand: the group's own, and the solved sectors' for turns out of it.
  struct GroupView final : Solved {
    const Solved& solved;
    const std::vector<Sector>& sides;
    std::vector<std::vector<Code>>& codes;
    GroupView(const Solved& s, const std::vector<Sector>& d, std::vector<std::vector<Code>>& c)
        : solved(s), sides(d), codes(c) {}
    Code code(const Sector& s, std::uint64_t entry) const override {
      for (std::size_t i = 0; i < sides.size(); ++i)
        if (s == sides[i])
          return std::atomic_ref<Code>(codes[i][entry]).load(std::memory_order_relaxed);
      return solved.code(s, entry);
    }
  } const now(solved, sides, codes);

  // First pass: the positions without a turn are lost now; a turn out of the group schedules a
  // win at its level, or a look again at its level.
  for (std::size_t i = 0; i < sides.size(); ++i) {
    const int side = static_cast<int>(i);
    in_chunks(codes[i].size(), [&](std::uint64_t e, Lists& out) {
      const Position p = layout.position(sides[i], e);
      const auto turns = moves(rules, p);
      if (turns.empty()) {
        codes[i][e] = kLostNow;
        at_level(out.decided, 0).push_back({side, e});
        return;
      }
      Code best_win = 0;
      for (const Move& m : turns) {
        const Sector s = sector_of(m.after);
        if (s == sides[0] || (!single && s == sides[1])) continue;
        const Code c = value_of(layout, solved, m.after);
        if (c == 0) continue;
        if (!mover_wins(c)) {
          if (!best_win || c + 1 < best_win) best_win = static_cast<Code>(c + 1);
        } else {
          at_level(out.recheck, c - 1).push_back({side, e});
        }
      }
      if (best_win) at_level(out.external_wins, best_win - 1).push_back({side, e});
    });
  }

  // Level by level: a position decided at level d has code d + 1.
  for (std::size_t d = 0; d < decided.size() || d < recheck.size() || d < external_wins.size();
       ++d) {
    for (const At& a : at_level(external_wins, d))
      if (claim(a.side, a.entry, static_cast<Code>(d + 1))) at_level(decided, d).push_back(a);
    // Each decided position's predecessors in the group: its other side's mark stepped back.
    const std::vector<At> level = at_level(decided, d);
    in_chunks(level.size(), [&](std::uint64_t k, Lists& out) {
      const At q = level[k];
      const Position pos = layout.position(sides[q.side], q.entry);
      const bool lost_here = !mover_wins(load(q.side, q.entry));
      // The side that moved into `pos` stepped (the group holds no placements), with marks in
      // hand only under Lasker's rule, and flew with three marks and none in hand.
      const Sector before = sides[q.side].mirror();
      if (!(before == sides[0] || (!single && before == sides[1]))) return;
      if (pos.theirs_hand > 0 && !rules.lasker) return;
      const int side = side_of(before);
      const Points all = (Points{1} << board.points) - 1, empty = all & ~(pos.mine | pos.theirs);
      const bool flew = rules.fly && pos.theirs_hand == 0 && std::popcount(pos.theirs) == 3;
      for (Points to_set = pos.theirs; to_set; to_set &= to_set - 1) {
        const int to = std::countr_zero(to_set);
        // A step that closed a mill removed a mark, unless the other side had none on the board.
        if (pos.mine && board.closes_mill(pos.theirs, to)) continue;
        for (Points from_set = empty & (flew ? all : board.neighbours[to]); from_set;
             from_set &= from_set - 1) {
          const int from = std::countr_zero(from_set);
          const Position p{(pos.theirs & ~(Points{1} << to)) | Points{1} << from, pos.mine,
                           pos.theirs_hand, pos.mine_hand};
          for (const std::uint64_t e : layout.equivalent_entries(p)) {
            if (load(side, e)) continue;
            if (!lost_here)
              at_level(out.recheck, d).push_back({side, e});
            else if (claim(side, e, static_cast<Code>(d + 2)))
              at_level(out.decided, d + 1).push_back({side, e});
          }
        }
      }
    });
    // Losses: a position whose every successor is now won for the other side, the slowest at
    // this level, is lost at the next.
    const std::vector<At> again = at_level(recheck, d);
    in_chunks(again.size(), [&](std::uint64_t k, Lists& out) {
      const At a = again[k];
      if (load(a.side, a.entry)) return;
      const Code c = one_ply(layout, now, layout.position(sides[a.side], a.entry));
      if (c && !mover_wins(c) && claim(a.side, a.entry, c))
        at_level(out.decided, c - 1).push_back(a);
    });
  }
  return codes;
}

}  // namespace tbgen::morris
