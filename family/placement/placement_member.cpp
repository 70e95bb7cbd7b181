#include "family/placement/placement_member.hpp"

#include "core/combinatorial.hpp"

namespace tbgen::family {

Member::Member(Rules rules) : rules_(std::move(rules)), symmetry_(rules_) {
  const int last = rules_.turns - 1;  // the last turn with a move
  const int free_cells = rules_.cells() - rules_.marks_after(last);
  stored_ = combinatorial::binomial(free_cells, rules_.marks_in_turn(last)) <= kScoredMoves
                ? last
                : rules_.turns;
  // Every count of marks a position between whole turns can have, and its turn (a probe looks it
  // up for every board).
  const int cells = rules_.cells();
  turns_by_counts_.assign((cells + 1) * (cells + 1), -1);
  for (int t = rules_.turns; t >= 0; --t)
    turns_by_counts_[rules_.first_marks(t) * (cells + 1) + rules_.second_marks(t)] =
        static_cast<std::int8_t>(t);
  // A lines board after the last turn may have its leftover cells filled.
  const int leftover = cells - rules_.marks_after(rules_.turns);
  if (!rules_.wins_at_once && leftover > 0 && rules_.fill != Fill::none) {
    const bool to_first = rules_.fill == Fill::first;
    const int f = rules_.first_marks(rules_.turns) + (to_first ? leftover : 0);
    const int s = rules_.second_marks(rules_.turns) + (to_first ? 0 : leftover);
    turns_by_counts_[f * (cells + 1) + s] = static_cast<std::int8_t>(rules_.turns);
  }
  for (int t = 0; t < stored_; ++t)
    table_names_.push_back(layer_table_name(rules_, rules_.layer_letter, t));
  for (int t = 0; t <= rules_.turns; ++t)
    counts_.push_back({static_cast<std::int8_t>(rules_.first_marks(t)),
                       static_cast<std::int8_t>(rules_.second_marks(t)),
                       static_cast<std::int8_t>(t < rules_.turns ? rules_.marks_in_turn(t) : 0)});
  for (const bool by_mover : {false, true})
    for (int t = 0; t < stored_; ++t) shapes_[by_mover].push_back(make_shape(t, by_mover));
  if (stored_ < rules_.turns && !rules_.wins_at_once && rules_.win == WinTest::lines)
    last_turn_.emplace(rules_);
}

LayerShape Member::make_shape(int turn, bool key_is_mover) const {
  LayerShape s;
  s.turn = turn;
  s.first_to_move = rules_.first_moves(turn);
  s.key_is_mover = key_is_mover;
  const Counts c = counts_.at(static_cast<std::size_t>(turn));
  s.key_size = s.key_is_first() ? c.first : c.second;
  s.other_size = s.key_is_first() ? c.second : c.first;
  s.marks = c.marks;
  s.per_class = combinatorial::binomial(rules_.cells() - s.key_size, s.other_size);
  s.classes = symmetry_.class_count(s.key_size);
  s.entries = s.classes * s.per_class;
  return s;
}

std::uint32_t Member::value_codec() const {
  switch (rules_.value) {
    case ValueKind::outcome:
      return 7;
    case ValueKind::speed:
      return 8;
    case ValueKind::margin:
      return 9;
  }
  return 0;
}

std::uint32_t Member::entry_bits() const {
  const Code n = rules_.codes();
  return n <= 4 ? 2 : n <= 16 ? 4 : 8;
}

void Member::prefetch_class(const LayerShape& shape, std::uint32_t first,
                            std::uint32_t second) const {
  symmetry_.prefetch_class(shape.key_size, shape.key_is_first() ? first : second);
}

}  // namespace tbgen::family
