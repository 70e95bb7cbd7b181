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

Sector sector_of(const Position& p) {
  return {std::popcount(p.mine), std::popcount(p.theirs), p.mine_hand, p.theirs_hand};
}

Layout::Layout(const Rules& rules)
    : rules_(rules), symmetry_(std::make_unique<family::Symmetry>(as_family(*rules.board))) {
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
}

std::uint64_t Layout::entries(const Sector& s) const {
  return symmetry_->class_count(s.mine) *
         combinatorial::binomial(rules_.board->points - s.mine, s.theirs);
}

std::uint64_t Layout::entry(const Position& p) const {
  const int m = std::popcount(p.mine);
  return symmetry_->keyed_entry(
      m, combinatorial::binomial(rules_.board->points - m, std::popcount(p.theirs)), p.mine,
      p.theirs);
}

std::vector<std::uint64_t> Layout::equivalent_entries(const Position& p) const {
  // Every symmetry that takes the mover's set to its canonical set gives an entry of the same
  // position: more than one where that set is symmetric itself.
  const int m = std::popcount(p.mine);
  const std::uint64_t per_class =
      combinatorial::binomial(rules_.board->points - m, std::popcount(p.theirs));
  const std::uint32_t mine = symmetry_->to_index(p.mine), theirs = symmetry_->to_index(p.theirs);
  const auto place = symmetry_->classes(m).locate(mine);
  std::vector<std::uint64_t> out;
  for (int g = 0; g < symmetry_->size(); ++g) {
    if (symmetry_->apply(g, mine) != place.canonical) continue;
    const std::uint32_t local = combinatorial::extract_bits(symmetry_->apply(g, theirs),
                                                            symmetry_->full() & ~place.canonical);
    const std::uint64_t e =
        place.cls * per_class + combinatorial::fast_ranks().revolving_door(local);
    if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
  }
  return out;
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
  const auto [mine, theirs] = symmetry_->keyed_sets(
      s.mine, s.theirs, combinatorial::binomial(rules_.board->points - s.mine, s.theirs), entry);
  return {mine, theirs, s.mine_hand, s.theirs_hand};
}

}  // namespace tbgen::morris
