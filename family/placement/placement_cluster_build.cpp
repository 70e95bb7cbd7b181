// Building a family member's tables with the processes of a cluster (SPEC 9), byte for byte the
// files of one process.
//
// Each process owns a range of every layer's classes and holds only those, plus the few
// classes after them that its last table block reads ("held"). The solve of layer t reads, for
// class c, only class c of layer t + 1 keyed by its mover (placement_solver.hpp), so once layer
// t + 1 is keyed that way every solve is local. That re-keying is the one exchange of real size
// per layer: each process asks the owners of the entries its classes need, in rounds of at most
// kRoundEntries entries, and they answer with the codes. A table is written from blocks each
// process compresses from its own classes; rank 0 gathers them and puts the file together. The
// packing and the keying are chosen from sampled sizes added up over the processes, so every
// choice is the one process's choice.
#include <algorithm>
#include <cstring>
#include <optional>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "family/placement/placement_tables.hpp"
#include "generator/bit_planes.hpp"
#include "generator/build_driver.hpp"
#include "generator/owner_asks.hpp"

namespace tbgen::family {
namespace {

// A round's asks take at most 40 bytes an entry (noted with their places, 24; the exchange's send
// and receive, 8 each): about 10 MB at 2^18, a part of the fixed amount a process holds.
constexpr std::uint64_t kRoundEntries = std::uint64_t{1} << 18;
// Entries of the next layer keyed by its mover that a solve round keys and reads: 4 MB of
// outcome planes.
constexpr std::uint64_t kSolveRoundEntries = std::uint64_t{1} << 24;

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

// Layer `layer` (this process's slice, either keying) keyed the other way, class by class of
// that keying: what is needed for it is worked out once (the class indexes of both keyings'
// key sizes, each rank's first canonical set of `layer`), then key() keys the classes asked
// for, collectively: every process calls it alike, with its own part (maybe empty).
//
// Per round: where each entry of the round's classes stands in `layer` and who owns it (in
// parallel, class by class); those places sorted by owner, in entry order, through counts per
// chunk of classes; this process's own answered at once, the others' asked for and answered;
// the codes put in place chunk by chunk (a chunk is whole classes, so no two threads share a
// word).
class Rekeying {
 public:
  Rekeying(const Member& member, const LayerPlanes& layer, const Cluster& cluster, unsigned threads)
      : member_(member),
        layer_(layer),
        cluster_(cluster),
        threads_(threads),
        shape_(member.shape(layer.shape.turn, !layer.shape.key_is_mover)),
        mine_(share_of(shape_, cluster, cluster.rank())) {
    const Symmetry& sym = member.symmetry();
    // The classes of both keyings that this process holds; `layer`'s first canonical set of
    // each rank, so that a set's owner is found from its canonical image alone (canonical sets
    // increase with their classes).
    keys_ = sym.classes(shape_.key_size, mine_.owned, threads);
    classes_ = sym.classes(layer.shape.key_size,
                           {layer.first_class, layer.first_class + layer.held}, threads);
    for (int r = 0; r < cluster.size(); ++r)
      owner_first_.push_back(classes_->set_of_any(share_of(layer.shape, cluster, r).owned.first));
    // The other side's sets in the order of their ranks in a class: the entries of a class in
    // order, so that the planes are written a group at a time.
    for (std::uint64_t r = 0; r < shape_.per_class; ++r)
      others_.push_back(combinatorial::revolving_door_unrank(r, shape_.other_size));
  }
  const LayerShape& shape() const { return shape_; }
  const Share& mine() const { return mine_; }
  // The key classes this process owns: those of the layer before `layer` too (the same side
  // keys it, with the same marks), so that its solve need not work them out again.
  std::shared_ptr<const ClassIndex> keys() const { return keys_; }

  // Keys `part` (classes this process owns) into `out`, which holds them.
  void key(ClassRange part, LayerPlanes& out) const;
  // Every class this process owns, and those it holds filled from their owners.
  LayerPlanes whole() const;

 private:
  struct Round;
  void place_local(const Round& round, OwnerAsks& asks, LayerPlanes& out) const;
  void answer(const std::uint64_t* asked, std::size_t n, std::uint8_t* codes) const;

