// Building a family member's tables with the processes of a cluster (SPEC 9), byte for byte the
// files of one process.
//
// Each process owns a range of every layer's classes and holds only those, plus the few
// classes after them that its last table block reads ("held"). The solve of layer t reads, for
// class c, only class c of layer t + 1 keyed by its mover (family_solver.hpp), so once layer
// t + 1 is keyed that way every solve is local. That re-keying is the one exchange of real size
// per layer: each process asks the owners of the entries its classes need, in rounds of at most
// kRoundEntries entries, and they answer with the codes. A table is written from blocks each
// process compresses from its own classes; rank 0 gathers them and puts the file together. The
// packing and the keying are chosen from sampled sizes added up over the processes, so every
// choice is the one process's choice.
#include <algorithm>
#include <chrono>
#include <cstring>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "family/family_tables.hpp"
#include "solver/bit_planes.hpp"

namespace tbgen::family {
namespace {

constexpr std::uint64_t kRoundEntries = std::uint64_t{1} << 22;

// One process's part of a layer keyed one way.
struct Share {
  ClassRange owned, held;
  BlockShare blocks;
};

Share share_of(const LayerShape& shape, const Cluster& cluster, int rank) {
  const auto n = static_cast<std::uint64_t>(cluster.size());
  const auto r = static_cast<std::uint64_t>(rank);
  Share s;
  s.owned = {shape.classes * r / n, shape.classes * (r + 1) / n};
  const std::uint64_t block = std::uint64_t{1} << kLayerWrite.block_entries_log2;
  const std::uint64_t blocks = (shape.entries + block - 1) / block;
  // The blocks whose first entry lies in the owned classes.
  const auto first_block = [&](std::uint64_t cls) {
    return std::min(blocks, (cls * shape.per_class + block - 1) / block);
  };
  const std::uint64_t first = first_block(s.owned.first);
  const std::uint64_t end = r + 1 == n ? blocks : first_block(s.owned.end);
  s.blocks.first = static_cast<std::uint32_t>(first);
  s.blocks.end = static_cast<std::uint32_t>(std::max(first, end));
  s.blocks.sum = [&cluster](std::uint64_t count) { return cluster.sum(count); };
  // The classes the last block reads.
  const std::uint64_t last_entry = std::min(shape.entries, end * block);
  const std::uint64_t reads =
      end > first ? (last_entry + shape.per_class - 1) / shape.per_class : s.owned.end;
  s.held = {s.owned.first, std::max(s.owned.end, std::min(shape.classes, reads))};
  return s;
}

// Fills the classes a process holds but does not own from their owners.
void fill_held(LayerPlanes& layer, const Cluster& cluster) {
  const int me = cluster.rank();
  const Share mine = share_of(layer.shape, cluster, me);
  const std::uint64_t words = layer.class_size() * sizeof(std::uint64_t);
  std::vector<Bytes> to(cluster.size());
  for (int r = 0; r < cluster.size(); ++r) {
    if (r == me) continue;
    const Share theirs = share_of(layer.shape, cluster, r);
    const std::uint64_t from = std::max(theirs.owned.end, mine.owned.first);
    const std::uint64_t end = std::min(theirs.held.end, mine.owned.end);
    for (std::uint64_t cls = from; cls < end; ++cls) {
      const auto* bytes = reinterpret_cast<const std::uint8_t*>(layer.class_words(cls));
      to[r].insert(to[r].end(), bytes, bytes + words);
    }
  }
  const auto from = cluster.exchange(to);
  for (int r = 0; r < cluster.size(); ++r) {
    if (r == me) continue;
    const Share theirs = share_of(layer.shape, cluster, r);
    const std::uint64_t first = std::max(mine.owned.end, theirs.owned.first);
    for (std::uint64_t at = 0; at < from[r].size(); at += words)
      std::memcpy(layer.class_words(first + at / words), from[r].data() + at, words);
  }
}

// Layer `layer` (this process's slice, either keying) keyed the other way: the slice of the
// classes this process owns in that keying, and those it holds, filled.
LayerPlanes rekey_on(const Member& member, const LayerPlanes& layer, const Cluster& cluster,
                     unsigned threads) {
  const Symmetry& sym = member.symmetry();
  const LayerShape shape = member.shape(layer.shape.turn, !layer.shape.key_is_mover);
  const Share mine = share_of(shape, cluster, cluster.rank());
  LayerPlanes out(shape, layer.planes, mine.held);
  std::vector<std::uint64_t> owner_first(cluster.size());  // first class each rank owns
  for (int r = 0; r < cluster.size(); ++r)
    owner_first[r] = share_of(layer.shape, cluster, r).owned.first;
  const auto& keys = sym.canonical_sets(shape.key_size);
  const auto others = bit_planes::colex_sets(sym.cells() - shape.key_size, shape.other_size);
  const std::uint64_t per_round = std::max<std::uint64_t>(1, kRoundEntries / shape.per_class);
  const std::uint64_t owned = mine.owned.end - mine.owned.first;
  const std::uint64_t rounds = cluster.max((owned + per_round - 1) / per_round);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const std::uint64_t first = std::min(mine.owned.end, mine.owned.first + round * per_round);
    const std::uint64_t end = std::min(mine.owned.end, first + per_round);
    // Where each entry of these classes stands in `layer`, and which process owns it.
    std::vector<std::uint64_t> index((end - first) * shape.per_class);
    std::vector<std::uint16_t> owner(index.size());
    parallel_for(threads, end - first, [&](std::uint64_t c) {
      const std::uint32_t key = keys[first + c];
      const std::uint32_t free = sym.full() & ~key;
      for (std::uint64_t j = 0; j < others.size(); ++j) {
        const std::uint32_t other = combinatorial::deposit_bits(others[j], free);
        const Location at = locate(sym, layer.shape, other, key);
        const std::uint64_t i = c * shape.per_class + combinatorial::revolving_door_rank(others[j]);
        index[i] = at.cls * layer.shape.per_class + at.rank;
        owner[i] = static_cast<std::uint16_t>(
            std::upper_bound(owner_first.begin(), owner_first.end(), at.cls) - owner_first.begin() -
            1);
      }
    });
    std::vector<Bytes> asks(cluster.size());
    for (std::size_t i = 0; i < index.size(); ++i) {
      const auto* bytes = reinterpret_cast<const std::uint8_t*>(&index[i]);
      asks[owner[i]].insert(asks[owner[i]].end(), bytes, bytes + sizeof index[i]);
    }
    const auto asked = cluster.exchange(asks);
    std::vector<Bytes> answers(cluster.size());
    for (int r = 0; r < cluster.size(); ++r) {
      const std::size_t n = asked[r].size() / sizeof(std::uint64_t);
      answers[r].resize(n);
      parallel_for(threads, (n + 4095) / 4096, [&](std::uint64_t chunk) {
        for (std::size_t k = chunk * 4096; k < std::min(n, (chunk + 1) * 4096); ++k) {
          std::uint64_t i = 0;
          std::memcpy(&i, asked[r].data() + k * sizeof i, sizeof i);
          answers[r][k] = static_cast<std::uint8_t>(layer.get(i));
        }
      });
    }
    const auto codes = cluster.exchange(answers);
    std::vector<std::size_t> next(cluster.size(), 0);
    for (std::size_t i = 0; i < index.size(); ++i) {
      const std::uint64_t cls = first + i / shape.per_class, rank = i % shape.per_class;
      const Code code = codes[owner[i]][next[owner[i]]++];
      std::uint64_t* group = out.class_words(cls) + out.planes * (rank >> 6);
      for (Code j = 0; j < code; ++j) group[j] |= std::uint64_t{1} << (rank & 63);
    }
  }
  fill_held(out, cluster);
  return out;
}

}  // namespace

