#pragma once
// The build driver of every structure (docs/architecture.md). A structure's positions fall into
// layers that the driver solves from the last back to the first: a layer's moves lead only to
// itself or to the layers after it. The layered engine's layers are turns (a turn adds marks, so
// its moves lead only to the next layer); the cyclic engine's are groups of sectors (solved
// together, their moves leading among them or to groups already solved). The driver plans a build
// (a layer whose tables are complete is kept, and read back only where the layer before it is
// solved; a layer a killed build left solved is taken as it is), solves, times and logs each
// layer, hands it to the layer before, and has it written. What a layer is, and how it is held,
// solved, read back and written, is the structure's: a class B, one a build (it may keep state
// from layer to layer), with
//
//   using Layer = ...;                          a layer as this process holds it (movable)
//   const std::string& game() const;            the canonical game string
//   int layers() const;                         0 .. layers() - 1, solved last to first
//   std::vector<std::string> tables(int t) const;  its tables' names, without ".tb" (none: a
//                                               layer solved only for the layer before it)
//   bool same_layout(int t, int k, const format::Header& h) const;  a table tables(t)[k] to keep
//   std::string label(int t) const;             the layer in the logs ("mnk-4x4-... turn 3")
//   Layer load(int t);                          from its complete tables, as the layer before
//                                               reads it
//   Layer solve(int t, std::optional<Layer>& next, std::string& note);  next: layer t + 1
//                                               (none for the last), which the solve may let
//                                               go of early; note: what the log line adds
//   void write(int t, Layer& layer, bool read); its tables; read: the layer before is solved
//                                               from it after
// and, where the structure has them,
//   const char* unstored() const;               why the layers with no tables have none
//   std::optional<Layer> worked(int t);         a layer a killed build left solved whole
//   void planned(const LayerPlan& plan);        before the first solve
//   void finish();                              once every layer is done
#include <chrono>
#include <ctime>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "generator/cluster.hpp"
#include "generator/game_tables.hpp"
#include "generator/progress.hpp"

namespace tbgen {

// Which layers a build solves: a layer whose tables are complete is kept; one a killed build left
// solved is worked; any other is solved if it has tables to write, or if the layer before it is
// solved and reads it.
struct LayerPlan {
  std::vector<bool> kept, worked, solved;
  bool read(int t) const { return t > 0 && solved[t - 1]; }
};

template <class B>
void drive_build(const BuildContext& context, const Cluster& cluster, B& b) {
  const int layers = b.layers();
  std::vector<std::vector<std::string>> tables(layers);
  std::vector<std::string> names;
  std::vector<std::pair<int, int>> owner;  // by name: its layer, its place in the layer's tables
  for (int t = 0; t < layers; ++t) {
    tables[t] = b.tables(t);
    for (std::size_t k = 0; k < tables[t].size(); ++k) {
      names.push_back(tables[t][k]);
      owner.emplace_back(t, static_cast<int>(k));
    }
  }
  const std::vector<bool> complete = complete_layers(
      context.tables, names, b.game(),
      [&](int n, const format::Header& h) {
        return b.same_layout(owner[n].first, owner[n].second, h);
      },
      cluster);
  using Layer = typename B::Layer;
  LayerPlan plan{.kept = std::vector<bool>(layers, true), .worked = {}, .solved = {}};
  for (std::size_t n = 0; n < names.size(); ++n)
    if (!complete[n]) plan.kept[owner[n].first] = false;
  std::vector<std::optional<Layer>> worked(layers);
  for (int t = 0; t < layers; ++t) {
    plan.kept[t] = plan.kept[t] && !tables[t].empty();
    if constexpr (requires { b.worked(t); })
      if (!plan.kept[t]) worked[t] = b.worked(t);
    plan.worked.push_back(worked[t].has_value());
    plan.solved.push_back(!plan.kept[t] && !plan.worked[t] && (!tables[t].empty() || plan.read(t)));
  }
  if constexpr (requires { b.planned(plan); }) b.planned(plan);
  std::optional<Layer> next;  // layer t + 1, where layer t is solved
  for (int t = layers - 1; t >= 0; --t) {
    if (plan.kept[t]) {
      if (context.log)
        for (const std::string& name : tables[t])
          *context.log << name << ".tb: kept (already complete)\n";
      next.reset();
      if (plan.read(t)) next.emplace(b.load(t));
      continue;
    }
    std::optional<Layer> layer = std::move(worked[t]);
    const auto start = std::chrono::steady_clock::now();
    if (plan.solved[t]) {
      const std::clock_t cpu_start = std::clock();  // the machine may be shared: CPU time too
      const std::uint64_t sent_before = cluster.bytes_sent();
      std::string note;
      layer.emplace(b.solve(t, next, note));
      const std::uint64_t exchanged = cluster.sum(cluster.bytes_sent() - sent_before);
      if (context.log) {
        *context.log << b.label(t) << ": solved in " << seconds_since(start) << " s, "
                     << cpu_seconds_since(cpu_start) << " s of CPU";
        if (cluster.size() > 1)
          *context.log << " on " << cluster.size() << " processes, " << exchanged
                       << " bytes exchanged";
        *context.log << note;
        if constexpr (requires { b.unstored(); })
          if (tables[t].empty()) *context.log << " (not stored: " << b.unstored() << ")";
        *context.log << "\n";
      }
    }
    next.reset();  // only layer t reads it
    if (!layer) continue;
    if (!tables[t].empty()) b.write(t, *layer, plan.read(t));
#ifdef __GLIBC__
    // The write's blocks and samples lie freed in the worker threads' heaps: given back before
    // the next layer is allocated, they do not add to the peak (double5: 20 MB). Not after a
    // layer of a second or less: its heap is small, and taking pages back after each of many
    // small layers cost a few per cent of a build of them (morris(board=six): 146 tables).
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) malloc_trim(0);
#endif
    next = std::move(layer);
  }
  if constexpr (requires { b.finish(); }) b.finish();
}

// The layer that holds the table `name` (tbgen verify --deep); throws tbreader::Error if none does.
template <class B>
int layer_named(const B& b, const std::string& name) {
  for (int t = 0; t < b.layers(); ++t)
    for (const std::string& table : b.tables(t))
      if (name == table) return t;
  throw tbreader::Error(name + ": not a table of " + b.game());
}

}  // namespace tbgen
