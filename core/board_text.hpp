#pragma once
// Board strings on the command line: `size` cells from `alphabet`, rows optionally separated
// by '/'. Errors name the board and the offending column.
#include <string>
#include <string_view>

#include "core/board3.hpp"

namespace tbgen {

// Returns the cells (separators removed); throws tbreader::InputError on a bad length or character.
std::string parse_board_text(std::string_view board, int size, int row_length,
                             std::string_view alphabet);

// A 3x3 tic-tac-toe board of '.', 'X', 'O' as cells 0 empty, 1 X, 2 O.
board3::Cells parse_xo_board(std::string_view board);

// Chess-like name of a cell: column letter from the left, row number from the top.
std::string cell_name(int cell, int row_length);

}  // namespace tbgen
