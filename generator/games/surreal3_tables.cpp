#include <algorithm>

#include "games/game_tables.hpp"
#include "games/surreal3_table.hpp"
#include "retro/position_solver.hpp"
#include "rules/surreal3.hpp"

namespace tbgen {
namespace {

Dyadic stored_value(const tbreader::Tablebase& tables, std::uint32_t board) {
  const auto v = tbreader::probe_surreal3(tables, board);
  return Dyadic::from_parts(v.numerator, v.exponent);
}

class Surreal3Tables final : public GameTables {
 public:
  std::string id() const override { return "surreal3"; }

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

  std::string deep_verify(const tbreader::Tablebase& tables, const std::string& name,
                          unsigned /*threads*/) const override {
    if (name != surreal3_table::kName) throw tbreader::Error(name + ": not a surreal3 table name");
    const surreal3::Game game;
    std::vector<std::uint64_t> next;
    std::vector<Dyadic> values;
    for (std::uint32_t i = 0; i < surreal3_table::kEntries; ++i) {
      game.successors(i, next);
      values.clear();
      for (auto s : next) values.push_back(stored_value(tables, static_cast<std::uint32_t>(s)));
      const Dyadic expected = next.empty() ? game.terminal_value(i) : game.combine(i, values);
      if (stored_value(tables, i) != expected)
        throw tbreader::Error("surreal3: board " + surreal3::board_text(i) + " stores " +
                              stored_value(tables, i).text() + " but its options give " +
                              expected.text());
    }
    return one_ply_note(surreal3_table::kEntries);
  }
};

}  // namespace

std::unique_ptr<GameTables> make_surreal3_tables() {
  return std::make_unique<Surreal3Tables>();
}

}  // namespace tbgen
