// The layered engine for structures whose layers are arrays of value codes (code_layers.hpp):
// built by one process or the processes of a cluster (SPEC 9, byte for byte the same files),
// and deep-checked.
//
// One process streams: layer t is solved in parts, each reading the ranges of layer t + 1 its
// moves lead to from that layer's work file and appended to layer t's as soon as it is solved
// (layer_store.hpp); a stored layer's table is then written from its work file. So a process
// holds a part and what it reads, up to a budget (512 MiB, not Connect Four 6x6's 19 GB of two
// layers), and a killed build resumes at the part it was solving.
//
// In a cluster, each process owns a run of whole table blocks of every layer (the same share of
// blocks of each), solves its own entries and compresses its own blocks; rank 0 puts each file
// together. The solve of layer t reads the ranges of layer t + 1 its moves lead to: a process
// fetches those it does not own from their owners (range_fetch.hpp), round by round over its
// entries, so that it holds about 1/N of two layers plus one round's ranges.
#include "generator/code_layers.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <iterator>
#include <map>
#include <optional>

#include "core/parallel.hpp"
#include "generator/build_driver.hpp"
#include "generator/layer_store.hpp"
#include "generator/range_fetch.hpp"

namespace tbgen {
namespace {

constexpr std::uint64_t kBlock = std::uint64_t{1} << kLayerWrite.block_entries_log2;
constexpr std::uint64_t kRoundEntries = std::uint64_t{1} << 20;  // a process's entries a round
// A single process's part of a layer that reads the next one whole (or none): 2^28 entries,
// 64 MB of codes at 2 bits, unless the build asks another number of entries (a multiple of a
// work file's chunk; tbgen build --part-entries): smaller parts hold less and resume nearer
// where a build was killed.
constexpr std::uint64_t kPartEntries = std::uint64_t{1} << 28;
std::uint64_t part_entries(const BuildContext& context) {
  const std::uint64_t chunk = LayerStore::kChunkEntries, asked = context.part_entries;
  return asked > 0 ? (asked + chunk - 1) / chunk * chunk : kPartEntries;
}
// What a single process holds to solve a layer, in entries: the part (or the layer, held whole)
// and what it reads of the next layer, at most eight parts (512 MiB at 2 bits). A part that
// reads the next layer in runs grows chunk by chunk up to it: a fixed part read from 3 to 7.3
// times its size (6x6, 7x5), so that the memory the first line could promise was that of the
// worst part; filled to the budget, every large layer takes what the first line says.
std::uint64_t budget_entries(std::uint64_t part) {
  return 8 * part;
}
constexpr std::uint32_t kSampleStride = 32;

using Share = EntryShare;

EntryProducer packed(const PackedCodes& codes, std::uint32_t radix) {
  return [&codes, radix](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
    pack_for_table(codes, first, count, radix, out);
  };
}

// The same from a layer's work file: each thread decodes a chunk at a time (a table block lies
// in one chunk) and keeps it for the blocks after, which the writer hands out in order.
EntryProducer packed(const LayerStore& store, std::uint32_t radix) {
  return [&store, radix](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
    thread_local std::uint64_t serial = 0;
    thread_local PackedCodes chunk;
    const std::uint64_t at = first / LayerStore::kChunkEntries * LayerStore::kChunkEntries;
    if (serial != store.serial() || chunk.first() != at) {
      chunk = store.read(at, std::min(LayerStore::kChunkEntries, store.entries() - at), 1);
      serial = store.serial();
    }
    pack_for_table(chunk, first, count, radix, out);
  };
}

// A solved layer as a single process holds it: its work file, and its codes in memory as well
// when the layer below reads it whole (then nothing reads the file back but a resumed build).
struct HeldLayer {
  std::unique_ptr<LayerStore> store;
  std::optional<PackedCodes> codes;
  EntryProducer packed(std::uint32_t radix) const {
    return codes ? tbgen::packed(*codes, radix) : tbgen::packed(*store, radix);
  }
};

using Runs = std::vector<std::pair<std::uint64_t, std::uint64_t>>;  // (first, end), sorted

// Sorted runs with those that overlap or touch made one.
Runs coalesced(const Runs& sorted) {
  Runs out;
  for (const auto& [a, b] : sorted)
    if (!out.empty() && a <= out.back().second)
      out.back().second = std::max(out.back().second, b);
    else
      out.emplace_back(a, b);
  return out;
}

// The runs of whole chunks of a layer of `entries` that hold the ranges (offset, size),
// sorted: what a part of the layer before reads from the work file.
Runs chunk_runs(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& ranges,
                std::uint64_t entries) {
  constexpr std::uint64_t kChunk = LayerStore::kChunkEntries;
  Runs runs;
  for (const auto& [offset, size] : ranges)
    runs.emplace_back(offset / kChunk * kChunk,
                      std::min(entries, (offset + size + kChunk - 1) / kChunk * kChunk));
  return coalesced(runs);
}

Runs joined(const Runs& a, const Runs& b) {
  Runs both;
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
  return coalesced(both);
}

// A part of layer t, [from, to), and the runs of layer t + 1 its moves read.
struct Part {
  std::uint64_t to;
  Runs runs;
};

// Cuts layer t, read from layer t + 1 in runs, into parts, each filled to the budget. Listing
// each chunk's successor ranges is the planning's cost (about 96 s of CPU over 7x5's layers),
// so it lists a batch of chunks ahead on every thread and keeps what a part did not take for
// the next.
class PartPlanner {
 public:
  PartPlanner(const CodeLayers& layers, int t, unsigned threads, std::uint64_t budget)
      : layers_(layers), t_(t), threads_(threads), budget_(budget) {}
  // The part from `from` (a chunk's first entry): whole chunks, or up to the layer's end, as
  // many as keep what is held (the part, or `whole` entries when the layer is held whole) and
  // its runs within the budget; at least one chunk.
  Part next(std::uint64_t from, std::uint64_t whole) {
    if (from != first_) ahead_.clear(), first_ = from;
    const std::uint64_t entries = layers_.entries(t_);
    Part part{.to = from, .runs = {}};
    while (part.to < entries) {
      if (ahead_.empty()) list_ahead();
      Runs runs = joined(part.runs, ahead_.front());
      std::uint64_t read = 0;
      for (const auto& [a, b] : runs) read += b - a;
      const std::uint64_t end = std::min(entries, part.to + LayerStore::kChunkEntries);
      if (part.to > from && (whole > 0 ? whole : end - from) + read > budget_) break;
      part = {.to = end, .runs = std::move(runs)};
      ahead_.pop_front();
      first_ = end;
    }
    return part;
  }

