#include "generator/owner_asks.hpp"

#include <cstring>

namespace tbgen {

std::vector<Bytes> OwnerAsks::sorted() {
  const auto ranks = static_cast<std::size_t>(cluster_.size());
  std::vector<std::uint64_t> total(ranks, 0);
  first_.assign(asks_.size(), {});
  for (std::size_t k = 0; k < asks_.size(); ++k) {
    first_[k] = total;
    for (const Ask& a : asks_[k]) ++total[a.owner];
  }
  std::vector<Bytes> to(ranks);
  for (std::size_t r = 0; r < ranks; ++r) to[r].resize(total[r] * sizeof(std::uint64_t));
  parallel_for(threads_, asks_.size(), [&](std::uint64_t k) {
    std::vector<std::uint64_t> next = first_[k];
    for (const Ask& a : asks_[k])
      std::memcpy(to[a.owner].data() + sizeof(std::uint64_t) * next[a.owner]++, &a.key,
                  sizeof a.key);
  });
  return to;
}

}  // namespace tbgen
