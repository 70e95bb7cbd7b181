#include "family/morris/morris_layout.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

#include "core/combinatorial.hpp"

namespace tbgen::morris {
namespace {

// The board as the family machinery sees a member: its points as cells of one row, its mills
// as lines, and the 16 symmetries given (so none is searched for).
family::Rules as_family(const Board& b) {
  family::Rules r;
  r.cols = b.points;
  r.rows = 1;
  r.lines = b.mills;
  for (const auto& g : b.symmetries) r.symmetries.emplace_back(g.begin(), g.begin() + b.points);
  return r;
}

}  // namespace

Layout::Layout(const Rules& rules)
    : rules_(rules),
      symmetry_(std::make_unique<family::Symmetry>(as_family(*rules.board))),
      stabilisers_(std::make_unique<Stabilisers>()) {
  for (int g = 0; g < symmetry_->size(); ++g) {
    std::vector<int> to(rules.board->points);
    for (int p = 0; p < rules.board->points; ++p)
      to[p] = std::countr_zero(symmetry_->apply(g, symmetry_->to_index(Points{1} << p)));
    index_maps_.emplace_back(to);
  }
  const int n = rules.pieces, points = rules.board->points;
  for (int m = 0; m <= n; ++m)
    for (int mh = 0; m + mh <= n; ++mh)
      for (int t = 0; t <= n && m + t <= points; ++t)
        for (int th = 0; t + th <= n; ++th) {
          if (m + mh < 3 || t + th < 3) continue;
          // Alternate placing (lasker=0): the first player to move holds as many as the other,
          // the second one more.
          if (!rules.lasker && (mh || th) && mh != th && mh != th + 1) continue;
          sectors_.push_back({m, t, mh, th});
        }
  std::stable_sort(sectors_.begin(), sectors_.end(), [](const Sector& a, const Sector& b) {
    const auto key = [](const Sector& s) {
      return std::pair{s.mine + s.theirs + s.mine_hand + s.theirs_hand,
                       s.mine_hand + s.theirs_hand};
    };
    return key(a) < key(b);
  });
  numbers_.assign(static_cast<std::size_t>((n + 1) * (n + 1) * (n + 1) * (n + 1)), -1);
  for (std::size_t i = 0; i < sectors_.size(); ++i) {
    const Sector& s = sectors_[i];
    numbers_[number_at(s)] = static_cast<int>(i);
    table_names_.push_back(table_name(s));
  }
}

std::uint64_t Layout::entries(const Sector& s) const {
  return symmetry_->class_count(s.mine) * per_class(s);
}

std::vector<std::uint64_t> Layout::equivalent_entries(const Position& p) const {
  std::uint64_t out[16];
  return {out, out + entries_of(p, out)};
}

const std::vector<std::uint32_t>& Layout::build_stabilisers(int size) const {
  std::call_once(stabilisers_->once[size], [&] {
    const auto& classes = symmetry_->classes(size);
    std::vector<std::uint32_t>& by_class = stabilisers_->by_size[size];
    by_class.assign(classes.classes(), 0);
    for (std::uint64_t c = 0; c < by_class.size(); ++c) {
      const std::uint32_t set = classes.set(c);
      for (int g = 1; g < symmetry_->size(); ++g)  // 0 is the identity
        if (symmetry_->apply(g, set) == set) by_class[c] |= 1u << g;
    }
    stabilisers_->ready[size].store(true, std::memory_order_release);
  });
  return stabilisers_->by_size[size];
}

Layout::Sets::Sets(const Layout& layout, const Sector& s)
    : layout_(&layout),
      sector_(s),
      classes_(&layout.symmetry_->classes(s.mine)),
      per_class_(layout.per_class(s)),
      stabilisers_(&layout.stabilisers(s.mine)) {
  local_.resize(per_class_);
  for (std::uint64_t r = 0; r < per_class_; ++r)
    local_[r] = combinatorial::revolving_door_unrank(r, s.theirs);
}

std::string Layout::table_name(const Sector& s) const {
  char tag[32];
  std::snprintf(tag, sizeof tag, "-m%02dt%02dh%02dh%02d", s.mine, s.theirs, s.mine_hand,
                s.theirs_hand);
  return rules_.stem + tag;
}

std::uint32_t Layout::layer_of(const Sector& s) {
  return static_cast<std::uint32_t>(s.mine << 24 | s.theirs << 16 | s.mine_hand << 8 |
                                    s.theirs_hand);
}

Position Layout::position(const Sector& s, std::uint64_t entry) const {
  const auto [mine, theirs] = symmetry_->keyed_sets(s.mine, s.theirs, per_class(s), entry);
  return {mine, theirs, s.mine_hand, s.theirs_hand};
}

}  // namespace tbgen::morris
