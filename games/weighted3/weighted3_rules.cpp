#include "games/weighted3/weighted3_rules.hpp"

#include "core/combinatorial.hpp"

namespace tbgen::weighted3 {
namespace {

TruthTable empty_table(std::uint32_t draws) {
  const std::uint64_t entries = std::uint64_t{1} << __builtin_popcount(draws);
  return {draws, std::vector<std::uint64_t>((entries + 63) / 64, 0)};
}

}  // namespace

void Game::successors(std::uint64_t i, std::vector<std::uint64_t>& out) const {
  out.clear();
  const auto cells = board3::decode(static_cast<std::uint32_t>(i));
  // A line ends the game at once; a full board ends it on the weights.
  if (board3::finished(cells)) return;
  const std::uint8_t mover = board3::mover(cells);
  for (int c = 0; c < board3::kCells; ++c)
    if (cells[c] == 0) out.push_back(i + mover * board3::kPow3[c]);
}

TruthTable Game::terminal_value(std::uint64_t i) const {
  const auto cells = board3::decode(static_cast<std::uint32_t>(i));
  TruthTable t = empty_table(weighted3_table::extending_draw_boards(cells));
  if (board3::has_line(cells, kX)) {
    t.bits[0] = 1;  // no draw board extends a board with a line: one entry, Takahashi won
  } else if (!board3::has_line(cells, kO)) {
    t.bits[0] = 0b10;  // a draw board itself: Takahashi wins iff he wins on weights
  }
  return t;
}

TruthTable Game::combine(std::uint64_t i, std::span<const TruthTable> successors) const {
  const auto cells = board3::decode(static_cast<std::uint32_t>(i));
  const bool takahashi = board3::mover(cells) == kX;
  TruthTable t = empty_table(weighted3_table::extending_draw_boards(cells));
  // Where each successor's variables sit among this position's.
  std::vector<std::uint32_t> places;
  for (const auto& s : successors) places.push_back(combinatorial::extract_bits(s.draws, t.draws));
  const std::uint64_t entries = std::uint64_t{1} << t.variables();
  for (std::uint64_t a = 0; a < entries; ++a) {
    bool win = !takahashi;  // OR over Takahashi's moves, AND over Aoki's
    for (std::size_t k = 0; k < successors.size(); ++k) {
      const bool v =
          successors[k].at(combinatorial::extract_bits(static_cast<std::uint32_t>(a), places[k]));
      win = takahashi ? (win || v) : (win && v);
    }
    if (win) t.bits[a >> 6] |= std::uint64_t{1} << (a & 63);
  }
  return t;
}

}  // namespace tbgen::weighted3
