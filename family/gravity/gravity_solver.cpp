#include "family/gravity/gravity_solver.hpp"

#include <algorithm>
#include <atomic>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"

namespace tbgen::family {
namespace {

constexpr int kMaxTargets = 2 * kMaxGravityCols;
constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;  // entries a thread takes at a time

// The entries the moves of a class's current position lead to, in the next layer (located) or,
// for counting, also their mirror images where a class holds both (`mirror`).
struct Targets {
  int count = 0;
  std::uint64_t at[kMaxTargets];
  const std::uint64_t* words[kMaxTargets];
};

// Walks the entries [i0, i1) (within the class) of class `s` of layer t, calling
// visit(i, first, mask, targets) for each: the first player's marks, every mark, and where each
// move leads (none for the last layer). With `mirrors`, a move into a class equal to its mirror
// also targets the mirror image of the position it makes.
template <class Visit>
void walk_class(const GravityMember& member, int t, const States& s, std::uint64_t i0,
                std::uint64_t i1, const Locate* next, bool mirrors, Visit&& visit) {
  const GravityIndex& index = member.index();
  const int cols = index.cols();
  const bool mover_first = member.first_moves(t);
  const auto& order = index.order();
  // The digits that vary (weight > 1), least significant first.
  int live_column[kMaxGravityCols], live_shift[kMaxGravityCols];
  std::uint64_t radix[kMaxGravityCols], digit[kMaxGravityCols] = {};
  const Bits* live_pieces[kMaxGravityCols];
  int live = 0;
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    if (const std::uint64_t w = index.weight(s[*it]); w > 1) {
      live_column[live] = *it, live_shift[live] = index.shift(*it);
      live_pieces[live] = index.pieces(s[*it]), radix[live++] = w;
    }
  std::uint64_t rest = i0;
  for (int l = 0; l < live; ++l) digit[l] = rest % radix[l], rest /= radix[l];
  Bits mask = 0, first = 0;
  for (int c = 0; c < cols; ++c) {  // a column of one colouring (weight 1) has it at digit 0
    mask |= ((Bits{1} << index.height(s[c])) - 1) << index.shift(c);
    first |= index.piece(c, s[c], 0);
  }
  for (int l = 0; l < live; ++l) {
    const int c = live_column[l];
    first ^= index.piece(c, s[c], 0) ^ index.piece(c, s[c], digit[l]);
  }
  // What the first player's marks change by when the odometer carries l digits: the l digits
  // below go from their last value to 0 (the digit at l then moves up by one).
  Bits reset[kMaxGravityCols + 1];
  reset[0] = 0;
  for (int l = 0; l < live; ++l) {
    const int c = live_column[l];
    reset[l + 1] = reset[l] ^ index.piece(c, s[c], radix[l] - 1) ^ index.piece(c, s[c], 0);
  }

  Targets targets;
  // What each target moves by when the odometer carries l digits, by l then target: the walk
  // adds a row of four targets at a time (padded with zero steps), one vector add each.
  std::uint64_t step[kMaxGravityCols][kMaxTargets];
  const auto add_target = [&](std::uint64_t base, const std::uint64_t* coefficient,
                              const Located& where) {
    const int k = targets.count++;
    std::uint64_t at = base + static_cast<std::uint64_t>(where.shift);
    for (int l = 0; l < live; ++l) at += digit[l] * coefficient[live_column[l]];
    targets.at[k] = at;
    targets.words[k] = where.codes->words();
    std::uint64_t carried = 0;  // what the digits below l took back when they reset (mod 2^64)
    for (int l = 0; l < live; ++l) {
      const std::uint64_t c = coefficient[live_column[l]];
      step[l][k] = c - carried;
      carried += (radix[l] - 1) * c;
    }
  };
  if (next) {
    for (const int c : order) {
      const int h = index.height(s[c]), j = index.ones(s[c]);
      if (h == index.rows()) continue;
      States after = s;
      after[c] = static_cast<std::uint8_t>(GravityIndex::state(h + 1, j + mover_first));
      const bool mirrored = !index.canonical(after);
      if (mirrored) after = index.mirrored(after);
      const std::uint64_t offset = index.class_offset(t + 1, after);
      std::uint64_t after_stride[kMaxGravityCols], coefficient[kMaxGravityCols];
      std::uint64_t a = 1;
      for (auto it = order.rbegin(); it != order.rend(); ++it)
        after_stride[*it] = a, a *= index.weight(after[*it]);
      for (int d = 0; d < cols; ++d) coefficient[d] = after_stride[mirrored ? cols - 1 - d : d];
      // The moved column's digit grows by C(h, j + 1) with a first player's mark on top.
      const std::uint64_t added = mover_first ? combinatorial::binomial(h, j + 1) : 0;
      const Located where = (*next)(offset);
      add_target(offset + added * coefficient[c], coefficient, where);
      if (mirrors && after == index.mirrored(after)) {
        for (int d = 0; d < cols; ++d) coefficient[d] = after_stride[cols - 1 - d];
        add_target(offset + added * coefficient[c], coefficient, where);
      }
    }
  }

  const int padded = (targets.count + 3) & ~3;
  for (int k = targets.count; k < padded; ++k) {
    targets.at[k] = 0;
    for (int l = 0; l < live; ++l) step[l][k] = 0;
  }
  for (std::uint64_t i = i0;;) {
    visit(i, first, mask, targets);
    if (++i == i1) return;
    int l = 0;
    while (++digit[l] == radix[l]) digit[l++] = 0;
    first ^=
        reset[l] ^ ((live_pieces[l][digit[l] - 1] ^ live_pieces[l][digit[l]]) << live_shift[l]);
    for (int k = 0; k < padded; k += 4)
      for (int j = 0; j < 4; ++j) targets.at[k + j] += step[l][k + j];
  }
}

// Calls f(states, offset, i0, i1) for the parts of classes of layer t in [from, to), in chunks
// on `threads` (each chunk's classes in order).
template <class F>
void for_each_part(const GravityMember& member, int t, std::uint64_t from, std::uint64_t to,
                   unsigned threads, F&& f) {
  const std::uint64_t chunks = (to - from + kChunk - 1) / kChunk;
  parallel_for(threads, chunks, [&](std::uint64_t k) {
    const std::uint64_t a = from + k * kChunk, b = std::min(to, a + kChunk);
    member.index().for_each_class(
        t, a, b, [&](const States& s, std::uint64_t offset, std::uint64_t size) {
          f(s, offset, std::max(a, offset) - offset, std::min(b, offset + size) - offset);
        });
  });
}

template <int kBits>
void solve_entries_as(const GravityMember& member, int t, std::uint64_t from, std::uint64_t to,
                      const Locate& next, PackedCodes& out, unsigned threads, Progress* progress) {
  const Rules& rules = member.rules();
  const bool last = t == rules.cells();
  const bool mover_first = member.first_moves(t);
  const Code decided = out.decided();
  // A move's position marked decided in the next layer is a line the move made (one of the side
  // to move there cannot follow a move from an undecided position).
  const Code line = last ? 0 : member.line_code(t + 1);
  // No move can do better for the mover than a game over after it: a value of at most
  // cells - t either way (outcome: a win).
  const int reach = rules.value == ValueKind::speed ? rules.cells() - t : 1;
  const Code best_possible = rules.code_of(mover_first ? reach : -reach);
  for_each_part(member, t, from, to, threads,
                [&](const States& s, std::uint64_t offset, std::uint64_t i0, std::uint64_t i1) {
                  CodeRun<kBits> run(out, offset + i0 - out.first());
                  walk_class(member, t, s, i0, i1, last ? nullptr : &next, false,
                             [&](std::uint64_t, Bits first, Bits mask, const Targets& targets) {
                               Code code;
                               if (member.either_has_line(first, mask ^ first)) {
                                 code = decided;
                               } else if (targets.count == 0) {
                                 code = rules.zero();
                               } else {
                                 const auto value = [&](int k) {
                                   const Code v = code_in<kBits>(targets.words[k], targets.at[k]);
                                   return v == decided ? line : v;
                                 };
                                 code = value(0);
                                 for (int k = 1; k < targets.count && code != best_possible; ++k)
                                   code = mover_first ? std::max(code, value(k))
                                                      : std::min(code, value(k));
                               }
                               run.put(code);
                             });
                  run.finish();
                  if (progress) progress->add(i1 - i0);
                });
}

}  // namespace

void solve_entries(const GravityMember& member, int t, std::uint64_t from, std::uint64_t to,
                   const Locate& next, PackedCodes& out, unsigned threads, Progress* progress) {
  if (out.bits() == 2)
    solve_entries_as<2>(member, t, from, to, next, out, threads, progress);
  else
    solve_entries_as<8>(member, t, from, to, next, out, threads, progress);
}

void mark_decided(const GravityMember& member, int t, PackedCodes& codes, unsigned threads) {
  const Code decided = codes.decided();
  for_each_part(member, t, codes.first(), codes.first() + codes.count(), threads,
                [&](const States& s, std::uint64_t offset, std::uint64_t i0, std::uint64_t i1) {
                  walk_class(member, t, s, i0, i1, nullptr, false,
                             [&](std::uint64_t i, Bits first, Bits mask, const Targets&) {
                               if (member.either_has_line(first, mask ^ first))
                                 codes.set(offset + i - codes.first(), decided);
                             });
                });
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> successor_classes(const GravityMember& member,
                                                                       int t, std::uint64_t from,
                                                                       std::uint64_t to) {
  const GravityIndex& index = member.index();
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  if (t == member.rules().cells()) return out;
  const bool mover_first = member.first_moves(t);
  index.for_each_class(t, from, to, [&](const States& s, std::uint64_t, std::uint64_t) {
    for (int c = 0; c < index.cols(); ++c) {
      const int h = index.height(s[c]), j = index.ones(s[c]);
      if (h == index.rows()) continue;
      States after = s;
      after[c] = static_cast<std::uint8_t>(GravityIndex::state(h + 1, j + mover_first));
      if (!index.canonical(after)) after = index.mirrored(after);
      std::uint64_t size = 1;
      for (int d = 0; d < index.cols(); ++d) size *= index.weight(after[d]);
      out.emplace_back(index.class_offset(t + 1, after), size);
    }
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::uint64_t> count_reachable(const GravityMember& member, unsigned threads) {
  const GravityIndex& index = member.index();
  const int cells = member.rules().cells();
  std::vector<std::uint64_t> counts(cells + 1, 0);
  // One bit an entry, set from any thread: words are or-ed atomically.
  const auto bitmap = [&](int t) {
    return std::vector<std::atomic<std::uint64_t>>((index.entries(t) + 63) / 64);
  };
  std::vector<std::atomic<std::uint64_t>> reached = bitmap(0), next;
  reached[0] = 1;  // the empty board
  // The walk's targets index a PackedCodes array; here they index the next bitmap's bits.
  const PackedCodes positions_only;
  const Locate anywhere = [&](std::uint64_t) { return Located{&positions_only, 0}; };
  for (int t = 0; t <= cells; ++t) {
    if (t < cells) next = bitmap(t + 1);
    std::atomic<std::uint64_t> count{0};
    for_each_part(
        member, t, 0, index.entries(t), threads,
        [&](const States& s, std::uint64_t offset, std::uint64_t i0, std::uint64_t i1) {
          const std::uint64_t images = s == index.mirrored(s) ? 1 : 2;
          std::uint64_t here = 0;
          walk_class(member, t, s, i0, i1, t < cells ? &anywhere : nullptr, true,
                     [&](std::uint64_t i, Bits first, Bits mask, const Targets& targets) {
                       const std::uint64_t e = offset + i;
                       if (!(reached[e >> 6].load(std::memory_order_relaxed) >> (e & 63) & 1))
                         return;
                       here += images;
                       if (member.has_line(member.first_moves(t) ? mask ^ first : first)) return;
                       for (int k = 0; k < targets.count; ++k)
                         next[targets.at[k] >> 6].fetch_or(std::uint64_t{1} << (targets.at[k] & 63),
                                                           std::memory_order_relaxed);
                     });
          count.fetch_add(here, std::memory_order_relaxed);
        });
    counts[t] = count;
    reached = std::move(next);
  }
  return counts;
}

}  // namespace tbgen::family
