#include "generator/retrograde.hpp"

namespace tbgen::retrograde {

std::vector<std::uint64_t> exchange(const Cluster& cluster,
                                    std::vector<std::vector<std::uint64_t>>& outgoing) {
  std::vector<Bytes> sent(cluster.size());
  for (int r = 0; r < cluster.size(); ++r) {
    sent[r].resize(outgoing[r].size() * 8);
    std::memcpy(sent[r].data(), outgoing[r].data(), sent[r].size());
    std::vector<std::uint64_t>().swap(outgoing[r]);
  }
  std::vector<std::uint64_t> told;
  for (const Bytes& b : cluster.exchange(sent)) {
    const std::size_t at = told.size();
    told.resize(at + b.size() / 8);
    std::memcpy(told.data() + at, b.data(), b.size());
  }
  return told;
}

}  // namespace tbgen::retrograde
