#pragma once
// Dense ranking of k-subsets of {0..31} held as bit masks, in two orders.
// Colex: rank(S) = sum over the j-th smallest element e (j = 1, 2, ...) of C(e, j). Masks of one
// popcount enumerated in increasing numeric order (next_combination) come in rank order.
// Revolving door (Nijenhuis and Wilf): the k-subsets of {0..n-1} are R(n, k) = R(n-1, k)
// followed by R(n-1, k-1) reversed, each with n-1 added. Consecutive sets differ by one element
// swapped for another, so sets that differ little sit together.
#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace tbgen::combinatorial {

inline constexpr int kMaxN = 32;

struct BinomialTable {
  std::array<std::array<std::uint64_t, kMaxN + 1>, kMaxN + 1> c{};
  constexpr BinomialTable() {
    for (int n = 0; n <= kMaxN; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
  }
};
inline constexpr BinomialTable kBinomials{};

constexpr std::uint64_t binomial(int n, int k) {
  return (k < 0 || n < 0 || k > n) ? 0 : kBinomials.c[n][k];
}

constexpr std::uint64_t colex_rank(std::uint32_t mask) {
  std::uint64_t rank = 0;
  for (int j = 1; mask != 0; ++j, mask &= mask - 1) rank += binomial(__builtin_ctz(mask), j);
  return rank;
}

// The largest element e of a j-subset whose rank is `rank`, in either order below: the
// j-subsets with largest element e hold ranks C(e, j) .. C(e + 1, j) - 1 in both.
constexpr int largest_element(std::uint64_t rank, int j) {
  int e = j - 1;
  while (binomial(e + 1, j) <= rank) ++e;
  return e;
}

// The k-subset of rank `rank`.
constexpr std::uint32_t colex_unrank(std::uint64_t rank, int k) {
  std::uint32_t mask = 0;
  for (int j = k; j >= 1; --j) {
    const int e = largest_element(rank, j);
    rank -= binomial(e, j);
    mask |= std::uint32_t{1} << e;
  }
  return mask;
}

// In revolving-door order: from the recursion, the sets whose largest element is t hold ranks
// C(t, k) .. C(t + 1, k) - 1, in reverse order of the rank of the rest of the set, so with
// r_0 = 0 and r_j = C(e + 1, j) - 1 - r_(j-1) over the j-th smallest element e, rank(S) = r_k.
constexpr std::uint64_t revolving_door_rank(std::uint32_t mask) {
  std::uint64_t rank = 0;
  for (int j = 1; mask != 0; ++j, mask &= mask - 1)
    rank = binomial(__builtin_ctz(mask) + 1, j) - 1 - rank;
  return rank;
}

// The revolving-door ranks of mask | 1 << b for every bit b of `add` (none of mask's), into
// out[b]. Unrolled, rank(S) sums over the j-th smallest element e of S the term
// (-1)^(|S| - j) (C(e + 1, j) - 1); adding b flips the sign of the terms below it and moves
// those above it to j + 1. So both kinds of term are summed once, from either end, and each
// rank is a prefix, a suffix and b's own term: a placement's every successor ranked at once.
inline void revolving_door_ranks_adding(std::uint32_t mask, std::uint32_t add, std::uint64_t* out) {
  int e[kMaxN];
  int k = 0;
  for (std::uint32_t m = mask; m; m &= m - 1) e[k++] = __builtin_ctz(m);
  const auto term = [&](int element, int j, int sign_exponent) {
    const auto t = static_cast<std::int64_t>(binomial(element + 1, j)) - 1;
    return sign_exponent & 1 ? -t : t;
  };
  // below[i]: the first i elements' terms in a set of k + 1; above[i]: the rest's, each at j + 1.
  std::int64_t below[kMaxN + 1], above[kMaxN + 1];
  below[0] = 0;
  for (int i = 1; i <= k; ++i) below[i] = below[i - 1] + term(e[i - 1], i, k + 1 - i);
  above[k] = 0;
  for (int i = k - 1; i >= 0; --i) above[i] = above[i + 1] + term(e[i], i + 2, k - i - 1);
  for (; add; add &= add - 1) {
    const int b = __builtin_ctz(add), i = __builtin_popcount(mask & ((1u << b) - 1));
    out[b] = static_cast<std::uint64_t>(below[i] + above[i] + term(b, i + 1, k - i));
  }
}

constexpr std::uint32_t revolving_door_unrank(std::uint64_t rank, int k) {
  std::uint32_t mask = 0;
  for (int j = k; j >= 1; --j) {
    const int e = largest_element(rank, j);
    rank = binomial(e + 1, j) - 1 - rank;
    mask |= std::uint32_t{1} << e;
  }
  return mask;
}

// revolving_door_ranks_adding looked up: for every k-subset of {0..n-1}, by its rank, the ranks
// of the set with each point it lacks added, in order of the point (n - k of them). For passes
// that rank each set's additions many times over: a morris placement sector's, once a class.
class RanksAddingTable {
 public:
  RanksAddingTable(int n, int k) : width_(n - k), ranks_(binomial(n, k) * (n - k)) {
    const std::uint32_t all = n == 32 ? ~0u : (1u << n) - 1;
    for (std::uint64_t r = 0; r < binomial(n, k); ++r) {
      const std::uint32_t set = revolving_door_unrank(r, k);
      std::uint64_t ranks[kMaxN];
      revolving_door_ranks_adding(set, all & ~set, ranks);
      int j = 0;
      for (std::uint32_t b = all & ~set; b; b &= b - 1)
        ranks_[r * width_ + j++] = static_cast<std::uint32_t>(ranks[__builtin_ctz(b)]);
    }
  }
  // The ranks for the set of rank `rank`, by the order of the added point among those it lacks.
  const std::uint32_t* row(std::uint64_t rank) const { return &ranks_[rank * width_]; }

