#include "game_reader.hpp"

#include <cstdlib>

namespace tbgen {

tbreader::Game::Answer GameReader::probe_numeric(const TableSet& tables,
                                                 const tbreader::Game::Position& p) const {
  if (p.pieces) throw tbreader::InputError(name() + " has no kinds of pieces: give pieces as null");
  if (p.to_move < -1 || p.to_move > 1)
    throw tbreader::InputError("to_move " + std::to_string(p.to_move) +
                               ": 0 the first player, 1 the second, -1 from the counts");
  const bool hands = p.hand[0] != 0 || p.hand[1] != 0;
  if (hands && p.to_move < 0)
    throw tbreader::InputError(name() + ": a position with marks in hand needs the side to move");
  const std::int32_t v =
      hands ? morris_value(tables, p.first, p.second, p.to_move == 0, p.hand[0], p.hand[1])
      : p.to_move < 0 ? value_of(tables, p.first, p.second)
                      : value_with_side(tables, p.first, p.second, p.to_move == 0);
  return {v, numbers_distance() && v != 0 ? std::abs(v) - 1 : -1};
}

}  // namespace tbgen
