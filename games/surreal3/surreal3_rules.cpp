#include "games/surreal3/surreal3_rules.hpp"

#include <algorithm>

namespace tbgen::surreal3 {

std::string board_text(std::uint32_t board) {
  std::string s;
  const auto cells = board3::decode(board);
  for (int i = 0; i < board3::kCells; ++i) {
    if (i && i % 3 == 0) s += '/';
    s += ".OX"[cells[i]];
  }
  return s;
}

void Game::successors(std::uint64_t i, std::vector<std::uint64_t>& out) const {
  out.clear();
  const auto board = static_cast<std::uint32_t>(i);
  const auto cells = board3::decode(board);
  for (int c = 0; c < board3::kCells; ++c)
    if (cells[c] == kO)
      for (Ban b : kBans) out.push_back(alice_move(board, c, b));
  for (int c = 0; c < board3::kCells; ++c)
    if (cells[c] == kX) out.push_back(bob_move(board, c));
}

Dyadic Game::combine(std::uint64_t i, std::span<const Dyadic> options) const {
  const auto cells = board3::decode(static_cast<std::uint32_t>(i));
  const std::size_t left_count = 3 * static_cast<std::size_t>(board3::count(cells, kO));
  const auto left = options.first(left_count), right = options.subspan(left_count);
  std::optional<Dyadic> best_left, best_right;
  if (!left.empty()) best_left = *std::max_element(left.begin(), left.end());
  if (!right.empty()) best_right = *std::min_element(right.begin(), right.end());
  if (best_left && best_right && !(*best_left < *best_right))
    throw NotANumber("surreal3: board " + board_text(static_cast<std::uint32_t>(i)) +
                     " is not a number: its best options are {" + best_left->text() + " | " +
                     best_right->text() + "}");
  return Dyadic::simplest_between(best_left, best_right);
}

}  // namespace tbgen::surreal3
