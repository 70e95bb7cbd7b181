#pragma once
// Builds a game's tables once per test binary into a temporary directory.
#include <filesystem>
#include <map>
#include <mutex>
#include <string>

#include "games/game_tables.hpp"

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

}  // namespace tbgen::testing
