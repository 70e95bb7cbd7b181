#pragma once
// Builds a game's tables once per test binary into a temporary directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <string>

#include "game_cli.hpp"
#include "games/game_tables.hpp"
#include "input_error.hpp"

namespace tbgen::testing {

inline std::filesystem::path fresh_directory(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tbgen-test-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::filesystem::path built_tables(const std::string& game) {
  static std::mutex mutex;
  static std::map<std::string, std::filesystem::path> built;
  std::lock_guard lock(mutex);
  if (auto it = built.find(game); it != built.end()) return it->second;
  auto dir = fresh_directory("tables-" + game);
  find_game(game)->build({dir, 2, nullptr});
  return built[game] = dir;
}

// Each input must be refused with an InputError whose message contains the expected text,
// and nothing may be printed for it.
inline void expect_refused(const std::string& game, const tbreader::Tablebase& tables,
                           std::initializer_list<std::pair<const char*, const char*>> cases) {
  for (const auto& [input, message] : cases) {
    std::istringstream in(input);
    std::ostringstream out;
    try {
      find_game_cli(game)->solve(tables, in, out);
      ADD_FAILURE() << game << " accepted: " << input;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
    EXPECT_EQ(out.str(), "") << "nothing is printed for a bad input";
  }
}

}  // namespace tbgen::testing
