#pragma once
// The build driver of a layered structure (placement, gravity; docs/architecture.md): its
// positions fall into layers whose moves lead only to the next layer (a turn adds marks), so
// each layer is solved once, from the last back to the first, from the layer after it. The
// driver plans a build (a layer whose table is complete is kept, and read back only where the
// layer before it is solved; a layer a killed build left solved is taken as it is), solves,
// times and logs each layer, hands it to the layer before, and has it written. What a layer is,
// and how it is held, solved, read back and written, is the structure's: a class B, one a build
// (it may keep state from layer to layer), with
//
//   using Layer = ...;                          a layer as this process holds it (movable)
//   const std::string& game() const;            the canonical game string
//   int layers() const;                         0 .. layers() - 1, the last ends the game
//   int stored_layers() const;                  layers [0, stored_layers()) have tables
//   std::string table_name(int t) const;        its file's name, without ".tb"
//   bool same_layout(int t, const format::Header& h) const;  a table of layer t to keep
//   std::string label(int t) const;             the layer in the logs ("mnk-4x4-... turn 3")
//   const char* unstored() const;               why the layers past the tables have none
//   Layer load(int t);                          from its complete table, as the layer before
//                                               reads it
//   std::optional<Layer> worked(int t);         a layer a killed build left solved whole, if
//                                               the structure keeps its work (else nullopt)
//   Layer solve(int t, std::optional<Layer>& next, std::string& note);  next: layer t + 1
//                                               (none for the last), which the solve may let
//                                               go of early; note: what the log line adds
//   void write(int t, Layer& layer, bool read); its table; read: the layer before is solved
//                                               from it after
//   void finish();                              once every layer is done
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "generator/cluster.hpp"
#include "generator/game_tables.hpp"
#include "generator/progress.hpp"

namespace tbgen {

// Which layers a build solves: a layer whose table is complete is kept; one a killed build left
// solved is worked; any other is solved if it has a table to write, or if the layer before it
// is solved and reads it.
struct LayerPlan {
  std::vector<bool> kept, worked, solved;
  bool read(int t) const { return t > 0 && solved[t - 1]; }
};

template <class B>
void build_layers(const BuildContext& context, const Cluster& cluster, B& b) {
  const int layers = b.layers(), stored = b.stored_layers();
  std::vector<std::string> names;
  for (int t = 0; t < stored; ++t) names.push_back(b.table_name(t));
  const std::vector<bool> complete = complete_layers(
      context.tables, names, b.game(),
      [&](int t, const format::Header& h) { return b.same_layout(t, h); }, cluster);
  using Layer = typename B::Layer;
  LayerPlan plan{.kept = std::vector<bool>(layers), .worked = {}, .solved = {}};
  std::vector<std::optional<Layer>> worked(layers);
  for (int t = 0; t < layers; ++t) {
    plan.kept[t] = t < stored && complete[t];
    if (!plan.kept[t]) worked[t] = b.worked(t);
    plan.worked.push_back(worked[t].has_value());
    plan.solved.push_back(!plan.kept[t] && !plan.worked[t] && (t < stored || plan.read(t)));
  }
  std::optional<Layer> next;  // layer t + 1, where layer t is solved
  for (int t = layers - 1; t >= 0; --t) {
    if (plan.kept[t]) {
      if (context.log) *context.log << b.table_name(t) << ".tb: kept (already complete)\n";
      next.reset();
      if (plan.read(t)) next.emplace(b.load(t));
      continue;
    }
    std::optional<Layer> layer = std::move(worked[t]);
    if (plan.solved[t]) {
      const auto start = std::chrono::steady_clock::now();
      const std::uint64_t sent_before = cluster.bytes_sent();
      std::string note;
      layer.emplace(b.solve(t, next, note));
      const std::uint64_t exchanged = cluster.sum(cluster.bytes_sent() - sent_before);
      if (context.log) {
        *context.log << b.label(t) << ": solved in " << seconds_since(start) << " s";
        if (cluster.size() > 1)
          *context.log << " on " << cluster.size() << " processes, " << exchanged
                       << " bytes exchanged";
        *context.log << note
                     << (t < stored ? "" : std::string(" (not stored: ") + b.unstored() + ")")
                     << "\n";
      }
    }
    next.reset();  // only layer t reads it
    if (!layer) continue;
    if (t < stored) b.write(t, *layer, plan.read(t));
#ifdef __GLIBC__
    // The write's blocks and samples lie freed in the worker threads' heaps: given back before
    // the next layer is allocated, they do not add to the peak (double5: 20 MB).
    malloc_trim(0);
#endif
    next = std::move(layer);
  }
  b.finish();
}

// The layer whose table is `name` (tbgen verify --deep); throws tbreader::Error if none is.
template <class B>
int layer_named(const B& b, const std::string& name) {
  for (int t = 0; t < b.stored_layers(); ++t)
    if (name == b.table_name(t)) return t;
  throw tbreader::Error(name + ": not a table of " + b.game());
}

}  // namespace tbgen
