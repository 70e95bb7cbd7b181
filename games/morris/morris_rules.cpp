// morris(board=nine,pieces=9,fly=1,lasker=0,first=X): mills, captures and material (SPEC 6).
// The boards, turns and positions are family/morris/morris_game; its sectors are solved by
// material (family/morris/morris_solver.hpp). Nine Men's Morris is morris(), Lasker Morris
// morris(lasker=1), Six Men's Morris morris(board=six).
#include "family/family_game.hpp"
#include "family/morris/morris_game.hpp"

namespace tbgen {

family::Rules morris_rules(const GameString& game) {
  const morris::Rules m = morris::rules_of(game);
  family::Rules r;
  r.family = "morris";
  r.moves = family::Moves::morris;
  r.canonical = m.canonical;
  r.stem = m.stem;
  r.first = m.first;
  r.second = m.second;
  r.pieces = m.pieces;
  r.cols = m.board->points;  // the points in SPEC's order, as one row
  r.rows = 1;
  return r;
}

tbreader::GameHelp morris_help() {
  return {"morris(board=six)",
          "ranks from the top (. X O) separated by /, then :X or :O (the side to move), then "
          ":H1:H2 (marks in hand) while either holds marks; turns d2, d2-d3, d2xa1; keys "
          "board=six|nine|twelve pieces fly=0|1 lasker=0|1 first=X|O",
          ".../.../..../.../...:X:6:6", true};
}

}  // namespace tbgen
