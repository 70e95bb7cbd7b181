#pragma once
// Any family member in the reader library: boards of cols x rows cells of '.', X and O between
// whole turns, the value from the member's tables, and every move (a set of this turn's marks,
// "b2+d4") with its value. Seed games that are members (score3, double5) add their contest
// format by deriving from it.
#include <memory>
#include <vector>

#include "core/combinatorial.hpp"
#include "family/member_text.hpp"
#include "family/placement/placement_member.hpp"
#include "game_reader.hpp"
#include "table_set.hpp"

namespace tbgen {

class PlacementReader : public GameReader {
 public:
  explicit PlacementReader(family::Rules rules);
  std::string name() const override { return member_->rules().canonical; }
  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions& options) const override;
  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions& options) const override;
  bool board_family() const override { return true; }
  std::int32_t value_of(const TableSet& tables, std::uint64_t first,
                        std::uint64_t second) const override;
  void values_of(const TableSet& tables, std::span<const std::uint64_t> first,
                 std::span<const std::uint64_t> second, std::span<std::int32_t> out) const override;

 protected:
  struct Board {
    std::uint32_t first = 0, second = 0;
    int turn = 0;
    // Where a line ends the game, the sides that have one as check() found (a board after a
    // move that made none: neither): bit 0 the first player, bit 1 the second. Four bytes, not
    // two bools: a Board of 14 bytes was copied by overlapping loads that missed the stores just
    // made (a tenth of values_of's time).
    std::uint32_t lines = 0;
  };
  // Throws tbreader::InputError naming `where` if the board cannot arise between whole turns.
  // `where` names the board in an error; it is called only then (a probe that passes builds no
  // message). Inline where no line ends the game: a board is then its counts.
  Board check(std::uint32_t first, std::uint32_t second, Where where) const {
    if (!member_->rules().wins_at_once)
      if (const auto turn =
              member_->turn_of(combinatorial::count_bits(first), combinatorial::count_bits(second)))
        return {first, second, *turn, 0};
    return check_lines(first, second, where);
  }
  Board parse(const std::string& text) const;
  // Rules::terminal() of a checked board, its lines not looked for again.
  bool decided(const Board& b, family::Code* code) const {
    return member_->rules().terminal_by(b.turn, b.first, b.second, code, [&](bool by_first) {
      return (b.lines >> (by_first ? 0 : 1) & 1) != 0;
    });
  }
  family::Code code(const TableSet& tables, const Board& b) const;
  // The codes of many boards, in table order: sorted by (layer, entry), each thread walking its
  // share block by block with one block cached, so every block touched is decoded once and
  // none is kept (a million random double5 boards touch all of them: 600 MB decoded otherwise).
  std::vector<family::Code> codes(const TableSet& tables, std::span<const Board> boards) const;
  tbreader::Value value_text(family::Code code) const;
  const family::Member& member() const { return *member_; }

 private:
  Board check_lines(std::uint32_t first, std::uint32_t second, Where where) const;
  // The table of a stored layer, checked, and its shape (its keying is the table's). Inline, a
  // table this reader has checked and the set trusts: every probe asks.
  const Table& table_of(const TableSet& tables, int turn, const family::LayerShape** shape) const {
    if (const Table* table = tables.open_table(first_slot_ + static_cast<std::size_t>(turn),
                                               member_->table_name(turn))) {
      const bool by_mover = table->header().index_scheme == family::kKeyedByMover;
      if (table->checked_for() == &shapes_checked_[by_mover]) {
        *shape = &member_->stored_shape(turn, by_mover);
        return *table;
      }
    }
    return open_table_of(tables, turn, shape);
  }
  const Table& open_table_of(const TableSet& tables, int turn,
                             const family::LayerShape** shape) const;
  family::Code stored(const TableSet& tables, const Board& b) const;
  family::Code after_move(const TableSet& tables, const Board& b, std::uint32_t marks) const;
  std::shared_ptr<const family::Member> member_;
  std::size_t first_slot_;  // TableSet::slot_base() of its game: its layers' slots follow
  // Marks this reader leaves on a table it has checked (Table::checked_for), one a keying.
  char shapes_checked_[2] = {};
};

}  // namespace tbgen