 private:
  void list_ahead() {
    constexpr std::uint64_t kChunk = LayerStore::kChunkEntries;
    const std::uint64_t entries = layers_.entries(t_);
    const std::uint64_t at = first_ + ahead_.size() * kChunk;
    const std::uint64_t count =
        std::min<std::uint64_t>(8 * std::max(1U, threads_), (entries - at + kChunk - 1) / kChunk);
    std::vector<Runs> batch(count);
    parallel_for(threads_, count, [&](std::uint64_t k) {
      const std::uint64_t a = at + k * kChunk, b = std::min(entries, a + kChunk);
      batch[k] = chunk_runs(layers_.successor_ranges(t_, a, b), layers_.entries(t_ + 1));
    });
    for (auto& runs : batch) ahead_.push_back(std::move(runs));
  }

  const CodeLayers& layers_;
  int t_;
  unsigned threads_;
  std::uint64_t budget_;     // budget_entries()
  std::uint64_t first_ = 0;  // the first entry of ahead_'s first chunk
  std::deque<Runs> ahead_;   // the runs of the chunks from first_ on, listed
};

class CodeLayerTables final : public GameTables {
 public:
  explicit CodeLayerTables(std::unique_ptr<const CodeLayers> layers) : s_(std::move(layers)) {}
  std::optional<BuildNeeds> needs(int processes) const override;
  void build(const BuildContext& context) const override;
  bool distributed() const override { return true; }
  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override;

