#pragma once
// How dobutsu's positions are numbered in its table (docs/FORMAT.md, index scheme 16); shared by
// the generator and the reader.
//
// A position is seen from the side to move (dobutsu_game.hpp), so one table holds both sides to
// move. Only the positions the rules do not decide from the lions alone are numbered: the
// mover's lion below its farthest rank, the other lion above its own, the two apart (else one
// takes the other); 39 placements of the lions, one of each pair of mirror images (files a and
// c swapped) and the 3 that are their own image: 21. Then, for the ten squares the lions leave,
// the other pieces. For each of giraffes, elephants and chicks (hens counted): how many stand on
// the board (0, 1 or 2), how the rest are held (the mover holds 0 .. rest), the set of their
// squares among those still free; then whose each piece on the board is, kind by kind in square
// order (a bit each, set for the other side's), and which chicks are hens:
//
//   entry = lions * R + offset(kG, kE, kC) + hG + HG * (hE + HE * (hC + HC * (sG + NG * (sE +
//           NE * (sC + NC * owners)))))
//
// with H = 3 - k the ways to hold the rest, N = C(free squares, k) the sets (colex rank s), and
// R = 11,878,227 the positions of one placement of the lions: 249,442,767 entries, the positions
// Clausecker's gentb stores. A position whose lions are the mirror image of a numbered pair's is
// numbered as its mirror image; one whose lions are their own image has an entry, and so does
// its image (the index is dense, not minimal).
#include <array>
#include <cstdint>

#include "core/combinatorial.hpp"
#include "family/dobutsu/dobutsu_game.hpp"

namespace tbgen::dobutsu {

inline constexpr std::uint32_t kIndexScheme = 16;  // docs/FORMAT.md

class Layout {
 public:
  Layout();
  std::uint64_t entries() const { return kLionPairs * per_lions_; }
  // Positions before the mirror: every placement of the lions (one side to move's view).
  std::uint64_t positions() const { return 132 * per_lions_; }
  // Whether the position has an entry of its own (else its mirror image has one, or its lions
  // decide it).
  bool numbered(const Position& p) const { return lions_[lion_key(p)] >= 0; }
  // Whether the positions before `c` in which the lions stood as in `c` (the other side, to move
  // there, did not move its lion) are numbered as they stand.
  bool numbered_before(const Position& c) const {
    return lions_[(11 - __builtin_ctz(c.theirs.on[kLion])) * 12 + 11 -
                  __builtin_ctz(c.mine.on[kLion])] >= 0;
  }
  // Whether its lions are their own mirror image (then its image has an entry of its own too).
  bool symmetric_lions(const Position& p) const {
    return lion_key(p) == mirrored_key_[lion_key(p)];
  }
  std::uint64_t entry(const Position& p) const {
    return numbered(p) ? own_entry(p) : own_entry(mirrored(p));
  }
  Position position(std::uint64_t entry) const;

 private:
  static constexpr int kLionPairs = 21;
  static int lion_key(const Position& p) {
    return __builtin_ctz(p.mine.on[kLion]) * 12 + __builtin_ctz(p.theirs.on[kLion]);
  }
  std::uint64_t own_entry(const Position& p) const;
  // Sets of up to two of n squares by colex rank: {a} is a, {a, b} (a < b) is C(b, 2) + a.
  static std::uint32_t set_rank(std::uint32_t set) {
    if (!set) return 0;
    const int a = __builtin_ctz(set), b = 31 - __builtin_clz(set);
    return a == b ? static_cast<std::uint32_t>(a) : static_cast<std::uint32_t>(b * (b - 1) / 2 + a);
  }
  // The pairs by rank, {a, b} at C(b, 2) + a: looked up, as every position decoded asks.
  static constexpr std::array<std::uint16_t, 45> kPairs = [] {
    std::array<std::uint16_t, 45> pairs{};
    for (int b = 1; b < 10; ++b)
      for (int a = 0; a < b; ++a) pairs[b * (b - 1) / 2 + a] = std::uint16_t(1u << b | 1u << a);
    return pairs;
  }();
  static std::uint32_t set_of(std::uint32_t rank, int k) {
    return k == 0 ? 0 : k == 1 ? 1u << rank : kPairs[rank];
  }
  // x / d for x < 2^24 (an entry's remainder within a placement of the lions) and 0 < d <= 45
  // (the ways to hold a kind, the sets of a kind): a multiplication by 2^40 / d rounded up, exact
  // while x < 2^40 / d; the divisions it replaces were a good part of decoding a position, which
  // the solver does for every position on every pass.
  static constexpr std::array<std::uint64_t, 46> kReciprocals = [] {
    std::array<std::uint64_t, 46> r{};
    for (std::uint64_t d = 1; d < r.size(); ++d) r[d] = (std::uint64_t{1} << 40) / d + 1;
    return r;
  }();
  static std::uint32_t quotient(std::uint32_t x, std::uint32_t d) {
    return static_cast<std::uint32_t>(x * kReciprocals[d] >> 40);
  }
  // The pieces other than lions on `free` squares, from an entry's remainder within a placement
  // of the lions, into `p`.
  void place_pieces(std::uint32_t rest, Squares free, Position& p) const;

