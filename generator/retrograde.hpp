#pragma once
// The cyclic engine: retrograde analysis with cycles, as endgame tablebases are built, over a
// game cut into parts (each part one table) that are solved a group at a time. A structure
// (family/<structure>/) says what its positions are and how they move; the engine never learns
// which game it solves. The contract, for a structure type S:
//
//   using Position;                          what an entry of a part stands for
//   std::uint64_t entries(int part) const;
//   Walker walker(int part) const;           an object whose position(entry) is a part's position
//   bool cyclic(std::span<const int> group) const;  whether turns lead from the group into it
//   template <class Turns> bool turns(int part, const Position& p, Turns& t) const;
//       Every turn of p (p not decided by the rules alone, see below), each to one of:
//         t.known(code)          the position it leads to is decided by the rules: its code
//                                from the other side's view (distance::kLostNow: a turn that
//                                wins at once);
//         t.solved(part, entry)  a position of a part solved before (not of the group);
//         t.inside(maybe_seen, part, entry)  a position of the group, `entry` a callable
//                                that gives one of its entries (the least, where it has
//                                several); maybe_seen: another turn of p may lead to the same
//                                position (then counted once: the engine asks the entry).
//       Returns false when p has no turn at all (then it is lost, distance::kLostNow), true
//       otherwise.
//   std::optional<distance::Code> decided(int part, const Position& p) const;
//       the code of a position the rules decide before any turn (no turn left: lost, or won
//       where a line or an arrival stands), else nothing. Its predecessors are not told of
//       it: a turn into it is a known() turn.
//   template <class Back> bool unturns(int part, std::uint64_t entry, const Position& c,
//                                      Back&& back) const;
//       back(part, q) for each position q of the group from which a turn leads to c, as many
//       times as q's inside turns are counted toward c (once per distinct position among the
//       turns with maybe_seen, once per turn otherwise); q from any entry of its part: the engine
//       asks entries_of(part, q) and tells every entry it gives. Returns true when the entries
//       told may repeat and are to be told once each (the structure's inside count was of
//       distinct positions).
//   int entries_of(int part, const Position& q, std::uint64_t* out) const;  at most 16
// and, where they pay:
//   void prefetch_turns(int part, const Position& p) const;  starts the loads p's turns begin
//       with: the first pass asks it a few positions ahead.
//   void solve_alone(int part, const Solved&, Codes& codes, const SolveOptions&) const;
//       solves a group of one part without cycles in one process by a pass of its own (morris's
//       placements, taken in the order their turns' codes lie in), in place of the first pass.
// unturns() may start the loads entries_of() needs: the engine asks entries_of() for a batch of
// predecessors after their unturns.
//
// A group's positions each get a 16-bit state: their code once decided (distance_code.hpp),
// else kUndecided and a counter of the turns into the group not yet known to be won for the
// other side. The first pass reads every position's turns out of the group (their codes, from
// `Solved`) and counts those into it: a position whose turns all leave the group is decided at
// once; a win through a turn out of it is scheduled at its level. Then level by level, d = 0,
// 1, ...: every position decided with d turns left is walked back to its predecessors in the
// group. If it is lost for its mover, each undecided predecessor wins in d + 1; if won, each
// predecessor's counter falls, and one that reaches zero (every turn into the group leads to a
// position won for the other side, the slowest now) is lost, in one turn more than its slowest
// turn (d + 1, or more through a turn out of the group: then scheduled at that level). What is
// never decided is a draw. A predecessor is claimed as a win only through a lost successor,
// whose turn never counts down, so its counter never reaches zero: a level's updates commute,
// threads share them through atomics, and the codes do not depend on the schedule, the thread
// count or the number of processes.
//
// Distributed (SPEC 9): each process holds its share of every part of the group (entry_share)
// and sends what its positions tell the others' positions, level by level.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "core/distance_code.hpp"
#include "core/huge_pages.hpp"
#include "core/parallel.hpp"
#include "generator/cluster.hpp"
#include "generator/entry_share.hpp"
#include "generator/level_list.hpp"

