#pragma once
// tbreader: answers positions of every tbgen game from its tables. The whole public API.
//
// Threads: a Tablebase and the Games made from it answer from any number of threads at once.
// Errors: one convention. Bad input (a game string, a board, an option) throws InputError,
// its message one line naming what is wrong and where; a game string that names no game
// throws its subclass GameError. Missing, damaged, truncated, foreign or wrong-version tables
// throw Error naming the file (missing ones its subclass TableMissing); a value is never read
// from a block whose checksum failed.
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tbgen {
class TableSet;  // internal
}

namespace tbreader {

class Error : public std::runtime_error {  // tables
 public:
  using std::runtime_error::runtime_error;
};
class TableMissing : public Error {  // a table file that is not there (not built yet)
 public:
  using Error::Error;
};
class InputError : public std::invalid_argument {  // what the caller passed
 public:
  explicit InputError(const std::string& what, std::size_t index = 0)
      : std::invalid_argument(what), item(index) {}
  std::size_t item;  // Game::values: which of the lines was refused
};
class GameError : public InputError {  // a game string naming no game, or a bad key
 public:
  using InputError::InputError;
};

enum class CacheMode {
  decoded,       // keep each block once decoded: fastest, memory up to the raw size of the tables
  single_block,  // each thread keeps only its last block: bounded memory, one decode per miss
  bounded,       // blocks shared by all threads up to a byte budget, least used dropped first
};

struct GameFiles {
  std::string game;    // as the table files record it
  std::size_t tables;  // files
  std::uint64_t bytes;
};

class Tablebase {  // a directory of table files, opened lazily
 public:
  // cache_budget: bytes of decoded blocks kept in CacheMode::bounded (each thread's block in
  // use comes on top).
  explicit Tablebase(std::filesystem::path directory, CacheMode mode = CacheMode::decoded,
                     std::uint64_t cache_budget = std::uint64_t{256} << 20);
  ~Tablebase();
  Tablebase(const Tablebase&) = delete;
  Tablebase& operator=(const Tablebase&) = delete;
  const std::filesystem::path& directory() const;
  // The games whose tables are present (files that open as tbgen tables), by game.
  std::vector<GameFiles> games() const;

 private:
  friend class Game;
  std::unique_ptr<tbgen::TableSet> tables_;
};

enum class Outcome : std::uint8_t { loss, draw, win, unknown };

struct Value {
  std::string text;                   // as `tbprobe` prints it: "X win", "Draw", "+5", "-3/4"
  std::optional<std::int64_t> score;  // numeric values (score3): JSON shows the number
};
// Who wins and how soon (value=speed members): the turns still to be played under best play,
// the last one included.
struct Result {
  std::string winner;        // "X", "O", or empty for a draw
  std::optional<int> turns;  // empty: the game never ends
};
struct Move {
  std::string name;                        // "b2", "b2+d4", "4", "Alice 1:a1:lr"
  Value value;                             // of the position the move leads to
  Outcome outcome;                         // of that position for the side that moves
  std::optional<Result> result = {};       // of that position (speed members)
  std::optional<char> outcome_class = {};  // of that position (domineering, cram): L R N P
};
struct Position {
  std::string game, board;               // the canonical game string; the board(s) as given
  std::string to_move;                   // "X", "O", ...; "none" when the game is over
  Value value;                           // under optimal play from here
  std::vector<Move> moves;               // every legal move, best first for the side to move
  std::vector<std::string> notes;        // further "key: value" lines of the text form
  std::optional<Result> result = {};     // speed members: "result: X wins in 3"
  std::optional<std::string> form = {};  // domineering, cram: the canonical form, plain grammar
  // domineering, cram: L (Left wins whoever starts), R, N (the first player wins), P (the second)
  std::optional<char> outcome_class = {};
};
struct ProbeOptions {
  std::optional<std::string> weights;  // weighted3: nine weights "w1 ... w9"
};

// One game of a Tablebase: `game` is a game string ("score3", "nim3(max_pile=4)"). Holds a
// reference to `tables`, which must outlive it.
class Game {
 public:
  // A position as numbers, for every game that has them (SPEC 10; tbreader.h's tbr_position):
  // the two players' masks (bit row * cols + col, row 0 the top; morris: points in SPEC 6's
  // order), the side to move (0 the first player, 1 the second, -1: from the counts), the marks
  // each holds in hand (morris), and one code per cell and hand slot where a game has kinds of
  // pieces (dobutsu: docs/games.md), else null.
  struct Position {
    std::uint64_t first = 0, second = 0;
    std::int32_t to_move = -1;
    std::int32_t hand[2] = {0, 0};
    const std::uint8_t* pieces = nullptr;
  };
  // What it is worth: `value` from the first player's view as value_of() says it, and
  // `distance`, the turns (plies) of its result line (SPEC 4) where the game has one, else -1.
  struct Answer {
    std::int32_t value = 0, distance = -1;
  };

