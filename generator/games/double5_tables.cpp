#include <chrono>
#include <cstdio>

#include "games/double5_table.hpp"
#include "games/game_tables.hpp"
#include "retro/double5_solver.hpp"

namespace tbgen {
namespace {

using namespace double5;

// Chosen by measurement (bench/bench_double5_codec): see docs/FORMAT.md.
constexpr WriteOptions kDouble5Write{.block_entries_log2 = 18, .zstd_level = 3, .threads = 1};

// Neither packing wins everywhere: base-3 digits compress 5-10% smaller in most rounds, 2-bit
// codes 10% smaller in round 9 (bench/bench_double5_codec). So each layer is written in the
// packing that compresses smaller on a sample of its blocks (one in 16); deterministic, and
// about 1 s of work in all.
std::uint32_t smaller_packing(const format::Header& header,
                              const std::function<EntryProducer(std::uint32_t)>& packed_as,
                              const WriteOptions& options) {
  constexpr std::uint32_t kSampleStride = 16;
  std::uint32_t best = 0;
  std::uint64_t best_size = ~std::uint64_t{0};
  for (const std::uint32_t radix : {format::kTernary, 0u}) {
    format::Header h = header;
    h.entry_radix = radix;
    const std::uint64_t size = sampled_compressed_size(h, packed_as(radix), options, kSampleStride);
    if (size < best_size) best = radix, best_size = size;
  }
  return best;
}

std::filesystem::path layer_path(const std::filesystem::path& dir, int round) {
  return dir / (table_name(round) + ".tb");
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

class Double5Tables final : public GameTables {
 public:
  std::string id() const override { return "double5"; }

  void build(const BuildContext& context) const override {
    std::vector<bool> complete(kStoredRounds);
    for (int r = 0; r < kStoredRounds; ++r)
      complete[r] = table_is_complete(layer_path(context.tables, r));
    std::unique_ptr<LayerPlanes> next;  // layer r + 1, when layer r must be computed
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
      LayerPlanes layer = solve_layer(r, next.get(), context.threads, &progress);
      progress.finish();
      const auto solved = std::chrono::steady_clock::now();
      next.reset();
      const auto seconds = [](auto from, auto to) {
        return std::to_string(std::chrono::duration<double>(to - from).count()).substr(0, 5);
      };
      if (stored) {
        auto header =
            table_header("double5", kIndexScheme, kValueCodec, kEntryBits, layer.shape.entries);
        header.layer = static_cast<std::uint32_t>(r);
        WriteOptions options = kDouble5Write;
        options.threads = context.threads;
        const auto packed_as = [&](std::uint32_t radix) -> EntryProducer {
          return [&layer, radix](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
            pack_entries(layer, radix, first, count, out);
          };
        };
        header.entry_radix = smaller_packing(header, packed_as, options);
        const std::uint64_t checksum =
            write_table(path, header, packed_as(header.entry_radix), options);
        if (context.log)
          *context.log << path.filename().string() << ": written, xxh3 " << hex64(checksum) << ", "
                       << layer.shape.entries << " entries, solved in " << seconds(start, solved)
                       << " s, written in " << seconds(solved, std::chrono::steady_clock::now())
                       << " s\n";
      } else if (context.log) {
        *context.log << "double5 round " << r << ": solved in " << seconds(start, solved)
                     << " s (not stored: scored when probed)\n";
      }
      next = std::make_unique<LayerPlanes>(std::move(layer));
    }
  }

  std::string deep_verify(const tbreader::Tablebase& tables, const std::string& name,
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
    const LayerPlanes derived = solve_layer(round, next.get(), threads, nullptr);
    if (derived.words != stored.words) {
      for (std::uint64_t i = 0; i < stored.shape.entries; ++i) {
        if (derived.get(i) == stored.get(i)) continue;
        const auto& s = stored.shape;
        const std::uint32_t key = canonical_sets(s.key_size)[i / s.per_class];
        const std::uint32_t mover = combinatorial::deposit_bits(
            combinatorial::colex_unrank(i % s.per_class, s.other_size), kFull & ~key);
        const auto& to_board = index_to_board();
        const std::uint32_t o = to_board(s.o_to_move ? mover : key);
        const std::uint32_t x = to_board(s.o_to_move ? key : mover);
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

std::unique_ptr<GameTables> make_double5_tables() {
  return std::make_unique<Double5Tables>();
}

}  // namespace tbgen
