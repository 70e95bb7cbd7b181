#pragma once
// A morris group's solve saved between levels, so that a killed build loses minutes, not the
// group: on the nine board a group of two sectors of 5e8 positions each solves for half an
// hour or more. The work file <table>.work beside the tables (<table>-pRofN.work for process R
// of N), where <table> is the group's first sector; replaced whole (a temporary file renamed)
// every few minutes, removed once the group's tables are written.
//
// The file: magic, a hash of the game and the group, the process and the processes, the level;
// then the state's arrays (each side's states, the lists by level), each as its
// count and its bytes; last the XXH3-64 of every byte before it. A file that does not check, or
// holds another share, is not read: the group starts again.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "family/morris/morris_solver.hpp"

namespace tbgen::morris {

class GroupCheckpoint {
 public:
  // `game` and `group` name what the file holds; `every` is the time between saves.
  GroupCheckpoint(std::filesystem::path path, const std::string& game, const std::string& group,
                  int rank, int processes, std::chrono::seconds every);
  // Whether `every` has passed since the last save (or since this object was made).
  bool due() const;
  // Saves in two steps: write() the state to a temporary file, then, once every process has
  // written its own, commit() renames it into place: processes killed between two saves then
  // hold states of one level unless the kill falls between their renames.
  void write(const GroupState& state) const;
  void commit();
  // The state saved, if the file checks and holds `shares` positions of each side.
  std::optional<GroupState> load(const std::vector<std::uint64_t>& shares) const;
  void remove() const;

 private:
  std::filesystem::path path_;
  std::uint64_t key_;
  std::uint32_t rank_, processes_;
  std::chrono::seconds every_;
  std::chrono::steady_clock::time_point last_;
};

// Removes the work file at `path` and its temporary file, if there.
void remove_checkpoint(const std::filesystem::path& path);

// The time between saves: TBGEN_MORRIS_SAVE_SECONDS if set (tests save at every level with 0),
// else ten minutes.
std::chrono::seconds checkpoint_interval();

}  // namespace tbgen::morris
