#include "family/quixo/quixo_layout.hpp"

#include <algorithm>

#include "core/combinatorial.hpp"

namespace tbgen::quixo {
namespace {

// The square board as the family machinery sees it: its lines, and its 8 rotations and
// reflections given (more permutations keep the rows, columns and diagonals of a 4x4 board,
// but not the rim a cube is taken from).
family::Rules square(int size) {
  family::Rules r;
  r.cols = r.rows = size;
  r.lines = family::straight_lines(size, size, size);
  r.symmetries = family::board_symmetries(r);
  return r;
}

}  // namespace

Layout::Layout(int size, std::string stem)
    : board_(size),
      stem_(std::move(stem)),
      symmetry_(std::make_unique<family::Symmetry>(square(size))) {
  const int n = board_.cells();
  for (int blanks = 0; blanks <= n; ++blanks) {
    first_part_.push_back(static_cast<int>(counts_.size()));
    for (int mine = 0; mine + blanks <= n; ++mine)
      counts_.push_back({blanks, mine, n - blanks - mine});
  }
}

std::uint64_t Layout::per_class(int part) const {
  const Counts& c = counts_[part];
  return combinatorial::binomial(board_.cells() - c.mine, c.theirs);
}

std::uint64_t Layout::positions(int part) const {
  return combinatorial::binomial(board_.cells(), counts_[part].mine) * per_class(part);
}

const std::vector<std::uint8_t>& Layout::stabilisers(int size) const {
  std::call_once(stabilisers_->once[size], [&] {
    const family::ClassIndex& classes = symmetry_->classes(size);
    auto& by_class = stabilisers_->by_size[size];
    by_class.resize(classes.classes());
    for (std::uint64_t c = 0; c < by_class.size(); ++c) {
      const std::uint32_t set = classes.set(c);
      for (int g = 1; g < symmetry_->size(); ++g)
        if (symmetry_->apply(g, set) == set) by_class[c] |= static_cast<std::uint8_t>(1u << g);
    }
  });
  return stabilisers_->by_size[size];
}

int Layout::entries_of(const Position& p, std::uint64_t* out) const {
  const int m = __builtin_popcount(p.mine);
  const family::ClassIndex::Place place = symmetry_->classes(m).locate(symmetry_->to_index(p.mine));
  const std::uint64_t per = per_class(part_of(p)), base = place.cls * per;
  const std::uint32_t other = symmetry_->to_index(p.theirs),
                      free = symmetry_->full() & ~place.canonical;
  const auto entry_by = [&](int g) {
    return base + combinatorial::fast_ranks().revolving_door(
                      combinatorial::extract_bits(symmetry_->apply(g, other), free));
  };
  out[0] = entry_by(place.symmetry);
  int n = 1;
  // Every symmetry that takes the mover's set to its class's set gives an entry: the one found,
  // composed with those that keep the class's set.
  for (std::uint32_t g = stabilisers(m)[place.cls]; g; g &= g - 1) {
    const std::uint64_t e = entry_by(symmetry_->compose(__builtin_ctz(g), place.symmetry));
    if (std::find(out, out + n, e) == out + n) out[n++] = e;
  }
  return n;
}

std::uint64_t Layout::least_entry(const Position& p) const {
  std::uint64_t entries[8];
  const int n = entries_of(p, entries);
  return *std::min_element(entries, entries + n);
}

std::string Layout::table_name(int part) const {
  const Counts& c = counts_[part];
  const auto two = [](int v) { return std::string(v < 10 ? "0" : "") + std::to_string(v); };
  return stem_ + "-b" + two(c.blanks) + "m" + two(c.mine) + "t" + two(c.theirs);
}

}  // namespace tbgen::quixo