void FamilyTables::build_on(const BuildContext& context, const Cluster& cluster) const {
  const int stored = member_.stored_layers();
  // Rank 0 looks at the files (a shared directory); every rank goes by what it saw.
  Bytes seen;
  if (cluster.rank() == 0)
    for (const bool c : complete_tables(context.tables)) seen.push_back(c);
  seen = cluster.broadcast(std::move(seen));
  const std::vector<bool> complete(seen.begin(), seen.end());
  const auto share = [&](const LayerShape& shape) {
    return share_of(shape, cluster, cluster.rank());
  };
  const auto write = [&](const LayerPlanes& by_waiting, const LayerPlanes& by_mover) {
    write_layer(context, by_waiting, by_mover,
                {.by_waiting = share(by_waiting.shape).blocks,
                 .by_mover = share(by_mover.shape).blocks,
                 .cluster = &cluster});
  };
  std::unique_ptr<LayerPlanes> next;  // this process's slice of layer t + 1, either keying
  for (int t = member_.rules().turns - 1; t >= 0; --t) {
    const bool is_stored = t < stored;
    const std::uint64_t sent_before = cluster.bytes_sent();
    if (is_stored && complete[t]) {
      if (context.log) *context.log << member_.table_name(t) << ".tb: kept (already complete)\n";
      next.reset();
      if (t > 0 && !complete[t - 1]) {
        const Table table(path(context.tables, t), tbreader::CacheMode::single_block);
        const bool by_mover = table.header().index_scheme == kKeyedByMover;
        next = std::make_unique<LayerPlanes>(
            load(context.tables, t, context.threads, share(member_.shape(t, by_mover)).held));
      }
      continue;
    }
    if (!is_stored && (t == 0 || complete[t - 1])) continue;
    const auto start = std::chrono::steady_clock::now();
    // Layer t + 1 keyed by its mover: what the solve of layer t reads, class by class.
    std::unique_ptr<LayerPlanes> by_mover;
    if (next && next->shape.key_is_mover) {
      by_mover = std::move(next);
    } else if (next) {
      by_mover = std::make_unique<LayerPlanes>(rekey_on(member_, *next, cluster, context.threads));
      if (t + 1 < stored && !complete[t + 1]) write(*next, *by_mover);
    }
    next.reset();
    const Share mine = share(member_.shape(t));
    const std::string label = member_.rules().stem + " turn " + std::to_string(t);
    std::unique_ptr<Progress> progress;
    if (cluster.rank() == 0)
      progress = std::make_unique<Progress>(
          label, (mine.owned.end - mine.owned.first) * member_.shape(t).per_class);
    auto layer =
        std::make_unique<LayerPlanes>(solve_layer(member_, t, by_mover.get(), context.threads,
                                                  progress.get(), nullptr, mine.owned, mine.held));
    if (progress) progress->finish();
    by_mover.reset();
    fill_held(*layer, cluster);
    if (is_stored && (t == 0 || complete[t - 1]))
      write(*layer, rekey_on(member_, *layer, cluster, context.threads));
    const std::uint64_t exchanged = cluster.sum(cluster.bytes_sent() - sent_before);
    if (context.log)
      *context.log << label << ": solved in " << seconds_since(start) << " s on " << cluster.size()
                   << " processes, " << exchanged << " bytes exchanged"
                   << (is_stored ? "" : " (not stored: scored when probed)") << "\n";
    next = std::move(layer);
  }
}

}  // namespace tbgen::family
