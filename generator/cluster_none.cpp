// tbgen built without MPI: --mpi is refused with a clear error.
#include <cstdlib>
#include <stdexcept>

#include "generator/cluster.hpp"

namespace tbgen {

const Cluster& mpi_cluster() {
  throw std::runtime_error(
      "--mpi: this tbgen was built without MPI (install libopenmpi-dev and openmpi-bin, as "
      "scripts/setup.sh does, and build again)");
}

void abort_cluster(int status) {
  std::exit(status);
}

}  // namespace tbgen
