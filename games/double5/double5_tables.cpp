#include <chrono>
#include <cstdio>

#include "games/double5/double5_layout.hpp"
#include "games/double5/double5_solver.hpp"
#include "solver/game_tables.hpp"

namespace tbgen {
namespace {

using namespace double5;

// Neither packing wins everywhere: base-3 digits compress 5-10% smaller in most rounds, 2-bit
// codes 10-20% smaller in round 9 (bench/bench_double5_codec). So each layer is written in the
// packing that compresses smaller on a sample of its blocks (one in 16), at level 3, which
// ranks the packings as the slower parser does; deterministic, and well under 1 s in all.

std::filesystem::path layer_path(const std::filesystem::path& dir, int round) {
  return table_path(dir, table_name(round));
}

LayerPlanes load(const std::filesystem::path& path, int round, unsigned threads) {
  const Table table(path, tbreader::CacheMode::single_block);
  return load_layer(table, round, threads);
}

std::string board_text(std::uint32_t o, std::uint32_t x) {
  std::string s;
  for (int i = 0; i < kCells; ++i) {
    if (i && i % 5 == 0) s += '/';
    s += (o >> i & 1) ? 'O' : (x >> i & 1) ? 'X' : '.';
  }
  return s;
}

// Writes a solved layer, in its table keying, in the packing that compresses smaller.
void write_layer(const BuildContext& context, const LayerPlanes& layer) {
  const auto start = std::chrono::steady_clock::now();
  const int round = layer.shape.round;
  const auto path = layer_path(context.tables, round);
  auto header = table_header("double5", kIndexScheme, kValueCodec, kEntryBits, layer.shape.entries);
  header.layer = static_cast<std::uint32_t>(round);
  WriteOptions options = kLayerWrite;
  options.threads = context.threads;
  const auto packed_as = [&](std::uint32_t radix) -> EntryProducer {
    return [&layer, radix](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
      pack_entries(layer, radix, first, count, out);
    };
  };
  header.entry_radix = smaller_packing(header, packed_as,
                                       {.block_entries_log2 = kLayerWrite.block_entries_log2,
                                        .zstd_level = 3,
                                        .threads = context.threads},
                                       16);
  const std::uint64_t checksum = write_table(path, header, packed_as(header.entry_radix), options);
  if (context.log)
    *context.log << path.filename().string() << ": written, xxh3 " << hex64(checksum) << ", "
                 << layer.shape.entries << " entries, in " << seconds_since(start) << " s\n";
}

class Double5Tables final : public GameTables {
 public:
  void build(const BuildContext& context) const override {
    std::vector<bool> complete(kStoredRounds);
    for (int r = 0; r < kStoredRounds; ++r)
      complete[r] = table_is_complete(layer_path(context.tables, r), "double5");
    std::unique_ptr<LayerPlanes> next;  // layer r + 1, when layer r must be computed
    // A layer whose table keying differs from the solver's is re-keyed by the solve of the layer
    // before it, which reads it in that order anyway, and written after that solve.
    std::unique_ptr<LayerPlanes> rekeyed;
    // Round 10 has no table (it is scored when probed) but round 9 is solved from it.
    for (int r = kMoveRounds - 1; r >= 0; --r) {
      const bool stored = r < kStoredRounds;
      const auto path = stored ? layer_path(context.tables, r) : std::filesystem::path();
      if (stored && complete[r]) {
        if (context.log) *context.log << path.filename().string() << ": kept (already complete)\n";
        next = r > 0 && !complete[r - 1]
                   ? std::make_unique<LayerPlanes>(load(path, r, context.threads))
                   : nullptr;
        continue;
      }
      if (!stored && complete[r - 1]) continue;
      const auto start = std::chrono::steady_clock::now();
      char label[32];
      std::snprintf(label, sizeof label, "double5 round %d", r);
      Progress progress(label, layer_shape(r).entries);
      LayerPlanes solved = solve_layer(r, next.get(), context.threads, &progress, rekeyed.get());
      progress.finish();
      next.reset();
      const bool rekey_later =
          stored && r > 0 && !complete[r - 1] && layer_shape(r).key_is_o != solved.shape.key_is_o;
      LayerPlanes layer =
          rekey_later ? std::move(solved) : in_table_keying(std::move(solved), context.threads);
      if (context.log)
        *context.log << "double5 round " << r << ": solved in " << seconds_since(start) << " s"
                     << (stored ? "" : " (not stored: scored when probed)") << "\n";
      if (rekeyed) {  // layer r + 1, re-keyed by this solve
        write_layer(context, *rekeyed);
        rekeyed.reset();
      }
      if (rekey_later)
        rekeyed = std::make_unique<LayerPlanes>(layer_shape(r));
      else if (stored)
        write_layer(context, layer);
      next = std::make_unique<LayerPlanes>(std::move(layer));
    }
  }

  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override {
    int round = -1;
    for (int r = 0; r < kStoredRounds; ++r)
      if (name == table_name(r)) round = r;
    if (round < 0) throw tbreader::Error(name + ": not a double5 table name");
    const auto dir = tables.directory();
    const LayerPlanes stored = load(layer_path(dir, round), round, threads);
    std::unique_ptr<LayerPlanes> next;
    if (round + 1 < kStoredRounds)
      next = std::make_unique<LayerPlanes>(load(layer_path(dir, round + 1), round + 1, threads));
    else  // round 10 has no table: it comes from scoring finished boards, as when built
      next = std::make_unique<LayerPlanes>(solve_layer(round + 1, nullptr, threads, nullptr));
    LayerPlanes solved = solve_layer(round, next.get(), threads, nullptr);
    next.reset();  // before a re-keying needs as much memory again
    const LayerPlanes derived = in_table_keying(std::move(solved), threads);
    if (derived.words != stored.words) {
      for (std::uint64_t i = 0; i < stored.shape.entries; ++i) {
        if (derived.get(i) == stored.get(i)) continue;
        const auto& s = stored.shape;
        const std::uint32_t key = canonical_sets(s.key_size)[i / s.per_class];
        const std::uint32_t other = combinatorial::deposit_bits(
            combinatorial::revolving_door_unrank(i % s.per_class, s.other_size), kFull & ~key);
        const auto& to_board = index_to_board();
        const std::uint32_t o = to_board(s.key_is_o ? key : other);
        const std::uint32_t x = to_board(s.key_is_o ? other : key);
        throw tbreader::Error(layer_path(dir, round).string() + ": position " + board_text(o, x) +
                              " (entry " + std::to_string(i) + ") stores " +
                              std::to_string(stored.get(i)) + " but its successors give " +
                              std::to_string(derived.get(i)));
      }
    }
    return one_ply_note(stored.shape.entries);
  }
};

}  // namespace

std::unique_ptr<GameTables> make_double5_tables(const GameString&) {
  return std::make_unique<Double5Tables>();
}

}  // namespace tbgen