  const Member& member_;
  const LayerPlanes& layer_;
  const Cluster& cluster_;
  unsigned threads_;
  LayerShape shape_;
  Share mine_;
  std::shared_ptr<const ClassIndex> keys_, classes_;
  std::vector<std::uint32_t> owner_first_, others_;
};

// A round of key(): the classes [first, end) of the keying made, in chunks of whole classes (so
// that no two chunks share a word of the planes).
struct Rekeying::Round {
  std::uint64_t first = 0, end = 0, chunk_classes = 1, chunks = 0;
  std::pair<std::uint64_t, std::uint64_t> entries(std::uint64_t k, std::uint64_t pc) const {
    const std::uint64_t c0 = first + k * chunk_classes;
    return {(c0 - first) * pc, (std::min(end, c0 + chunk_classes) - first) * pc};
  }
};

void Rekeying::key(ClassRange part, LayerPlanes& out) const {
  const std::uint64_t pc = shape_.per_class;
  // Chunks of about 2^14 entries, whole classes; a round of at least 8 chunks a thread, so
  // that the threads stay busy to its end.
  const std::uint64_t chunk_classes = std::max<std::uint64_t>(1, (std::uint64_t{1} << 14) / pc);
  const std::uint64_t round_classes =
      chunk_classes * std::max<std::uint64_t>(8 * threads_, kRoundEntries / pc / chunk_classes);
  const std::uint64_t rounds =
      cluster_.max((part.end - part.first + round_classes - 1) / round_classes);
  Round round;
  round.chunk_classes = chunk_classes;
  OwnerAsks asks(cluster_, threads_);
  for (std::uint64_t r = 0; r < rounds; ++r) {
    round.first = std::min(part.end, part.first + r * round_classes);
    round.end = std::min(part.end, round.first + round_classes);
    round.chunks = (round.end - round.first + chunk_classes - 1) / chunk_classes;
    asks.start(round.chunks);
    place_local(round, asks, out);
    // Levels are moved as they are: both keyings hold the same planes.
    asks.exchange([&](const std::uint64_t* keys, std::size_t n,
                      std::uint8_t* codes) { answer(keys, n, codes); },
                  [&](std::uint64_t at, std::uint8_t code) {
                    set_level(out.class_words(at >> 32), out.planes, at & 0xffffffff, code);
                  });
  }
}

// Where each entry of the round's classes stands in `layer` and who owns it, class by class in
// parallel: this process's own entries read and put in place at once, the others' asked of
// their owners as canonical set << 32 | rank (which the owner ranks), for class << 32 | rank of
// `out` (no division by the class size an answer).
void Rekeying::place_local(const Round& round, OwnerAsks& asks, LayerPlanes& out) const {
  const Symmetry& sym = member_.symmetry();
  const int me = cluster_.rank();
  const std::uint64_t pc = shape_.per_class;
  const combinatorial::FastRevolvingDoorRank& revolving_door =
      combinatorial::fast_ranks().revolving_door;
  parallel_for(threads_, round.chunks, [&](std::uint64_t k) {
    const auto [from, to] = round.entries(k, pc);
    constexpr std::size_t kBatch = 64;  // located together: their cache misses overlap
    std::uint32_t sets[kBatch];
    ClassIndex::Place places[kBatch];
    std::uint32_t key_images[kMaxSymmetries];
    std::vector<std::uint64_t> plane_words(out.planes);
    for (std::uint64_t c = from / pc; c < to / pc; ++c) {
      const std::uint32_t key = keys_->set(round.first + c);
      const std::uint32_t free = sym.full() & ~key;
      for (int g = 0; g < sym.size(); ++g) key_images[g] = sym.apply(g, key);
      for (std::size_t j0 = 0; j0 < others_.size(); j0 += kBatch) {
        const std::size_t n = std::min(kBatch, others_.size() - j0);
        for (std::size_t b = 0; b < n; ++b)
          sets[b] = combinatorial::deposit_bits(others_[j0 + b], free);
        classes_->locate(std::span(sets, n), places);
        const std::uint64_t* where[kBatch];
        unsigned bits[kBatch];
        for (std::size_t b = 0; b < n; ++b) {
          const ClassIndex::Place& place = places[b];
          const std::uint32_t rank = revolving_door(combinatorial::extract_bits(
              key_images[place.symmetry], sym.full() & ~place.canonical));
          const auto o = static_cast<std::uint16_t>(
              std::upper_bound(owner_first_.begin(), owner_first_.end(), place.canonical) -
              owner_first_.begin() - 1);
          where[b] = nullptr;
          if (o == me) {  // here: read below, once the batch's loads are under way
            where[b] = layer_.class_words(place.cls) + layer_.planes * (rank >> 6);
            __builtin_prefetch(where[b]);
            bits[b] = rank & 63;
          } else {
            asks.ask(k, o, std::uint64_t{place.canonical} << 32 | rank,
                     (round.first + c) << 32 | (j0 + b));
          }
        }
        // The batch is the class's group j0 / 64: its local entries' planes are built in
        // registers and stored once (the others' bits come in later).
        std::fill(plane_words.begin(), plane_words.end(), 0);
        for (std::size_t b = 0; b < n; ++b)
          if (where[b]) {
            const Code level = group_level(where[b], layer_.planes, bits[b]);
            for (int j = 0; j < out.planes; ++j)
              plane_words[j] |= std::uint64_t{static_cast<Code>(j) < level} << b;
          }
        std::uint64_t* group = out.class_words(round.first + c) + out.planes * (j0 >> 6);
        for (int j = 0; j < out.planes; ++j) group[j] |= plane_words[j];
      }
    }
  });
}

// The codes of asks (canonical set << 32 | rank in `layer`) to `layer`'s owner, here; in
// batches whose loads are issued together.
void Rekeying::answer(const std::uint64_t* asked, std::size_t n, std::uint8_t* codes) const {
  parallel_for(threads_, (n + 4095) / 4096, [&](std::uint64_t chunk) {
    constexpr std::size_t kBatch = 64;
    const std::uint64_t* where[kBatch];
    const std::size_t end_ask = std::min(n, (chunk + 1) * 4096);
    for (std::size_t a0 = chunk * 4096; a0 < end_ask; a0 += kBatch) {
      const std::size_t m = std::min(kBatch, end_ask - a0);
      for (std::size_t b = 0; b < m; ++b) {
        const std::uint64_t ask = asked[a0 + b];
        where[b] = layer_.class_words(classes_->class_of(static_cast<std::uint32_t>(ask >> 32))) +
                   layer_.planes * ((ask & 0xffffffff) >> 6);
        __builtin_prefetch(where[b]);
      }
      for (std::size_t b = 0; b < m; ++b)
        codes[a0 + b] =
            static_cast<std::uint8_t>(group_level(where[b], layer_.planes, asked[a0 + b] & 63));
    }
  });
}

LayerPlanes Rekeying::whole() const {
  LayerPlanes out(member_, shape_, mine_.held);
  key(mine_.owned, out);
  fill_held(out, cluster_);
  return out;
}

}  // namespace

// A cluster: each process holds its share of layer t + 1, keyed either way, as the solve of
// layer t reads it. A layer solved here is written once the layer before has keyed it by its
// mover for its own solve (both keyings are then held anyway); a layer read back keyed by the
// side not to move is keyed a round of classes at a time, each solved at once, so that it is
// never held both ways.
class PlacementTables::ClusterBuild : public Layers {
 public:
  ClusterBuild(const PlacementTables& tables, const BuildContext& context, const Cluster& cluster)
      : Layers(tables, context), cluster_(cluster) {}
  Layer load(int t) {
    // Rank 0 looked at the files (a shared directory): every rank reads the keying it saw.
    const Table table(tables_.path(context_.tables, t), tbreader::CacheMode::single_block);
    const bool by_mover = table.header().index_scheme == kKeyedByMover;
    return tables_.load(context_.tables, t, context_.threads,
                        share(member_.shape(t, by_mover)).held);
  }
  Layer solve(int t, std::optional<Layer>& next, std::string&);
  void write(int, Layer& layer, bool read) {
    if (read)
      unwritten_ = true;  // by the solve of the layer before, which keys it by its mover
    else
      write_keyed(layer, Rekeying(member_, layer, cluster_, context_.threads).whole());
  }