namespace tbgen::retrograde {

using distance::Code;
using distance::Fold;
// A part's codes: read and written at random by the solver, so held in huge pages.
using Codes = std::vector<Code, HugePageAllocator<Code>>;

// The codes of parts solved before: what a group reads when a turn leaves it.
class Solved {
 public:
  virtual ~Solved() = default;
  // The part's codes whole in this process, or nullptr (a distributed build reads a cache).
  virtual const Code* codes_of(int part) const = 0;
  virtual Code code(int part, std::uint64_t entry) const { return codes_of(part)[entry]; }
};

// What a group's solve holds between two levels, this process's share: enough to go on from
// there after a kill (checkpoint.hpp). By side of the group (its parts in order): each
// position's state. By level: positions decided there (to tell their predecessors) and to be
// decided there, each side << 56 | entry.
struct GroupState {
  std::uint64_t level = 0;  // the next level to solve; those below hold nothing
  std::vector<Codes> states;
  std::vector<LevelList> decided, scheduled;
};

struct SolveOptions {
  unsigned threads = 1;
  // Hears of positions as the first pass looks at them (all of them at once when resumed).
  std::function<void(std::uint64_t)> progress = {};
  const Cluster* cluster = &single_process();
  // Saving a group that cycles between levels: asked before each level whether to save (any
  // process's yes is every process's), then handed the state.
  std::function<bool()> save_due = {};
  std::function<void(const GroupState&)> save = {};
  // A state saved before, every process's at the same level, to go on from instead of starting.
  GroupState* resume = nullptr;
};

namespace detail {

// A state: the code once decided; before, kUndecided | a counter of the turns into the group not
// yet known won for the other side, and kLosesOut where a turn out of it loses (its slowest loss
// is read again when the counter reaches zero). kNeverZero: a turn out of the group wins or draws,
// so the position is never lost and its counter never counted down to zero.
inline constexpr Code kUndecided = 0x8000, kLosesOut = 0x4000, kCount = 0x3fff, kNeverZero = kCount;
// A level item: the position's side in the group, whether it is won for its mover (the code
// the level gives it), and its entry. Told to a predecessor of another process, the same.
inline constexpr int kSideShift = 56;
inline constexpr std::uint64_t kWonBit = std::uint64_t{1} << 55;
inline constexpr std::uint64_t kEntryMask = kWonBit - 1;
inline std::uint64_t item(int side, bool won, std::uint64_t entry) {
  return std::uint64_t(side) << kSideShift | (won ? kWonBit : 0) | entry;
}
inline int side_of_item(std::uint64_t item) {
  return static_cast<int>(item >> kSideShift);
}
inline bool won_item(std::uint64_t item) {
  return (item & kWonBit) != 0;
}

using Levels = std::vector<std::vector<std::uint64_t>>;
template <class List>
List& at_level(std::vector<List>& by_level, int level) {
  const auto at = static_cast<std::size_t>(level);
  if (by_level.size() <= at) by_level.resize(at + 1);
  return by_level[at];
}

// What one chunk of work hands on: positions by level, and positions of other processes.
struct Lists {
  Levels decided, scheduled;
  std::vector<std::vector<std::uint64_t>> told;  // by process
};

// Runs work(first, end, lists) over [0, count) in chunks on the threads, a window of chunks at a
// time, and hands each chunk's lists on in chunk order: those by level to the state's (moved,
// not copied), those for other processes to `outgoing`.
template <class Work>
void in_chunks(unsigned threads, int processes, std::uint64_t count, GroupState& state,
               std::vector<std::vector<std::uint64_t>>& outgoing, const Work& work) {
  constexpr std::uint64_t kChunk = 1 << 12;
  const std::uint64_t chunks = (count + kChunk - 1) / kChunk,
                      window = 64 * std::uint64_t{std::max(1u, threads)};
  for (std::uint64_t first = 0; first < chunks; first += window) {
    std::vector<Lists> out(std::min(window, chunks - first));
    parallel_for(threads, out.size(), [&](std::uint64_t i) {
      const std::uint64_t c = first + i;
      out[i].told.resize(processes);
      work(c * kChunk, std::min(count, (c + 1) * kChunk), out[i]);
      // Kept till their level comes, the lists give back what their growth left spare.
      for (Levels* levels : {&out[i].decided, &out[i].scheduled})
        for (std::vector<std::uint64_t>& list : *levels)
          if (list.capacity() > list.size() + list.size() / 4) list.shrink_to_fit();
    });
    for (Lists& l : out) {
      for (auto [from, into] :
           {std::pair{&l.decided, &state.decided}, std::pair{&l.scheduled, &state.scheduled}})
        for (std::size_t level = 0; level < from->size(); ++level)
          at_level(*into, static_cast<int>(level)).add(std::move((*from)[level]));
      for (std::size_t r = 0; r < l.told.size(); ++r) {
        outgoing[r].insert(outgoing[r].end(), l.told[r].begin(), l.told[r].end());
        std::vector<std::uint64_t>().swap(l.told[r]);
      }
    }
  }
}

// A turn out of the group: looked up first, read after, so that the loads of a chunk's turns
// (random places in parts larger than the caches) overlap.
struct Lookup {
  const Code* at;
  Code code;
  Code get() const { return at ? *at : code; }
};
// Where a part's codes are: whole in memory (the parts asked for last kept at hand), or read one
// by one (a distributed build's cache).
class Reader {
 public:
  explicit Reader(const Solved& solved) : solved_(solved) {}
  Lookup operator()(int part, std::uint64_t e) {
    const Code* c = codes_of(part);
    return c ? Lookup{c + e, 0} : Lookup{nullptr, solved_.code(part, e)};
  }

