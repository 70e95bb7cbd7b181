// Building a family member's tables in one process, and deep-checking them.
#include "family/family_tables.hpp"

#include <chrono>
#include <cstdio>

#include "core/combinatorial.hpp"
#include "family/family_game.hpp"

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

}  // namespace

FamilyTables::FamilyTables(Rules rules) : member_(std::move(rules)) {
  if (member_.rules().cells() > kMaxBuiltCells)
    throw tbreader::GameError(
        "game '" + member_.rules().canonical + "': " + std::to_string(member_.rules().cells()) +
        " cells; one machine builds members of at most " + std::to_string(kMaxBuiltCells));
}

std::vector<bool> FamilyTables::complete_tables(const std::filesystem::path& dir) const {
  std::vector<bool> complete(member_.stored_layers());
  for (int t = 0; t < member_.stored_layers(); ++t)
    complete[t] = table_is_complete(path(dir, t), member_.rules().canonical);
  return complete;
}

void FamilyTables::build(const BuildContext& context) const {
  if (context.cluster) return build_on(context, *context.cluster);
  const int stored = member_.stored_layers();
  const std::vector<bool> complete = complete_tables(context.tables);
  std::unique_ptr<LayerPlanes> next;  // layer t + 1, when layer t must be computed
  for (int t = member_.rules().turns - 1; t >= 0; --t) {
    const bool is_stored = t < stored;
    if (is_stored && complete[t]) {
      if (context.log) *context.log << member_.table_name(t) << ".tb: kept (already complete)\n";
      next = t > 0 && !complete[t - 1]
                 ? std::make_unique<LayerPlanes>(load(context.tables, t, context.threads))
                 : nullptr;
      continue;
    }
    if (!is_stored && (t == 0 || complete[t - 1])) continue;
    // Layer t + 1 is written once this solve has re-keyed it by its mover, in whichever
    // keying compresses smaller.
    const bool rekey = next && t + 1 < stored && !complete[t + 1];
    std::unique_ptr<LayerPlanes> by_mover =
        rekey ? std::make_unique<LayerPlanes>(member_.shape(t + 1, true), member_.planes())
              : nullptr;
    const auto start = std::chrono::steady_clock::now();
    const std::string label = member_.rules().stem + " turn " + std::to_string(t);
    Progress progress(label, member_.shape(t).entries);
    LayerPlanes layer =
        solve_layer(member_, t, next.get(), context.threads, &progress, by_mover.get());
    progress.finish();
    if (context.log)
      *context.log << label << ": solved in " << seconds_since(start) << " s"
                   << (is_stored ? "" : " (not stored: scored when probed)") << "\n";
    if (rekey) write_layer(context, *next, *by_mover);
    next.reset();
    by_mover.reset();
    // Layer 0 has no layer before it to re-key it; nor has a layer whose predecessor's table
    // is complete (a resumed build missing only later tables).
    if (is_stored && (t == 0 || complete[t - 1]))
      write_layer(context, layer, rekeyed(member_, layer, context.threads));
    next = std::make_unique<LayerPlanes>(std::move(layer));
  }
}

std::string FamilyTables::deep_verify(const TableSet& tables, const std::string& name,
                                      unsigned threads) const {
  int turn = -1;
  for (int t = 0; t < member_.stored_layers(); ++t)
    if (name == member_.table_name(t)) turn = t;
  if (turn < 0) throw tbreader::Error(name + ": not a table of " + member_.rules().canonical);
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
      const std::uint32_t key = sym.canonical_sets(s.key_size)[i / s.per_class];
      const std::uint32_t other = combinatorial::deposit_bits(
          combinatorial::revolving_door_unrank(i % s.per_class, s.other_size), sym.full() & ~key);
      const std::uint32_t mover = sym.to_board(other), waiting = sym.to_board(key);
      throw tbreader::Error(path(dir, turn).string() + ": position " +
                            board_text(member_.rules(), s.first_to_move ? mover : waiting,
                                       s.first_to_move ? waiting : mover) +
                            " (entry " + std::to_string(i) + ") stores " +
                            std::to_string(stored.get(i)) + " but its successors give " +
                            std::to_string(derived.get(i)));
    }
  }
  return one_ply_note(stored.shape.entries);
}

LayerPlanes FamilyTables::load(const std::filesystem::path& dir, int turn, unsigned threads,
                               ClassRange range) const {
  const Table table(path(dir, turn), tbreader::CacheMode::single_block);
  if (table.header().game != member_.rules().canonical)
    throw tbreader::Error(table.name() + ": holds a table of '" + table.header().game + "'");
  return load_layer(member_, table, turn, threads, range);
}

