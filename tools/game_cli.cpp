#include "game_cli.hpp"

namespace tbgen {

std::unique_ptr<GameCli> make_score3_cli();
std::unique_ptr<GameCli> make_double5_cli();
std::unique_ptr<GameCli> make_surreal3_cli();
std::unique_ptr<GameCli> make_nim3_cli();
std::unique_ptr<GameCli> make_weighted3_cli();

const GameCli* find_game_cli(const std::string& id) {
  static const auto games = [] {
    std::vector<std::unique_ptr<GameCli>> list;
    list.push_back(make_score3_cli());
    list.push_back(make_double5_cli());
    list.push_back(make_surreal3_cli());
    list.push_back(make_nim3_cli());
    list.push_back(make_weighted3_cli());
    return list;
  }();
  for (const auto& g : games)
    if (g->id() == id) return g.get();
  return nullptr;
}

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void print_text(const ProbeResult& r, std::ostream& out) {
  out << r.game << " " << r.board << "\n"
      << "to move: " << r.to_move << "\n"
      << "value: " << r.value_text << "\n";
  for (const auto& line : r.extra) out << line << "\n";
  if (r.moves.empty()) {
    out << "moves: none\n";
    return;
  }
  out << "moves (best first):\n";
  for (const auto& m : r.moves) out << "  " << m.move << "  " << m.value_text << "\n";
}

void print_json(const ProbeResult& r, std::ostream& out) {
  out << "{\"game\": " << json_string(r.game) << ", \"board\": " << json_string(r.board)
      << ", \"to_move\": " << json_string(r.to_move) << ", \"value\": " << r.value_json
      << ", \"moves\": [";
  for (std::size_t i = 0; i < r.moves.size(); ++i)
    out << (i ? ", " : "") << "{\"move\": " << json_string(r.moves[i].move)
        << ", \"value\": " << r.moves[i].value_json << "}";
  out << "]}\n";
}

}  // namespace tbgen
