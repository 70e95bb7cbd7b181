#include "games/weighted3/weighted3_layout.hpp"
#include "games/weighted3/weighted3_rules.hpp"
#include "generator/game_tables.hpp"
#include "generator/position_solver.hpp"

namespace tbgen {
namespace {

using weighted3::TruthTable;

// Both tables from one solve: the pool of truth tables in board order, and the offsets.
struct Encoded {
  std::vector<std::uint8_t> offsets, pool;
  std::uint64_t pool_bits = 0;
};

Encoded encode(unsigned threads) {
  const auto solved = solve_positions(weighted3::Game{}, threads, "weighted3");
  Encoded e;
  e.offsets.assign(weighted3_table::kBoards * 4, 0);
  std::vector<bool> pool;
  for (std::uint32_t i = 0; i < weighted3_table::kBoards; ++i) {
    if (!solved.reachable[i]) {
      pack_entry(e.offsets.data(), i, 32, weighted3_table::kUnreachable);
      continue;
    }
    pack_entry(e.offsets.data(), i, 32, pool.size());
    const TruthTable& t = solved.value[i];
    for (std::uint64_t a = 0; a < (std::uint64_t{1} << t.variables()); ++a) pool.push_back(t.at(a));
  }
  e.pool_bits = pool.size();
  e.pool.assign((pool.size() + 7) / 8, 0);
  for (std::size_t b = 0; b < pool.size(); ++b)
    if (pool[b]) e.pool[b >> 3] = static_cast<std::uint8_t>(e.pool[b >> 3] | 1u << (b & 7));
  return e;
}

class Weighted3Tables final : public GameTables {
 public:
  void build(const BuildContext& context) const override {
    const WriteOptions options{
        .block_entries_log2 = 17, .zstd_level = 19, .threads = context.threads};
    const auto offsets_path = table_path(context.tables, weighted3_table::kOffsetsName);
    const auto pool_path = table_path(context.tables, weighted3_table::kFunctionsName);
    // The pool's size is known only once encoded: its layout is its scheme and codec.
    const auto laid_out = [](std::uint32_t scheme, std::uint32_t codec) {
      return [=](const format::Header& h) {
        return h.index_scheme == scheme && h.value_codec == codec;
      };
    };
    if (table_is_complete(
            offsets_path, "weighted3",
            laid_out(weighted3_table::kOffsetsScheme, weighted3_table::kOffsetsCodec)) &&
        table_is_complete(
            pool_path, "weighted3",
            laid_out(weighted3_table::kFunctionsScheme, weighted3_table::kFunctionsCodec))) {
      if (context.log)
        *context.log << "weighted3-offsets.tb, weighted3-functions.tb: kept (already complete)\n";
      return;
    }
    const Encoded e = encode(context.threads);
    // The pool first: a complete offsets table never points into a missing pool.
    const auto pool_sum =
        write_table(pool_path,
                    table_header("weighted3", weighted3_table::kFunctionsScheme,
                                 weighted3_table::kFunctionsCodec, 1, e.pool_bits),
                    e.pool, options);
    const auto offsets_sum =
        write_table(offsets_path,
                    table_header("weighted3", weighted3_table::kOffsetsScheme,
                                 weighted3_table::kOffsetsCodec, 32, weighted3_table::kBoards),
                    e.offsets, options);
    if (context.log)
      *context.log << "weighted3-functions.tb: written, xxh3 " << hex64(pool_sum) << ", "
                   << e.pool_bits << " truth-table bits\nweighted3-offsets.tb: written, xxh3 "
                   << hex64(offsets_sum) << "\n";
  }

  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override {
    if (name != weighted3_table::kOffsetsName && name != weighted3_table::kFunctionsName)
      throw tbreader::Error(name + ": not a weighted3 table name");
    const Table& offsets = tables.table(weighted3_table::kOffsetsName);
    const Table& pool = tables.table(weighted3_table::kFunctionsName);
    auto stored = [&](std::uint64_t board) -> std::optional<TruthTable> {
      const std::uint64_t offset = offsets.entry(board);
      if (offset == weighted3_table::kUnreachable) return std::nullopt;
      TruthTable t{
          weighted3_table::extending_draw_boards(board3::decode(static_cast<std::uint32_t>(board))),
          {}};
      t.bits.assign(((std::uint64_t{1} << t.variables()) + 63) / 64, 0);
      for (std::uint64_t a = 0; a < (std::uint64_t{1} << t.variables()); ++a)
        if (pool.entry(offset + a)) t.bits[a >> 6] |= std::uint64_t{1} << (a & 63);
      return t;
    };
    if (!stored(0)) throw tbreader::Error(offsets.name() + ": the empty board is not stored");
    const auto checked = verify_one_ply(
        weighted3::Game{}, stored,
        [](std::uint64_t i) { return "weighted3: the truth table of board " + std::to_string(i); },
        threads);
    return one_ply_note(checked);
  }
};

}  // namespace

std::unique_ptr<GameTables> make_weighted3_tables(const GameString&) {
  return std::make_unique<Weighted3Tables>();
}

}  // namespace tbgen