 private:
  const Code* codes_of(int part) {
    for (const auto& [p, codes] : parts_)
      if (p == part) return codes;
    return parts_.emplace_back(part, solved_.codes_of(part)).second;
  }
  const Solved& solved_;
  std::vector<std::pair<int, const Code*>> parts_;
};
// What a structure's turns() calls: turns out of the group to `out(Lookup)`, into it to
// `in(maybe_seen, part, entry)`.
template <class Out, class In>
struct Visit {
  Reader& reader;
  const Out& out;
  const In& in;
  void known(Code c) { out(Lookup{nullptr, c}); }
  void solved(int part, std::uint64_t e) { out(reader(part, e)); }
  template <class Entry>
  void inside(bool maybe_seen, int part, Entry&& entry) {
    in(maybe_seen, part, entry);
  }
};
// The same for a deep check: every turn's code folded, read through `code_of(part, entry)`.
template <class CodeOf>
struct FoldTurns {
  CodeOf& code_of;
  Fold fold;
  void known(Code c) { fold.add(c); }
  void solved(int part, std::uint64_t e) { fold.add(code_of(part, e)); }
  template <class Entry>
  void inside(bool, int part, Entry&& entry) {
    fold.add(code_of(part, entry()));
  }
};

}  // namespace detail

// Sends each process the items told to its positions (outgoing[r]: rank r's, emptied); returns
// those told to this one's.
std::vector<std::uint64_t> exchange(const Cluster& cluster,
                                    std::vector<std::vector<std::uint64_t>>& outgoing);

namespace detail {

// One group's solve, in named steps: the first pass, the levels (each: the positions it decides
// walked back, then what other processes' positions told this one's), the draws left.
template <class S>
class GroupSolve {
 public:
  using Position = typename S::Position;
  GroupSolve(const S& structure, const Solved& solved, std::span<const int> group,
             const SolveOptions& options);
  std::vector<Codes> run();

