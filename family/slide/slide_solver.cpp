#include "family/slide/slide_solver.hpp"

#include <algorithm>
#include <atomic>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "generator/progress.hpp"

namespace tbgen::family {
namespace {

constexpr std::uint64_t kChunk = std::uint64_t{1} << 14;

// Every movement position, without symmetry: side * per_side + colex rank of the first player's
// set * per_set + colex rank of the second's among the other cells.
class DenseIndex {
 public:
  explicit DenseIndex(const SlideMember& m)
      : pieces_(m.pieces()),
        full_(m.rules().full()),
        per_set_(combinatorial::binomial(m.rules().cells() - m.pieces(), m.pieces())),
        per_side_(m.positions(2 * m.pieces())) {}
  std::uint64_t size() const { return 2 * per_side_; }
  std::uint64_t index(const SlidePosition& p) const {
    return (p.first_to_move ? 0 : per_side_) + combinatorial::colex_rank(p.first) * per_set_ +
           combinatorial::colex_rank(combinatorial::extract_bits(p.second, full_ & ~p.first));
  }
  SlidePosition position(std::uint64_t i) const {
    const bool first_to_move = i < per_side_;
    if (!first_to_move) i -= per_side_;
    const std::uint32_t first = combinatorial::colex_unrank(i / per_set_, pieces_);
    return at(first, combinatorial::colex_unrank(i % per_set_, pieces_), first_to_move);
  }
  // The position after position(i) in index order, from position(i) (no unranking).
  SlidePosition after(std::uint64_t i, const SlidePosition& p) const {
    const std::uint32_t lowest = (std::uint32_t{1} << pieces_) - 1;
    if ((i + 1) % per_set_ != 0)
      return at(p.first, combinatorial::next_combination(local(p)), p.first_to_move);
    if (i + 1 == per_side_) return at(lowest, lowest, false);
    return at(combinatorial::next_combination(p.first), lowest, p.first_to_move);
  }
  // A position in 64 bits for the levels: the first player's set, the second's among the other
  // cells (at most 31 bits), the side to move.
  std::uint64_t pack(const SlidePosition& p) const {
    return p.first | std::uint64_t{local(p)} << 32 | std::uint64_t{!p.first_to_move} << 63;
  }
  SlidePosition unpack(std::uint64_t packed) const {
    return at(static_cast<std::uint32_t>(packed),
              static_cast<std::uint32_t>(packed >> 32) & 0x7fffffff, packed >> 63 == 0);
  }

 private:
  std::uint32_t local(const SlidePosition& p) const {
    return combinatorial::extract_bits(p.second, full_ & ~p.first);
  }
  SlidePosition at(std::uint32_t first, std::uint32_t local, bool first_to_move) const {
    return {first, combinatorial::deposit_bits(local, full_ & ~first), first_to_move};
  }