 private:
  Share share(const LayerShape& shape) const { return share_of(shape, cluster_, cluster_.rank()); }
  // A layer is written keyed by whichever side compresses smaller on the sample, as by one
  // process.
  void write_keyed(const LayerPlanes& by_waiting, const LayerPlanes& by_mover) const {
    const auto keyed = [&](const LayerPlanes& layer) {
      return tables_.keying(
          layer.shape, [&](std::uint32_t radix) { return packed(member_, codes_of(layer), radix); },
          context_.threads, share(layer.shape).blocks);
    };
    Keying waiting = keyed(by_waiting), mover = keyed(by_mover);
    Keying& chosen = mover.sampled_size < waiting.sampled_size ? mover : waiting;
    const LayerShape& shape =
        chosen.header.index_scheme == kKeyedByMover ? by_mover.shape : by_waiting.shape;
    tables_.write_layer(context_, std::move(chosen),
                        {.blocks = share(shape).blocks, .cluster = &cluster_});
  }

  const Cluster& cluster_;
  bool unwritten_ = false;  // layer t + 1 was solved here and waits to be written
};

LayerPlanes PlacementTables::ClusterBuild::solve(int t, std::optional<Layer>& next, std::string&) {
  const LayerShape shape = member_.shape(t);
  const Share mine = share(shape);
  std::unique_ptr<Progress> progress;
  std::unique_ptr<LayerPlanes> layer;
  const auto begin_solve = [&] {  // once the next layer is held as the solve reads it
    if (cluster_.rank() == 0)
      progress = std::make_unique<Progress>(label(t),
                                            (mine.owned.end - mine.owned.first) * shape.per_class);
    layer = std::make_unique<LayerPlanes>(member_, shape, mine.held);
  };
  const unsigned threads = context_.threads;
  // Layer t + 1 keyed by its mover is what the solve of layer t reads, class by class.
  std::shared_ptr<const ClassIndex> keys;  // layer t's, where a re-keying worked them out
  if (next && !next->shape.key_is_mover && !unwritten_) {
    const Rekeying rekeying(member_, *next, cluster_, threads);
    keys = rekeying.keys();
    const std::uint64_t round_classes =
        std::max<std::uint64_t>(1, kSolveRoundEntries / rekeying.shape().per_class);
    const std::uint64_t rounds =
        cluster_.max((mine.owned.end - mine.owned.first + round_classes - 1) / round_classes);
    begin_solve();
    for (std::uint64_t round = 0; round < rounds; ++round) {
      ClassRange part;
      part.first = std::min(mine.owned.end, mine.owned.first + round * round_classes);
      part.end = std::min(mine.owned.end, part.first + round_classes);
      LayerPlanes by_mover(member_, rekeying.shape(), part);
      rekeying.key(part, by_mover);
      solve_classes(member_, t, &by_mover, threads,
                    {.solved = part,
                     .keys = keys.get(),
                     .progress = progress.get(),
                     .done_before = (part.first - mine.owned.first) * shape.per_class},
                    *layer);
    }
  } else {
    std::unique_ptr<LayerPlanes> by_mover;
    if (next && next->shape.key_is_mover) {
      by_mover = std::make_unique<LayerPlanes>(std::move(*next));
    } else if (next) {
      const Rekeying rekeying(member_, *next, cluster_, threads);
      keys = rekeying.keys();
      by_mover = std::make_unique<LayerPlanes>(rekeying.whole());
      write_keyed(*next, *by_mover);
      unwritten_ = false;
    }
    next.reset();
    begin_solve();
    solve_classes(member_, t, by_mover.get(), threads,
                  {.solved = mine.owned, .keys = keys.get(), .progress = progress.get()}, *layer);
  }
  next.reset();
  if (progress) progress->finish();
  fill_held(*layer, cluster_);
  return std::move(*layer);
}

void PlacementTables::build_on(const BuildContext& context, const Cluster& cluster) const {
  ClusterBuild build(*this, context, cluster);
  drive_build(context, cluster, build);
}

}  // namespace tbgen::family