  std::uint64_t per_lions_ = 0;
  std::array<int, 144> lions_{};         // by key: the pair's number, else -1
  std::array<int, 144> mirrored_key_{};  // by key
  std::array<int, kLionPairs> lion_keys_{};
  // By shape kG * 9 + kE * 3 + kC: where its positions start within a placement of the lions.
  std::array<std::uint64_t, 28> offsets_{};
};

// ---- inline: the solver's loops ----

inline std::uint64_t Layout::own_entry(const Position& p) const {
  using combinatorial::extract_bits;
  const Side &m = p.mine, &t = p.theirs;
  Squares free = kAll & ~(m.on[kLion] | t.on[kLion]);
  const Squares hens = m.on[kHen] | t.on[kHen];
  const Squares sets[3] = {Squares(m.on[kGiraffe] | t.on[kGiraffe]),
                           Squares(m.on[kElephant] | t.on[kElephant]),
                           Squares(m.on[kChick] | t.on[kChick] | hens)};
  const int k[3] = {__builtin_popcount(sets[0]), __builtin_popcount(sets[1]),
                    __builtin_popcount(sets[2])};
  std::uint32_t index = 0, radix = 1;
  for (int h = 0; h < kHandKinds; ++h) {
    index += radix * m.hand[h];
    radix *= static_cast<std::uint32_t>(3 - k[h]);
  }
  for (int h = 0; h < kHandKinds; ++h) {
    index += radix * set_rank(extract_bits(sets[h], free));
    radix *= static_cast<std::uint32_t>(combinatorial::binomial(__builtin_popcount(free), k[h]));
    free = Squares(free & ~sets[h]);
  }
  // Whose each piece is, kind by kind in square order, then which chicks are hens.
  const std::uint32_t owners = extract_bits(t.on[kGiraffe], sets[0]) |
                               extract_bits(t.on[kElephant], sets[1]) << k[0] |
                               extract_bits(t.on[kChick] | t.on[kHen], sets[2]) << (k[0] + k[1]) |
                               extract_bits(hens, sets[2]) << (k[0] + k[1] + k[2]);
  return static_cast<std::uint64_t>(lions_[lion_key(p)]) * per_lions_ +
         offsets_[(k[0] * 3 + k[1]) * 3 + k[2]] + index + radix * owners;
}

inline void Layout::place_pieces(std::uint32_t rest, Squares free, Position& p) const {
  using combinatorial::deposit_bits;
  // The shape: how many shapes start at or before `rest` (a count without branches).
  int shape = -1;
  for (const std::uint64_t start : offsets_) shape += start <= rest;
  rest -= static_cast<std::uint32_t>(offsets_[shape]);
  const int k[3] = {shape / 9, shape / 3 % 3, shape % 3};
  for (int h = 0; h < kHandKinds; ++h) {
    const auto ways = static_cast<std::uint32_t>(3 - k[h]), next = quotient(rest, ways);
    p.mine.hand[h] = static_cast<std::uint8_t>(rest - next * ways);
    p.theirs.hand[h] = static_cast<std::uint8_t>(2 - k[h] - p.mine.hand[h]);
    rest = next;
  }
  Squares sets[3];
  for (int h = 0; h < kHandKinds; ++h) {
    const auto n =
        static_cast<std::uint32_t>(combinatorial::binomial(__builtin_popcount(free), k[h]));
    const std::uint32_t next = quotient(rest, n);
    sets[h] = Squares(deposit_bits(set_of(rest - next * n, k[h]), free));
    rest = next;
    free = Squares(free & ~sets[h]);
  }
  // What is left is the owners' bits, as own_entry() writes them.
  const Squares theirs[3] = {Squares(deposit_bits(rest, sets[0])),
                             Squares(deposit_bits(rest >> k[0], sets[1])),
                             Squares(deposit_bits(rest >> (k[0] + k[1]), sets[2]))};
  const auto hens = Squares(deposit_bits(rest >> (k[0] + k[1] + k[2]), sets[2]));
  for (int h = 0; h < kHandKinds; ++h) {
    const int kind = h + 1;
    p.theirs.on[kind] = Squares(theirs[h] & (kind == kChick ? ~hens : kAll));
    p.mine.on[kind] = Squares(sets[h] & ~theirs[h] & (kind == kChick ? ~hens : kAll));
  }
  p.theirs.on[kHen] = Squares(theirs[2] & hens);
  p.mine.on[kHen] = Squares(sets[2] & ~theirs[2] & hens);
}

inline Position Layout::position(std::uint64_t entry) const {
  Position p;
  const int key = lion_keys_[entry / per_lions_];
  p.mine.on[kLion] = Squares(1u << (key / 12));
  p.theirs.on[kLion] = Squares(1u << (key % 12));
  place_pieces(static_cast<std::uint32_t>(entry % per_lions_),
               Squares(kAll & ~(p.mine.on[kLion] | p.theirs.on[kLion])), p);
  return p;
}

}  // namespace tbgen::dobutsu
