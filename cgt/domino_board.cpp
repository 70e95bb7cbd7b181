#include "cgt/domino_board.hpp"

#include <algorithm>

#include "core/board_text.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::cgt {

DominoBoard::DominoBoard(const family::Rules& rules)
    : rules_(rules), table_name_(rules.stem), dictionary_name_(rules.stem + "-forms") {
  const int cols = rules_.cols, rows = rules_.rows;
  for (int c = 0; c < cells(); ++c) {
    const bool down = c / cols + 1 < rows, across = c % cols + 1 < cols;
    if (down) left_.push_back({c, c + cols});
    if (across) (rules_.impartial ? left_ : right_).push_back({c, c + 1});
  }
  if (rules_.impartial) right_ = left_;
}

bool DominoBoard::lays_out(bool dictionary, const format::Header& h) const {
  const bool width_ok = dictionary ? h.entry_bits == 32
                                   : h.entry_bits == 8 || h.entry_bits == 16 || h.entry_bits == 32;
  return width_ok && h.game == rules_.canonical &&
         h.index_scheme == (dictionary ? kDictionaryIndexScheme : kBoardIndexScheme) &&
         h.value_codec == (dictionary ? kDictionaryCodec : kFormCodec) &&
         (dictionary || h.entry_count == boards());
}

std::vector<GameId> read_dictionary(const Table& dictionary, Arena& arena) {
  const std::uint64_t words = dictionary.header().entry_count;
  std::vector<GameId> of_index = {0};
  for (std::uint64_t w = 0; w < words;) {
    if (w + 2 > words) throw tbreader::Error(dictionary.name() + ": a form cut short");
    const std::uint64_t counts[2] = {dictionary.entry(w), dictionary.entry(w + 1)};
    w += 2;
    std::vector<GameId> sides[2];
    for (int side = 0; side < 2; ++side) {
      if (w + counts[side] > words) throw tbreader::Error(dictionary.name() + ": a form cut short");
      for (std::uint64_t k = 0; k < counts[side]; ++k, ++w) {
        const std::uint64_t i = dictionary.entry(w);
        if (i >= of_index.size())
          throw tbreader::Error(dictionary.name() + ": a form's option comes after it");
        sides[side].push_back(of_index[i]);
      }
      std::sort(sides[side].begin(), sides[side].end());
    }
    of_index.push_back(arena.intern(sides[0], sides[1]));
  }
  return of_index;
}

std::string DominoBoard::name(const Domino& d) const {
  return cell_name(d.a, rules_.cols) + "-" + cell_name(d.b, rules_.cols);
}

std::uint32_t DominoBoard::parse(std::string_view text) const {
  const std::string cells = parse_board_text(text, rules_.cells(), rules_.cols, ".#");
  std::uint32_t covered = 0;
  for (int i = 0; i < rules_.cells(); ++i) covered |= std::uint32_t{cells[i] == '#'} << i;
  return covered;
}

std::string DominoBoard::text(std::uint32_t covered) const {
  std::string s;
  for (int c = 0; c < cells(); ++c) {
    if (c > 0 && c % rules_.cols == 0) s += '/';
    s += (covered >> c & 1) ? '#' : '.';
  }
  return s;
}

}  // namespace tbgen::cgt
