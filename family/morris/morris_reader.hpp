#pragma once
// A morris member in the reader library: positions as SPEC 6 writes them
// (`.../.../.../....../.../.../...:X:9:9`), the outcome and the turns left from the member's
// sector tables, and every turn (`d2`, `d2-d3`, `d2xa1`) with its value, best first.
#include <memory>

#include "family/family_rules.hpp"
#include "family/morris/morris_layout.hpp"
#include "game_reader.hpp"

namespace tbgen {

class MorrisReader : public GameReader {
 public:
  explicit MorrisReader(const family::Rules& rules);
  std::string name() const override { return layout_->rules().canonical; }
  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions& options) const override;
  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions& options) const override;
  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override;
  // Numeric probes (SPEC 10 for morris): masks of points in SPEC's order, the side to move and
  // the hands given; without the hands, none are held.
  bool board_family() const override { return true; }
  bool numbers_distance() const override { return true; }
  std::int32_t value_of(const TableSet& tables, std::uint64_t first,
                        std::uint64_t second) const override;
  std::int32_t value_with_side(const TableSet& tables, std::uint64_t first, std::uint64_t second,
                               bool first_to_move) const override;
  std::int32_t morris_value(const TableSet& tables, std::uint64_t first, std::uint64_t second,
                            bool first_to_move, int first_hand, int second_hand) const override;

 private:
  // The code of a position from the side to move's view, decided ones without a table.
  morris::Code code(const TableSet& tables, const morris::Position& p) const;
  std::shared_ptr<const morris::Layout> layout_;
  std::size_t first_slot_;  // TableSet::slot_base() of its game: its sectors' slots follow
};

}  // namespace tbgen
