// A gravity member (connect) as a structure of the layered engine for arrays of codes
// (generator/code_layers.hpp): a layer is the boards of t marks, solved range by range with the
// odometer (gravity_solver.hpp); in the class order (centre columns slowest), a move in any but
// the centre columns keeps a class near its own, so the ranges a part of a layer reads are few
// and most of what a process of a cluster reads it owns.
#include "family/gravity/gravity_solver.hpp"
#include "generator/code_layers.hpp"

namespace tbgen::family {
namespace {

class GravityLayers final : public CodeLayers {
 public:
  explicit GravityLayers(Rules rules) : member_(std::move(rules)) {}
  const std::string& game() const override { return member_.rules().canonical; }
  int layers() const override { return member_.layers(); }
  int stored_layers() const override { return member_.stored_layers(); }
  std::string layer_name(int t) const override { return layer_table_name(member_.rules(), 't', t); }
  std::string label(int t) const override {
    return member_.rules().stem + " layer " + std::to_string(t);
  }
  const char* unstored() const override { return "played out when probed"; }
  std::uint64_t entries(int t) const override { return member_.index().entries(t); }
  std::uint64_t positions(int t) const override { return member_.index().positions(t); }
  std::uint32_t entry_bits() const override { return member_.entry_bits(); }
  std::uint32_t value_codes() const override { return member_.rules().codes(); }
  format::Header header(int t) const override {
    format::Header h = table_header(member_.rules().canonical, kGravityIndexScheme,
                                    member_.value_codec(), member_.entry_bits(), entries(t));
    h.layer = static_cast<std::uint32_t>(t);
    return h;
  }
  // The layers' tables as every family member's, but at zstd level 3 (double fast) in place of
  // the optimal parser: these are the largest tables tbgen writes (Connect Four 6x6's two
  // largest layers: 3.8e10 entries each), where level 13 took a quarter of the build's time. On
  // connect 6x5 level 3 writes them 4.0x faster for 5.6% more bytes (docs/FORMAT.md).
  WriteOptions write_options() const override {
    WriteOptions options = kLayerWrite;
    options.zstd_level = 3;
    options.tuning = {};
    return options;
  }
  void solve(int t, std::uint64_t from, std::uint64_t to, const Locate& next, PackedCodes& out,
             unsigned threads, Progress* progress) const override {
    solve_entries(member_, t, from, to, next, out, threads, progress);
  }
  std::vector<std::pair<std::uint64_t, std::uint64_t>> successor_ranges(
      int t, std::uint64_t from, std::uint64_t to) const override {
    return successor_classes(member_, t, from, to);
  }
  void mark_decided(int t, PackedCodes& codes, unsigned threads) const override {
    family::mark_decided(member_, t, codes, threads);
  }
  std::string describe(int t, std::uint64_t entry) const override {
    const GravityIndex& index = member_.index();
    const GravityBoard b = index.board(t, entry);
    std::string s;
    for (int row = index.rows() - 1; row >= 0; --row) {
      if (row < index.rows() - 1) s += '/';
      for (int c = 0; c < index.cols(); ++c) {
        const Bits bit = Bits{1} << (index.shift(c) + row);
        s += !(b.mask & bit)   ? '.'
             : (b.first & bit) ? member_.rules().first
                               : member_.rules().second;
      }
    }
    return s;
  }

 private:
  GravityMember member_;
};

}  // namespace
}  // namespace tbgen::family

namespace tbgen {

std::unique_ptr<GameTables> make_gravity_tables(family::Rules rules) {
  return code_layer_tables(std::make_unique<family::GravityLayers>(std::move(rules)));
}

}  // namespace tbgen
