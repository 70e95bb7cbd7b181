#pragma once
// How nim3 is laid out in its table files; shared by the generator and the reader.
// nim3-k<K>.tb holds every state with piles 0..K: index = phase * (K+1)^9 + sum of
// pile_i * (K+1)^i, phase 0 = the first player's whole-pile move, 1 = the second player's,
// 2 = free play.
#include <cstdint>
#include <string>

namespace tbgen::nim3_table {

inline constexpr std::uint32_t kIndexScheme = 3;
inline constexpr std::uint32_t kValueCodec =
    4;  // 2 bits: 0 unreachable, 1 mover loses, 2 mover wins
inline constexpr std::uint32_t kEntryBits = 2;
inline constexpr int kMaxPileLimit = 7;  // 3 * 8^9 states: the most the generator is sized for
inline constexpr int kDefaultMaxPile = 6;

inline std::string name(int max_pile) {
  return "nim3-k" + std::to_string(max_pile);
}
inline std::uint64_t entries(int max_pile) {
  std::uint64_t n = 3;
  for (int i = 0; i < 9; ++i) n *= static_cast<std::uint64_t>(max_pile + 1);
  return n;
}

}  // namespace tbgen::nim3_table
