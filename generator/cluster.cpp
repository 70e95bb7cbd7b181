#include "generator/cluster.hpp"

namespace tbgen {
namespace {

// One process: every collective step is the identity.
class SingleProcess final : public Cluster {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  std::uint64_t sum(std::uint64_t value) const override { return value; }
  std::uint64_t max(std::uint64_t value) const override { return value; }
  Bytes broadcast(Bytes from_rank0) const override { return from_rank0; }
  std::vector<Bytes> exchange(const std::vector<Bytes>& to) const override { return to; }
  std::vector<Bytes> gather(const Bytes& mine) const override { return {mine}; }
};

}  // namespace

const Cluster& single_process() {
  static const SingleProcess cluster;
  return cluster;
}

}  // namespace tbgen
