#include "cgt/domino_board.hpp"

#include "core/board_text.hpp"

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
