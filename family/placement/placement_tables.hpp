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
  // The build driver's hooks (generator/build_driver.hpp): those of every build, and how
  // one process (placement_tables.cpp) and a cluster (placement_cluster_build.cpp) solve, hold
  // and write layers.
  class Layers;
  class SingleBuild;
  class ClusterBuild;
  void build_on(const BuildContext& context, const Cluster& cluster) const;  // by ClusterBuild
  std::filesystem::path path(const std::filesystem::path& dir, int turn) const {
    return table_path(dir, member_.table_name(turn));
  }
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

// What every build of a member's layers shares: the layers are its turns, the layer past the
// last stored one (the full board, or a last turn that ends the game) is scored when probed.
class PlacementTables::Layers {
 public:
  using Layer = LayerPlanes;
  Layers(const PlacementTables& tables, const BuildContext& context)
      : tables_(tables), member_(tables.member_), context_(context) {}
  const std::string& game() const { return member_.rules().canonical; }
  int layers() const { return member_.rules().turns; }
  std::vector<std::string> tables(int t) const {
    if (t < member_.stored_layers()) return {member_.table_name(t)};
    return {};
  }
  bool same_layout(int t, int, const format::Header& h) const {
    return tbgen::same_layout(
        h, tables_.layer_header(member_.shape(t, h.index_scheme == kKeyedByMover)));
  }
  std::string label(int t) const { return member_.rules().stem + " turn " + std::to_string(t); }
  const char* unstored() const { return "scored when probed"; }

 protected:
  const PlacementTables& tables_;
  const Member& member_;
  const BuildContext& context_;
};

}  // namespace tbgen::family

namespace tbgen {

// A placement member's tables (score3 and double5 are built as their members').
std::unique_ptr<GameTables> make_placement_tables(family::Rules rules);

}  // namespace tbgen
