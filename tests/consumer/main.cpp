// Probes the empty score3 board through the installed library, as an engine would: prints its
// value (0) and the number of moves (9).
#include <iostream>
#include <tbreader/tbreader.hpp>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  try {
    const tbreader::Tablebase tables(argv[1]);
    const tbreader::Game game(tables, "score3");
    const auto position = game.probe(std::vector<std::string>{"........."});
    std::cout << position.value.text << " " << position.moves.size() << "\n";
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
