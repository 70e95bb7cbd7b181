#pragma once
// Quixo (SPEC 6): a size x size board of cubes, blank or showing X or O. A turn takes a cube
// from the rim that is blank or shows the mover's mark and pushes it back in, showing the
// mover's mark, at an end of its row or column other than the cell it left; the cubes between
// shift one cell toward the hole. A line (a row, column or main diagonal of one mark) ends the
// game: a turn that makes one of the opponent's loses, else one of the mover's wins.
//
// A position is seen from the side to move: its cubes and the other side's, as masks of cells
// (cell = row * size + col, row 0 the top). The board does not tell who is to move, and either
// colour's view is the same game, so X and O appear only in text.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/distance_code.hpp"

namespace tbgen::quixo {

using Cells = std::uint32_t;  // up to 25 cells

struct Position {
  Cells mine = 0, theirs = 0;  // the side to move's cubes, the other side's
  bool operator==(const Position&) const = default;
};

// A push: the cube on `from` taken and pushed back in at `to`, the end of the line through both
// that is not `from`; the cubes of `shifted` (the cells from `to` to `from`, `from` left out)
// move one cell toward `from`, by `step` bits (a shift left when positive).
struct Push {
  int from, to;
  Cells shifted;
  int step;
};

class Board {
 public:
  explicit Board(int size);
  int size() const { return size_; }
  int cells() const { return size_ * size_; }
  Cells all() const { return (Cells{1} << cells()) - 1; }
  Cells rim() const { return rim_; }
  const std::vector<Push>& pushes() const { return pushes_; }
  // The pushes of the cube on a rim cell: two from a corner, three from another rim cell.
  const std::vector<int>& pushes_from(int cell) const { return by_cell_[cell]; }
  // The pushes that end at a rim cell (an un-turn starts from the cube there).
  const std::vector<int>& pushes_to(int cell) const { return to_cell_[cell]; }
  bool line(Cells marks) const {
    for (const Cells l : lines_)
      if ((marks & l) == l) return true;
    return false;
  }

  // The position after the side to move pushes with `p`: seen from the other side.
  static Position after(const Position& q, const Push& p) {
    const Cells bit = Cells{1} << p.to;
    const auto shift = [&](Cells m) {
      const Cells moved = m & p.shifted;
      return (m & ~(p.shifted | Cells{1} << p.from)) |
             (p.step > 0 ? moved << p.step : moved >> -p.step);
    };
    return {shift(q.theirs), shift(q.mine) | bit};
  }
  // The position before `p` was pushed by the side that is not to move in `q`, the cube taken
  // having shown that side's mark (a blank taken leads to another sector): seen from that side.
  // Only where the cube on p.to shows that side's mark.
  static Position before(const Position& q, const Push& p) {
    const Cells from = Cells{1} << p.from, to = Cells{1} << p.to;
    const Cells span = p.step > 0 ? p.shifted << p.step : p.shifted >> -p.step;  // to's side out
    const auto unshift = [&](Cells m) {
      const Cells moved = m & span;
      return (m & ~(span | to)) | (p.step > 0 ? moved >> p.step : moved << -p.step);
    };
    return {unshift(q.theirs & ~to) | from, unshift(q.mine)};
  }

 private:
  int size_;
  Cells rim_ = 0;
  std::vector<Cells> lines_;
  std::vector<Push> pushes_;
  std::vector<std::vector<int>> by_cell_, to_cell_;
};

// What the rules say of a position before any turn: lost or won with no turn left (a line on
// the board: the side to move wins with one of its own, else loses to the other side's).
enum class Over { no, won, lost };
inline Over over(const Board& b, const Position& p) {
  if (b.line(p.mine)) return Over::won;
  if (b.line(p.theirs)) return Over::lost;
  return Over::no;
}
// The same as the engine's code (core/distance_code.hpp): what the builder stores and the
// reader answers without a table.
inline std::optional<distance::Code> over_code(const Board& b, const Position& p) {
  switch (over(b, p)) {
    case Over::won:
      return distance::kWonNow;
    case Over::lost:
      return distance::kLostNow;
    case Over::no:
      break;
  }
  return std::nullopt;
}

// Text (SPEC 6): rows from the top of '.', X and O, optionally separated by '/', then ":X" or
// ":O", the side to move. Throws tbreader::InputError naming what is wrong and where.
struct Text {
  Cells x = 0, o = 0;
  bool x_to_move = true;
};
Text parse(const Board& b, const std::string& text);
std::string text(const Board& b, const Text& t);  // rows separated by '/', then ":X" / ":O"
inline Position to_move(const Text& t) {
  return t.x_to_move ? Position{t.x, t.o} : Position{t.o, t.x};
}
inline Text as_text(const Position& p, bool x_to_move) {
  return x_to_move ? Text{p.mine, p.theirs, true} : Text{p.theirs, p.mine, false};
}
std::string push_name(const Board& b, const Push& p);  // "a1-e1": the cell taken, the end

}  // namespace tbgen::quixo