 private:
  std::filesystem::path path(const std::filesystem::path& dir, int t) const {
    return table_path(dir, s_->layer_name(t));
  }
  // The entries [first, first + count) of layer t read back from its verified table.
  PackedCodes load(const std::filesystem::path& dir, int t, std::uint64_t first,
                   std::uint64_t count, unsigned threads) const;
  // Whether a single process reads layer t + 1 whole, once, to solve layer t: when it holds at
  // most four parts (every layer up to 6x5 and 7x4), whose moves would read most of it anyway,
  // and listing the ranges they read would cost time.
  bool reads_whole(int t, std::uint64_t part) const { return s_->entries(t + 1) <= 4 * part; }
  std::filesystem::path work_path(const std::filesystem::path& dir, int t) const {
    return dir / (s_->layer_name(t) + ".work");
  }
  PackedCodes solve(int t, const PackedCodes* next, const Share& mine, const Cluster& cluster,
                    unsigned threads, Progress* progress) const;
  // Whether layer t is held in memory as well as in its work file: when the layer below reads
  // it whole.
  bool held_whole(int t, std::uint64_t part) const { return t > 0 && reads_whole(t - 1, part); }
  // Solves the rest of layer t into out's work file, part by part, reading layer t + 1 from
  // `next` (null for the last layer); keeps its codes in memory too if held_whole(t). Returns
  // what it read and wrote, for the log.
  std::string solve_streamed(const BuildContext& context, int t, const HeldLayer* next,
                             HeldLayer& out) const;
  // Writes layer t's table from `packed_as(radix)`, this process's share of it.
  void write(const BuildContext& context, int t,
             const std::function<EntryProducer(std::uint32_t)>& packed_as, const Share& mine,
             const Cluster& cluster) const;
  // The build driver's hooks (generator/build_driver.hpp): those of every build, and how one
  // process (through work files) and a cluster solve, hold and write layers.
  class Layers;
  class StreamedBuild;
  class DistributedBuild;

  std::unique_ptr<const CodeLayers> s_;
};

// What every build shares.
class CodeLayerTables::Layers {
 public:
  Layers(const CodeLayerTables& tables, const BuildContext& context)
      : tables_(tables), s_(*tables.s_), context_(context) {}
  const std::string& game() const { return s_.game(); }
  int layers() const { return s_.layers(); }
  std::vector<std::string> tables(int t) const {
    if (t < s_.stored_layers()) return {s_.layer_name(t)};
    return {};
  }
  bool same_layout(int t, int, const format::Header& h) const {
    return tbgen::same_layout(h, s_.header(t));
  }
  std::string label(int t) const { return s_.label(t); }
  const char* unstored() const { return s_.unstored(); }

 protected:
  const CodeLayerTables& tables_;
  const CodeLayers& s_;
  const BuildContext& context_;
};

// One process: a layer is its work file (and its codes, where the layer before reads it whole),
// solved part by part and resumed at the part a kill stopped; a work file is removed once the
// layer before is solved (it alone reads it).
class CodeLayerTables::StreamedBuild : public Layers {
 public:
  using Layer = HeldLayer;
  using Layers::Layers;
  // From its table: whole where the layer before reads it so, else into its work file, part by
  // part (a kill here resumes too).
  Layer load(int t) {
    const std::uint64_t entries = s_.entries(t), part = part_entries(context_);
    Layer layer;
    if (tables_.held_whole(t, part)) {
      layer.codes = tables_.load(context_.tables, t, 0, entries, context_.threads);
      return layer;
    }
    layer.store = open(t);
    for (std::uint64_t first = layer.store->done(); first < entries; first = layer.store->done()) {
      const PackedCodes codes = tables_.load(context_.tables, t, first,
                                             std::min(part, entries - first), context_.threads);
      layer.store->append(codes, first, codes.count(), context_.threads);
    }
    return layer;
  }
  // A work file left incomplete is kept open for the solve that resumes it: opening one checks
  // every record it holds, once.
  std::optional<Layer> worked(int t) {
    if (!std::filesystem::exists(tables_.work_path(context_.tables, t))) return std::nullopt;
    std::unique_ptr<LayerStore> store = open(t);
    if (!store->complete()) {
      resumed_[t] = std::move(store);
      return std::nullopt;
    }
    return Layer{.store = std::move(store), .codes = std::nullopt};
  }
  Layer solve(int t, std::optional<Layer>& next, std::string& note) {
    auto kept = resumed_.find(t);
    Layer layer{.store = kept != resumed_.end() ? std::move(kept->second) : open(t),
                .codes = std::nullopt};
    if (kept != resumed_.end()) resumed_.erase(kept);
    note = tables_.solve_streamed(context_, t, next ? &*next : nullptr, layer);
    if (next && next->store) next->store->remove();
    return layer;
  }
  void write(int t, Layer& layer, bool) {
    tables_.write(
        context_, t, [&](std::uint32_t radix) { return layer.packed(radix); },
        entry_share(s_.entries(t), single_process(), 0), single_process());
  }
  void finish() {  // the work files left: those of kept layers, or of an earlier build
    for (int t = 0; t < s_.layers(); ++t)
      std::filesystem::remove(tables_.work_path(context_.tables, t));
  }

