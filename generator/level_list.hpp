#pragma once
// A level's list of positions in the cyclic engine (retrograde.hpp): the lists of the chunks of
// work that found them, kept as they came, in the chunks' order. Appended into one list, every
// item was copied again at each doubling of its growth and its pages faulted in anew: a tenth of
// the wall time of a dobutsu build, in one thread (docs/notes/engine.md).
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace tbgen::retrograde {

class LevelList {
 public:
  LevelList() = default;
  explicit LevelList(std::vector<std::uint64_t> items) { add(std::move(items)); }

  void add(std::vector<std::uint64_t>&& piece) {
    if (piece.empty()) return;
    ends_.push_back(size() + piece.size());
    pieces_.push_back(std::move(piece));
  }
  std::uint64_t size() const { return ends_.empty() ? 0 : ends_.back(); }

  // f(run) for consecutive runs that together are the items [first, end), in order.
  template <class F>
  void for_range(std::uint64_t first, std::uint64_t end, F&& f) const {
    auto i = static_cast<std::size_t>(std::upper_bound(ends_.begin(), ends_.end(), first) -
                                      ends_.begin());
    for (; i < pieces_.size() && first < end; ++i) {
      const std::uint64_t start = ends_[i] - pieces_[i].size(), stop = std::min(end, ends_[i]);
      f(std::span<const std::uint64_t>(pieces_[i]).subspan(first - start, stop - first));
      first = stop;
    }
  }
  template <class F>
  void for_each(F&& f) const {
    for (const auto& piece : pieces_)
      for (const std::uint64_t item : piece) f(item);
  }

 private:
  std::vector<std::vector<std::uint64_t>> pieces_;
  std::vector<std::uint64_t> ends_;  // the items up to each piece's end
};

}  // namespace tbgen::retrograde
