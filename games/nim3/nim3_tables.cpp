#include <algorithm>
#include <atomic>

#include "games/nim3/nim3_layout.hpp"
#include "games/nim3/nim3_rules.hpp"
#include "generator/game_tables.hpp"
#include "generator/position_solver.hpp"

namespace tbgen {
namespace {

std::string piles_text(const nim3::Piles& p) {
  std::string s;
  for (int c = 0; c < 9; ++c) s += std::to_string(p[c]) + (c == 8 ? "" : c % 3 == 2 ? "/" : " ");
  return s;
}

class Nim3Tables final : public GameTables {
 public:
  explicit Nim3Tables(int max_pile) : k_(max_pile) {}

  void build(const BuildContext& context) const override {
    const int k = k_;
    const nim3::Game game(k);
    const auto header =
        table_header("nim3(max_pile=" + std::to_string(k) + ")", nim3_table::kIndexScheme,
                     nim3_table::kValueCodec, nim3_table::kEntryBits, game.size(),
                     static_cast<std::uint32_t>(k));
    const WriteOptions options{
        .block_entries_log2 = 18, .zstd_level = 9, .threads = context.threads};
    write_table_once(context, nim3_table::name(k), header, options, [&] {
      const auto solved = solve_positions(game, context.threads, nim3_table::name(k));
      std::vector<std::uint8_t> packed(format::packed_bytes(game.size(), nim3_table::kEntryBits),
                                       0);
      for (std::uint64_t i = 0; i < game.size(); ++i)
        if (solved.reachable[i])
          pack_entry(packed.data(), i, nim3_table::kEntryBits, 1u + solved.value[i]);
      return packed;
    });
  }

  // Checks the table `name` whatever its K (the file says), not only this game string's.
  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override {
    const Table& file = tables.table(name);
    const int k = static_cast<int>(file.header().game_parameter);
    if (name != nim3_table::name(k) || k < 1 || k > nim3_table::kMaxPileLimit)
      throw tbreader::Error(name + ": not a nim3 table name");
    const nim3::Game game(k);
    if (file.header().entry_count != game.size())
      throw tbreader::Error(file.name() + ": wrong entry count");

    const auto checked = verify_one_ply(
        game,
        [&](std::uint64_t i) -> std::optional<nim3::Game::Value> {
          const std::uint64_t code = file.entry(i);  // 0: unreachable, else 1 + value
          if (code == 0) return std::nullopt;
          return static_cast<nim3::Game::Value>(code - 1);
        },
        [&](std::uint64_t i) {
          return file.name() + ": state " + std::to_string(i) + " (phase " +
                 std::to_string(game.phase(i)) + ", piles " + piles_text(game.piles(i)) + ")";
        },
        threads);

    // The closed form against the tables on every board with piles 1..K.
    constexpr std::uint64_t kChunk = 1 << 16;
    std::atomic<std::uint64_t> boards{0};
    parallel_for(threads, (game.boards() + kChunk - 1) / kChunk, [&](std::uint64_t chunk) {
      const std::uint64_t end = std::min(game.boards(), (chunk + 1) * kChunk);
      for (std::uint64_t b = chunk * kChunk; b < end; ++b) {
        const nim3::Piles piles = game.piles(b);
        if (std::find(piles.begin(), piles.end(), 0u) != piles.end()) continue;
        int from_tables = 0;
        for (int p = 0; p < 9; ++p) {
          nim3::Piles after = piles;
          after[p] = 0;
          from_tables += file.entry(game.index(1, after)) == 1;  // the second player loses
        }
        if (from_tables != nim3::winning_first_moves(piles))
          throw tbreader::Error(file.name() + ": the closed form gives " +
                                std::to_string(nim3::winning_first_moves(piles)) +
                                " winning first moves for " + piles_text(piles) + ", the tables " +
                                std::to_string(from_tables));
        boards.fetch_add(1, std::memory_order_relaxed);
      }
    });
    return one_ply_note(checked) + "; the closed form agrees on all " +
           std::to_string(boards.load()) + " boards with piles 1.." + std::to_string(k);
  }

 private:
  int k_;
};

}  // namespace

std::unique_ptr<GameTables> make_nim3_tables(const GameString& game) {
  return std::make_unique<Nim3Tables>(static_cast<int>(
      game.integer("max_pile", 1, nim3_table::kMaxPileLimit, nim3_table::kDefaultMaxPile)));
}

}  // namespace tbgen
