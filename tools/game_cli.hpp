#pragma once
// What tbprobe knows of a game: probing boards from the command line and solving its
// contest input. One implementation per game, registered in game_cli.cpp.
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "tbreader/tbreader.hpp"

namespace tbgen {

struct ProbedMove {
  std::string move;
  std::string value_text, value_json;
};

struct ProbeResult {
  std::string game, board, to_move;  // to_move: "X", "O", ... or "none" when the game is over
  std::string value_text, value_json;
  std::vector<ProbedMove> moves;   // best first for the side to move
  std::vector<std::string> extra;  // further "key: value" lines of the text output
};

struct ProbeOptions {
  std::optional<std::string> weights;  // weighted3
};

class GameCli {
 public:
  virtual ~GameCli() = default;
  virtual std::string id() const = 0;
  virtual ProbeResult probe(const tbreader::Tablebase& tables,
                            const std::vector<std::string>& boards,
                            const ProbeOptions& options) const = 0;
  virtual void solve(const tbreader::Tablebase& tables, std::istream& in,
                     std::ostream& out) const = 0;
};

const GameCli* find_game_cli(const std::string& id);

void print_text(const ProbeResult& result, std::ostream& out);
void print_json(const ProbeResult& result, std::ostream& out);
std::string json_string(const std::string& text);

}  // namespace tbgen