 private:
  int side_of_part(int part) const {
    for (int i = 0; i < sides_; ++i)
      if (group_[i] == part) return i;
    throw std::logic_error("a turn into the group names a part outside it");
  }
  // The process whose share holds entry e of a side.
  int owner(int side, std::uint64_t e) const;
  bool mine(int side, std::uint64_t e) const {
    return e >= shares_[side].first && e < shares_[side].end;
  }
  std::atomic_ref<Code> state_of(int side, std::uint64_t e) {
    return std::atomic_ref<Code>(codes()[side][e - shares_[side].first]);
  }
  // A code once set never changes: only undecided states are claimed.
  bool claim(int side, std::uint64_t e, Code c) {
    const std::atomic_ref<Code> ref = state_of(side, e);
    for (Code was = ref.load(std::memory_order_relaxed); was & kUndecided;)
      if (ref.compare_exchange_weak(was, c, std::memory_order_relaxed)) {
        const std::uint64_t k = e - shares_[side].first;
        std::atomic_ref<std::uint64_t>(decided_[side][k / 64])
            .fetch_or(std::uint64_t{1} << (k % 64), std::memory_order_relaxed);
        return true;
      }
    return false;
  }
  // Whether a position of this process's share is known decided (its bit may lag its state).
  bool known_decided(int side, std::uint64_t e) {
    const std::uint64_t k = e - shares_[side].first;
    return std::atomic_ref<std::uint64_t>(decided_[side][k / 64]).load(std::memory_order_relaxed) >>
               (k % 64) &
           1;
  }
  // The bits of the positions the first pass decided, or a resumed state holds decided.
  void mark_decided();
  std::vector<Codes>& codes() { return state_.states; }
  template <class Work>
  void chunks(std::uint64_t count, const Work& work) {
    in_chunks(options_.threads, cluster_.size(), count, state_, outgoing_, work);
  }
  // Reads a position's turns: those out of the group to `out(Lookup)`, those into it to
  // `in(maybe_seen, part, entry)`. Returns whether it has any.
  template <class Out, class In>
  bool read_turns(Reader& reader, int side, const Position& p, const Out& out, const In& in) const {
    Visit<Out, In> turns{reader, out, in};
    return structure_.turns(group_[side], p, turns);
  }
  // Each position's turns out of the group are read, those into it counted.
  void first_pass(int side);
  void first_chunk(int side, std::uint64_t first, std::uint64_t end, Lists& out);
  // Saves the state before level d where one is due.
  void save_before(int d);
  // The positions decided at level d: those scheduled there claimed, then all of them.
  LevelList take_level(int d);
  // Positions of level d told to their predecessors, a batch at a time.
  void walk_back(std::span<const std::uint64_t> items, int d, Lists& out);
  void tell(Reader& reader, int side, std::uint64_t e, bool won, int d, Lists& out);
  // Whether any process holds positions for a level past d.
  bool more_after(int d) const;

