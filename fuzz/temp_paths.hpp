#pragma once
// Temporary files and folders of the fuzz targets, removed when the fuzzer exits (a normal end
// of a run: a crash keeps them, beside its reproducer).
#include <filesystem>
#include <system_error>
#include <vector>

namespace tbgen::fuzz {

// Removes `path` (a file or a folder) when the fuzzer exits: a run leaves nothing behind.
inline void remove_at_exit(std::filesystem::path path) {
  struct Removed {
    std::vector<std::filesystem::path> paths;
    ~Removed() {
      std::error_code ignored;
      for (const auto& p : paths) std::filesystem::remove_all(p, ignored);
    }
  };
  static Removed removed;
  removed.paths.push_back(std::move(path));
}

}  // namespace tbgen::fuzz
