#include "family/gravity/gravity_member.hpp"

#include <algorithm>

namespace tbgen::family {

GravityMember::GravityMember(Rules rules)
    : rules_(std::move(rules)), index_(rules_.cols, rules_.rows) {
  const int k = rules_.threshold, cols = rules_.cols, rows = rules_.rows;
  // (step, room): vertical, horizontal, and the two diagonals.
  const std::pair<int, bool> steps[] = {{1, k <= rows},
                                        {rows + 1, k <= cols},
                                        {rows, k <= std::min(cols, rows)},
                                        {rows + 2, k <= std::min(cols, rows)}};
  for (const auto& [step, room] : steps) {
    if (!room) continue;
    Direction d;
    for (int len = 1; len < k;) {
      const int add = std::min(len, k - len);
      d.shifts[d.count++] = add * step;
      len += add;
    }
    directions_.push_back(d);
  }
  two_shifts_ =
      !directions_.empty() && std::all_of(directions_.begin(), directions_.end(),
                                          [](const Direction& d) { return d.count == 2; });
  for (std::size_t i = 0; i < 4 && two_shifts_; ++i) {
    const Direction& d = directions_[std::min(i, directions_.size() - 1)];
    first_shifts_[i] = static_cast<Bits>(d.shifts[0]);
    second_shifts_[i] = static_cast<Bits>(d.shifts[1]);
  }
  stored_ = std::max(1, rules_.cells() - kScoredMarks);
  for (int t = 0; t < stored_; ++t) table_names_.push_back(layer_table_name(rules_, 't', t));
}

bool GravityMember::terminal(int t, const GravityBoard& b, Code* code) const {
  const Bits last_mover = first_moves(t) ? b.mask ^ b.first : b.first;
  if (has_line(last_mover)) {
    *code = line_code(t);
    return true;
  }
  if (t < rules_.cells()) return false;
  *code = rules_.zero();
  return true;
}

}  // namespace tbgen::family
