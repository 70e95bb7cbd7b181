// tbprobe: looks up positions in tbgen tables and answers contest inputs (SPEC section 2).
#include <CLI/CLI.hpp>
#include <iostream>

#include "game_cli.hpp"
#include "input_error.hpp"
#include "tables_dir.hpp"

using namespace tbgen;

int main(int argc, char** argv) {
  CLI::App app{
      "tbprobe: exact values from tbgen tables.\n"
      "  tbprobe GAME BOARD... [--json]   value of a position and of every legal move\n"
      "  tbprobe solve GAME < input       answer a game's contest input\n"
      "Games: score3, weighted3, nim3, surreal3, double5. Tables are read from --tables DIR,\n"
      "else $TBGEN_TABLES, else ./tables.\n"
      "Boards, row by row from the top, rows optionally separated by '/':\n"
      "  score3, weighted3  9 cells of . X O (X moves first; weighted3 needs --weights)\n"
      "  surreal3           9 cells of . O X # per board; several boards are a sum\n"
      "  nim3               nine pile sizes, e.g. '3 1 4/1 5 9/2 6 5'\n"
      "  double5            25 cells of . O X, after whole rounds\n"
      "Moves are named like chess squares: a1 is the top-left cell. Examples:\n"
      "  tbprobe score3 'X.O/.X./...'\n"
      "  tbprobe double5 '...../..O../...../..O../.....'"};
  app.fallthrough();
  std::string tables_option;
  bool json = false;
  std::vector<std::string> args;
  ProbeOptions options;
  app.add_option("--tables", tables_option, "table directory");
  app.add_flag("--json", json, "print one JSON object");
  app.add_option("--weights", options.weights, "weighted3: nine weights \"w1 ... w9\"");
  app.add_option("GAME_AND_BOARDS", args, "GAME followed by one or more boards");
  std::string solve_game;
  auto* solve =
      app.add_subcommand("solve", "read GAME's contest input on stdin, print the answers");
  solve->add_option("GAME", solve_game, "game id")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  const std::string game_id = *solve ? solve_game : (args.empty() ? "" : args[0]);
  if (game_id.empty()) {
    std::cerr << "tbprobe: missing GAME (see --help)\n";
    return 2;
  }
  const GameCli* game = find_game_cli(game_id);
  if (!game) {
    std::cerr << "tbprobe: unknown game '" << game_id << "' (see --help)\n";
    return 2;
  }
  if (!*solve && args.size() < 2) {
    std::cerr << "tbprobe: missing BOARD for " << game_id << " (see --help)\n";
    return 2;
  }
  try {
    const tbreader::Tablebase tables(tables_directory(tables_option));
    std::ios::sync_with_stdio(false);
    if (*solve) {
      game->solve(tables, std::cin, std::cout);
    } else {
      const auto result = game->probe(tables, {args.begin() + 1, args.end()}, options);
      json ? print_json(result, std::cout) : print_text(result, std::cout);
    }
    std::cout.flush();
  } catch (const InputError& e) {
    std::cerr << "tbprobe: " << e.what() << "\n";
    return 1;
  } catch (const tbreader::Error& e) {
    std::cerr << "tbprobe: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
