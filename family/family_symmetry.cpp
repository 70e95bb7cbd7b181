#include "family/family_symmetry.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <set>
#include <stdexcept>

#include "core/combinatorial.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::family {
namespace {

// Depth-first search over images of cells 0, 1, ...: an image must be on as many lines as the
// cell, and share as many lines with each image so far as the cell shares with its preimage;
// a complete map is kept if it maps every line to a line.
class SymmetrySearch {
 public:
  SymmetrySearch(int cells, const std::vector<std::uint32_t>& lines)
      : n_(cells), lines_(lines.begin(), lines.end()), together_(cells * cells, 0) {
    for (const std::uint32_t line : lines)
      for (int a = 0; a < n_; ++a)
        for (int b = 0; b < n_; ++b)
          if ((line >> a & 1) && (line >> b & 1)) ++together_[a * n_ + b];
    image_.assign(n_, -1);
    used_.assign(n_, false);
  }

  std::vector<std::vector<int>> run() {
    extend(0);
    return found_;
  }

 private:
  void extend(int cell) {
    if (static_cast<int>(found_.size()) > kMaxSymmetries) return;
    if (cell == n_) {
      for (const std::uint32_t line : lines_) {
        std::uint32_t image = 0;
        for (int c = 0; c < n_; ++c)
          if (line >> c & 1) image |= std::uint32_t{1} << image_[c];
        if (!lines_.count(image)) return;
      }
      found_.push_back(image_);
      return;
    }
    for (int to = 0; to < n_; ++to) {
      if (used_[to] || together_[to * n_ + to] != together_[cell * n_ + cell]) continue;
      bool fits = true;
      for (int before = 0; before < cell && fits; ++before)
        fits = together_[cell * n_ + before] == together_[to * n_ + image_[before]];
      if (!fits) continue;
      image_[cell] = to;
      used_[to] = true;
      extend(cell + 1);
      used_[to] = false;
    }
  }

  int n_;
  std::set<std::uint32_t> lines_;
  std::vector<int> together_;  // lines through both cells
  std::vector<int> image_;
  std::vector<bool> used_;
  std::vector<std::vector<int>> found_;
};

}  // namespace

CellMap::CellMap(const std::vector<int>& to) {
  for (int chunk = 0; chunk < 4; ++chunk)
    for (int byte = 0; byte < 256; ++byte) {
      std::uint32_t image = 0;
      for (int b = 0; b < 8; ++b) {
        const int cell = chunk * 8 + b;
        if ((byte >> b & 1) && cell < static_cast<int>(to.size()))
          image |= std::uint32_t{1} << to[cell];
      }
      tables_[chunk][byte] = image;
    }
}

std::vector<std::vector<int>> line_symmetries(int cells, const std::vector<std::uint32_t>& lines) {
  auto group = SymmetrySearch(cells, lines).run();
  if (static_cast<int>(group.size()) > kMaxSymmetries) return {};
  std::sort(group.begin(), group.end());  // the identity is the least
  return group;
}

std::vector<std::vector<int>> board_symmetries(const Rules& rules) {
  const int cols = rules.cols, rows = rules.rows;
  const std::set<std::uint32_t> lines(rules.lines.begin(), rules.lines.end());
  std::vector<std::vector<int>> group;
  for (int transpose = 0; transpose < (cols == rows ? 2 : 1); ++transpose)
    for (int flip_rows = 0; flip_rows < 2; ++flip_rows)
      for (int flip_cols = 0; flip_cols < 2; ++flip_cols) {
        std::vector<int> p(rules.cells());
        for (int r = 0; r < rows; ++r)
          for (int c = 0; c < cols; ++c) {
            int r2 = flip_rows ? rows - 1 - r : r, c2 = flip_cols ? cols - 1 - c : c;
            if (transpose) std::swap(r2, c2);
            p[r * cols + c] = r2 * cols + c2;
          }
        bool keeps = true;
        for (const std::uint32_t line : rules.lines) {
          std::uint32_t image = 0;
          for (int c = 0; c < rules.cells(); ++c)
            if (line >> c & 1) image |= std::uint32_t{1} << p[c];
          keeps = keeps && lines.count(image);
        }
        if (keeps) group.push_back(p);
      }
  std::sort(group.begin(), group.end());
  return group;
}

