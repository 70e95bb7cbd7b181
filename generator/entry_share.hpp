#pragma once
// How a distributed build (SPEC 9) cuts a table among its processes: by whole blocks of the
// layered tables (kLayerWrite), so that each process compresses the blocks of its own entries.
#include <cstdint>

#include "format/table_writer.hpp"
#include "generator/cluster.hpp"

namespace tbgen {

// One process's part of a table of `entries`: blocks [blocks.first, blocks.end) and their
// entries [first, end), for process `rank` of `cluster`.
struct EntryShare {
  std::uint64_t first = 0, end = 0;  // entries
  BlockShare blocks;
};
EntryShare entry_share(std::uint64_t entries, const Cluster& cluster, int rank);

}  // namespace tbgen