 private:
  std::uint64_t width_;
  std::vector<std::uint32_t> ranks_;
};

// The next larger mask of the same popcount (Gosper's hack); the next in colex order. x is not
// 0. Its lowest bit's power of two divides by a shift: a division, waited for at every step of
// a loop over sets, was most of a last turn's scoring (docs/notes/probe_speed.md).
constexpr std::uint32_t next_combination(std::uint32_t x) {
  const std::uint32_t ripple = x + (x & (~x + 1));
  return ripple | (((x ^ ripple) >> 2) >> __builtin_ctz(x));
}

// A function compiled twice, with the popcnt instruction and without, the one the CPU runs
// chosen when the library is loaded: the reader is built for any x86-64, where std::popcount is a
// library call. GCC only: clang 14 leaves C++ member functions so cloned undefined.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define TBGEN_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define TBGEN_POPCNT_CLONES
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#define TBGEN_POPCNT_AT_RUN_TIME 1
// Whether the CPU has the popcnt instruction, asked once when the library loads (false until
// then: a count made earlier takes the portable way).
inline const bool kCpuHasPopcnt = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("popcnt") != 0;
}();
#endif

// std::popcount without the library call a portable build (the reader's) makes of it: the
// popcnt instruction where the CPU has it, a branch that always goes the same way, else the
// same count by shifts and masks. A single probe counts its marks first, and the rest of its
// work waits for the count: double5's single probes about 1.02x (docs/notes/probe_speed.md).
constexpr int count_bits(std::uint64_t x) {
#ifdef __POPCNT__
  return std::popcount(x);
#else
#ifdef TBGEN_POPCNT_AT_RUN_TIME
  if (!std::is_constant_evaluated() && __builtin_expect(kCpuHasPopcnt, 1)) {
    std::uint64_t n;
    asm("popcnt %1, %0" : "=r"(n) : "rm"(x));
    return static_cast<int>(n);
  }
#endif
  x -= (x >> 1) & 0x5555555555555555;
  x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0f;
  return static_cast<int>((x * 0x0101010101010101) >> 56);
#endif
}
constexpr int count_bits(std::uint32_t x) {
  return count_bits(std::uint64_t{x});
}

// Parallel bit extract / deposit: the BMI2 instruction where the build targets it, else a byte
// of the mask at a time from tables of every (mask byte, value byte) pair, 64 KB each: the
// reader is built for any x86-64, and a loop over the mask's bits made each probe's class
// lookup pay a step a bit (issue 40).
struct BitTables {
  std::uint8_t extract[256][256];  // by mask byte, then value byte: the value's bits under it
  std::uint8_t deposit[256][256];  // by mask byte, then the low bits of the value: laid in it
  std::uint8_t counts[256];
  BitTables() {
    for (unsigned m = 0; m < 256; ++m) {
      counts[m] = static_cast<std::uint8_t>(std::popcount(m));
      for (unsigned v = 0; v < 256; ++v) {
        unsigned out = 0, in = 0, bit = 1;
        for (unsigned rest = m; rest; rest &= rest - 1, bit <<= 1) {
          const unsigned low = rest & (~rest + 1);
          if (v & low) out |= bit;
          if (v & bit) in |= low;
        }
        extract[m][v] = static_cast<std::uint8_t>(out);
        deposit[m][v] = static_cast<std::uint8_t>(in);
      }
    }
  }
};
inline const BitTables& bit_tables() {
  static const BitTables tables;
  return tables;
}