 private:
  std::unique_ptr<LayerStore> open(int t) const {
    return std::make_unique<LayerStore>(tables_.work_path(context_.tables, t), game(), t,
                                        s_.entries(t), s_.entry_bits());
  }
  std::map<int, std::unique_ptr<LayerStore>> resumed_;  // work files worked() found incomplete
};

// A cluster: each process solves and writes its own share of a layer's entries (whole table
// blocks), fetching the ranges of layer t + 1 it reads from their owners round by round.
class CodeLayerTables::DistributedBuild : public Layers {
 public:
  using Layer = PackedCodes;
  DistributedBuild(const CodeLayerTables& tables, const BuildContext& context,
                   const Cluster& cluster)
      : Layers(tables, context), cluster_(cluster) {}
  Layer load(int t) {
    const Share mine = share(t);
    return tables_.load(context_.tables, t, mine.first, mine.end - mine.first, context_.threads);
  }
  Layer solve(int t, std::optional<Layer>& next, std::string&) {
    const Share mine = share(t);
    std::unique_ptr<Progress> progress;
    if (cluster_.rank() == 0)
      progress = std::make_unique<Progress>(label(t), mine.end - mine.first);
    PackedCodes layer =
        tables_.solve(t, next ? &*next : nullptr, mine, cluster_, context_.threads, progress.get());
    if (progress) progress->finish();
    return layer;
  }
  void write(int t, Layer& layer, bool) {
    tables_.write(
        context_, t, [&](std::uint32_t radix) { return packed(layer, radix); }, share(t), cluster_);
  }

