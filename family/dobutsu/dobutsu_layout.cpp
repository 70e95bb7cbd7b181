#include "family/dobutsu/dobutsu_layout.hpp"

#include <cstdlib>
#include <stdexcept>

namespace tbgen::dobutsu {

Layout::Layout() {
  const auto mirror = [](int s) { return s / 3 * 3 + 2 - s % 3; };
  int pairs = 0;
  for (int key = 0; key < 144; ++key) {
    const int mine = key / 12, theirs = key % 12;
    mirrored_key_[key] = mirror(mine) * 12 + mirror(theirs);
    lions_[key] = -1;
    // Numbered: apart (not one of the 8 squares around the other), the mover's below row 0,
    // the other's above row 3; and one of each pair of mirror images.
    const bool apart = std::abs(mine / 3 - theirs / 3) > 1 || std::abs(mine % 3 - theirs % 3) > 1;
    if (apart && mine / 3 > 0 && theirs / 3 < 3 && key <= mirrored_key_[key]) {
      lion_keys_[pairs] = key;
      lions_[key] = pairs++;
    }
  }
  for (int shape = 0; shape < 27; ++shape) {
    const int k[3] = {shape / 9, shape / 3 % 3, shape % 3};
    std::uint64_t n = 1;
    int free = 10;
    for (int h = 0; h < kHandKinds; ++h) {
      n *= static_cast<std::uint64_t>(3 - k[h]) * combinatorial::binomial(free, k[h]) *
           (std::uint64_t{1} << (k[h] * (h == kChick - 1 ? 2 : 1)));
      free -= k[h];
    }
    offsets_[shape + 1] = offsets_[shape] + n;
  }
  per_lions_ = offsets_[27];
  if (pairs != kLionPairs) throw std::logic_error("dobutsu: numbered placements of the lions");
}

void Layout::place_pieces(std::uint64_t rest, Squares free, Position& p) const {
  int shape = 0;
  while (offsets_[shape + 1] <= rest) ++shape;
  rest -= offsets_[shape];
  const int k[3] = {shape / 9, shape / 3 % 3, shape % 3};
  for (int h = 0; h < kHandKinds; ++h) {
    const auto ways = static_cast<std::uint64_t>(3 - k[h]);
    p.mine.hand[h] = static_cast<std::uint8_t>(rest % ways);
    p.theirs.hand[h] = static_cast<std::uint8_t>(2 - k[h] - p.mine.hand[h]);
    rest /= ways;
  }
  Squares sets[3];
  for (int h = 0; h < kHandKinds; ++h) {
    const std::uint64_t n = combinatorial::binomial(__builtin_popcount(free), k[h]);
    sets[h] = Squares(
        combinatorial::deposit_bits(set_of(static_cast<std::uint32_t>(rest % n), k[h]), free));
    rest /= n;
    free = Squares(free & ~sets[h]);
  }
  // What is left is the owners' bits, in the order own_entry() writes them.
  for (int h = 0; h < kHandKinds; ++h)
    for (Squares s = sets[h]; s; s &= s - 1) {
      const Squares bit = s & -s;
      Side& side = rest & 1 ? p.theirs : p.mine;
      rest >>= 1;
      int kind = h + 1;
      if (h == kChick - 1) {
        if (rest & 1) kind = kHen;
        rest >>= 1;
      }
      side.on[kind] |= bit;
    }
}

Position Layout::position(std::uint64_t entry) const {
  Position p;
  const int key = lion_keys_[entry / per_lions_];
  p.mine.on[kLion] = Squares(1u << (key / 12));
  p.theirs.on[kLion] = Squares(1u << (key % 12));
  place_pieces(entry % per_lions_, Squares(kAll & ~(p.mine.on[kLion] | p.theirs.on[kLion])), p);
  return p;
}

}  // namespace tbgen::dobutsu
