// tbprobe: looks up positions in tbgen tables and answers contest inputs (SPEC section 2). A
// shell over the reader library's public API.
#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

#include "serve/server.hpp"
#include "tables_dir.hpp"
#include "tbreader/tbreader.hpp"

namespace {

// The command that probes a game's example board, as a shell takes it.
std::string example(const tbreader::GameHelp& g) {
  const bool quote = g.id.find('(') != std::string::npos;
  return "tbprobe " + (quote ? "'" + g.id + "'" : g.id) + " '" + g.example + "'";
}

std::string help_text() {
  std::string text =
      "tbprobe: exact values from tbgen tables.\n"
      "  tbprobe GAME BOARD... [--json]   value of a position and of every legal move\n"
      "  tbprobe batch GAME [--json]      one board per line on stdin, one answer per line\n"
      "  tbprobe solve GAME < input       answer a game's contest input\n"
      "  tbprobe serve [--port P]         the HTTP API and the explorer page\n"
      "GAME is a game string: a game id, or NAME(key=value,...) (quote it in a shell).\n"
      "Tables are read from --tables DIR, else $TBGEN_TABLES, else ./tables.\n"
      "Boards, row by row from the top, rows optionally separated by '/':\n";
  std::string examples;
  for (const auto& g : tbreader::games()) {
    text += "  " + g.id;
    text += std::string(g.id.size() < 10 ? 10 - g.id.size() : 1, ' ') + g.boards + "\n";
    examples += "\n  " + example(g);
  }
  return text + "Moves are named like chess squares: a1 is the top-left cell. Examples:" + examples;
}

// `tbprobe GAME` without a board: how the game's boards are written, and one probed.
std::string missing_board(const std::string& game) {
  const auto help = tbreader::game_help(game);
  return "missing BOARD for " + help.id + "\n  boards: " + help.boards +
         "\n  example: " + example(help);
}

// Lines of stdin that hold boards (Game::holds_boards: blank and comment lines are skipped).
struct Lines {
  std::vector<std::string> text;
  std::vector<std::size_t> number;  // line numbers, from 1
};

Lines board_lines(std::istream& in, const tbreader::Game& game) {
  Lines lines;
  std::string line;
  for (std::size_t n = 1; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!game.holds_boards(line)) continue;
    lines.text.push_back(std::move(line));
    lines.number.push_back(n);
  }
  return lines;
}

// Answers every line; the first refused line is named "stdin:LINE: ..." and nothing is printed.
void batch(const tbreader::Game& game, const tbreader::ProbeOptions& options, bool json) {
  const Lines lines = board_lines(std::cin, game);
  std::string out;
  try {
    if (json) {
      for (std::size_t i = 0; i < lines.text.size(); ++i) {
        try {
          out += tbreader::json(game.probe(game.boards_of_line(lines.text[i]), options)) + "\n";
        } catch (const tbreader::InputError& e) {
          throw tbreader::InputError(e.what(), i);
        }
      }
    } else {
      for (const auto& v : game.values(lines.text, options)) out += v.text + "\n";
    }
  } catch (const tbreader::InputError& e) {
    throw tbreader::InputError("stdin:" + std::to_string(lines.number[e.item]) + ": " + e.what());
  }
  std::cout << out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{help_text()};
  app.fallthrough();
  std::string tables_option;
  bool json = false;
  std::vector<std::string> args;
  tbreader::ProbeOptions options;
  app.add_option("--tables", tables_option, "table directory");
  app.add_flag("--json", json, "print JSON (batch: one object per line)");
  app.add_option("--weights", options.weights, "nine weights \"w1 ... w9\" (weighted3)");
  app.add_option("GAME_AND_BOARDS", args, "GAME followed by one or more boards");
  std::string solve_game, batch_game;
  auto* solve =
      app.add_subcommand("solve", "read GAME's contest input on stdin, print the answers");
  solve->add_option("GAME", solve_game, "game string")->required();
  auto* batch_command =
      app.add_subcommand("batch", "one board per line on stdin, one value per line on stdout");
  batch_command->add_option("GAME", batch_game, "game string")->required();
  tbgen::serve::ServerOptions serve_options;
  auto* serve = app.add_subcommand("serve", "serve the HTTP API and the explorer page");
  serve->add_option("--host", serve_options.host, "address to listen on")->capture_default_str();
  serve->add_option("--port", serve_options.port, "port (0: any free port)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve
      ->add_option("--threads", serve_options.threads,
                   "connections served at once (each open keep-alive connection holds one)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  serve->add_option("--cache-mb", serve_options.cache_mb, "MiB of decoded blocks kept")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (*serve) {
    try {
      serve_options.tables = tbgen::tables_directory(tables_option);
      return tbgen::serve::serve(serve_options);
    } catch (const std::exception& e) {  // the table directory is missing
      std::cerr << "tbprobe serve: " << e.what() << "\n";
      return 1;
    }
  }
  const std::string game_string = *solve           ? solve_game
                                  : *batch_command ? batch_game
                                                   : (args.empty() ? "" : args[0]);
  try {
    if (game_string.empty()) throw tbreader::GameError("missing GAME (see --help)");
    if (!*solve && !*batch_command && args.size() < 2)
      throw tbreader::GameError(missing_board(game_string));
    tbreader::canonical(game_string);  // a bad game string is bad usage, before any table
    const tbreader::Tablebase tables(tbgen::tables_directory(tables_option));
    const tbreader::Game game(tables, game_string);
    std::ios::sync_with_stdio(false);
    if (*solve) {
      game.solve(std::cin, std::cout);
    } else if (*batch_command) {
      batch(game, options, json);
    } else {
      const auto position = game.probe(std::span(args).subspan(1), options);
      std::cout << (json ? tbreader::json(position) + "\n" : tbreader::text(position));
    }
    std::cout.flush();
  } catch (const tbreader::GameError& e) {
    std::cerr << "tbprobe: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {  // InputError, Error, and anything unforeseen
    std::cerr << "tbprobe: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
