#include "family/quixo/quixo_game.hpp"

#include <algorithm>
#include <tuple>

#include "core/board_text.hpp"
#include "tbreader/tbreader.hpp"

namespace tbgen::quixo {

Board::Board(int size) : size_(size), by_cell_(size * size), to_cell_(size * size) {
  const int n = size;
  const auto bit = [&](int row, int col) { return Cells{1} << (row * n + col); };
  Cells diagonal = 0, anti = 0;
  for (int i = 0; i < n; ++i) {
    Cells row = 0, col = 0;
    for (int j = 0; j < n; ++j) row |= bit(i, j), col |= bit(j, i);
    lines_.push_back(row);
    lines_.push_back(col);
    diagonal |= bit(i, i);
    anti |= bit(i, n - 1 - i);
    rim_ |= bit(0, i) | bit(n - 1, i) | bit(i, 0) | bit(i, n - 1);
  }
  lines_.push_back(diagonal);
  lines_.push_back(anti);
  // Each rim cube's pushes: along its row and along its column, to each end that is not its
  // own cell. Along a line, cell i of it is first + i * step.
  for (int cell = 0; cell < n * n; ++cell) {
    if (!(rim_ >> cell & 1)) continue;
    const int row = cell / n, col = cell % n;
    for (const auto& [first, step, at] : {std::tuple{row * n, 1, col}, std::tuple{col, n, row}})
      for (const int end : {0, n - 1}) {
        if (end == at) continue;
        Cells shifted = 0;  // from the end to the cell taken, that cell left out
        for (int i = std::min(end, at); i < std::max(end, at); ++i)
          shifted |= Cells{1} << (first + i * step);
        if (end > at) shifted = (shifted << step) & ~(Cells{1} << cell);
        const int to = first + end * step;
        by_cell_[cell].push_back(static_cast<int>(pushes_.size()));
        to_cell_[to].push_back(static_cast<int>(pushes_.size()));
        pushes_.push_back({cell, to, shifted, end < at ? step : -step});
      }
  }
}

Text parse(const Board& b, const std::string& text) {
  const auto where = [&] { return "board '" + text + "'"; };
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos)
    throw tbreader::InputError(where() + ": the side to move is missing: add :X or :O");
  const std::string side = text.substr(colon + 1);
  if (side != "X" && side != "O")
    throw tbreader::InputError(where() + ", column " + std::to_string(colon + 2) +
                               ": after ':' the side to move, X or O, not '" + side + "'");
  const std::string cells = parse_board_text(text.substr(0, colon), b.cells(), b.size(), ".XO");
  Text t;
  t.x_to_move = side == "X";
  for (int i = 0; i < b.cells(); ++i) {
    t.x |= Cells{cells[i] == 'X'} << i;
    t.o |= Cells{cells[i] == 'O'} << i;
  }
  return t;
}

std::string text(const Board& b, const Text& t) {
  std::string out;
  for (int i = 0; i < b.cells(); ++i) {
    if (i > 0 && i % b.size() == 0) out += '/';
    out += t.x >> i & 1 ? 'X' : t.o >> i & 1 ? 'O' : '.';
  }
  return out + (t.x_to_move ? ":X" : ":O");
}

std::string push_name(const Board& b, const Push& p) {
  return cell_name(p.from, b.size()) + "-" + cell_name(p.to, b.size());
}

}  // namespace tbgen::quixo