Symmetry::Symmetry(const Rules& rules) : cells_(rules.cells()), full_(rules.full()) {
  std::vector<int> on_lines(cells_, 0);
  for (const std::uint32_t line : rules.lines)
    for (int c = 0; c < cells_; ++c) on_lines[c] += line >> c & 1;
  index_cells_.resize(cells_);
  std::iota(index_cells_.begin(), index_cells_.end(), 0);
  std::stable_sort(index_cells_.begin(), index_cells_.end(),
                   [&](int a, int b) { return on_lines[a] < on_lines[b]; });
  std::vector<int> position(cells_);  // board cell -> index cell
  for (int i = 0; i < cells_; ++i) position[index_cells_[i]] = i;
  to_index_ = CellMap(position);
  to_board_ = CellMap(index_cells_);
  auto group = rules.symmetries;
  if (group.empty()) group = line_symmetries(cells_, rules.lines);
  if (group.empty()) group = board_symmetries(rules);
  std::vector<std::vector<int>> on_index;
  for (const auto& g : group) {
    std::vector<int> p(cells_);
    for (int i = 0; i < cells_; ++i) p[i] = position[g[index_cells_[i]]];
    on_index.push_back(p);
  }
  std::sort(on_index.begin(), on_index.end());
  for (const auto& p : on_index) maps_.emplace_back(p);
  class_shift_ = static_cast<int>(std::bit_width(maps_.size() - 1));
  // Burnside: the classes of k-sets are the mean over the group of the k-sets each symmetry
  // fixes, the unions of its cycles: the coefficient of x^k in the product of (1 + x^length).
  class_counts_.assign(cells_ + 1, 0);
  for (const auto& p : on_index) {
    std::vector<std::uint64_t> fixed(cells_ + 1, 0);
    fixed[0] = 1;
    std::vector<bool> seen(cells_, false);
    for (int c = 0; c < cells_; ++c) {
      if (seen[c]) continue;
      int length = 0;
      for (int i = c; !seen[i]; i = p[i]) seen[i] = true, ++length;
      for (int k = cells_; k >= length; --k) fixed[k] += fixed[k - length];
    }
    for (int k = 0; k <= cells_; ++k) class_counts_[k] += fixed[k];
  }
  for (auto& count : class_counts_) count /= on_index.size();
  // a after b, found among the sorted maps (n^2 lookups, not n^3 comparisons: up to 256
  // symmetries). Symmetry 0, the least in lexicographic order, is the identity.
  const std::size_t n = on_index.size();
  compose_.resize(n * n);
  inverse_.resize(n);
  std::vector<int> composed(cells_);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b) {
      for (int i = 0; i < cells_; ++i) composed[i] = on_index[a][on_index[b][i]];
      const auto g = static_cast<std::size_t>(
          std::lower_bound(on_index.begin(), on_index.end(), composed) - on_index.begin());
      if (g == n || on_index[g] != composed)
        throw std::logic_error("family symmetries that are not closed under composition");
      compose_[a * n + b] = static_cast<std::uint8_t>(g);
      if (g == 0) inverse_[b] = static_cast<int>(a);
    }
  stride_ = (n + 7) / 8 * 8;
  packed_ = cells_ + class_shift_ <= 31;
  const int shift = packed_ ? class_shift_ : 0;
  by_byte_.assign(4 * 256 * stride_, 0);
  if (reinterpret_cast<std::uintptr_t>(by_byte_.data()) % 16 != 0)  // least_packed() reads so
    throw std::logic_error("symmetry rows not 16-byte aligned");
  for (int chunk = 0; chunk < 4; ++chunk)
    for (std::uint32_t byte = 0; byte < 256; ++byte)
      for (std::size_t j = 0; j < stride_; ++j) {
        std::uint32_t& row = by_byte_[(chunk * 256 + byte) * stride_ + j];
        if (j < n)
          row = apply(inverse_[j], byte << (8 * chunk)) << shift |
                (packed_ && chunk == 0 ? static_cast<std::uint32_t>(j) : 0);
        else if (chunk == 0)  // a lane past the last symmetry is never the least
          row = 0x7fffffff;
      }
}

const ClassIndex& Symmetry::build_classes(int size) const {
  if (size < 0 || size > cells_) throw std::out_of_range("set size out of range");
  std::call_once(classes_once_[size],
                 [&] { classes_[size] = std::make_shared<const ClassIndex>(*this, size); });
  classes_ready_[size].store(true, std::memory_order_release);
  return *classes_[size];
}

std::shared_ptr<const ClassIndex> Symmetry::classes(int size, ClassRange range,
                                                    unsigned threads) const {
  if (range.whole() || (range.first == 0 && range.end >= class_count(size)) ||
      ClassIndex::tabled_for(*this, size, false)) {
    classes(size);
    return classes_[size];
  }
  return std::make_shared<const ClassIndex>(*this, size, range, threads);
}

std::uint64_t Symmetry::keyed_entry(int key_size, std::uint64_t per_class, std::uint32_t key,
                                    std::uint32_t other, Lookup lookup) const {
  const std::uint32_t k = to_index(key), o = to_index(other);
  const ClassIndex& index = classes(key_size);
  const ClassIndex::Place place = lookup == Lookup::alone ? index.locate_one(k) : index.locate(k);
  // The other set's cells among those the canonical key leaves free.
  const std::uint32_t local =
      combinatorial::extract_bits(apply(place.symmetry, o), full_ & ~place.canonical);
  return place.cls * per_class + combinatorial::fast_ranks().revolving_door(local);
}

std::pair<std::uint32_t, std::uint32_t> Symmetry::keyed_sets(int key_size, int other_size,
                                                             std::uint64_t per_class,
                                                             std::uint64_t entry) const {
  const std::uint32_t k = classes(key_size).set(entry / per_class);
  const std::uint32_t o = combinatorial::deposit_bits(
      combinatorial::revolving_door_unrank(entry % per_class, other_size), full_ & ~k);
  return {to_board(k), to_board(o)};
}

}  // namespace tbgen::family
