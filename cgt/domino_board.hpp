#pragma once
// Domino boards (domineering, cram: SPEC 6) as the tables and the reader see them: cols x rows
// cells, cell row * cols + col (row 0 the top); a board is the mask of its covered cells, which
// is also its entry in the member's table. Left places a vertical domino on two empty cells,
// Right a horizontal one (as CGSuite); in cram either player places either.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/game_arena.hpp"
#include "family/family_rules.hpp"
#include "format/table.hpp"

namespace tbgen::cgt {

inline constexpr std::uint32_t kBoardIndexScheme = 13;  // docs/format.md
inline constexpr std::uint32_t kDictionaryIndexScheme = 14;
inline constexpr std::uint32_t kFormCodec = 12;
inline constexpr std::uint32_t kDictionaryCodec = 13;
inline constexpr int kMaxDominoCells = 30;  // 2^30 boards: past what one table should hold

struct Domino {
  int a = 0, b = 0;  // its cells, a < b
  std::uint32_t mask() const { return std::uint32_t{1} << a | std::uint32_t{1} << b; }
};

class DominoBoard {
 public:
  explicit DominoBoard(const family::Rules& rules);
  const family::Rules& rules() const { return rules_; }
  int cells() const { return rules_.cells(); }
  std::uint64_t boards() const { return std::uint64_t{1} << cells(); }
  // Every domino a player may place on the empty board, in board order (its first cell, then
  // vertical before horizontal); cram: every domino, for both players.
  const std::vector<Domino>& moves(bool left) const { return left ? left_ : right_; }
  std::string name(const Domino& d) const;  // "a1-a2"
  // The covered cells of a board written as rows of '.' and '#' (rows separated by '/');
  // throws tbreader::InputError naming the board and the column.
  std::uint32_t parse(std::string_view text) const;
  std::string text(std::uint32_t covered) const;
  const std::string& table_name() const { return table_name_; }
  const std::string& dictionary_name() const { return dictionary_name_; }
  // Whether a header is this member's dictionary (or board table) laid out as builds write it.
  bool lays_out(bool dictionary, const format::Header& h) const;

 private:
  family::Rules rules_;
  std::vector<Domino> left_, right_;
  std::string table_name_, dictionary_name_;
};

// The forms of a member's dictionary (docs/format.md) interned in `arena` in order, already
// canonical, by dictionary index (0 is 0); tbreader::Error naming the file if the words are cut
// short or an option comes after its form.
std::vector<GameId> read_dictionary(const Table& dictionary, Arena& arena);

}  // namespace tbgen::cgt
