#include "game_reader.hpp"

namespace tbgen {

tbreader::Game::Answer GameReader::probe_numeric(const TableSet& tables,
                                                 const tbreader::Game::Position& p) const {
  expect_marks_position(name(), p, false);
  if (p.to_move >= 0)
    throw tbreader::InputError(name() + ": the side to move follows from the counts of marks; " +
                               "probe with the two masks alone");
  return {value_of(tables, p.first, p.second), -1};
}

void expect_marks_position(const std::string& game, const tbreader::Game::Position& p, bool hands) {
  if (p.pieces) throw tbreader::InputError(game + " has no kinds of pieces: give pieces as null");
  if (!hands && (p.hand[0] != 0 || p.hand[1] != 0))
    throw tbreader::InputError(game + " is not a morris member: it has no hands to give");
  if (p.to_move < -1 || p.to_move > 1)
    throw tbreader::InputError("to_move " + std::to_string(p.to_move) +
                               ": 0 the first player, 1 the second, -1 from the counts");
}

void GameReader::values_of(const TableSet& tables, std::span<const std::uint64_t> first,
                           std::span<const std::uint64_t> second,
                           std::span<std::int32_t> out) const {
  for (std::size_t i = 0; i < first.size(); ++i) {
    try {
      out[i] = probe_numeric(tables, {.first = first[i], .second = second[i]}).value;
    } catch (const tbreader::InputError& e) {
      throw tbreader::InputError(e.what(), i);
    }
  }
}

}  // namespace tbgen
