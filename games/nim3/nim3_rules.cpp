#include "games/nim3/nim3_rules.hpp"

namespace tbgen::nim3 {

bool first_move_wins(const Piles& piles, int p) {
  for (int q = 0; q < 9; ++q) {
    if (q == p || share_line(p, q)) continue;
    std::uint64_t x = 0;
    for (int c = 0; c < 9; ++c) {
      if (c == p || c == q) continue;
      const bool constrained = share_line(c, p) || share_line(c, q);
      x ^= constrained ? piles[c] - 1 : piles[c];
    }
    if (x == 0) return false;  // q leaves the first player a lost Nim position
  }
  return true;
}

int winning_first_moves(const Piles& piles) {
  int count = 0;
  for (int p = 0; p < 9; ++p) count += first_move_wins(piles, p);
  return count;
}

Game::Game(int max_pile) : max_pile_(max_pile) {
  power_[0] = 1;
  for (int i = 1; i <= 9; ++i) power_[i] = power_[i - 1] * static_cast<std::uint64_t>(max_pile + 1);
  boards_ = power_[9];
}

std::uint64_t Game::index(int phase, const Piles& piles) const {
  std::uint64_t i = 0;
  for (int c = 8; c >= 0; --c) i = i * static_cast<std::uint64_t>(max_pile_ + 1) + piles[c];
  return static_cast<std::uint64_t>(phase) * boards_ + i;
}

Piles Game::piles(std::uint64_t i) const {
  Piles p{};
  i %= boards_;
  for (int c = 0; c < 9; ++c, i /= static_cast<std::uint64_t>(max_pile_ + 1))
    p[c] = i % static_cast<std::uint64_t>(max_pile_ + 1);
  return p;
}

int Game::depth(std::uint64_t i) const {
  std::uint64_t stones = 0;
  for (auto a : piles(i)) stones += a;
  return max_depth() - static_cast<int>(stones);
}

std::vector<std::uint64_t> Game::roots() const {
  std::vector<std::uint64_t> roots;
  for (std::uint64_t b = 0; b < boards_; ++b) {
    const Piles p = piles(b);
    bool all_positive = true;
    for (auto a : p) all_positive = all_positive && a > 0;
    if (all_positive) roots.push_back(b);
  }
  return roots;
}

void Game::successors(std::uint64_t i, std::vector<std::uint64_t>& out) const {
  out.clear();
  const Piles p = piles(i);
  if (line_emptied(p)) return;  // the previous move won
  const int ph = phase(i);
  const std::uint64_t board = i % boards_;
  for (int c = 0; c < 9; ++c) {
    if (p[c] == 0) continue;
    if (ph < 2) {
      out.push_back(static_cast<std::uint64_t>(ph + 1) * boards_ + board - p[c] * power_[c]);
    } else {
      for (std::uint64_t take = 1; take <= p[c]; ++take) out.push_back(i - take * power_[c]);
    }
  }
}

}  // namespace tbgen::nim3