  const S& structure_;
  const Solved& solved_;
  std::span<const int> group_;
  const SolveOptions& options_;
  const Cluster& cluster_;
  const bool cyclic_;
  const int sides_;
  const bool resumed_;
  std::vector<EntryShare> shares_;
  std::vector<std::decay_t<decltype(std::declval<const S&>().walker(0))>> walkers_;
  GroupState state_;
  // By side, a bit for each position of the share, set once it is decided: read before the
  // state in the walk back, where about half the predecessors told are decided already, so that
  // those cost a read of 1/16 of the memory in place of a state's (docs/notes/engine.md).
  std::vector<std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>>> decided_;
  std::vector<std::vector<std::uint64_t>> outgoing_;  // by process
  // The slowest loss through a turn out of the group over the positions left undecided by the
  // first pass (kLosesOut): a position lost at a level past it need not read its turns again,
  // its loss through the group being the slower. Unknown when resumed: read them.
  std::atomic<int> slowest_out_;
  int slowest_out_loss_ = 0;  // every process's slowest_out_
};

template <class S>
GroupSolve<S>::GroupSolve(const S& structure, const Solved& solved, std::span<const int> group,
                          const SolveOptions& options)
    : structure_(structure),
      solved_(solved),
      group_(group),
      options_(options),
      cluster_(*options.cluster),
      cyclic_(structure.cyclic(group)),
      sides_(static_cast<int>(group.size())),
      resumed_(options.resume != nullptr),
      outgoing_(static_cast<std::size_t>(cluster_.size())),
      slowest_out_(resumed_ ? distance::kMaxTurns + 1 : -1) {
  if (resumed_) state_ = std::move(*options.resume);
  codes().resize(group.size());
  for (int i = 0; i < sides_; ++i) {
    shares_.push_back(entry_share(structure.entries(group[i]), cluster_, cluster_.rank()));
    walkers_.push_back(structure.walker(group[i]));
    const std::uint64_t share = shares_[i].end - shares_[i].first;
    if (resumed_) {
      if (codes()[i].size() != share)
        throw std::logic_error("a saved state of another share of the group");
      if (options.progress) options.progress(share);
      continue;
    }
    codes()[i].assign(share, 0);
  }
}

template <class S>
int GroupSolve<S>::owner(int side, std::uint64_t e) const {
  // Shares are cut by blocks evenly: the owner is near e's fraction of the part.
  const std::uint64_t n = structure_.entries(group_[side]);
  int r = static_cast<int>(e * static_cast<std::uint64_t>(cluster_.size()) /
                           std::max<std::uint64_t>(1, n));
  while (e < entry_share(n, cluster_, r).first) --r;
  while (e >= entry_share(n, cluster_, r).end) ++r;
  return r;
}

template <class S>
std::vector<Codes> GroupSolve<S>::run() {
  if constexpr (requires { structure_.solve_alone(0, solved_, codes()[0], options_); }) {
    if (!cyclic_ && !resumed_ && sides_ == 1 && cluster_.size() == 1) {
      structure_.solve_alone(group_[0], solved_, codes()[0], options_);
      return std::move(codes());
    }
  }
  for (int i = 0; i < sides_ && !resumed_; ++i) first_pass(i);
  if (!cyclic_) return std::move(codes());
  mark_decided();
  slowest_out_loss_ =
      static_cast<int>(cluster_.max(static_cast<std::uint64_t>(slowest_out_.load() + 1))) - 1;
  for (int d = static_cast<int>(state_.level);; ++d) {
    if (d + 1 > distance::kMaxTurns) throw std::overflow_error("more levels than a code holds");
    save_before(d);
    const LevelList level = take_level(d);
    chunks(level.size(), [&](std::uint64_t first, std::uint64_t end, Lists& out) {
      level.for_range(first, end,
                      [&](std::span<const std::uint64_t> items) { walk_back(items, d, out); });
    });
    if (cluster_.size() > 1) {
      const std::vector<std::uint64_t> told = exchange(cluster_, outgoing_);
      chunks(told.size(), [&](std::uint64_t first, std::uint64_t end, Lists& out) {
        Reader reader(solved_);
        for (std::uint64_t k = first; k < end; ++k)
          tell(reader, side_of_item(told[k]), told[k] & kEntryMask, won_item(told[k]), d, out);
      });
    }
    if (!more_after(d)) break;
  }
  // What was never decided is a draw.
  for (Codes& side : codes())
    for (Code& c : side)
      if (c & kUndecided) c = distance::kDraw;
  return std::move(codes());
}

template <class S>
void GroupSolve<S>::mark_decided() {
  decided_.resize(static_cast<std::size_t>(sides_));
  for (int i = 0; i < sides_; ++i) {
    const Codes& states = codes()[i];
    decided_[i].assign((states.size() + 63) / 64, 0);
    parallel_for(options_.threads, decided_[i].size(), [&](std::uint64_t w) {
      std::uint64_t bits = 0;
      for (std::uint64_t k = w * 64; k < std::min<std::uint64_t>(states.size(), w * 64 + 64); ++k)
        bits |= std::uint64_t{!(states[k] & kUndecided)} << (k % 64);
      decided_[i][w] = bits;
    });
  }
}

template <class S>
void GroupSolve<S>::first_pass(int side) {
  chunks(codes()[side].size(), [&](std::uint64_t first, std::uint64_t end, Lists& out) {
    first_chunk(side, first, end, out);
    if (options_.progress) options_.progress(end - first);
  });
}

// A chunk's turns out of the group are looked up first and read after, so that their loads
// (random places in parts larger than the caches) overlap.
template <class S>
void GroupSolve<S>::first_chunk(int i, std::uint64_t first, std::uint64_t end, Lists& out) {
  struct Read {
    std::uint32_t lookups_end;
    std::uint32_t inside;
    bool any;
    std::optional<Code> decided;
  };
  thread_local std::vector<Lookup> lookups;
  thread_local std::vector<Read> reads;
  lookups.clear();
  reads.clear();
  Reader reader(solved_);
  const auto& walker = walkers_[i];
  const std::uint64_t base = shares_[i].first;
  for (std::uint64_t k = first; k < end; ++k) {
    if constexpr (requires { structure_.prefetch_turns(0, std::declval<const Position&>()); }) {
      constexpr std::uint64_t kAhead = 8;
      if (k + kAhead < end)
        structure_.prefetch_turns(group_[i], walker.position(base + k + kAhead));
    }
    const Position p = walker.position(base + k);
    if (const auto c = structure_.decided(group_[i], p)) {
      reads.push_back({static_cast<std::uint32_t>(lookups.size()), 0, true, c});
      continue;
    }
    std::uint64_t seen[64];
    std::uint32_t n = 0, seen_n = 0;
    const bool any = read_turns(
        reader, i, p,
        [&](const Lookup& l) {
          if (l.at) __builtin_prefetch(l.at);
          lookups.push_back(l);
        },
        [&](bool maybe_seen, int part, const auto& entry) {
          if (!maybe_seen) {
            ++n;
            return;
          }
          if (const std::uint64_t key = item(side_of_part(part), false, entry());
              std::find(seen, seen + seen_n, key) == seen + seen_n) {
            if (seen_n == 64) throw std::logic_error("more than 64 distinct turns");
            seen[seen_n++] = key;
            ++n;
          }
        });
    if (n >= kCount) throw std::logic_error("a position with too many turns for its counter");
    reads.push_back({static_cast<std::uint32_t>(lookups.size()), n, any, std::nullopt});
  }
  std::uint32_t at = 0;
  int slowest = -1;
  for (std::uint64_t k = first; k < end; ++k) {
    const Read& r = reads[k - first];
    const std::uint64_t e = base + k;
    Fold fold;
    for (; at < r.lookups_end; ++at) fold.add(lookups[at].get());
    Code& c = codes()[i][k];
    if (r.decided) {
      // Decided by the rules: turns into it are known() to their positions, not told.
      c = *r.decided;
    } else if (!r.any || r.inside == 0) {
      // No turn, or every turn leaves the group: decided now, its predecessors told at its
      // level.
      c = r.any ? fold.code() : distance::kLostNow;
      if (cyclic_ && distance::decided(c))
        at_level(out.decided, distance::turns_left(c))
            .push_back(item(i, distance::mover_wins(c), e));
    } else if (fold.win >= 0 || fold.drawn) {
      c = kUndecided | kNeverZero;
      if (fold.win >= 0) at_level(out.scheduled, fold.win).push_back(item(i, true, e));
    } else {
      c = static_cast<Code>(kUndecided | r.inside | (fold.loss >= 0 ? kLosesOut : 0));
      slowest = std::max(slowest, fold.loss);
    }
  }
  int was = slowest_out_.load(std::memory_order_relaxed);
  while (was < slowest && !slowest_out_.compare_exchange_weak(was, slowest)) continue;
}

template <class S>
void GroupSolve<S>::save_before(int d) {
  if (options_.save && !(resumed_ && d == static_cast<int>(state_.level)) &&
      cluster_.max(options_.save_due() ? 1 : 0)) {
    state_.level = static_cast<std::uint64_t>(d);
    options_.save(state_);
  }
}

template <class S>
LevelList GroupSolve<S>::take_level(int d) {
  std::vector<std::uint64_t> claimed;
  at_level(state_.scheduled, d).for_each([&](std::uint64_t a) {
    if (claim(side_of_item(a), a & kEntryMask, distance::with_turns(won_item(a), d)))
      claimed.push_back(a);
  });
  at_level(state_.scheduled, d) = {};
  LevelList level = std::move(at_level(state_.decided, d));
  at_level(state_.decided, d) = {};
  level.add(std::move(claimed));
  return level;
}

// In batches, in steps, so that the loads of each step overlap: the predecessors (what
// entries_of reads, started by unturns), their entries (and their bits' loads), those not known
// decided (and their states' loads), then the telling.
template <class S>
void GroupSolve<S>::walk_back(std::span<const std::uint64_t> items, int d, Lists& out) {
  struct Told {
    std::uint32_t back_end;  // its predecessors in `back`
    bool once, won;
  };
  thread_local std::vector<Told> told;
  thread_local std::vector<std::pair<int, Position>> back;  // side, position
  thread_local std::vector<std::uint64_t> preds;
  constexpr std::size_t kBatch = 32;
  Reader reader(solved_);
  for (std::size_t batch = 0; batch < items.size(); batch += kBatch) {
    told.clear();
    back.clear();
    for (const std::uint64_t it : items.subspan(batch, std::min(kBatch, items.size() - batch))) {
      const int side = side_of_item(it);
      const std::uint64_t entry = it & kEntryMask;
      const bool once = structure_.unturns(
          group_[side], entry, walkers_[side].position(entry),
          [&](int part, const Position& q) { back.emplace_back(side_of_part(part), q); });
      told.push_back({static_cast<std::uint32_t>(back.size()), once, won_item(it)});
    }
    preds.clear();
    std::uint32_t at = 0;
    for (const Told& t : told) {
      const std::size_t from = preds.size();
      for (; at < t.back_end; ++at) {
        const int before = back[at].first;
        std::uint64_t entries[16];
        const int n = structure_.entries_of(group_[before], back[at].second, entries);
        for (int j = 0; j < n; ++j) {
          if (mine(before, entries[j]))
            __builtin_prefetch(&decided_[before][(entries[j] - shares_[before].first) / 64]);
          preds.push_back(item(before, t.won, entries[j]));
        }
      }
      if (t.once) {
        std::sort(preds.begin() + from, preds.end());
        preds.erase(std::unique(preds.begin() + from, preds.end()), preds.end());
      }
    }
    // Those known decided dropped, the others' states loaded.
    std::erase_if(preds, [&](std::uint64_t p) {
      const int before = side_of_item(p);
      const std::uint64_t e = p & kEntryMask;
      if (!mine(before, e)) return false;
      if (known_decided(before, e)) return true;
      __builtin_prefetch(&codes()[before][e - shares_[before].first]);
      return false;
    });
    for (const std::uint64_t p : preds) {
      const int before = side_of_item(p);
      const std::uint64_t e = p & kEntryMask;
      if (mine(before, e))
        tell(reader, before, e, won_item(p), d, out);
      else
        out.told[owner(before, e)].push_back(p);
    }
  }
}

// A successor decided with d turns left, told to a predecessor of this process's share: lost, the
// predecessor wins in d + 1; won, its counter falls, and at zero it is lost, in one turn more
// than its slowest turn: d + 1 for those into the group, or more through one out of it.
template <class S>
void GroupSolve<S>::tell(Reader& reader, int side, std::uint64_t e, bool won, int d, Lists& out) {
  if (!(state_of(side, e).load(std::memory_order_relaxed) & kUndecided)) return;
  if (!won) {
    if (claim(side, e, distance::with_turns(true, d + 1)))
      at_level(out.decided, d + 1).push_back(item(side, true, e));
    return;
  }
  const Code was = state_of(side, e).fetch_sub(1, std::memory_order_relaxed);
  if ((was & kCount) != 1) return;
  // The slowest loss through a turn out of the group, read again where there is one that may be
  // slower than d + 1.
  Fold fold;
  if ((was & kLosesOut) && d + 1 < slowest_out_loss_)
    read_turns(
        reader, side, walkers_[side].position(e), [&](const Lookup& l) { fold.add(l.get()); },
        [](bool, int, const auto&) {});
  const int turns = std::max(d + 1, fold.loss);
  if (turns == d + 1) {
    if (claim(side, e, distance::with_turns(false, turns)))
      at_level(out.decided, turns).push_back(item(side, false, e));
  } else {
    at_level(out.scheduled, turns).push_back(item(side, false, e));
  }
}

template <class S>
bool GroupSolve<S>::more_after(int d) const {
  std::uint64_t more = 0;
  for (const std::vector<LevelList>* l : {&state_.decided, &state_.scheduled})
    for (std::size_t later = static_cast<std::size_t>(d) + 1; later < l->size(); ++later)
      more += (*l)[later].size();
  return cluster_.max(more) > 0;
}

}  // namespace detail

// Solves a group of parts, reading the parts its turns leave it for from `solved`; returns the
// codes of this process's share (entry_share) of each part of the group, in the group's order.
template <class S>
std::vector<Codes> solve_group(const S& structure, const Solved& solved, std::span<const int> group,
                               const SolveOptions& options = {}) {
  return detail::GroupSolve<S>(structure, solved, group, options).run();
}

// One position's code from the codes of the positions its turns lead to, all of them solved:
// what the deep check of a table compares with the stored code. `code(part, entry)` reads one.
template <class S, class CodeOf>
Code one_ply(const S& structure, int part, const typename S::Position& p, CodeOf&& code) {
  if (const auto c = structure.decided(part, p)) return *c;
  detail::FoldTurns<std::remove_reference_t<CodeOf>> turns{code, {}};
  return structure.turns(part, p, turns) ? turns.fold.code() : distance::kLostNow;
}

}  // namespace tbgen::retrograde
