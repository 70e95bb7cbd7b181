#pragma once
// A slide member (place, then move) in the reader library: boards of cols x rows cells of '.',
// X and O, with the side to move after a colon (`X.O/.X./O..:X`, required once every mark is
// placed); the outcome and the turns left from the member's tables; every move (a placement
// "b2", or a mark moved "a1-b2") with its value.
#include <memory>
#include <optional>

#include "family/member_text.hpp"
#include "family/slide/slide_member.hpp"
#include "game_reader.hpp"

namespace tbgen {

class SlideReader : public GameReader {
 public:
  explicit SlideReader(family::Rules rules);
  std::string name() const override { return member_->rules().canonical; }
  tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                           const tbreader::ProbeOptions& options) const override;
  tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                        const tbreader::ProbeOptions& options) const override;
  void solve(const TableSet& tables, std::istream& in, std::ostream& out) const override;
  // Numbers from the first player's view: 0 a draw, d + 1 when the first player wins with d
  // turns still to be played, -(d + 1) when the second does.
  bool board_family() const override { return true; }
  bool numbers_distance() const override { return true; }
  std::int32_t value_of(const TableSet& tables, std::uint64_t first,
                        std::uint64_t second) const override;
  std::int32_t value_with_side(const TableSet& tables, std::uint64_t first, std::uint64_t second,
                               bool first_to_move) const override;

 private:
  // Throws tbreader::InputError naming the board if it cannot be played from: counts that fit
  // no turn, the side to move missing (movement phase) or against the counts, a line of the side
  // to move or of both, lines of the other side that no single last move made.
  family::SlidePosition parse(const std::string& text) const;
  family::SlidePosition checked(std::uint32_t first, std::uint32_t second,
                                std::optional<bool> first_to_move, Where where) const;
  distance::Code code(const TableSet& tables, const family::SlidePosition& p) const;
  // The value and result lines of a position whose side to move is `first_to_move`.
  tbreader::Value value_text(distance::Code code, bool first_to_move) const;
  tbreader::Result result(distance::Code code, bool first_to_move) const;
  std::int32_t number(const TableSet& tables, std::uint64_t first, std::uint64_t second,
                      std::optional<bool> first_to_move) const;

  std::shared_ptr<const family::SlideMember> member_;
  std::size_t first_slot_;  // TableSet::slot_base() of its game: its layers' slots follow
};

}  // namespace tbgen
