// Probes the empty score3 board through the installed library: prints its value (0).
#include <iostream>
#include <tbreader/tbreader.hpp>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  try {
    const tbreader::Tablebase tables(argv[1]);
    std::cout << *tbreader::probe_score3(tables, 0) << "\n";
  } catch (const tbreader::Error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
