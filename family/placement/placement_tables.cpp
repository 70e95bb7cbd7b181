// Building a family member's tables in one process, and deep-checking them.
#include "family/placement/placement_tables.hpp"

#include <cstdio>

#include "core/combinatorial.hpp"
#include "core/parallel.hpp"
#include "family/family_game.hpp"
#include "generator/build_driver.hpp"

namespace tbgen::family {
namespace {

std::string board_text(const Rules& rules, std::uint32_t first, std::uint32_t second) {
  std::string s;
  for (int i = 0; i < rules.cells(); ++i) {
    if (i && i % rules.cols == 0) s += '/';
    s += (first >> i & 1) ? rules.first : (second >> i & 1) ? rules.second : '.';
  }
  return s;
}

// The codes of every `stride`-th block of `source` (blocks as the write cuts them), gathered once
// into one buffer, and a source that serves them from it (any other range from `source`): the
// samples that choose a keying read each sampled block three times (two packings, then the
// write's settings). One allocation, so that its memory goes back to the system when it is freed.
CodeSource sampled_once(CodeSource source, std::uint64_t entries, std::uint32_t stride,
                        unsigned threads) {
  constexpr std::uint64_t block = std::uint64_t{1} << kLayerWrite.block_entries_log2;
  const std::uint64_t apart = block * stride;
  const std::uint64_t samples = (entries + apart - 1) / apart;
  auto codes = std::make_shared<std::vector<std::uint8_t>>(samples * block);
  parallel_for(threads, samples, [&](std::uint64_t i) {
    source(i * apart, std::min(block, entries - i * apart), codes->data() + i * block);
  });
  return [source = std::move(source), codes, apart](std::uint64_t first, std::uint64_t count,
                                                    std::uint8_t* out) {
    if (first % apart != 0 || count > block) return source(first, count, out);
    const auto at = codes->begin() + static_cast<std::ptrdiff_t>(first / apart * block);
    std::copy(at, at + static_cast<std::ptrdiff_t>(count), out);
  };
}

}  // namespace

PlacementTables::PlacementTables(Rules rules) : member_(std::move(rules)) {}

std::optional<BuildNeeds> PlacementTables::needs(int processes) const {
  const Rules& rules = member_.rules();
  const auto n = static_cast<std::uint64_t>(processes);
  const auto bytes = [&](const LayerShape& s) {  // LayerPlanes: planes of whole 64-entry groups
    return static_cast<std::uint64_t>(member_.planes()) * s.classes * ((s.per_class + 63) / 64) * 8;
  };
  BuildNeeds needs;
  std::uint64_t layers = 0;  // the most a process holds at once: a layer and the next
  for (int t = 0; t < rules.turns; ++t) {
    const LayerShape s = member_.shape(t);
    // Every board with the layer's counts, before symmetry.
    needs.positions +=
        combinatorial::binomial(rules.cells(), rules.first_marks(t)) *
        combinatorial::binomial(rules.cells() - rules.first_marks(t), rules.second_marks(t));
    needs.stored += s.entries;
    if (t < member_.stored_layers()) {
      needs.disk += (s.entries * member_.entry_bits() + 7) / 8;
    }
    // Layer t + 1 is held both ways only where it is written (stored); else the mover's keying
    // is made a round at a time (distributed) or not at all.
    const std::uint64_t next =
        t + 1 < rules.turns
            ? bytes(member_.shape(t + 1)) +
                  (t + 1 < member_.stored_layers() ? bytes(member_.shape(t + 1, true)) : 0)
            : 0;
    layers = std::max(layers, bytes(s) + next);
  }
  // Every process holds the class indexes of the set sizes the layers are keyed by (its share
  // where they are worked out), and the writer's blocks; about 64 MB besides.
  std::uint64_t lookups = 0;
  std::vector<bool> sized(rules.cells() + 1, false);
  for (int t = 0; t < rules.turns; ++t)
    for (const bool by_mover : {false, true}) {
      const LayerShape s = member_.shape(t, by_mover);
      if (sized[s.key_size]) continue;
      sized[s.key_size] = true;
      lookups += ClassIndex::bytes(member_.symmetry(), s.key_size, processes);
    }
  needs.memory = (layers + n - 1) / n + lookups + (std::uint64_t{64} << 20);
  return needs;
}

// One process: layer t + 1 is held as the solve of layer t reads it. A layer whose table is
// keyed by its mover (whichever side compresses smaller on the sample) is re-keyed by the solve
// of the layer before it, which reads it in that order anyway, for little more than the stores,
// and written after that solve.
class PlacementTables::SingleBuild : public Layers {
 public:
  using Layers::Layers;
  Layer load(int t) { return tables_.load(context_.tables, t, context_.threads); }
  Layer solve(int t, std::optional<Layer>& next, std::string&) {
    Progress progress(label(t), member_.shape(t).entries);
    LayerPlanes layer = solve_layer(member_, t, next ? &*next : nullptr, context_.threads,
                                    &progress, by_mover_.get());
    progress.finish();
    return layer;
  }
  void write(int t, Layer& layer, bool read) {
    if (by_mover_) {  // layer t + 1, keyed by the solve just done
      by_mover_keying_.entries =
          packed(member_, codes_of(*by_mover_), by_mover_keying_.header.entry_radix);
      tables_.write_layer(context_, std::move(by_mover_keying_));
      by_mover_.reset();
    }
    // Keyed by whichever side compresses smaller on the sample; the mover's keying is sampled by
    // gathering the sampled blocks alone, each once.
    const unsigned threads = context_.threads;
    Keying by_waiting = tables_.keying(
        layer.shape, [&](std::uint32_t radix) { return packed(member_, codes_of(layer), radix); },
        threads);
    const CodeSource sampled =
        sampled_once(rekeyed_codes(member_, layer), member_.shape(t, true).entries,
                     kKeyingSampleStride, threads);
    Keying mover = tables_.keying(
        member_.shape(t, true),
        [&](std::uint32_t radix) { return packed(member_, sampled, radix); }, threads);
    if (mover.sampled_size >= by_waiting.sampled_size) {
      tables_.write_layer(context_, std::move(by_waiting));
    } else if (read) {
      by_mover_ = std::make_unique<LayerPlanes>(member_, member_.shape(t, true));
      by_mover_keying_ = std::move(mover);
      by_mover_keying_.entries = nullptr;  // it holds the sample's codes; the write re-binds it
    } else {
      // Layer 0, or a layer whose predecessor's table is complete (a resumed build missing only
      // later tables), has no solve after it to re-key it: it is gathered block by block.
      mover.entries = packed(member_, rekeyed_codes(member_, layer), mover.header.entry_radix);
      tables_.write_layer(context_, std::move(mover));
    }
  }