  int pieces_;
  std::uint32_t full_;
  std::uint64_t per_set_, per_side_;
};

// Runs body(first, last) over [0, n) in chunks of kChunk on `threads` threads and returns what
// each chunk's body collected, concatenated in chunk order.
template <class Body>
std::vector<std::uint64_t> collect(unsigned threads, std::uint64_t n, Body&& body) {
  const std::uint64_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<std::vector<std::uint64_t>> found(chunks);
  parallel_for(threads, chunks,
               [&](std::uint64_t k) { body(k * kChunk, std::min(n, (k + 1) * kChunk), found[k]); });
  std::vector<std::uint64_t> all;
  for (auto& f : found) all.insert(all.end(), f.begin(), f.end());
  return all;
}

}  // namespace

MovementSolve solve_movement(const SlideMember& member, unsigned threads, Progress* progress) {
  const DenseIndex dense(member);
  DistanceCodes code(dense.size(), kDrawCode);
  std::vector<std::uint8_t> moves_left(dense.size(), 0);  // at most pieces * 8 or cells^2 / 8
  // Level 0: the positions the board decides; every other position counts its moves.
  std::atomic<std::uint64_t> unplayable{0};
  std::vector<std::uint64_t> level =
      collect(threads, dense.size(),
              [&](std::uint64_t a, std::uint64_t b, std::vector<std::uint64_t>& out) {
                SlidePosition p = dense.position(a);
                for (std::uint64_t i = a; i < b; p = dense.after(i++, p)) {
                  if (DistanceCode c = 0; member.over(p, &c)) {
                    code[i] = c;
                    if (decided(c))
                      out.push_back(dense.pack(p));
                    else
                      unplayable.fetch_add(1, std::memory_order_relaxed);
                    continue;
                  }
                  moves_left[i] = static_cast<std::uint8_t>(member.moves(p));
                }
              });
  MovementSolve solved;
  solved.positions = dense.size();
  solved.unplayable = unplayable.load();
  for (int d = 0; !level.empty(); ++d) {
    solved.decided += level.size();
    // The least packed position of the level: the same whatever the threads' schedule.
    solved.longest = dense.unpack(*std::min_element(level.begin(), level.end()));
    solved.longest_code = static_cast<DistanceCode>(d + 1);
    if (progress) progress->advance(solved.decided);
    if (d + 2 > kMaxDistanceCode)
      throw std::overflow_error(member.rules().canonical + ": distances past " +
                                std::to_string(kMaxDistanceCode - 2) + " turns");
    const auto next_code = static_cast<DistanceCode>(d + 2);
    const bool lost_here = d % 2 == 0;  // the positions of this level are lost for their mover
    level = collect(
        threads, level.size(),
        [&](std::uint64_t a, std::uint64_t b, std::vector<std::uint64_t>& out) {
          for (std::uint64_t k = a; k < b; ++k) {
            const SlidePosition q = dense.unpack(level[k]);
            // The side that moved into q put a mark back where it came from.
            const std::uint32_t moved = q.waiting(), free = member.empty(q);
            for (std::uint32_t m = moved; m; m &= m - 1) {
              const int to = __builtin_ctz(m);
              for (std::uint32_t f = member.steps(to) & free; f; f &= f - 1) {
                const std::uint32_t before =
                    moved ^ (std::uint32_t{1} << to) ^ (std::uint32_t{1} << __builtin_ctz(f));
                if (member.wins(before)) continue;  // the game ended before
                const SlidePosition p{q.first_to_move ? q.first : before,
                                      q.first_to_move ? before : q.second, !q.first_to_move};
                const std::uint64_t i = dense.index(p);
                std::atomic_ref<DistanceCode> c(code[i]);
                if (lost_here) {
                  DistanceCode expected = kDrawCode;
                  if (c.compare_exchange_strong(expected, next_code, std::memory_order_relaxed))
                    out.push_back(dense.pack(p));
                } else if (c.load(std::memory_order_relaxed) == kDrawCode &&
                           std::atomic_ref<std::uint8_t>(moves_left[i])
                                   .fetch_sub(1, std::memory_order_relaxed) == 1) {
                  c.store(next_code, std::memory_order_relaxed);
                  out.push_back(dense.pack(p));
                }
              }
            }
          }
        });
  }
  moves_left = {};
  // The tables, in their order (with symmetry), read from the dense codes.
  for (int side = 0; side < 2; ++side) {
    const int layer = 2 * member.pieces() + side;
    DistanceCodes& table = solved.tables[side];
    table.resize(member.entries(layer));
    parallel_for(threads, (table.size() + kChunk - 1) / kChunk, [&](std::uint64_t k) {
      for (std::uint64_t e = k * kChunk;
           e < std::min<std::uint64_t>(table.size(), (k + 1) * kChunk); ++e)
        table[e] = code[dense.index(member.position(layer, e))];
    });
  }
  return solved;
}
DistanceCodes solve_placement(const SlideMember& member, int layer, const DistanceCodes& next,
                              unsigned threads) {
  DistanceCodes codes(member.entries(layer));
  parallel_for(threads, (codes.size() + kChunk - 1) / kChunk, [&](std::uint64_t k) {
    for (std::uint64_t e = k * kChunk; e < std::min<std::uint64_t>(codes.size(), (k + 1) * kChunk);
         ++e)
      codes[e] = member.one_ply(member.position(layer, e),
                                [&](int, std::uint64_t entry) { return next[entry]; });
  });
  return codes;
}

}  // namespace tbgen::family
