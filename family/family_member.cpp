#include "family/family_member.hpp"

#include "core/combinatorial.hpp"

namespace tbgen::family {

Member::Member(Rules rules) : rules_(std::move(rules)), symmetry_(rules_) {
  const int last = rules_.turns - 1;  // the last turn with a move
  const int free_cells = rules_.cells() - rules_.marks_after(last);
  stored_ = combinatorial::binomial(free_cells, rules_.marks_in_turn(last)) <= kScoredMoves
                ? last
                : rules_.turns;
  for (int t = 0; t < stored_; ++t)
    table_names_.push_back(rules_.stem + '-' + rules_.layer_letter +
                           static_cast<char>('0' + t / 10) + static_cast<char>('0' + t % 10));
}

LayerShape Member::shape(int turn, bool key_is_mover) const {
  LayerShape s;
  s.turn = turn;
  s.first_to_move = rules_.first_moves(turn);
  s.key_is_mover = key_is_mover;
  const int first = rules_.first_marks(turn), second = rules_.second_marks(turn);
  const bool key_is_first = s.first_to_move == key_is_mover;
  s.key_size = key_is_first ? first : second;
  s.other_size = key_is_first ? second : first;
  s.marks = turn < rules_.turns ? rules_.marks_in_turn(turn) : 0;
  s.per_class = combinatorial::binomial(rules_.cells() - s.key_size, s.other_size);
  s.classes = symmetry_.canonical_sets(s.key_size).size();
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

std::optional<int> Member::turn_of(int first_marks, int second_marks) const {
  for (int t = 0; t <= rules_.turns; ++t)
    if (rules_.first_marks(t) == first_marks && rules_.second_marks(t) == second_marks) return t;
  const int t = rules_.turns;
  const int leftover = rules_.cells() - rules_.marks_after(t);
  if (!rules_.wins_at_once && leftover > 0 &&
      ((rules_.fill == Fill::first && first_marks == rules_.first_marks(t) + leftover &&
        second_marks == rules_.second_marks(t)) ||
       (rules_.fill == Fill::second && first_marks == rules_.first_marks(t) &&
        second_marks == rules_.second_marks(t) + leftover)))
    return t;
  return std::nullopt;
}

std::uint64_t Member::position_index(const LayerShape& shape, std::uint32_t first,
                                     std::uint32_t second) const {
  const Symmetry& sym = symmetry_;
  const bool key_is_first = shape.first_to_move == shape.key_is_mover;
  const std::uint32_t key = sym.to_index(key_is_first ? first : second);
  const std::uint32_t other = sym.to_index(key_is_first ? second : first);
  const std::uint32_t found = sym.class_lookup(shape.key_size)[combinatorial::colex_rank(key)];
  const int g = static_cast<int>(found & 0xff);
  const std::uint32_t local =
      combinatorial::extract_bits(sym.apply(g, other), sym.full() & ~sym.apply(g, key));
  return std::uint64_t{found >> 8} * shape.per_class + combinatorial::revolving_door_rank(local);
}

}  // namespace tbgen::family
