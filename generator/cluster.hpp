#pragma once
// The processes of a distributed build (`mpirun -np N tbgen build GAME --mpi`, SPEC 9) as the
// build sees them: a rank among N, and the few collective steps it takes. Every process calls
// each step in the same order. The MPI implementation is cluster_mpi.cpp, a plugin built when
// CMake finds MPI and loaded only when --mpi asks for it (cluster_plugin.cpp): tbgen itself
// does not link MPI, and the build never names it.
#include <cstdint>
#include <memory>
#include <vector>

namespace tbgen {

using Bytes = std::vector<std::uint8_t>;

class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual std::uint64_t sum(std::uint64_t value) const = 0;
  virtual std::uint64_t max(std::uint64_t value) const = 0;
  // Rank 0's bytes, on every rank.
  virtual Bytes broadcast(Bytes from_rank0) const = 0;
  // to[r] goes to rank r; returns what each rank sent to this one.
  virtual std::vector<Bytes> exchange(const std::vector<Bytes>& to) const = 0;
  // Rank 0 receives every rank's bytes, by rank (the others receive nothing).
  virtual std::vector<Bytes> gather(const Bytes& mine) const = 0;
  // Bytes this process has sent to other processes so far (the benchmark reports them).
  std::uint64_t bytes_sent() const { return sent_; }

 protected:
  mutable std::uint64_t sent_ = 0;
};

// A build without MPI as a cluster of one process (solvers that have one code path for both).
const Cluster& single_process();

// The cluster mpirun started this process in, from the MPI plugin; throws std::runtime_error,
// one line saying what to install, when the plugin is absent or cannot load. Initialises MPI on
// first use and finalises it at exit.
const Cluster& mpi_cluster();

// Stops every process of the cluster after an error on one (the others would wait forever).
[[noreturn]] void abort_cluster(int status);

// The plugin: its file, and the two C functions it exports (`const Cluster* ENTRY()`, the
// cluster, MPI initialised; `void ABORT(int status)`). The suffix names this interface's
// version: change it whenever Cluster changes, so that a stale plugin is refused.
inline constexpr char kMpiPluginFile[] = "libtbgen_mpi.so";
inline constexpr char kMpiClusterEntry[] = "tbgen_mpi_cluster_v1";
inline constexpr char kMpiAbortEntry[] = "tbgen_mpi_abort_v1";

}  // namespace tbgen
