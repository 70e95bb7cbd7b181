#include "family/class_index.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "family/family_symmetry.hpp"

namespace tbgen::family {
namespace {

constexpr std::uint64_t kMaxTabledSets = std::uint64_t{1} << 23;
constexpr int kLargeGroup = 32;
// A table of more sets than this (4 bytes each, 2 MiB: a core's L2 here) is a miss for a lookup
// alone; locate_one() then works out instead.
constexpr std::uint64_t kCachedSets = std::uint64_t{1} << 19;

// Whether a set is the least of its images.
bool is_canonical(const Symmetry& sym, std::uint32_t set) {
  for (int g = 1; g < sym.size(); ++g)
    if (sym.apply(g, set) < set) return false;
  return true;
}

// Calls visit(i, set) for the `count` sets of `size` elements from colex rank `first` on, in
// order (i from 0).
template <class Visit>
void for_each_set(std::uint64_t first, std::uint64_t count, int size, Visit&& visit) {
  std::uint32_t m = combinatorial::colex_unrank(first, size);
  for (std::uint64_t i = 0; i < count; ++i) {
    if (i > 0) m = combinatorial::next_combination(m);
    visit(i, m);
  }
}

}  // namespace

bool ClassIndex::tabled_for(const Symmetry& sym, int size, bool whole) {
  return combinatorial::binomial(sym.cells(), size) <= kMaxTabledSets &&
         (whole || sym.size() >= kLargeGroup);
}

std::uint64_t ClassIndex::bytes(const Symmetry& sym, int size, int processes) {
  const auto n = static_cast<std::uint64_t>(processes);
  const std::uint64_t sets = combinatorial::binomial(sym.cells(), size);
  const std::uint64_t classes = sym.class_count(size);
  if (tabled_for(sym, size, processes == 1))
    return 4 * (sets + classes) + (sets > kCachedSets ? sets / 8 * 9 / 8 : 0);
  const std::uint64_t blocks = (sets >> kBlockLog2) + 1;
  return 8 * (blocks + 1) + ((sets / 8) * 9 / 8 + 4 * classes) / n + (1u << kBlockLog2) / 4;
}

ClassIndex::ClassIndex(const Symmetry& sym, int size, ClassRange range, unsigned threads)
    : sym_(&sym),
      size_(size),
      sets_of_size_(combinatorial::binomial(sym.cells(), size)),
      classes_(sym.class_count(size)) {
  const std::uint64_t first = std::min(range.first, classes_);
  const std::uint64_t end = std::max(first, std::min(range.end, classes_));
  if (tabled_for(sym, size, range.whole())) {
    // Every set is an image g(c) of exactly one canonical c; g's inverse maps it back. The least
    // such g is written last.
    lookup_.assign(sets_of_size_, 0);
    sets_.reserve(classes_);
    for_each_set(0, sets_of_size_, size, [&](std::uint64_t, std::uint32_t m) {
      if (!is_canonical(sym, m)) return;
      const auto cls = static_cast<std::uint32_t>(sets_.size());
      sets_.push_back(m);
      for (int g = sym.size() - 1; g >= 0; --g)
        lookup_[combinatorial::colex_rank(sym.apply(g, m))] =
            (cls << sym.class_shift()) | static_cast<std::uint32_t>(sym.inverse(g));
    });
    if (sets_of_size_ > kCachedSets) {
      one_worked_ = true;
      bits_.assign(((sets_of_size_ >> kBlockLog2) + 1) << (kBlockLog2 - 6), 0);
      for (const std::uint32_t m : sets_) {
        const std::uint64_t bit = combinatorial::colex_rank(m);
        bits_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
      }
      count_lines();
    }
    return;
  }
  // Worked out: count every block's canonical sets, then keep the bits of the blocks that hold
  // the range's classes (all of them for the whole size, counted as they are kept).
  const std::uint64_t blocks = (sets_of_size_ + (1u << kBlockLog2) - 1) >> kBlockLog2;
  constexpr std::uint64_t kWordsPerBlock = (1u << kBlockLog2) / 64;
  before_block_.assign(blocks + 1, 0);
  if (range.whole()) bits_.assign(blocks * kWordsPerBlock, 0);
  parallel_for(threads, blocks, [&](std::uint64_t b) {
    std::array<std::uint64_t, kWordsPerBlock> local;
    std::uint64_t* words = range.whole() ? bits_.data() + b * kWordsPerBlock : local.data();
    block_bits(b, words);
    std::uint64_t count = 0;
    for (std::uint64_t w = 0; w < kWordsPerBlock; ++w) count += std::popcount(words[w]);
    before_block_[b + 1] = count;
  });
  for (std::uint64_t b = 0; b < blocks; ++b) before_block_[b + 1] += before_block_[b];
  // The blocks holding classes [first, end): from the last starting at or before `first`.
  first_block_ = static_cast<std::uint64_t>(
      std::upper_bound(before_block_.begin(), before_block_.end() - 1, first) -
      before_block_.begin() - 1);
  const std::uint64_t end_block =
      end == first ? first_block_
                   : static_cast<std::uint64_t>(
                         std::lower_bound(before_block_.begin(), before_block_.end(), end) -
                         before_block_.begin());
  if (!range.whole()) {
    bits_.assign((end_block - first_block_) * kWordsPerBlock, 0);
    parallel_for(threads, end_block - first_block_, [&](std::uint64_t b) {
      block_bits(first_block_ + b, bits_.data() + b * kWordsPerBlock);
    });
  } else {
    first_block_ = 0;
  }
  count_lines(before_block_[first_block_]);
  // The canonical sets of [first, end), block by block.
  sets_first_ = first;
  sets_.assign(end - first, 0);
  const std::uint64_t held_blocks = bits_.size() / kWordsPerBlock;
  parallel_for(threads, held_blocks, [&](std::uint64_t b) {
    std::uint64_t cls = before_block_[first_block_ + b];
    for_block(first_block_ + b, [&](std::uint64_t i, std::uint32_t m) {
      const std::uint64_t bit = (b << kBlockLog2) + i;
      if (!(bits_[bit >> 6] >> (bit & 63) & 1)) return;
      if (cls >= first && cls < end) sets_[cls - first] = m;
      ++cls;
    });
  });
}

void ClassIndex::count_lines(std::uint64_t before) {
  const std::uint64_t lines = bits_.size() >> (kLineLog2 - 6);
  before_line_.assign(lines, before);
  for (std::uint64_t l = 1; l < lines; ++l) {
    std::uint64_t count = 0;
    for (int w = 0; w < 1 << (kLineLog2 - 6); ++w)
      count += std::popcount(bits_[((l - 1) << (kLineLog2 - 6)) + w]);
    before_line_[l] = before_line_[l - 1] + count;
  }
}

template <class Visit>
void ClassIndex::for_block(std::uint64_t block, Visit&& visit) const {
  const std::uint64_t start = block << kBlockLog2;
  for_each_set(start, std::min<std::uint64_t>(1u << kBlockLog2, sets_of_size_ - start), size_,
               visit);
}

void ClassIndex::block_bits(std::uint64_t block, std::uint64_t* words) const {
  std::fill_n(words, (1u << kBlockLog2) / 64, 0);
  for_block(block, [&](std::uint64_t i, std::uint32_t m) {
    if (is_canonical(*sym_, m)) words[i >> 6] |= std::uint64_t{1} << (i & 63);
  });
}

std::uint32_t ClassIndex::set_of_any(std::uint64_t cls) const {
  if (cls >= classes_) return ~std::uint32_t{0};  // past every set: an end for searches
  if (tabled()) return sets_[cls];
  const auto b =
      static_cast<std::uint64_t>(std::upper_bound(before_block_.begin(), before_block_.end(), cls) -
                                 before_block_.begin() - 1);
  std::uint64_t at = before_block_[b];
  std::uint32_t found = 0;
  for_block(b, [&](std::uint64_t, std::uint32_t m) {
    if (is_canonical(*sym_, m) && at++ == cls) found = m;
  });
  return found;
}

std::uint64_t ClassIndex::class_of(std::uint32_t canonical) const {
  const std::uint32_t colex = combinatorial::fast_ranks().colex(canonical);
  return tabled() ? sym_->class_of(lookup_[colex]) : rank_held(colex);
}

void ClassIndex::prefetch_worked(std::uint32_t set) const {
  const combinatorial::FastColexRank& colex = combinatorial::fast_ranks().colex;
  const std::uint64_t bit = colex(image(set).canonical) - (first_block_ << kBlockLog2);
  if (bit < bits_.size() * 64) __builtin_prefetch(&bits_[bit >> 6]);
}

void ClassIndex::locate(std::span<const std::uint32_t> sets, Place* places) const {
  const combinatorial::FastColexRank& colex = combinatorial::fast_ranks().colex;
  constexpr std::size_t kBatch = 64;
  std::uint32_t ranks[kBatch];
  for (std::size_t first = 0; first < sets.size(); first += kBatch) {
    const std::size_t n = std::min(kBatch, sets.size() - first);
    if (tabled()) {
      for (std::size_t j = 0; j < n; ++j) {
        ranks[j] = colex(sets[first + j]);
        __builtin_prefetch(&lookup_[ranks[j]]);
      }
      for (std::size_t j = 0; j < n; ++j) {
        const std::uint32_t entry = lookup_[ranks[j]];
        const int g = sym_->symmetry_of(entry);
        places[first + j] = {sym_->class_of(entry), sym_->apply(g, sets[first + j]), g};
      }
      continue;
    }
    const std::uint64_t start = first_block_ << kBlockLog2;
    for (std::size_t j = 0; j < n; ++j) {
      places[first + j] = image(sets[first + j]);
      ranks[j] = colex(places[first + j].canonical);
      const std::uint64_t bit = ranks[j] - start;
      if (ranks[j] >= start && bit < bits_.size() * 64) {
        __builtin_prefetch(&bits_[bit >> 6]);
        __builtin_prefetch(&before_line_[bit >> kLineLog2]);
      }
    }
    for (std::size_t j = 0; j < n; ++j) places[first + j].cls = rank_held(ranks[j]);
  }
}

}  // namespace tbgen::family