 private:
  std::unique_ptr<LayerPlanes> by_mover_;  // layer t + 1 keyed by its mover, to be written
  Keying by_mover_keying_;
};

void PlacementTables::build(const BuildContext& context) const {
  if (context.cluster) return build_on(context, *context.cluster);
  SingleBuild build(*this, context);
  drive_build(context, single_process(), build);
}

std::string PlacementTables::deep_verify(const TableSet& tables, const std::string& name,
                                         unsigned threads) const {
  const int turn = layer_named(Layers(*this, {}), name);
  const auto dir = tables.directory();
  const LayerPlanes stored = load(dir, turn, threads);
  std::unique_ptr<LayerPlanes> next;
  if (turn + 1 < member_.stored_layers())
    next = std::make_unique<LayerPlanes>(load(dir, turn + 1, threads));
  else if (turn + 1 < member_.rules().turns)  // no table: derived from the scored last layer
    next = std::make_unique<LayerPlanes>(solve_layer(member_, turn + 1, nullptr, threads, nullptr));
  LayerPlanes derived = solve_layer(member_, turn, next.get(), threads, nullptr);
  next.reset();  // before a re-keying needs as much memory again
  if (stored.shape.key_is_mover) derived = rekeyed(member_, derived, threads);
  if (derived.words != stored.words) {
    const auto& s = stored.shape;
    const Symmetry& sym = member_.symmetry();
    for (std::uint64_t i = 0; i < s.entries; ++i) {
      if (derived.get(i) == stored.get(i)) continue;
      const auto [key, other] = sym.keyed_sets(s.key_size, s.other_size, s.per_class, i);
      throw tbreader::Error(path(dir, turn).string() + ": position " +
                            board_text(member_.rules(), s.key_is_first() ? key : other,
                                       s.key_is_first() ? other : key) +
                            " (entry " + std::to_string(i) + ") stores " +
                            std::to_string(stored.get(i)) + " but its successors give " +
                            std::to_string(derived.get(i)));
    }
  }
  return one_ply_note(stored.shape.entries);
}

LayerPlanes PlacementTables::load(const std::filesystem::path& dir, int turn, unsigned threads,
                                  ClassRange range) const {
  const Table table(path(dir, turn), tbreader::CacheMode::single_block);
  if (table.header().game != member_.rules().canonical)
    throw tbreader::Error(table.name() + ": holds a table of '" + table.header().game + "'");
  return load_layer(member_, table, turn, threads, range);
}

format::Header PlacementTables::layer_header(const LayerShape& shape) const {
  format::Header h =
      table_header(member_.rules().canonical, shape.key_is_mover ? kKeyedByMover : kKeyedByWaiting,
                   member_.value_codec(), member_.entry_bits(), shape.entries);
  h.layer = static_cast<std::uint32_t>(shape.turn);
  return h;
}

// A keying's header and entries in the packing that compresses smaller on the sampled blocks at
// level 3, which ranks packings as the slower parser does (neither packing of three codes wins
// everywhere: base-3 digits compress 5-10% smaller in most of double5's layers, 2-bit codes
// 10-20% smaller in its last). Its sample is compressed at the write's own settings, which
// measure its size (at level 3 the sample ranked double5's round 6 keyings the wrong way: 3%
// larger written), without the dictionary the write trains on the keying it takes.
Keying PlacementTables::keying(const LayerShape& shape,
                               const std::function<EntryProducer(std::uint32_t)>& packed_as,
                               unsigned threads, const BlockShare& share) const {
  Keying k;
  k.header = layer_header(shape);
  const WriteOptions sampling{
      .block_entries_log2 = kLayerWrite.block_entries_log2, .zstd_level = 3, .threads = threads};
  k.header.entry_radix = smaller_packing(k.header, packed_as, sampling, kKeyingSampleStride, share);
  k.entries = packed_as(k.header.entry_radix);
  WriteOptions writing = kLayerWrite;
  writing.threads = threads;
  k.sampled_size = compressed_size(
      sample_blocks(k.header, k.entries, writing, kKeyingSampleStride, share), share);
  return k;
}

void PlacementTables::write_layer(const BuildContext& context, Keying keying,
                                  const WriteShare& share) const {
  const auto start = std::chrono::steady_clock::now();
  const int turn = static_cast<int>(keying.header.layer);
  WriteOptions options = kLayerWrite;
  options.threads = context.threads;
  const std::uint64_t checksum =
      write_layer_table(path(context.tables, turn), keying.header, keying.entries, options,
                        share.blocks, share.cluster ? *share.cluster : single_process());
  if (share.cluster && share.cluster->rank() != 0) return;
  if (context.log)
    *context.log << member_.table_name(turn) << ".tb: written, xxh3 " << hex64(checksum) << ", "
                 << keying.header.entry_count << " entries keyed by the "
                 << (keying.header.index_scheme == kKeyedByMover ? "mover" : "side not to move")
                 << ", in " << seconds_since(start) << " s\n";
}

}  // namespace tbgen::family

namespace tbgen {

std::unique_ptr<GameTables> make_placement_tables(family::Rules rules) {
  return std::make_unique<family::PlacementTables>(std::move(rules));
}

}  // namespace tbgen