// The byte tables' way, what extract_bits and deposit_bits are without BMI2.
static inline std::uint32_t extract_bits_by_bytes(std::uint32_t value, std::uint32_t mask) {
  const BitTables& t = bit_tables();
  std::uint32_t out = 0;
  int at = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    const unsigned m = (mask >> shift) & 0xff;
    out |= std::uint32_t{t.extract[m][(value >> shift) & 0xff]} << at;
    at += t.counts[m];
  }
  return out;
}
static inline std::uint32_t deposit_bits_by_bytes(std::uint32_t value, std::uint32_t mask) {
  const BitTables& t = bit_tables();
  std::uint32_t out = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    const unsigned m = (mask >> shift) & 0xff;
    out |= std::uint32_t{t.deposit[m][value & 0xff]} << shift;
    value >>= t.counts[m];
  }
  return out;
}

static inline std::uint32_t extract_bits(std::uint32_t value, std::uint32_t mask) {
#if defined(__BMI2__)
  return _pext_u32(value, mask);
#else
  return extract_bits_by_bytes(value, mask);
#endif
}
static inline std::uint32_t deposit_bits(std::uint32_t value, std::uint32_t mask) {
#if defined(__BMI2__)
  return _pdep_u32(value, mask);
#else
  return deposit_bits_by_bytes(value, mask);
#endif
}

enum class SetOrder { colex, revolving_door };

// colex_rank or revolving_door_rank by four byte lookups, for masks of up to 32 bits on hot
// paths. A revolving-door rank is (-1)^k times a sum of terms (-1)^j (C(e + 1, j) - 1); the
// terms of a sum grow with j, so every partial sum is within the largest, C(32, 16) < 2^31.
template <SetOrder kOrder>
class FastSetRank {
 public:
  static constexpr int kMaxBits = 32;  // masks of up to this many bits
  FastSetRank() {
    for (int byte = 1; byte < 256; ++byte)
      counts_[byte] = static_cast<std::uint8_t>(counts_[byte >> 1] + (byte & 1));
    for (int chunk = 0; chunk < 4; ++chunk)
      for (int prior = 0; prior <= kMaxBits; ++prior)
        for (int byte = 0; byte < 256; ++byte) {
          std::int32_t sum = 0;
          int j = prior;
          for (int b = 0; b < 8 && 8 * chunk + b < kMaxBits; ++b)
            if (byte & (1 << b)) sum += term(8 * chunk + b, ++j);
          table_[chunk][prior][byte] = sum;
        }
  }
  std::uint32_t operator()(std::uint32_t mask) const {
    const int p1 = byte_count(mask & 0xff);
    const int p2 = p1 + byte_count((mask >> 8) & 0xff);
    const int p3 = p2 + byte_count((mask >> 16) & 0xff);
    const std::int32_t sum = table_[0][0][mask & 0xff] + table_[1][p1][(mask >> 8) & 0xff] +
                             table_[2][p2][(mask >> 16) & 0xff] +
                             table_[3][p3][(mask >> 24) & 0xff];
    if constexpr (kOrder == SetOrder::colex) return static_cast<std::uint32_t>(sum);
    return static_cast<std::uint32_t>((p3 + byte_count(mask >> 24)) & 1 ? -sum : sum);
  }

 private:
  static std::int32_t term(int element, int j) {
    if constexpr (kOrder == SetOrder::colex) return static_cast<std::int32_t>(binomial(element, j));
    const auto t = static_cast<std::int32_t>(binomial(element + 1, j) - 1);
    return j & 1 ? -t : t;
  }
  // The marks of a byte: the popcnt instruction where the build targets it; else a table, not
  // the library call a portable build (the reader's) makes of __builtin_popcount.
  int byte_count(std::uint32_t byte) const {
#ifdef __POPCNT__
    return __builtin_popcount(byte);
#else
    return counts_[byte];
#endif
  }
  std::int32_t table_[4][kMaxBits + 1][256];
  std::uint8_t counts_[256] = {};
};

using FastColexRank = FastSetRank<SetOrder::colex>;
using FastRevolvingDoorRank = FastSetRank<SetOrder::revolving_door>;

// The byte tables of both rankings, built once: colex ranks of key sets (for class lookups)
// and revolving-door ranks of sets within a class.
struct FastRanks {
  FastColexRank colex;
  FastRevolvingDoorRank revolving_door;
};
inline const FastRanks& fast_ranks() {
  static const FastRanks ranks;
  return ranks;
}

}  // namespace tbgen::combinatorial
