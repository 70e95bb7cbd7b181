#include "family/member_text.hpp"

#include <cstdio>
#include <cstdlib>

#include "game_reader.hpp"

namespace tbgen {

using namespace family;

std::string position_name(std::uint64_t first, std::uint64_t second) {
  char text[64];
  std::snprintf(text, sizeof text, "position (first %#llx, second %#llx)",
                static_cast<unsigned long long>(first), static_cast<unsigned long long>(second));
  return text;
}

void refuse_masks(std::uint64_t first, std::uint64_t second, int cells) {
  throw tbreader::InputError(position_name(first, second) + ": " +
                             ((first & second)
                                  ? "a cell of both players"
                                  : "bits beyond the board's " + std::to_string(cells) + " cells"));
}

tbreader::Value member_value(const Rules& r, Code code) {
  const int v = r.value_of(code);
  if (r.value != ValueKind::outcome) return score_value(v);
  return {v > 0   ? std::string(1, r.first) + " win"
          : v < 0 ? std::string(1, r.second) + " win"
                  : "Draw",
          std::nullopt};
}

std::optional<tbreader::Result> member_result(const Rules& r, int turn, int empties, Code code) {
  if (r.value != ValueKind::speed) return std::nullopt;
  const int v = r.value_of(code);
  tbreader::Result result;
  result.winner = v > 0 ? std::string(1, r.first) : v < 0 ? std::string(1, r.second) : "";
  // The marks still to be placed: all (a draw fills the board), or down to |v| - 1 empty cells;
  // then the turns that place them, the last one perhaps cut short by the line.
  int marks = v == 0 ? empties : empties - (std::abs(v) - 1);
  int turns = 0;
  for (int t = turn; marks > 0; ++t, ++turns) marks -= r.marks_in_turn(t);
  result.turns = turns;
  return result;
}

}  // namespace tbgen
