// The two printed forms of a probed position: the text of `tbprobe GAME BOARD` and its JSON.
#include <cstdio>

#include "tbreader/tbreader.hpp"

namespace tbreader {
namespace {

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string json_value(const Value& v) {
  return v.score ? std::to_string(*v.score) : json_string(v.text);
}

// "X wins in 3", "draw in 4", "draw" (a game that never ends).
std::string result_text(const Result& r) {
  const std::string turns = r.turns ? " in " + std::to_string(*r.turns) : "";
  return (r.winner.empty() ? "draw" : r.winner + " wins") + turns;
}

// `, "outcome": "L"` where there is an outcome class.
std::string json_outcome(const std::optional<char>& c) {
  return c ? ", \"outcome\": \"" + std::string(1, *c) + "\"" : "";
}

// `, "result": {...}` where there is a result.
std::string json_result(const std::optional<Result>& r) {
  if (!r) return "";
  return ", \"result\": {\"winner\": " + (r->winner.empty() ? "null" : json_string(r->winner)) +
         ", \"turns\": " + (r->turns ? std::to_string(*r->turns) : "null") + "}";
}

}  // namespace

std::string text(const Position& p) {
  std::string out =
      p.game + " " + p.board + "\nto move: " + p.to_move + "\nvalue: " + p.value.text + "\n";
  if (p.result) out += "result: " + result_text(*p.result) + "\n";
  if (p.outcome_class) out += std::string("outcome: ") + *p.outcome_class + "\n";
  for (const auto& line : p.notes) out += line + "\n";
  if (p.moves.empty()) return out + "moves: none\n";
  out += "moves (best first):\n";
  for (const auto& m : p.moves)
    out += "  " + m.name + "  " + m.value.text + (m.result ? "  " + result_text(*m.result) : "") +
           "\n";
  return out;
}

std::string json(const Position& p) {
  std::string out = "{\"game\": " + json_string(p.game) + ", \"board\": " + json_string(p.board) +
                    ", \"to_move\": " + json_string(p.to_move) +
                    ", \"value\": " + json_value(p.value) + json_result(p.result) +
                    json_outcome(p.outcome_class) +
                    (p.form ? ", \"form\": " + json_string(*p.form) : "") + ", \"moves\": [";
  for (std::size_t i = 0; i < p.moves.size(); ++i)
    out += (i ? ", {\"move\": " : "{\"move\": ") + json_string(p.moves[i].name) +
           ", \"value\": " + json_value(p.moves[i].value) + json_result(p.moves[i].result) +
           json_outcome(p.moves[i].outcome_class) + "}";
  return out + "]}";
}

}  // namespace tbreader
