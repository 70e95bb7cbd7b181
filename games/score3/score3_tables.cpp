#include "games/score3/score3_layout.hpp"
#include "games/score3/score3_probe.hpp"
#include "games/score3/score3_rules.hpp"
#include "solver/game_tables.hpp"
#include "solver/position_solver.hpp"

namespace tbgen {
namespace {

class Score3Tables final : public GameTables {
 public:
  void build(const BuildContext& context) const override {
    const auto header =
        table_header("score3", score3_table::kIndexScheme, score3_table::kValueCodec,
                     score3_table::kEntryBits, score3_table::kEntries);
    // 3^9 bytes: one block keeps a probe at one decode; level 19 costs nothing at this size.
    const WriteOptions options{
        .block_entries_log2 = 15, .zstd_level = 19, .threads = context.threads};
    write_table_once(context, score3_table::kName, header, options, [&] {
      const Score3 game;
      const auto solved = solve_positions(game, context.threads, "score3");
      std::vector<std::uint8_t> packed(score3_table::kEntries);
      for (std::uint32_t i = 0; i < score3_table::kEntries; ++i)
        packed[i] = static_cast<std::uint8_t>(score3_table::encode(
            solved.reachable[i] ? std::optional<int>(solved.value[i]) : std::nullopt));
      return packed;
    });
  }

  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override {
    if (name != score3_table::kName) throw tbreader::Error(name + ": not a score3 table name");
    if (!probe_score3(tables, 0))
      throw tbreader::Error("score3: the empty board is marked unreachable");
    const auto checked = verify_one_ply(
        Score3{},
        [&](std::uint64_t i) { return probe_score3(tables, static_cast<std::uint32_t>(i)); },
        [](std::uint64_t i) { return "score3: board " + std::to_string(i); }, threads);
    return one_ply_note(checked);
  }
};

}  // namespace

std::unique_ptr<GameTables> make_score3_tables(const GameString&) {
  return std::make_unique<Score3Tables>();
}

}  // namespace tbgen
