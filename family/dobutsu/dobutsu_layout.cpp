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

}  // namespace tbgen::dobutsu
