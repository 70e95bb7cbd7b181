#include "family/slide/slide_member.hpp"

#include <algorithm>

#include "core/board_text.hpp"
#include "core/combinatorial.hpp"

namespace tbgen::family {

namespace {
// The line test looks sets of `pieces` cells up by rank up to this many sets (a byte each).
constexpr std::uint64_t kMaxRankedSets = std::uint64_t{1} << 24;
}  // namespace

SlideMember::SlideMember(Rules rules) : rules_(std::move(rules)), symmetry_(rules_) {
  const int cols = rules_.cols, rows = rules_.rows, cells = rules_.cells();
  for (int c = 0; c < cells; ++c) {
    std::uint32_t to = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = c / cols + dr, k = c % cols + dc;
        const bool near =
            rules_.step == Step::any || (rules_.step == Step::king ? true : dr * dc == 0);
        if ((dr || dc) && near && r >= 0 && r < rows && k >= 0 && k < cols)
          to |= std::uint32_t{1} << (r * cols + k);
      }
    steps_.push_back(rules_.step == Step::any ? rules_.full() & ~(std::uint32_t{1} << c) : to);
  }
  for (int layer = 0; layer < layers(); ++layer) {
    per_class_.push_back(combinatorial::binomial(cells - first_marks(layer), second_marks(layer)));
    entries_.push_back(per_class_.back() * symmetry_.class_count(first_marks(layer)));
    table_names_.push_back(movement(layer)
                               ? rules_.stem + "-move" +
                                     (first_to_move(layer) ? rules_.first : rules_.second)
                               : layer_table_name(rules_, 't', layer));
  }
  if (combinatorial::binomial(cells, pieces()) <= kMaxRankedSets) {
    wins_by_rank_.resize(combinatorial::binomial(cells, pieces()));
    std::uint32_t set = (std::uint32_t{1} << pieces()) - 1;
    for (std::uint64_t rank = 0; rank < wins_by_rank_.size();
         ++rank, set = combinatorial::next_combination(set))
      for (const std::uint32_t line : rules_.lines) wins_by_rank_[rank] |= (set & line) == line;
  }
}

int SlideMember::layer_of(const SlidePosition& p) const {
  const int marks = __builtin_popcount(p.first | p.second);
  return marks < 2 * pieces() ? marks : 2 * pieces() + (p.first_to_move ? 0 : 1);
}

SlidePosition SlideMember::position(int layer, std::uint64_t entry) const {
  const auto [first, second] =
      symmetry_.keyed_sets(first_marks(layer), second_marks(layer), per_class_[layer], entry);
  return {first, second, first_to_move(layer)};
}

std::string SlideMember::text(const SlidePosition& p) const {
  std::string s;
  for (int c = 0; c < rules_.cells(); ++c) {
    if (c > 0 && c % rules_.cols == 0) s += '/';
    s += (p.first >> c & 1) ? rules_.first : (p.second >> c & 1) ? rules_.second : '.';
  }
  if (movement(layer_of(p)))
    s += std::string(":") + (p.first_to_move ? rules_.first : rules_.second);
  return s;
}

bool SlideMember::wins(std::uint32_t marks) const {
  if (__builtin_popcount(marks) == pieces() && !wins_by_rank_.empty())
    return wins_by_rank_[combinatorial::fast_ranks().colex(marks)];
  return std::any_of(rules_.lines.begin(), rules_.lines.end(),
                     [&](std::uint32_t line) { return (marks & line) == line; });
}

std::optional<distance::Code> SlideMember::over(const SlidePosition& p) const {
  if (wins(p.mover())) return distance::kDraw;
  if (wins(p.waiting()) || (movement(layer_of(p)) && stuck(p.mover(), empty(p))))
    return distance::kLostNow;
  return std::nullopt;
}

std::uint64_t SlideMember::positions(int layer) const {
  const int cells = rules_.cells();
  return combinatorial::binomial(cells, first_marks(layer)) *
         combinatorial::binomial(cells - first_marks(layer), second_marks(layer));
}

}  // namespace tbgen::family
