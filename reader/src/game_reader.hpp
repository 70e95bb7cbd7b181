#pragma once
// What the reader library knows of a game: its boards as text, its moves, the values its
// tables give them, and its contest format. One implementation per game, in its folder
// (games/<id>/<id>_reader.cpp); the public tbreader::Game answers through it.
#include <algorithm>
#include <istream>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_string.hpp"
#include "table_set.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen {

class GameReader {
 public:
  virtual ~GameReader() = default;
  virtual std::string name() const = 0;  // canonical game string
  virtual tbreader::Position probe(const TableSet& tables, std::span<const std::string> boards,
                                   const tbreader::ProbeOptions& options) const = 0;
  // The value alone; games whose moves cost much more than the value override it.
  virtual tbreader::Value value(const TableSet& tables, std::span<const std::string> boards,
                                const tbreader::ProbeOptions& options) const {
    return probe(tables, boards, options).value;
  }
  virtual std::vector<std::string> boards_of_line(std::string_view line) const {
    return {std::string(line)};
  }
  // Whether a batch line starting with '#' is a comment; not where a board may start with '#'.
  virtual bool hash_comments() const { return true; }
  virtual void solve(const TableSet& tables, std::istream& in, std::ostream& out) const = 0;
  // Board families: a position as two masks, its value from the first player's view
  // (tbreader::Game::value_of).
  virtual bool board_family() const { return false; }
  virtual std::int32_t value_of(const TableSet&, std::uint64_t, std::uint64_t) const {
    throw tbreader::InputError(name() + " is not a board family: it has no numeric probe");
  }
  // value_of over arrays of one length; the first position refused throws InputError with
  // `item` its index. Board families whose probes read at random overlap the reads.
  virtual void values_of(const TableSet& tables, std::span<const std::uint64_t> first,
                         std::span<const std::uint64_t> second, std::span<std::int32_t> out) const {
    for (std::size_t i = 0; i < first.size(); ++i) {
      try {
        out[i] = value_of(tables, first[i], second[i]);
      } catch (const tbreader::InputError& e) {
        throw tbreader::InputError(e.what(), i);
      }
    }
  }
  // The same with the side to move given: slide members, whose board does not tell it once
  // every mark is placed. Other games' side follows from the counts of marks.
  virtual std::int32_t value_with_side(const TableSet&, std::uint64_t, std::uint64_t, bool) const {
    throw tbreader::InputError(name() + ": the side to move follows from the counts of marks; " +
                               "probe with the two masks alone");
  }
  // The same with the marks in hand given too: morris members.
  virtual std::int32_t morris_value(const TableSet&, std::uint64_t, std::uint64_t, bool, int,
                                    int) const {
    throw tbreader::InputError(name() + " is not a morris member: it has no hands to give");
  }
  // The one numeric probe (tbreader::Game::probe(Position)). By default the calls above, as the
  // position's fields ask, and the distance where the number holds it (slide, morris: the
  // turns left are its size less one).
  virtual tbreader::Game::Answer probe_numeric(const TableSet& tables,
                                               const tbreader::Game::Position& p) const;
  // Whether value_with_side's number is the distance too, d + 1 (slide, morris).
  virtual bool numbers_distance() const { return false; }
};

// The game a game string names (games/games.def); throws tbreader::GameError.
std::unique_ptr<GameReader> make_game_reader(std::string_view game);

// Sorts moves best first for the side to move (stable: equal moves keep board order);
// `better(a, b)` says a's value is better than b's for the mover.
template <class Better>
void sort_best_first(std::vector<tbreader::Move>& moves, Better better) {
  std::stable_sort(moves.begin(), moves.end(),
                   [&](const tbreader::Move& a, const tbreader::Move& b) { return better(a, b); });
}

// "+5", "-3", "0": scores as the text form shows them, with the number for JSON.
inline tbreader::Value score_value(std::int64_t v) {
  return {v > 0 ? "+" + std::to_string(v) : std::to_string(v), v};
}

// Refuses a probe given more or fewer boards than the game takes.
inline void expect_one_board(std::string_view game, std::span<const std::string> boards) {
  if (boards.size() != 1)
    throw tbreader::InputError(std::string(game) + " takes exactly one board, given " +
                               std::to_string(boards.size()));
}

}  // namespace tbgen