 private:
  Share share(int t) const { return entry_share(s_.entries(t), cluster_, cluster_.rank()); }
  const Cluster& cluster_;
};

std::optional<BuildNeeds> CodeLayerTables::needs(int processes) const {
  const auto n = static_cast<std::uint64_t>(processes);
  const auto bytes = [&](std::uint64_t entries) { return (entries * s_->entry_bits() + 7) / 8; };
  BuildNeeds needs;
  std::uint64_t layers = 0;
  const std::uint64_t part_size = kPartEntries;  // a build asking smaller holds less
  for (int t = 0; t < s_->layers(); ++t) {
    needs.positions += s_->positions(t);
    needs.stored += s_->entries(t);
    const bool stored = t < s_->stored_layers(), last = t + 1 == s_->layers();
    if (stored) needs.disk += bytes(s_->entries(t));
    if (n > 1) {  // a process holds its share of a layer and of the next
      layers = std::max(layers, bytes(s_->entries(t) + (last ? 0 : s_->entries(t + 1))));
      continue;
    }
    // Solving: a part, or the layer whole when the layer below reads it whole, and what it
    // reads: layer t + 1 whole, or runs of it up to the budget. Then, layer t + 1 let go,
    // writing: a batch of blocks and the table's directory, 16 bytes a block.
    const std::uint64_t held =
        held_whole(t, part_size) ? s_->entries(t) : std::min(s_->entries(t), part_size);
    const std::uint64_t solving =
        last ? held
        : reads_whole(t, part_size)
            ? held + s_->entries(t + 1)
            : std::min(budget_entries(part_size), s_->entries(t) + s_->entries(t + 1));
    const std::uint64_t written = stored ? 2 * 16 * (s_->entries(t) / kBlock) : 0;
    layers = std::max({layers, bytes(solving), bytes(held) + written});
  }
  // Besides: the program, the index's tables and the writer's batch of compressed blocks, 18 to
  // 28 MB on 6x5 and 7x4 (their peaks less the largest term above); in a cluster also a round's
  // ranges fetched from other processes (about a round's entries, twice) and the blocks sent
  // to rank 0, about 64 MiB.
  const std::uint64_t besides =
      n > 1 ? 2 * kRoundEntries * s_->entry_bits() / 8 + (std::uint64_t{64} << 20)
            : std::uint64_t{24} << 20;
  needs.memory = (layers + n - 1) / n + besides;
  return needs;
}

PackedCodes CodeLayerTables::load(const std::filesystem::path& dir, int t, std::uint64_t first,
                                  std::uint64_t count, unsigned threads) const {
  const Table table(path(dir, t), tbreader::CacheMode::single_block);
  const auto& h = table.header();
  if (h.game != s_->game() || !same_layout(h, s_->header(t)))
    throw tbreader::Error(table.name() + ": does not hold " + s_->game() + " layer " +
                          std::to_string(t));
  PackedCodes codes(first, count, s_->entry_bits());
  const std::uint32_t limit = s_->value_codes();
  // Block by block (the range is whole blocks, or the layer's end), each thread its own.
  const std::uint64_t blocks = (count + kBlock - 1) / kBlock;
  parallel_for(threads, blocks, [&](std::uint64_t k) {
    const std::uint64_t from = first + k * kBlock;
    const auto block = table.block(static_cast<std::uint32_t>(from >> h.block_entries_log2));
    for (std::uint64_t e = from; e < std::min(first + count, from + kBlock); ++e) {
      const std::uint64_t code = unpack_entry(block.data(), e & (kBlock - 1), h);
      if (code >= limit)
        throw tbreader::Error(table.name() + ": invalid value code at entry " + std::to_string(e));
      codes.set(e - first, static_cast<std::uint32_t>(code));
    }
  });
  s_->mark_decided(t, codes, threads);
  return codes;
}

PackedCodes CodeLayerTables::solve(int t, const PackedCodes* next, const Share& mine,
                                   const Cluster& cluster, unsigned threads,
                                   Progress* progress) const {
  PackedCodes out(mine.first, mine.end - mine.first, s_->entry_bits());
  if (!next || cluster.size() == 1) {  // everything this solve reads is here
    const Locate locate = next ? locate_in(*next) : Locate{};
    s_->solve(t, mine.first, mine.end, locate, out, threads, progress);
    return out;
  }
  const std::uint64_t rounds =
      cluster.max((mine.end - mine.first + kRoundEntries - 1) / kRoundEntries);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const std::uint64_t a = std::min(mine.end, mine.first + round * kRoundEntries);
    const std::uint64_t b = std::min(mine.end, a + kRoundEntries);
    const FetchedRanges fetched(a < b ? s_->successor_ranges(t, a, b)
                                      : std::vector<std::pair<std::uint64_t, std::uint64_t>>{},
                                *next, s_->entries(t + 1), cluster);
    s_->solve(t, a, b, fetched.locate(*next), out, threads, progress);
  }
  return out;
}

std::string CodeLayerTables::solve_streamed(const BuildContext& context, int t,
                                            const HeldLayer* next, HeldLayer& out) const {
  const std::string label = s_->label(t);
  LayerStore& store = *out.store;
  const std::uint64_t resumed = store.done(), entries = store.entries();
  if (resumed > 0 && context.log)
    *context.log << label << ": resumed at entry " << resumed << " of " << entries << "\n";
  Progress progress(label, entries - resumed);
  const std::uint64_t part_size = part_entries(context);
  if (held_whole(t, part_size)) {
    out.codes.emplace(0, entries, s_->entry_bits());
    if (resumed > 0)
      std::memcpy(out.codes->words(), store.read(0, resumed, context.threads).words(),
                  resumed * s_->entry_bits() / 8);  // whole chunks: whole bytes
  }
  std::uint64_t read = 0;  // entries of layer t + 1 read
  std::vector<PackedCodes> runs;
  const PackedCodes* whole = nullptr;
  if (next && reads_whole(t, part_size)) {
    if (!next->codes)  // a resumed build: the next layer is in its work file only
      runs.push_back(next->store->read(0, next->store->entries(), context.threads));
    whole = next->codes ? &*next->codes : &runs[0];
    read = whole->count();
  }
  PartPlanner planner(*s_, t, context.threads, budget_entries(part_size));
  for (std::uint64_t from = resumed; from < entries;) {
    std::uint64_t to = std::min(entries, from + part_size);
    if (next && !whole) {
      runs.clear();
      const Part part = planner.next(from, held_whole(t, part_size) ? entries : 0);
      for (const auto& [a, b] : part.runs)
        runs.push_back(next->store->read(a, b - a, context.threads)), read += b - a;
      to = part.to;
    }
    PackedCodes part;
    PackedCodes& into =
        out.codes ? *out.codes : (part = PackedCodes(from, to - from, s_->entry_bits()));
    s_->solve(t, from, to,
              !next   ? Locate{}
              : whole ? locate_in(*whole)
                      : locate_in(runs),
              into, context.threads, &progress);
    store.append(into, from, to - from, context.threads);
    from = to;
  }
  progress.finish();
  return (next ? ", read layer " + std::to_string(t + 1) + " " + std::to_string(read) + " entries"
               : "") +
         ", work file " + std::to_string(store.bytes()) + " bytes";
}

void CodeLayerTables::write(const BuildContext& context, int t,
                            const std::function<EntryProducer(std::uint32_t)>& packed_as,
                            const Share& mine, const Cluster& cluster) const {
  const auto start = std::chrono::steady_clock::now();
  format::Header h = s_->header(t);
  const WriteOptions sampling{.block_entries_log2 = kLayerWrite.block_entries_log2,
                              .zstd_level = 3,
                              .threads = context.threads};
  h.entry_radix = smaller_packing(h, packed_as, sampling, kSampleStride, mine.blocks);
  WriteOptions options = s_->write_options();
  options.threads = context.threads;
  const std::uint64_t checksum = write_layer_table(
      path(context.tables, t), h, packed_as(h.entry_radix), options, mine.blocks, cluster);
  if (context.log)
    *context.log << s_->layer_name(t) << ".tb: written, xxh3 " << hex64(checksum) << ", "
                 << h.entry_count << " entries, in " << seconds_since(start) << " s\n";
}

void CodeLayerTables::build(const BuildContext& context) const {
  if (context.cluster && context.cluster->size() > 1) {
    DistributedBuild build(*this, context, *context.cluster);
    drive_build(context, *context.cluster, build);
  } else {
    StreamedBuild build(*this, context);
    drive_build(context, single_process(), build);
  }
}

std::string CodeLayerTables::deep_verify(const TableSet& tables, const std::string& name,
                                         unsigned threads) const {
  const int t = layer_named(Layers(*this, {}), name);
  const auto dir = tables.directory();
  // The layer after the last table is solved again from the full board back, streamed through
  // work files in a scratch directory as a build does.
  std::optional<HeldLayer> tail;
  const BuildContext scratch{.tables = std::filesystem::temp_directory_path() /
                                       ("tbgen-verify-" + std::to_string(::getpid())),
                             .threads = threads};
  if (t + 1 == s_->stored_layers()) {
    std::filesystem::create_directories(scratch.tables);
    for (int l = s_->layers() - 1; l > t; --l) {
      HeldLayer layer;
      layer.store = std::make_unique<LayerStore>(work_path(scratch.tables, l), s_->game(), l,
                                                 s_->entries(l), s_->entry_bits());
      solve_streamed(scratch, l, tail ? &*tail : nullptr, layer);
      if (tail) tail->store->remove();
      tail = std::move(layer);
    }
  }
  // Part by part: the stored part, and the ranges of layer t + 1 its moves lead to.
  PartPlanner planner(*s_, t, threads, budget_entries(part_entries(scratch)));
  for (std::uint64_t from = 0; from < s_->entries(t);) {
    const Part part = planner.next(from, 0);
    const std::uint64_t to = part.to;
    const PackedCodes stored = load(dir, t, from, to - from, threads);
    std::vector<PackedCodes> runs;
    for (const auto& [a, b] : part.runs)
      runs.push_back(tail ? tail->store->read(a, b - a, threads)
                          : load(dir, t + 1, a, b - a, threads));
    PackedCodes derived(from, to - from, s_->entry_bits());
    s_->solve(t, from, to, locate_in(runs), derived, threads, nullptr);
    for (std::uint64_t i = 0; i < stored.count(); ++i) {
      if (derived.get(i) == stored.get(i)) continue;  // decided entries are marked in both
      const std::uint64_t e = from + i;
      throw tbreader::Error(path(dir, t).string() + ": position " + s_->describe(t, e) +
                            " (entry " + std::to_string(e) + ") stores " +
                            std::to_string(stored.get(i)) + " but its moves give " +
                            std::to_string(derived.get(i)));
    }
    from = to;
  }
  if (tail) {
    tail->store->remove();
    std::filesystem::remove_all(scratch.tables);
  }
  return one_ply_note(s_->entries(t));
}

}  // namespace

std::unique_ptr<GameTables> code_layer_tables(std::unique_ptr<const CodeLayers> layers) {
  return std::make_unique<CodeLayerTables>(std::move(layers));
}

}  // namespace tbgen
