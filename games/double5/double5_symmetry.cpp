#include "games/double5/double5_symmetry.hpp"

#include <algorithm>
#include <mutex>
#include <set>
#include <stdexcept>

#include "core/combinatorial.hpp"

namespace tbgen::double5 {
namespace {

Permutation compose(const Permutation& first, const Permutation& then) {
  Permutation p{};
  for (int i = 0; i < kCells; ++i) p[i] = then[first[i]];
  return p;
}

template <class F>
Permutation cell_map(F&& f) {
  Permutation p{};
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      const auto [r2, c2] = f(r, c);
      p[r * 5 + c] = static_cast<std::uint8_t>(r2 * 5 + c2);
    }
  return p;
}

Permutation identity() {
  Permutation p{};
  for (int i = 0; i < kCells; ++i) p[i] = static_cast<std::uint8_t>(i);
  return p;
}

Permutation inverse_of(const Permutation& p) {
  Permutation q{};
  for (int i = 0; i < kCells; ++i) q[p[i]] = static_cast<std::uint8_t>(i);
  return q;
}

}  // namespace

const std::array<std::uint32_t, 12>& line_masks() {
  static const auto lines = [] {
    std::array<std::uint32_t, 12> l{};
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j) {
        l[i] |= 1u << (i * 5 + j);      // row i
        l[5 + i] |= 1u << (j * 5 + i);  // column i
      }
    for (int i = 0; i < 5; ++i) {
      l[10] |= 1u << (i * 5 + i);
      l[11] |= 1u << (i * 5 + 4 - i);
    }
    return l;
  }();
  return lines;
}

CellMap::CellMap(const Permutation& p) : perm_(p) {
  for (int chunk = 0; chunk < 4; ++chunk)
    for (int byte = 0; byte < 256; ++byte) {
      std::uint32_t image = 0;
      for (int b = 0; b < 8; ++b) {
        const int cell = chunk * 8 + b;
        if ((byte >> b & 1) && cell < kCells) image |= 1u << p[cell];
      }
      tables_[chunk][byte] = image;
    }
}

const CellMap& board_to_index() {
  static const CellMap map(inverse_of(kIndexCells));
  return map;
}

const CellMap& index_to_board() {
  static const CellMap map(kIndexCells);
  return map;
}

Symmetry::Symmetry(const Permutation& numbering) {
  // Generators: transpose and column reversal give the 8 symmetries of the square; the
  // same permutation s of rows and columns, with s commuting with i -> 4 - i, keeps both
  // diagonals: s = (0 4) and s = (0 1)(3 4) generate the 8 such s with the reversal.
  auto swap04 = [](int i) { return i == 0 ? 4 : i == 4 ? 0 : i; };
  auto swap01_34 = [](int i) { return i == 0 ? 1 : i == 1 ? 0 : i == 3 ? 4 : i == 4 ? 3 : i; };
  const std::vector<Permutation> generators = {
      cell_map([](int r, int c) {
        return std::pair{c, r};
      }),
      cell_map([](int r, int c) {
        return std::pair{r, 4 - c};
      }),
      cell_map([&](int r, int c) {
        return std::pair{swap04(r), swap04(c)};
      }),
      cell_map([&](int r, int c) {
        return std::pair{swap01_34(r), swap01_34(c)};
      }),
  };
  std::set<Permutation> group = {identity()};
  std::vector<Permutation> frontier = {identity()};
  while (!frontier.empty()) {
    std::vector<Permutation> next;
    for (const auto& p : frontier)
      for (const auto& g : generators)
        if (auto q = compose(p, g); group.insert(q).second) next.push_back(q);
    frontier = std::move(next);
  }
  if (group.size() != kSymmetries)
    throw std::logic_error("double5 symmetry group is not of order 32");
  const Permutation position = inverse_of(numbering);  // board cell -> its number here
  std::vector<Permutation> renumbered;
  for (const auto& g : group) {
    Permutation p{};
    for (int i = 0; i < kCells; ++i) p[i] = position[g[numbering[i]]];
    renumbered.push_back(p);
  }
  std::sort(renumbered.begin(), renumbered.end());  // identity first
  for (int s = 0; s < kSymmetries; ++s) maps_[s] = CellMap(renumbered[s]);
  for (int s = 0; s < kSymmetries; ++s)
    for (int t = 0; t < kSymmetries; ++t)
      if (compose(renumbered[s], renumbered[t]) == identity()) inverse_[s] = t;
}

const Symmetry& Symmetry::on_board() {
  static const Symmetry instance(identity());
  return instance;
}

const Symmetry& Symmetry::on_index() {
  static const Symmetry instance(kIndexCells);
  return instance;
}

bool Symmetry::is_canonical(std::uint32_t mask) const {
  for (int s = 1; s < kSymmetries; ++s)
    if (apply(s, mask) < mask) return false;
  return true;
}

const std::vector<std::uint32_t>& canonical_sets(int size) {
  static std::array<std::once_flag, kCells + 1> once;
  static std::array<std::vector<std::uint32_t>, kCells + 1> sets;
  if (size < 0 || size > kCells) throw std::out_of_range("set size out of range");
  std::call_once(once[size], [size] {
    const auto& sym = Symmetry::on_index();
    auto& out = sets[size];
    if (size == 0) {
      out.push_back(0);
      return;
    }
    const std::uint32_t last = kFull & ~((1u << (kCells - size)) - 1);
    for (std::uint32_t m = (1u << size) - 1;; m = combinatorial::next_combination(m)) {
      if (sym.is_canonical(m)) out.push_back(m);
      if (m == last) break;
    }
  });
  return sets[size];
}

const std::vector<std::uint32_t>& class_lookup(int size) {
  static std::array<std::once_flag, kCells + 1> once;
  static std::array<std::vector<std::uint32_t>, kCells + 1> lookups;
  if (size < 0 || size > kCells) throw std::out_of_range("set size out of range");
  std::call_once(once[size], [size] {
    const auto& sym = Symmetry::on_index();
    const auto& classes = canonical_sets(size);
    auto& lookup = lookups[size];
    lookup.assign(combinatorial::binomial(kCells, size), 0);
    // Each set is an image g(c) of exactly one canonical c; g's inverse maps it back.
    for (std::uint32_t cls = 0; cls < classes.size(); ++cls)
      for (int g = kSymmetries - 1; g >= 0; --g)
        lookup[combinatorial::colex_rank(sym.apply(g, classes[cls]))] =
            (cls << 5) | static_cast<std::uint32_t>(sym.inverse(g));
  });
  return lookups[size];
}

}  // namespace tbgen::double5
