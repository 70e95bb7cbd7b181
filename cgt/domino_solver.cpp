#include "cgt/domino_solver.hpp"

#include <algorithm>

#include "generator/progress.hpp"

namespace tbgen::cgt {
namespace {

using Frame = std::uint64_t;
constexpr Frame kNotFirstColumn = ~0x0101010101010101ull;
constexpr Frame kNotLastColumn = ~0x8080808080808080ull;

Frame neighbours(Frame x) {
  return ((x << 1) & kNotFirstColumn) | ((x >> 1) & kNotLastColumn) | (x << 8) | (x >> 8);
}

// The region translated to the frame's corner (its top row and left column made 0).
Frame to_corner(Frame x) {
  Frame columns = 0;
  for (Frame rows = x; rows; rows >>= 8) columns |= rows & 0xff;
  return x >> (__builtin_ctzll(x) / 8 * 8) >> __builtin_ctzll(columns);
}

// The least of a shape's 8 images (at the corner), and whether it is transposed.
std::pair<Frame, bool> least_image(Frame shape) {
  int height = 0, width = 0;
  for (Frame x = shape; x; x &= x - 1) {
    const int cell = __builtin_ctzll(x);
    height = std::max(height, cell / 8 + 1);
    width = std::max(width, cell % 8 + 1);
  }
  std::pair<Frame, bool> best{shape, false};
  for (int image = 1; image < 8; ++image) {
    const bool transpose = image & 4, flip_rows = image & 2, flip_cols = image & 1;
    Frame out = 0;
    for (Frame x = shape; x; x &= x - 1) {
      const int cell = __builtin_ctzll(x);
      int r = cell / 8, c = cell % 8;
      if (flip_rows) r = height - 1 - r;
      if (flip_cols) c = width - 1 - c;
      if (transpose) std::swap(r, c);
      out |= Frame{1} << (8 * r + c);
    }
    if (out < best.first) best = {out, transpose};
  }
  return best;
}

}  // namespace

RegionValues::RegionValues(const DominoBoard& board, Arena& arena)
    : board_(board), arena_(arena), partizan_(!board.rules().impartial) {}

GameId RegionValues::of_empty(std::uint32_t empty) {
  const int cols = board_.rules().cols;
  Frame region = 0;
  for (int r = 0; r < board_.rules().rows; ++r)
    region |= Frame{(empty >> (r * cols)) & ((1u << cols) - 1)} << (8 * r);
  return of_frame(region);
}

GameId RegionValues::of_frame(Frame region) {
  GameId sum = 0;
  while (region) {
    Frame component = region & (~region + 1);
    for (Frame grown = 0; grown != component;) {
      grown = component;
      component |= neighbours(component) & region;
    }
    region &= ~component;
    sum = arena_.add(sum, of_shape(to_corner(component)));
  }
  return sum;
}

GameId RegionValues::of_shape(Frame shape) {
  if (const auto it = translated_.find(shape); it != translated_.end()) return it->second;
  const auto [image, transposed] = least_image(shape);
  GameId value;
  if (const auto it = shapes_.find(image); it != shapes_.end()) {
    value = it->second;
  } else {
    // Left: vertical dominoes (cram: either way); Right: horizontal (cram: either way).
    std::vector<GameId> options[2];
    for (Frame x = image; x; x &= x - 1) {
      const Frame cell = x & (~x + 1);
      const Frame down = cell << 8, across = (cell << 1) & kNotFirstColumn;
      if (image & down) options[0].push_back(of_frame(image & ~(cell | down)));
      if (image & across) options[1].push_back(of_frame(image & ~(cell | across)));
    }
    if (!partizan_) {
      options[0].insert(options[0].end(), options[1].begin(), options[1].end());
      options[1] = options[0];
    }
    value = arena_.make(std::move(options[0]), std::move(options[1]));
    shapes_.emplace(image, value);
  }
  if (transposed && partizan_) value = arena_.neg(value);
  translated_.emplace(shape, value);
  return value;
}

DominoSolve solve_boards(const DominoBoard& board, Arena& arena, Progress* progress) {
  RegionValues values(board, arena);
  DominoSolve solved;
  solved.by_board.resize(board.boards());
  const std::uint32_t full = board.rules().full();
  for (std::uint64_t covered = 0; covered < board.boards(); ++covered) {
    solved.by_board[covered] = values.of_empty(full & ~static_cast<std::uint32_t>(covered));
    if (progress && (covered & 0xffff) == 0) progress->advance(covered);
  }
  solved.shapes = values.shapes();
  return solved;
}

}  // namespace tbgen::cgt
