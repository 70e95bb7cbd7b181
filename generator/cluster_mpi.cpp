// The cluster over MPI (Open MPI from the README's set-up), built as the plugin
// libtbgen_mpi.so that tbgen loads for --mpi (cluster_plugin.cpp): it alone links MPI. Only the
// main thread of each process calls MPI (the solver's threads do not), so
// MPI_THREAD_FUNNELED is enough.
#include <mpi.h>

#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

#include "generator/cluster.hpp"

namespace tbgen {
namespace {

int count_of(std::size_t bytes) {
  if (bytes > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::runtime_error("one MPI message of " + std::to_string(bytes) +
                             " bytes: more than MPI's int counts hold");
  return static_cast<int>(bytes);
}

class MpiCluster final : public Cluster {
 public:
  MpiCluster() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiCluster() override { MPI_Finalize(); }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  std::uint64_t sum(std::uint64_t value) const override {
    std::uint64_t out = 0;
    MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    return out;
  }
  std::uint64_t max(std::uint64_t value) const override {
    std::uint64_t out = 0;
    MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    return out;
  }

  Bytes broadcast(Bytes from_rank0) const override {
    std::uint64_t size = from_rank0.size();
    MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    from_rank0.resize(size);
    MPI_Bcast(from_rank0.data(), count_of(size), MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank_ == 0) sent_ += size * (size_ - 1);
    return from_rank0;
  }

  std::vector<Bytes> exchange(const std::vector<Bytes>& to) const override {
    std::vector<int> send_counts(size_), send_offsets(size_), recv_counts(size_),
        recv_offsets(size_);
    Bytes send;
    for (int r = 0; r < size_; ++r) {
      send_offsets[r] = count_of(send.size());
      send_counts[r] = count_of(to[r].size());
      send.insert(send.end(), to[r].begin(), to[r].end());
      if (r != rank_) sent_ += to[r].size();
    }
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::size_t total = 0;
    for (int r = 0; r < size_; ++r) {
      recv_offsets[r] = count_of(total);
      total += static_cast<std::size_t>(recv_counts[r]);
    }
    Bytes received(total);
    MPI_Alltoallv(send.data(), send_counts.data(), send_offsets.data(), MPI_BYTE, received.data(),
                  recv_counts.data(), recv_offsets.data(), MPI_BYTE, MPI_COMM_WORLD);
    std::vector<Bytes> from(size_);
    for (int r = 0; r < size_; ++r)
      from[r].assign(received.begin() + recv_offsets[r],
                     received.begin() + recv_offsets[r] + recv_counts[r]);
    return from;
  }

  std::vector<Bytes> gather(const Bytes& mine) const override {
    const int count = count_of(mine.size());
    std::vector<int> counts(size_), offsets(size_);
    MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::size_t total = 0;
    for (int r = 0; r < size_; ++r) {
      offsets[r] = count_of(total);
      total += static_cast<std::size_t>(counts[r]);
    }
    Bytes all(rank_ == 0 ? total : 0);
    MPI_Gatherv(mine.data(), count, MPI_BYTE, all.data(), counts.data(), offsets.data(), MPI_BYTE,
                0, MPI_COMM_WORLD);
    if (rank_ != 0) {
      sent_ += mine.size();
      return {};
    }
    std::vector<Bytes> by_rank(size_);
    for (int r = 0; r < size_; ++r)
      by_rank[r].assign(all.begin() + offsets[r], all.begin() + offsets[r] + counts[r]);
    return by_rank;
  }

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace
}  // namespace tbgen

// The plugin's two entries (their names: cluster.hpp). Everything else is hidden.
extern "C" __attribute__((visibility("default"))) const tbgen::Cluster* tbgen_mpi_cluster_v1() {
  static const tbgen::MpiCluster cluster;
  return &cluster;
}

extern "C" __attribute__((visibility("default"))) void tbgen_mpi_abort_v1(int status) {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::exit(status);
}
