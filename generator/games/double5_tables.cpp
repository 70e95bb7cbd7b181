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
    for (int r = kStoredRounds - 1; r >= 0; --r) {
      const auto path = layer_path(context.tables, r);
      if (complete[r]) {
        if (context.log) *context.log << path.filename().string() << ": kept (already complete)\n";
        next = r > 0 && !complete[r - 1]
                   ? std::make_unique<LayerPlanes>(load(path, r, context.threads))
                   : nullptr;
        continue;
      }
      const auto start = std::chrono::steady_clock::now();
      char label[32];
      std::snprintf(label, sizeof label, "double5 round %d", r);
      Progress progress(label, layer_shape(r).entries);
      LayerPlanes layer = solve_layer(r, next.get(), context.threads, &progress);
      progress.finish();
      const auto solved = std::chrono::steady_clock::now();
      next.reset();
      auto header =
          table_header("double5", kIndexScheme, kValueCodec, kEntryBits, layer.shape.entries);
      header.layer = static_cast<std::uint32_t>(r);
      WriteOptions options = kDouble5Write;
      options.threads = context.threads;
      const std::uint64_t checksum = write_table(
          path, header,
          [&](std::uint64_t first, std::uint64_t count, std::uint8_t* out) {
            pack_entries(layer, first, count, out);
          },
          options);
      const auto seconds = [](auto from, auto to) {
        return std::to_string(std::chrono::duration<double>(to - from).count()).substr(0, 5);
      };
      if (context.log)
        *context.log << path.filename().string() << ": written, xxh3 " << hex64(checksum) << ", "
                     << layer.shape.entries << " entries, solved in " << seconds(start, solved)
                     << " s, written in " << seconds(solved, std::chrono::steady_clock::now())
                     << " s\n";
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
    const LayerPlanes derived = solve_layer(round, next.get(), threads, nullptr);
    if (derived.words != stored.words) {
      for (std::uint64_t i = 0; i < stored.shape.entries; ++i) {
        if (derived.get(i) == stored.get(i)) continue;
        const auto& s = stored.shape;
        const std::uint32_t key = canonical_sets(s.key_size)[i / s.per_class];
        const std::uint32_t mover = combinatorial::deposit_bits(
            combinatorial::colex_unrank(i % s.per_class, s.other_size), kFull & ~key);
        const std::uint32_t o = s.o_to_move ? mover : key, x = s.o_to_move ? key : mover;
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
