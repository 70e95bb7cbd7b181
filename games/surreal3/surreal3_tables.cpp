#include <algorithm>

#include "games/surreal3/surreal3_layout.hpp"
#include "games/surreal3/surreal3_probe.hpp"
#include "games/surreal3/surreal3_rules.hpp"
#include "generator/game_tables.hpp"
#include "generator/position_solver.hpp"

namespace tbgen {
namespace {

class Surreal3Tables final : public GameTables {
 public:
  void build(const BuildContext& context) const override {
    const auto header =
        table_header("surreal3", surreal3_table::kIndexScheme, surreal3_table::kValueCodec,
                     surreal3_table::kEntryBits, surreal3_table::kEntries);
    const WriteOptions options{
        .block_entries_log2 = 15, .zstd_level = 19, .threads = context.threads};
    write_table_once(context, surreal3_table::kName, header, options, [&] {
      // Throws NotANumber, naming the board, if some board is not a number.
      const auto solved = solve_positions(surreal3::Game{}, context.threads, "surreal3");
      std::vector<std::uint8_t> packed(surreal3_table::kEntries * 8);
      Dyadic low = solved.value[0], high = solved.value[0];
      int largest_exponent = 0;
      for (std::uint32_t i = 0; i < surreal3_table::kEntries; ++i) {
        const Dyadic v = solved.value[i];
        if (v.exponent() > 30 || v.numerator() != static_cast<std::int32_t>(v.numerator()))
          throw std::overflow_error("surreal3: the value " + v.text() + " of board " +
                                    surreal3::board_text(i) + " does not fit the table codec");
        pack_entry(packed.data(), i, 64,
                   surreal3_table::encode(static_cast<std::int32_t>(v.numerator()),
                                          static_cast<std::uint32_t>(v.exponent())));
        low = std::min(low, v);
        high = std::max(high, v);
        largest_exponent = std::max(largest_exponent, v.exponent());
      }
      if (context.log)
        *context.log << "surreal3: all " << surreal3_table::kEntries
                     << " boards are numbers; values from " << low.text() << " to " << high.text()
                     << "; largest denominator " << (1u << largest_exponent) << "\n";
      return packed;
    });
  }

  std::string deep_verify(const TableSet& tables, const std::string& name,
                          unsigned threads) const override {
    if (name != surreal3_table::kName) throw tbreader::Error(name + ": not a surreal3 table name");
    // Every board is stored: each is a position of some sum.
    const auto checked = verify_one_ply(
        surreal3::Game{},
        [&](std::uint64_t i) {
          return std::optional<Dyadic>(probe_surreal3(tables, static_cast<std::uint32_t>(i)));
        },
        [](std::uint64_t i) {
          return "surreal3: board " + surreal3::board_text(static_cast<std::uint32_t>(i));
        },
        threads);
    return one_ply_note(checked);
  }
};

}  // namespace

std::unique_ptr<GameTables> make_surreal3_tables(const GameString&) {
  return std::make_unique<Surreal3Tables>();
}

}  // namespace tbgen
