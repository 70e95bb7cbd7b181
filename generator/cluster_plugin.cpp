// --mpi without tbgen linking MPI. The MPI cluster is a plugin, libtbgen_mpi.so
// (cluster_mpi.cpp, built when CMake finds MPI; the Debian package tbgen-mpi installs it), that
// tbgen loads the first time --mpi asks for it. So the base install needs no Open MPI, and a
// machine with Open MPI and the plugin builds under mpirun as before.
//
// Where the plugin is: $TBGEN_MPI_PLUGIN, else TBGEN_MPI_PLUGIN_DIR (the install's library
// folder, relative to its bin folder) beside this executable: build/bin/../lib/tbgen in the
// build tree, /usr/bin/../lib/tbgen once installed. The plugin exports two C functions,
// versioned by the Cluster interface they serve (cluster.hpp).
#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "generator/cluster.hpp"

#ifndef TBGEN_MPI_PLUGIN_DIR
#define TBGEN_MPI_PLUGIN_DIR "../lib/tbgen"
#endif

namespace tbgen {
namespace {

using ClusterEntry = const Cluster* (*)();
using AbortEntry = void (*)(int);

AbortEntry loaded_abort = nullptr;  // set once the plugin is loaded

std::filesystem::path plugin_path() {
  if (const char* set = std::getenv("TBGEN_MPI_PLUGIN"); set != nullptr && *set != '\0') return set;
  std::error_code failed;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", failed);
  return (failed ? std::filesystem::path(".") : self.parent_path()) / TBGEN_MPI_PLUGIN_DIR /
         kMpiPluginFile;
}

const Cluster* load() {
  const auto path = plugin_path();
  std::error_code failed;
  if (!std::filesystem::exists(path, failed))
    throw std::runtime_error(
        "--mpi: the MPI plugin " + path.string() +
        " is not installed (install the package tbgen-mpi, which brings Open MPI; or build "
        "tbgen where libopenmpi-dev and openmpi-bin are installed, as scripts/setup.sh does)");
  // RTLD_GLOBAL: Open MPI loads components of its own that look for its symbols.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (handle == nullptr)
    throw std::runtime_error("--mpi: cannot load the MPI plugin: " + std::string(dlerror()) +
                             " (is Open MPI installed? the package tbgen-mpi depends on it)");
  const auto cluster = reinterpret_cast<ClusterEntry>(dlsym(handle, kMpiClusterEntry));
  const auto abort = reinterpret_cast<AbortEntry>(dlsym(handle, kMpiAbortEntry));
  if (cluster == nullptr || abort == nullptr)
    throw std::runtime_error("--mpi: " + path.string() +
                             " is not this tbgen's MPI plugin (install tbgen-mpi of the same "
                             "version as tbgen)");
  loaded_abort = abort;
  return cluster();
}

}  // namespace

const Cluster& mpi_cluster() {
  static const Cluster* const cluster = load();  // a failed load throws, and is tried again
  return *cluster;
}

void abort_cluster(int status) {
  if (loaded_abort != nullptr) loaded_abort(status);
  std::exit(status);
}

}  // namespace tbgen
