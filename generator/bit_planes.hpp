#pragma once
// Bit-plane machinery of the layered solvers (double5's and the families'): values of every
// set of a mover's marks over a block's free cells, as bit masks, and "best over one more mark"
// as a butterfly of word-wide OR (the side that maximises) or AND.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/combinatorial.hpp"

namespace tbgen::bit_planes {

inline constexpr std::uint64_t kLowHalf[6] = {0x5555555555555555ull, 0x3333333333333333ull,
                                              0x0F0F0F0F0F0F0F0Full, 0x00FF00FF00FF00FFull,
                                              0x0000FFFF0000FFFFull, 0x00000000FFFFFFFFull};

inline std::size_t words_for_cells(int free_cells) {
  return free_cells >= 6 ? std::size_t{1} << (free_cells - 6) : 1;
}

// out[B] = best over cells c not in B of in[B + c], for every mask B over `free_cells` bits.
// Best is OR (any placement that reaches the value) or AND.
template <bool kMaximise>
void extend_plane(const std::uint64_t* in, std::uint64_t* out, int free_cells) {
  const std::size_t words = words_for_cells(free_cells);
  const int in_word = std::min(free_cells, 6);
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t acc = kMaximise ? 0 : ~0ull;
    const std::uint64_t v = in[w];
    for (int c = 0; c < in_word; ++c) {
      const std::uint64_t moved = (v >> (1 << c)) & kLowHalf[c];
      if constexpr (kMaximise)
        acc |= moved;
      else
        acc &= moved | ~kLowHalf[c];
    }
    out[w] = acc;
  }
  for (int c = 6; c < free_cells; ++c) {
    const std::size_t stride = std::size_t{1} << (c - 6);
    for (std::size_t base = 0; base < words; base += 2 * stride) {
      std::uint64_t* __restrict o = out + base;
      const std::uint64_t* __restrict i = in + base + stride;
      for (std::size_t w = 0; w < stride; ++w) {
        if constexpr (kMaximise)
          o[w] |= i[w];
        else
          o[w] &= i[w];
      }
    }
  }
}

// The k-subsets of n cells in the order of their ranks within a class (revolving door).
inline std::vector<std::uint32_t> ranked_sets(int n, int k) {
  std::vector<std::uint32_t> list(combinatorial::binomial(n, k));
  for (std::uint64_t i = 0; i < list.size(); ++i)
    list[i] = combinatorial::revolving_door_unrank(i, k);
  return list;
}

// The k-subsets of n cells in colex order, which gathers walk: the sets then have increasing
// colex ranks, and their lookups in a class lookup table stay close together.
inline std::vector<std::uint32_t> colex_sets(int n, int k) {
  std::vector<std::uint32_t> list(combinatorial::binomial(n, k));
  for (std::uint64_t i = 0; i < list.size(); ++i) list[i] = combinatorial::colex_unrank(i, k);
  return list;
}

inline bool test_bit(const std::uint64_t* words, std::uint64_t bit) {
  return (words[bit >> 6] >> (bit & 63)) & 1;
}

// extend_plane for sparse sets: in holds a bit for each (size + 1)-subset of `free_cells` bits,
// out one for each size-subset, both by colex rank. For a few marks on many free cells, where
// the sets are few beside the 2^free_cells bits extend_plane works over.
template <bool kMaximise>
void extend_sparse(const std::uint64_t* in, std::uint64_t* out, int free_cells, int size) {
  const combinatorial::FastColexRank& colex = combinatorial::fast_ranks().colex;
  const auto all = static_cast<std::uint32_t>((std::uint64_t{1} << free_cells) - 1);
  const std::uint64_t count = combinatorial::binomial(free_cells, size);
  auto set = static_cast<std::uint32_t>((std::uint64_t{1} << size) - 1);
  std::uint64_t word = 0;
  for (std::uint64_t r = 0; r < count; ++r, set = set ? combinatorial::next_combination(set) : 0) {
    bool best = !kMaximise;
    for (std::uint32_t moves = all & ~set; moves != 0 && best != kMaximise; moves &= moves - 1)
      best = test_bit(in, colex(set | (moves & (~moves + 1))));
    word |= std::uint64_t{best} << (r & 63);
    if ((r & 63) == 63 || r + 1 == count) out[r >> 6] = word, word = 0;
  }
}

}  // namespace tbgen::bit_planes