// The header and producer of a layer's table in the packing that compresses smaller on one
// block in 16 at level 3, which ranks packings as the slower parser does. Neither packing of
// three codes wins everywhere: base-3 digits compress 5-10% smaller in most of double5's
// layers, 2-bit codes 10-20% smaller in its round 9 (bench_double5_codec).
std::pair<format::Header, EntryProducer> FamilyTables::packed(const LayerPlanes& layer,
                                                              unsigned threads,
                                                              std::uint64_t* sampled_size,
                                                              const BlockShare& share) const {
  auto header = table_header(member_.rules().canonical,
                             layer.shape.key_is_mover ? kKeyedByMover : kKeyedByWaiting,
                             member_.value_codec(), member_.entry_bits(), layer.shape.entries);
  header.layer = static_cast<std::uint32_t>(layer.shape.turn);
  const auto packed_as = [&](std::uint32_t radix) -> EntryProducer {
    return [this, &layer, radix](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
      pack_entries(member_, layer, radix, first, count, out);
    };
  };
  const WriteOptions sampling{
      .block_entries_log2 = kLayerWrite.block_entries_log2, .zstd_level = 3, .threads = threads};
  header.entry_radix = smaller_packing(header, packed_as, sampling, kSampleStride, share);
  // The keyings are compared at the write's own settings: at level 3 the sample ranked
  // double5's round 6 the wrong way (3% larger written).
  WriteOptions writing = kLayerWrite;
  writing.threads = threads;
  *sampled_size = sampled_compressed_size(header, packed_as(header.entry_radix), writing,
                                          kKeyingSampleStride, share);
  return {header, packed_as(header.entry_radix)};
}

// Writes a layer keyed by whichever side compresses smaller on the sample (double5's round 8
// is 20% smaller keyed by the mover; most layers compress better keyed by the other side).
void FamilyTables::write_layer(const BuildContext& context, const LayerPlanes& by_waiting,
                               const LayerPlanes& by_mover, const WriteShare& share) const {
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t waiting_size = 0, mover_size = 0;
  auto chosen = packed(by_waiting, context.threads, &waiting_size, share.by_waiting);
  auto other = packed(by_mover, context.threads, &mover_size, share.by_mover);
  const bool by_mover_smaller = mover_size < waiting_size;
  if (by_mover_smaller) chosen = std::move(other);
  const int turn = by_waiting.shape.turn;
  WriteOptions options = kLayerWrite;
  options.threads = context.threads;
  std::uint64_t checksum = 0;
  if (!share.cluster) {
    checksum = write_table(path(context.tables, turn), chosen.first, chosen.second, options);
  } else {
    // Each process compresses its share of the blocks; rank 0 puts the file together.
    const auto blocks = compress_blocks(chosen.first, chosen.second, options,
                                        by_mover_smaller ? share.by_mover : share.by_waiting);
    Bytes mine;
    for (const auto& b : blocks) {
      const std::uint64_t size = b.size();
      mine.insert(mine.end(), reinterpret_cast<const std::uint8_t*>(&size),
                  reinterpret_cast<const std::uint8_t*>(&size) + sizeof size);
      mine.insert(mine.end(), b.begin(), b.end());
    }
    const auto by_rank = share.cluster->gather(mine);
    if (share.cluster->rank() != 0) return;
    std::vector<std::vector<std::uint8_t>> all;
    for (const auto& bytes : by_rank)
      for (std::size_t at = 0; at < bytes.size();) {
        std::uint64_t size = 0;
        std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(at), sizeof size,
                    reinterpret_cast<std::uint8_t*>(&size));
        at += sizeof size;
        all.emplace_back(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                         bytes.begin() + static_cast<std::ptrdiff_t>(at + size));
        at += size;
      }
    checksum = assemble_table(path(context.tables, turn), chosen.first, all, options);
  }
  if (context.log)
    *context.log << member_.table_name(turn) << ".tb: written, xxh3 " << hex64(checksum) << ", "
                 << by_waiting.shape.entries << " entries keyed by the "
                 << (by_mover_smaller ? "mover" : "side not to move") << ", in "
                 << seconds_since(start) << " s\n";
}

}  // namespace tbgen::family

namespace tbgen {

std::unique_ptr<GameTables> make_family_tables(family::Rules rules) {
  return std::make_unique<family::FamilyTables>(std::move(rules));
}

}  // namespace tbgen
