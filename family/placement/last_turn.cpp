#include "family/placement/last_turn.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/combinatorial.hpp"

namespace tbgen::family {

namespace {
constexpr std::uint64_t kTops = 0x8080808080808080;
}

LastTurn::LastTurn(const Rules& rules)
    : first_moves_(rules.first_moves(rules.turns - 1)),
      mover_fills_(rules.fill == (first_moves_ ? Fill::first : Fill::second)),
      waiting_fills_(rules.fill == (first_moves_ ? Fill::second : Fill::first)),
      margin_(rules.value == ValueKind::margin),
      marks_(rules.marks_in_turn(rules.turns - 1)),
      full_(rules.full()),
      zero_(rules.zero()),
      words_(static_cast<int>((rules.lines.size() + 7) / 8)) {
  if (words_ > kMaxWords || rules.threshold < 1 || rules.threshold > 32)
    throw std::logic_error(rules.canonical + ": lines that a last turn cannot count");
  const auto words = static_cast<std::size_t>(words_);
  by_cell_.assign(32 * words, 0);
  bias_.assign(words, 0);
  for (std::size_t l = 0; l < rules.lines.size(); ++l) {
    const std::uint64_t lane = std::uint64_t{1} << (8 * (l % 8));
    bias_[l / 8] += lane * static_cast<std::uint64_t>(128 - rules.threshold);
    for (std::uint32_t rest = rules.lines[l]; rest; rest &= rest - 1)
      by_cell_[static_cast<std::size_t>(__builtin_ctz(rest)) * words + l / 8] += lane;
  }
  by_byte_.assign(4 * 256 * words, 0);
  for (std::size_t b = 0; b < 4; ++b)
    for (std::size_t v = 0; v < 256; ++v)
      for (std::size_t bit = 0; bit < 8; ++bit)
        if (v >> bit & 1)
          for (std::size_t w = 0; w < words; ++w)
            by_byte_[(b * 256 + v) * words + w] += by_cell_[(8 * b + bit) * words + w];
}

// The mover's best margin, from its own view. W: the words of lines, known when compiled (the
// loops over them unrolled, the words in registers: double5's 12 lines are 2), or 0 for words_.
template <std::size_t W>
[[gnu::always_inline]] inline int LastTurn::best_margin(std::uint32_t first,
                                                        std::uint32_t second) const {
  const std::size_t words = W ? W : static_cast<std::size_t>(words_);
  const std::uint32_t empty = full_ & ~(first | second);
  std::uint64_t mover[W ? W : kMaxWords], waiting[W ? W : kMaxWords], open[W ? W : kMaxWords];
  const std::uint32_t sets[3] = {first_moves_ ? first : second, first_moves_ ? second : first,
                                 empty};
  std::uint64_t* counts[3] = {mover, waiting, open};
  for (std::size_t s = 0; s < 3; ++s)  // a set's marks on each line, from its four bytes
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t sum = 0;
      for (std::size_t b = 0; b < 4; ++b)
        sum += by_byte_[(b * 256 + (sets[s] >> (8 * b) & 0xff)) * words + w];
      counts[s][w] = sum;
    }
  const std::uint64_t* cells[32];  // each empty cell's words
  int n = 0;
  for (std::uint32_t rest = empty; rest; rest &= rest - 1)
    cells[n++] = &by_cell_[static_cast<std::size_t>(__builtin_ctz(rest)) * words];
  // Every set of marks_ of the n empty cells, as bits of a local mask in colex order.
  const auto least = static_cast<std::uint32_t>((std::uint64_t{1} << marks_) - 1);
  const std::uint32_t last = least << (n - marks_);
  int best = -kMaxWords * 8;
  for (std::uint32_t m = least;; m = combinatorial::next_combination(m)) {
    std::uint64_t placed[W ? W : kMaxWords];
    for (std::size_t w = 0; w < words; ++w) placed[w] = 0;
    for (std::uint32_t rest = m; rest; rest &= rest - 1)
      for (std::size_t w = 0; w < words; ++w) placed[w] += cells[__builtin_ctz(rest)][w];
    int margin = 0;
    for (std::size_t w = 0; w < words; ++w) {
      // Leftover cells go to the side that fills; the mover's then include every empty cell.
      const std::uint64_t own = mover[w] + (mover_fills_ ? open[w] : placed[w]);
      const std::uint64_t theirs = waiting[w] + (waiting_fills_ ? open[w] - placed[w] : 0);
      margin += __builtin_popcountll((own + bias_[w]) & kTops) -
                __builtin_popcountll((theirs + bias_[w]) & kTops);
    }
    best = std::max(best, margin);
    // An outcome is the margin's sign: no move beats a win (double5's last round, 13% of its
    // positions drawn uniformly: 0.77x the instructions).
    if (m == last || marks_ == 0 || (!margin_ && best > 0)) break;
  }
  return best;
}

TBGEN_POPCNT_CLONES Code LastTurn::best(std::uint32_t first, std::uint32_t second) const {
  const int best = words_ == 1   ? best_margin<1>(first, second)
                   : words_ == 2 ? best_margin<2>(first, second)
                                 : best_margin<0>(first, second);
  const int v = first_moves_ ? best : -best;  // from the first player's view
  return static_cast<Code>(static_cast<int>(zero_) + (margin_ ? v : (v > 0) - (v < 0)));
}

}  // namespace tbgen::family
