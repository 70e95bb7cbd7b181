#include "games/game_tables.hpp"
#include "games/score3_table.hpp"
#include "retro/position_solver.hpp"
#include "rules/score3.hpp"

namespace tbgen {
namespace {

class Score3Tables final : public GameTables {
 public:
  std::string id() const override { return "score3"; }

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

  std::string deep_verify(const tbreader::Tablebase& tables, const std::string& name,
                          unsigned /*threads*/) const override {
    if (name != score3_table::kName) throw tbreader::Error(name + ": not a score3 table name");
    const Score3 game;
    std::vector<std::uint64_t> next;
    std::vector<int> values;
    std::uint64_t checked = 0;
    // One ply: a stored board's value follows from its successors' stored values, and every
    // successor of a stored (reachable) board is stored too; the root is stored.
    if (!tbreader::probe_score3(tables, 0))
      throw tbreader::Error("score3: the empty board is marked unreachable");
    for (std::uint32_t i = 0; i < board3::kBoards; ++i) {
      const auto stored = tbreader::probe_score3(tables, i);
      if (!stored) continue;
      game.successors(i, next);
      values.clear();
      for (auto s : next) {
        const auto v = tbreader::probe_score3(tables, static_cast<std::uint32_t>(s));
        if (!v)
          throw tbreader::Error("score3: board " + std::to_string(s) + ", a successor of " +
                                std::to_string(i) + ", is marked unreachable");
        values.push_back(*v);
      }
      const int expected = next.empty() ? game.terminal_value(i) : game.combine(i, values);
      if (*stored != expected)
        throw tbreader::Error("score3: board " + std::to_string(i) + " stores " +
                              std::to_string(*stored) + " but its successors give " +
                              std::to_string(expected));
      ++checked;
    }
    return one_ply_note(checked);
  }
};

}  // namespace

std::unique_ptr<GameTables> make_score3_tables() {
  return std::make_unique<Score3Tables>();
}

}  // namespace tbgen
