#pragma once
// The tables of a family member: built layer by layer from the last turn back to the empty
// board, by one process (placement_tables.cpp) or by the processes of a cluster
// (placement_cluster_build.cpp, byte for byte the same files), and deep-checked.
#include <filesystem>
#include <string>
#include <utility>

#include "family/placement/placement_solver.hpp"
#include "generator/cluster.hpp"
#include "generator/game_tables.hpp"

namespace tbgen::family {

// A layer keyed one way, ready to write: the header (with the packing that compresses smaller),
// the entries, and the compressed size of its sampled blocks (added up over a cluster).
struct Keying {
  format::Header header;
  EntryProducer entries;
  std::uint64_t sampled_size = 0;
};

// How one process of a cluster takes part in writing a layer: its share of the blocks, and the
// cluster that adds up the samples and gathers the blocks to rank 0.
struct WriteShare {
  BlockShare blocks;
  const Cluster* cluster = nullptr;
};

class PlacementTables final : public GameTables {
 public:
  explicit PlacementTables(Rules rules);
  std::optional<BuildNeeds> needs(int processes) const override;
  void build(const BuildContext& context) const override;
  bool distributed() const override { return true; }
  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override;

 private:
  void build_on(const BuildContext& context, const Cluster& cluster) const;
  std::filesystem::path path(const std::filesystem::path& dir, int turn) const {
    return table_path(dir, member_.table_name(turn));
  }
  std::vector<bool> complete_tables(const std::filesystem::path& dir, const Cluster& cluster) const;
  LayerPlanes load(const std::filesystem::path& dir, int turn, unsigned threads,
                   ClassRange range = {}) const;
  // The header of a layer's table so keyed, before its packing is chosen.
  format::Header layer_header(const LayerShape& shape) const;
  Keying keying(const LayerShape& shape,
                const std::function<EntryProducer(std::uint32_t)>& packed_as, unsigned threads,
                const BlockShare& share = {}) const;
  void write_layer(const BuildContext& context, Keying keying, const WriteShare& share = {}) const;

  static constexpr std::uint32_t kKeyingSampleStride = 32;
  Member member_;
};

}  // namespace tbgen::family

namespace tbgen {

// A placement member's tables (score3 and double5 are built as their members').
std::unique_ptr<GameTables> make_placement_tables(family::Rules rules);

}  // namespace tbgen
