#include "core/board_text.hpp"

#include <array>

#include "tbreader/tbreader.hpp"

namespace tbgen {

std::string parse_board_text(std::string_view board, int size, int row_length,
                             std::string_view alphabet) {
  // A table of the alphabet: cells of a random board make any search of it branch at random
  // (a quarter of a probe was in mispredicted branches here).
  std::array<bool, 256> allowed{};
  for (const char a : alphabet) allowed[static_cast<unsigned char>(a)] = true;
  std::string cells;
  cells.reserve(board.size());
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    if (c == '/') {
      if (cells.size() % row_length != 0 || cells.empty())
        throw tbreader::InputError("board '" + std::string(board) + "', column " +
                                   std::to_string(i + 1) + ": '/' must end a row of " +
                                   std::to_string(row_length) + " cells");
      continue;
    }
    if (!allowed[static_cast<unsigned char>(c)])
      throw tbreader::InputError("board '" + std::string(board) + "', column " +
                                 std::to_string(i + 1) + ": unexpected character '" +
                                 std::string(1, c) + "' (cells are one of '" +
                                 std::string(alphabet) + "')");
    cells += c;
  }
  if (static_cast<int>(cells.size()) != size)
    throw tbreader::InputError("board '" + std::string(board) + "': expected " +
                               std::to_string(size) + " cells, found " +
                               std::to_string(cells.size()));
  return cells;
}

board3::Cells parse_xo_board(std::string_view board) {
  const std::string cells = parse_board_text(board, 9, 3, ".XO");
  board3::Cells out{};
  for (int i = 0; i < 9; ++i)
    out[i] = static_cast<std::uint8_t>(std::string_view(".XO").find(cells[i]));
  return out;
}

std::string cell_name(int cell, int row_length) {
  return std::string(1, static_cast<char>('a' + cell % row_length)) +
         std::to_string(cell / row_length + 1);
}

}  // namespace tbgen