  Game(const Tablebase& tables, std::string_view game);
  ~Game();
  Game(Game&&) noexcept;
  const std::string& name() const;  // canonical game string

  // The value of a position and of every legal move from it. Several boards: a sum (surreal3).
  tbreader::Position probe(std::span<const std::string> boards,
                           const ProbeOptions& options = {}) const;
  // The one numeric probe of every game (the value_of calls below are its special cases).
  // Allocates nothing once the tables it reads are open; any number of threads. InputError for
  // a position that cannot arise or is not written as the game's docs say.
  Answer probe(const Position& position) const;
  // Its value alone: the fast path of batch answering.
  Value value(std::span<const std::string> boards, const ProbeOptions& options = {}) const;
  // The boards one line of `tbprobe batch` holds (surreal3: several, a sum; others: one).
  std::vector<std::string> boards_of_line(std::string_view line) const;
  // Whether `tbprobe batch` reads the line as boards: it is not blank and does not start with
  // '#' (a comment), except in domineering and cram, whose boards may start with a covered '#'.
  bool holds_boards(std::string_view line) const;
  // The values of many lines (each as boards_of_line reads it) on all cores; the first line
  // refused throws InputError with `item` its index.
  std::vector<Value> values(std::span<const std::string> lines,
                            const ProbeOptions& options = {}) const;
  // Reads the game's contest input and writes exactly the contest output (SPEC section 3);
  // nothing is written for an input that is refused.
  void solve(std::istream& in, std::ostream& out) const;
  // A board family member's position (mnk, lines, connect, hex) as two masks: bit
  // row * cols + col (row 0 the top) of `first` where the first player's mark stands, of
  // `second` the second player's. Its value from the first player's view: outcome 1, 0, -1;
  // speed and margin their signed value (SPEC 10). Allocates nothing once the tables it reads
  // are open; any number of threads. InputError for a position that cannot arise or bits beyond
  // the board (or a game that is not a board family).
  std::int32_t value_of(std::uint64_t first, std::uint64_t second) const;
  // value_of of every (first[i], second[i]) into out[i] (the spans of one length), on the
  // calling thread, a few positions' reads in flight at once: a random probe is a cache miss,
  // and many overlap where one waits. The first position refused throws InputError with `item`
  // its index.
  void values_of(std::span<const std::uint64_t> first, std::span<const std::uint64_t> second,
                 std::span<std::int32_t> out) const;
  // slide members: their board does not tell the side to move once every mark is placed, so it
  // is given. Their number is 0 for a draw, d + 1 when the first player wins with d turns still
  // to be played, -(d + 1) when the second does; value_of without the side answers the placement
  // phase. Other games refuse it (their side follows from the counts).
  std::int32_t value_of(std::uint64_t first, std::uint64_t second, bool first_to_move) const;
  // morris members: the points in SPEC 6's order as bits of the two masks, the side to move and
  // the marks each side holds in hand; a number as slide's. Other games refuse it.
  std::int32_t value_of(std::uint64_t first, std::uint64_t second, bool first_to_move,
                        int first_hand, int second_hand) const;
  bool board_family() const;  // whether probe(Position) and value_of answer this game

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

std::string canonical(std::string_view game);  // a game string's canonical form; GameError
std::string text(const Position& p);           // as `tbprobe GAME BOARD` prints it
std::string json(const Position& p);           // one line, as `tbprobe GAME BOARD --json` prints it

struct GameHelp {
  std::string id, boards, example;  // a game id; how its boards are written; one board
  bool family = false;              // id is a family's game string form, keys with defaults
};
const std::vector<GameHelp>& games();  // every game and family tbgen knows, in the list's order
// One game string's help: `id` its canonical string, `example` one of its boards (the list's
// example for the member the list names, else the empty board). GameError as canonical.
GameHelp game_help(std::string_view game);

}  // namespace tbreader
