// Makes the tables the fuzz targets read (fuzz_support.hpp): every game's small enough to build
// in seconds, by the project's plain build, once for all the targets, so that the fuzz build
// compiles the reader alone. usage: fuzz_tables DIR
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>

#include "generator/game_tables.hpp"
#include "tbreader/tbreader.hpp"

namespace {

// nim3 with piles up to 2, and each family's example member of at most kMostPositions: family
// boards and several-mark moves; double5's, quixo 4x4's and dobutsu's would take minutes, so
// their probes fail with a missing-table error after the parsing being fuzzed.
constexpr std::uint64_t kMostPositions = 20'000'000;

void make(const std::filesystem::path& dir) {
  const tbgen::BuildContext context{.tables = dir, .threads = 2};
  for (const char* game : {"score3", "weighted3", "surreal3", "nim3(max_pile=2)"})
    tbgen::make_game_tables(game)->build(context);
  for (const auto& g : tbreader::games()) {
    if (!g.family) continue;
    const auto tables = tbgen::make_game_tables(g.id);
    const auto needs = tables->needs(1);
    if (!needs || needs->positions <= kMostPositions) tables->build(context);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_tables DIR\n");
    return 2;
  }
  try {
    std::filesystem::create_directories(argv[1]);
    make(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_tables: %s\n", e.what());
    return 1;
  }
  return 0;
}
