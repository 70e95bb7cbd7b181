// A group's saves: the state read back as written, a kill at any step of a save leaving a level
// to go on from (the new one or the one before), and files that do not check, or are another
// process's or group's, never read.
#include "generator/group_checkpoint.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "test_tables.hpp"

namespace tbgen::retrograde {
namespace {

// A state of two sides of three and two positions at `level`, its numbers drawn from `level`.
GroupState state_at(std::uint64_t level) {
  GroupState s;
  s.level = level;
  s.states = {Codes{Code(level), 7, 9}, Codes{3, Code(level + 1)}};
  // Lists cut in pieces, as the solver's are, are read back whole.
  s.decided = {LevelList({0}), LevelList({level})};
  s.decided[0].add({2});
  s.scheduled = {LevelList({1}), LevelList(), LevelList({4, 3})};
  return s;
}
const std::vector<std::uint64_t> kShares = {3, 2};

std::vector<std::vector<std::uint64_t>> items_of(const std::vector<LevelList>& levels) {
  std::vector<std::vector<std::uint64_t>> items;
  for (const LevelList& level : levels) {
    auto& into = items.emplace_back();
    level.for_each([&](std::uint64_t item) { into.push_back(item); });
  }
  return items;
}

void expect_state(const std::optional<GroupState>& got, std::uint64_t level) {
  ASSERT_TRUE(got.has_value()) << "level " << level;
  const GroupState want = state_at(level);
  EXPECT_EQ(got->level, level);
  EXPECT_EQ(got->states, want.states);
  EXPECT_EQ(items_of(got->decided), items_of(want.decided));
  EXPECT_EQ(items_of(got->scheduled), items_of(want.scheduled));
}

GroupCheckpoint checkpoint_in(const std::filesystem::path& dir, int rank = 0,
                              const std::string& group = "g") {
  return GroupCheckpoint(dir / "t-p0of2.work", "morris()", group, rank, 2, std::chrono::seconds(0));
}

// A save with no kill in it: its three steps.
void save(GroupCheckpoint& c, std::uint64_t level) {
  c.write(state_at(level));
  c.commit();
  c.drop();
}

std::filesystem::path with(std::filesystem::path p, const char* suffix) {
  return p += suffix;
}

TEST(GroupCheckpoint, ASaveIsReadBackAsWritten) {
  const auto dir = tbgen::testing::fresh_directory("morris-save");
  GroupCheckpoint c = checkpoint_in(dir);
  EXPECT_TRUE(c.levels().empty());
  EXPECT_FALSE(c.load(0, kShares));
  save(c, 5);
  EXPECT_EQ(c.levels(), std::vector<std::uint64_t>{5});
  expect_state(c.load(5, kShares), 5);
  EXPECT_FALSE(c.load(4, kShares));
  EXPECT_FALSE(c.load(5, {3, 3})) << "a share of other sizes";
  c.remove();
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

// Processes wait for one another between the steps of a save: killed at any point of one,
// each holds the level before or the new one, and the newest level all hold is one each can read.
TEST(GroupCheckpoint, AKillInASaveLeavesTheLevelBeforeOrTheNewOne) {
  const auto dir = tbgen::testing::fresh_directory("morris-kill");
  GroupCheckpoint c = checkpoint_in(dir);
  const auto path = dir / "t-p0of2.work";
  save(c, 2);
  c.write(state_at(3));  // killed here: the new state is only in the temporary file
  EXPECT_EQ(c.levels(), std::vector<std::uint64_t>{2});
  // Killed between commit's two renames: the save before is aside, the new one not yet in place.
  std::filesystem::rename(path, with(path, ".old"));
  EXPECT_EQ(c.levels(), std::vector<std::uint64_t>{2});
  expect_state(c.load(2, kShares), 2);
  std::filesystem::rename(with(path, ".tmp"), path);  // commit's second rename
  EXPECT_EQ(c.levels(), (std::vector<std::uint64_t>{3, 2}));
  expect_state(c.load(3, kShares), 3);
  expect_state(c.load(2, kShares), 2);
  c.drop();
  EXPECT_EQ(c.levels(), std::vector<std::uint64_t>{3});
  // Resumed from the save before (another process had not saved 3), the next save of 3 and 4.
  c.write(state_at(3));
  c.commit();
  EXPECT_EQ(c.levels(), (std::vector<std::uint64_t>{3, 3}));
  c.drop();
  save(c, 4);
  EXPECT_EQ(c.levels(), std::vector<std::uint64_t>{4});
  expect_state(c.load(4, kShares), 4);
}

TEST(GroupCheckpoint, AFileThatDoesNotCheckIsNotRead) {
  const auto dir = tbgen::testing::fresh_directory("morris-corrupt");
  GroupCheckpoint c = checkpoint_in(dir);
  save(c, 6);
  const auto path = dir / "t-p0of2.work";
  const auto size = std::filesystem::file_size(path);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(size / 2));
    f.put('\x5a');
  }
  EXPECT_EQ(c.levels(), std::vector<std::uint64_t>{6}) << "the header alone still reads";
  EXPECT_FALSE(c.load(6, kShares));
  std::filesystem::resize_file(path, size - 1);
  EXPECT_FALSE(c.load(6, kShares));
}

TEST(GroupCheckpoint, AnotherProcessesOrGroupsSaveIsNotRead) {
  const auto dir = tbgen::testing::fresh_directory("morris-other");
  GroupCheckpoint c = checkpoint_in(dir);
  save(c, 1);
  EXPECT_TRUE(checkpoint_in(dir, 1).levels().empty());
  EXPECT_FALSE(checkpoint_in(dir, 1).load(1, kShares));
  EXPECT_TRUE(checkpoint_in(dir, 0, "h").levels().empty());
  EXPECT_FALSE(checkpoint_in(dir, 0, "h").load(1, kShares));
}

}  // namespace
}  // namespace tbgen::retrograde
