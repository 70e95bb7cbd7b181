#pragma once
// A group's solve by the cyclic engine (retrograde.hpp) saved between levels, so that a killed
// build loses minutes, not the group: Nine Men's Morris has groups of two sectors of 5e8
// positions each that solve for half an hour or more. The work file <table>.work beside the tables
// (<table>-pRofN.work for process R of N), where <table> is the group's first sector; replaced
// whole (a temporary file renamed) every few minutes, the save before it kept as <...>.work.old
// until every process has renamed its new one, and removed once the group's tables are written.
//
// The file: a work file (work_file.hpp) whose header names the game and the group, the process,
// the processes and the level, and whose records are the state's arrays (each side's states, the
// lists by level). A file with a record that does not check, or that holds another share, is not
// read: the group starts again.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "generator/retrograde.hpp"
#include "generator/work_file.hpp"

namespace tbgen::retrograde {

class GroupCheckpoint {
 public:
  // `game` and `group` name what the file holds; `every` is the time between saves.
  GroupCheckpoint(std::filesystem::path path, const std::string& game, const std::string& group,
                  int rank, int processes, std::chrono::seconds every);
  // Whether `every` has passed since the last save (or since this object was made).
  bool due() const;
  // Saves in three steps, each begun once every process has done the one before: write() the
  // state to a temporary file; commit() moves the last save aside and the new one into place;
  // drop() removes the last save. Processes killed anywhere in a save then all still hold one
  // level, the new one or the one before.
  void write(const GroupState& state) const;
  void commit();
  void drop() const;
  // The levels saved (the newest first), read from the files' headers alone.
  std::vector<std::uint64_t> levels() const;
  // The state saved at `level`, if its file checks and holds `shares` positions of each side.
  std::optional<GroupState> load(std::uint64_t level,
                                 const std::vector<std::uint64_t>& shares) const;
  void remove() const;

 private:
  WorkFile::Header header(std::uint64_t level) const;  // of this group's and process's save
  std::filesystem::path path_;
  std::uint64_t key_;
  std::uint32_t rank_, processes_;
  std::chrono::seconds every_;
  std::chrono::steady_clock::time_point last_;
};

// Removes the work file at `path`, its last save and its temporary file, if there.
void remove_checkpoint(const std::filesystem::path& path);

}  // namespace tbgen::retrograde
