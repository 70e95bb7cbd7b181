#include "family/gravity/gravity_index.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/combinatorial.hpp"

namespace tbgen::family {

GravityIndex::GravityIndex(int cols, int rows)
    : cols_(cols),
      rows_(rows),
      states_((rows + 1) * (rows + 2) / 2),
      max_ones_(first_marks(cols * rows)) {
  if (cols < 1 || rows < 1 || rows > kMaxGravityRows || cols * (rows + 1) > kMaxGravityBits)
    throw std::invalid_argument("gravity board out of range");
  for (int h = 0; h <= rows; ++h)
    for (int j = 0; j <= h; ++j) {
      height_.push_back(h);
      ones_.push_back(j);
      weight_.push_back(combinatorial::binomial(h, j));
      cell_of_.push_back(cell(h, j));
      std::vector<Bits> p(weight_.back());
      for (std::uint64_t r = 0; r < p.size(); ++r) p[r] = combinatorial::colex_unrank(r, j);
      pieces_.push_back(std::move(p));
    }
  // A column's key is 1 << h | its first player's cells: every state and digit, by one lookup.
  columns_.resize(std::size_t{2} << rows);
  for (int s = 0; s < states_; ++s)
    for (std::uint64_t r = 0; r < weight_[s]; ++r)
      columns_[(std::size_t{1} << height_[s]) | pieces_[s][r]] =
          static_cast<std::uint32_t>(s) | static_cast<std::uint32_t>(r) << 8;
  for (int c = 0; c < cols; ++c) bottoms_ |= Bits{1} << shift(c);
  if (cols % 2) order_.push_back(cols / 2);
  for (int c = cols / 2 - 1; c >= 0; --c) {
    order_.push_back(c);
    order_.push_back(cols - 1 - c);
  }

  // Counts by suffix of levels, from the last level back (gravity_index.hpp).
  grid_ = cell(cells(), max_ones_) + 1;
  end_.assign(grid_, 0);
  end_[0] = 1;
  if (cols % 2) levels_.emplace_back(cols / 2, -1);
  for (int c = cols / 2 - 1; c >= 0; --c) levels_.emplace_back(c, cols - 1 - c);
  const auto table = [&](int x, int t, int n) { return x * grid_ + cell(t, n); };
  for (std::size_t i = levels_.size(); i-- > 0;) {
    Level& l = levels_[i];
    const auto& rest_f = after_f(i);
    const auto& rest_c = after_c(i);
    const auto& rest_fc = i + 1 < levels_.size() ? levels_[i + 1].f_classes : end_;
    const auto& rest_cc = i + 1 < levels_.size() ? levels_[i + 1].c_classes : end_;
    l.f_classes.assign(grid_, 0);
    l.c_classes.assign(grid_, 0);
    // below[x] = below[x - 1] + (positions with state x - 1 here, then `rest`).
    const auto prefix = [&](std::vector<std::uint64_t>& below, const auto& term) {
      below.assign((states_ + 1) * grid_, 0);
      for (int x = 0; x < states_; ++x)
        for (int t = 0; t <= cells(); ++t)
          for (int n = 0; n <= max_ones_; ++n)
            below[table(x + 1, t, n)] = below[table(x, t, n)] + term(x, t, n);
    };
    if (l.b < 0) {
      prefix(l.below_f, [&](int x, int t, int n) {
        return weight_[x] * at(rest_f, t - height_[x], n - ones_[x]);
      });
      prefix(l.below_c, [&](int x, int t, int n) {
        return weight_[x] * at(rest_c, t - height_[x], n - ones_[x]);
      });
      l.f.assign(l.below_f.begin() + states_ * grid_, l.below_f.end());
      l.c.assign(l.below_c.begin() + states_ * grid_, l.below_c.end());
      for (int t = 0; t <= cells(); ++t)
        for (int n = 0; n <= max_ones_; ++n)
          for (int x = 0; x < states_; ++x) {
            l.f_classes[cell(t, n)] += at(rest_fc, t - height_[x], n - ones_[x]);
            l.c_classes[cell(t, n)] += at(rest_cc, t - height_[x], n - ones_[x]);
          }
      continue;
    }
    prefix(l.below_b, [&](int x, int t, int n) {
      return weight_[x] * at(rest_f, t - height_[x], n - ones_[x]);
    });
    l.one_column.assign(l.below_b.begin() + states_ * grid_, l.below_b.end());
    prefix(l.below_a, [&](int x, int t, int n) {
      return weight_[x] * at(l.one_column, t - height_[x], n - ones_[x]);
    });
    // Left state x, then a right state greater than x (any class after) or equal to it (still
    // canonical only if the rest is).
    prefix(l.below_eq, [&](int x, int t, int n) {
      const int t1 = t - height_[x], n1 = n - ones_[x];
      const std::uint64_t greater = at(l.one_column, t1, n1) - at(l.below_b, x + 1, t1, n1);
      return weight_[x] * (greater + weight_[x] * at(rest_c, t1 - height_[x], n1 - ones_[x]));
    });
    l.f.assign(l.below_a.begin() + states_ * grid_, l.below_a.end());
    l.c.assign(l.below_eq.begin() + states_ * grid_, l.below_eq.end());
    for (int t = 0; t <= cells(); ++t)
      for (int n = 0; n <= max_ones_; ++n)
        for (int a = 0; a < states_; ++a)
          for (int b = 0; b < states_; ++b) {
            const int t2 = t - height_[a] - height_[b], n2 = n - ones_[a] - ones_[b];
            l.f_classes[cell(t, n)] += at(rest_fc, t2, n2);
            if (b > a) l.c_classes[cell(t, n)] += at(rest_fc, t2, n2);
            if (b == a) l.c_classes[cell(t, n)] += at(rest_cc, t2, n2);
          }
  }
}

std::uint64_t GravityIndex::entries(int t) const {
  return at(levels_[0].c, t, first_marks(t));
}

std::uint64_t GravityIndex::positions(int t) const {
  return at(levels_[0].f, t, first_marks(t));  // the classes of every ordering of the pairs
}

std::uint64_t GravityIndex::classes(int t) const {
  return at(levels_[0].c_classes, t, first_marks(t));
}

bool GravityIndex::canonical(const States& s) const {
  for (int c = cols_ / 2 - 1; c >= 0; --c)
    if (s[c] != s[cols_ - 1 - c]) return s[c] < s[cols_ - 1 - c];
  return true;
}

States GravityIndex::mirrored(const States& s) const {
  States m{};
  for (int c = 0; c < cols_; ++c) m[c] = s[cols_ - 1 - c];
  return m;
}

// The tables' bounds are not tested: a class of t marks, first_marks(t) of them the first
// player's, looks up only counts of the marks that remain after some of its columns, which are in
// them; but one, below. Tested, a level at a time and with the levels counted anew, the offset
// was 231 instructions of connect 6x5's 1,182 a probe (issue 40).
std::uint64_t GravityIndex::class_offset(int t, const States& s) const {
  const std::uint64_t* const weight = weight_.data();
  const std::size_t* const cell_of = cell_of_.data();
  std::size_t tn = cell(t, first_marks(t));  // the marks that remain, and the first player's
  int n = first_marks(t);
  std::uint64_t offset = 0;
  std::uint64_t scale = 1;  // the weights of the states of the levels before: every class
                            // counted at a level shares them
  const Level* l = levels_.data();
  const Level* const end = l + levels_.size();
  if (l->b < 0) {  // the middle column: every class before the pairs is canonical
    const int a = s[l->a];
    offset = l->below_c[a * grid_ + tn];
    scale = weight[a];
    tn -= cell_of[a];
    n -= ones_[a];
    ++l;
  }
  for (bool equal = true; l != end && equal; ++l) {  // every pair before this one equal
    const int a = s[l->a], b = s[l->b];
    std::uint64_t before = l->below_eq[a * grid_ + tn];
    tn -= cell_of[a];
    n -= ones_[a];
    if (b > a) {
      // A right state equal to the left, then any canonical rest; none where the left's
      // first-player marks outnumber those that remain (the one count out of the tables).
      const std::uint64_t same =
          n >= ones_[a] ? after_c(static_cast<std::size_t>(l - levels_.data()))[tn - cell_of[a]]
                        : 0;
      before += weight[a] *
                (l->below_b[b * grid_ + tn] - l->below_b[(a + 1) * grid_ + tn] + weight[a] * same);
    }
    equal = a == b;
    offset += scale * before;
    scale *= weight[a] * weight[b];
    tn -= cell_of[b];
    n -= ones_[b];
  }
  for (; l != end; ++l) {  // after a pair of unequal states, any class
    const int a = s[l->a], b = s[l->b];
    const std::size_t at_a = a * grid_ + tn;
    tn -= cell_of[a];
    offset += scale * (l->below_a[at_a] + weight[a] * l->below_b[b * grid_ + tn]);
    scale *= weight[a] * weight[b];
    tn -= cell_of[b];
  }
  return offset;
}

Bits GravityIndex::mirror(Bits b) const {
  Bits m = 0;
  const Bits column0 = (Bits{1} << (rows_ + 1)) - 1;
  for (int c = 0; c < cols_; ++c) m |= ((b >> shift(c)) & column0) << shift(cols_ - 1 - c);
  return m;
}

std::uint64_t GravityIndex::entry(int t, const GravityBoard& b) const {
  // Each column's state and digit (a lookup by its key, 1 << h | the first player's cells:
  // adding every column's bottom cell carries through its h marks to the cell above them, a
  // full column's spare bit), and canonical(), in one pass from the centre out as the levels
  // go. The first pair of unequal states says which image is stored (the states of the pairs
  // before it are the same in both), and the digits go into the position's number and its
  // mirror image's alike, the one stored kept at the end. Without a branch: which image is
  // stored is a coin toss from position to position.
  const Bits keys = (b.mask + bottoms_) | b.first;
  const Bits key_mask = (Bits{2} << rows_) - 1;
  const std::uint64_t* const weight = weight_.data();
  States s{};
  std::uint64_t within = 0, within_mirrored = 0;
  unsigned decided = 0, mirror = 0;
  for (const Level& l : levels_) {
    const std::uint32_t ca = columns_[(keys >> shift(l.a)) & key_mask];
    const unsigned sa = ca & 0xff;
    if (l.b < 0) {
      s[l.a] = static_cast<std::uint8_t>(sa);
      within = within * weight[sa] + (ca >> 8);
      within_mirrored = within_mirrored * weight[sa] + (ca >> 8);
      continue;
    }
    const std::uint32_t cb = columns_[(keys >> shift(l.b)) & key_mask];
    const unsigned sb = cb & 0xff;
    mirror = decided ? mirror : unsigned{sa > sb};
    decided |= unsigned{sa != sb};
    const unsigned swap = (0u - mirror) & (sa ^ sb);
    s[l.a] = static_cast<std::uint8_t>(sa ^ swap);
    s[l.b] = static_cast<std::uint8_t>(sb ^ swap);
    within = (within * weight[sa] + (ca >> 8)) * weight[sb] + (cb >> 8);
    within_mirrored = (within_mirrored * weight[sb] + (cb >> 8)) * weight[sa] + (ca >> 8);
  }
  return class_offset(t, s) + (mirror ? within_mirrored : within);
}

GravityBoard GravityIndex::board(int t, std::uint64_t entry) const {
  GravityBoard b;
  for_each_class(t, entry, entry + 1, [&](const States& s, std::uint64_t offset, std::uint64_t) {
    std::uint64_t within = entry - offset;
    for (auto c = order_.rbegin(); c != order_.rend(); ++c) {
      const std::uint64_t w = weight_[s[*c]];
      b.first |= piece(*c, s[*c], within % w);
      b.mask |= ((Bits{1} << height_[s[*c]]) - 1) << shift(*c);
      within /= w;
    }
  });
  return b;
}

}  // namespace tbgen::family
