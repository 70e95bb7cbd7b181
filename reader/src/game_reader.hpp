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
  // The contest format (tbprobe solve): the seed games have one; the families do not.
  virtual void solve(const TableSet&, std::istream&, std::ostream&) const {
    throw tbreader::InputError(name() + " has no contest format: use `tbprobe batch " + name() +
                               "` for many positions");
  }
  // Board families: a position as two masks, its value from the first player's view
  // (tbreader::Game::value_of), the side to move following from the counts of marks.
  virtual bool board_family() const { return false; }
  virtual std::int32_t value_of(const TableSet&, std::uint64_t, std::uint64_t) const {
    throw tbreader::InputError(name() + " is not a board family: it has no numeric probe");
  }
  // The one numeric probe (tbreader::Game::probe(Position)); the public value_of calls are its
  // special cases. By default value_of above, where the side follows from the counts and no
  // hands are held (mnk, lines, connect, hex).
  virtual tbreader::Game::Answer probe_numeric(const TableSet& tables,
                                               const tbreader::Game::Position& p) const;
  // probe_numeric's values of positions given as two masks over arrays of one length; the first
  // position refused throws InputError with `item` its index. Board families whose probes read
  // at random overlap the reads.
  virtual void values_of(const TableSet& tables, std::span<const std::uint64_t> first,
                         std::span<const std::uint64_t> second, std::span<std::int32_t> out) const;
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

// Refuses a numeric position (tbreader::Game::Position) that no game of marks takes: piece codes,
// marks in hand where the game has no hands (`hands` false), a to_move other than 0, 1 or -1.
void expect_marks_position(const std::string& game, const tbreader::Game::Position& p, bool hands);

// Refuses a probe given more or fewer boards than the game takes.
inline void expect_one_board(std::string_view game, std::span<const std::string> boards) {
  if (boards.size() != 1)
    throw tbreader::InputError(std::string(game) + " takes exactly one board, given " +
                               std::to_string(boards.size()));
}

}  // namespace tbgen
