#pragma once
// Every board of a domino member (domineering, cram) valued in canonical form. A board splits
// into connected components of empty cells and its value is their sum, so each component shape
// is valued once: shapes are kept in an 8 x 8 frame, translated to its corner and turned to the
// least of their 8 images under the square's symmetries (reflections keep a value; in
// domineering a transpose negates it, in cram it keeps it). A shape's value is the canonical
// form of its moves' values, each the sum of what its move leaves.
#include <vector>

#include "cgt/domino_board.hpp"
#include "cgt/game_arena.hpp"

namespace tbgen {
class Progress;
}

namespace tbgen::cgt {

struct DominoSolve {
  std::vector<GameId> by_board;  // by covered mask
  std::size_t shapes = 0;        // component shapes valued
};

DominoSolve solve_boards(const DominoBoard& board, Arena& arena, Progress* progress);

// The value of a region of empty cells of the board (board mask), from the values of its
// component shapes: what the deep check and the solve share.
class RegionValues {
 public:
  RegionValues(const DominoBoard& board, Arena& arena);
  GameId of_empty(std::uint32_t empty);
  std::size_t shapes() const { return shapes_.size(); }

 private:
  using Frame = std::uint64_t;  // cell (r, c) is bit 8r + c
  GameId of_frame(Frame region);
  GameId of_shape(Frame shape);  // a connected region
  const DominoBoard& board_;
  Arena& arena_;
  bool partizan_;
  std::unordered_map<Frame, GameId> shapes_;      // canonical images
  std::unordered_map<Frame, GameId> translated_;  // shapes moved to the corner, any image
};

}  // namespace tbgen::cgt
