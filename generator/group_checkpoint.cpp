#include "generator/group_checkpoint.hpp"

#include <array>
#include <numeric>
#include <span>

namespace tbgen::retrograde {
namespace {

std::filesystem::path with_suffix(std::filesystem::path path, const char* suffix) {
  return path += suffix;
}
std::filesystem::path temporary_of(const std::filesystem::path& path) {
  return with_suffix(path, ".tmp");
}
// The save before the newest, kept while a save is under way.
std::filesystem::path old_of(const std::filesystem::path& path) {
  return with_suffix(path, ".old");
}

// Record k of `file` read into `a`, if it holds whole items, at most `limit` of them, and checks.
template <class Array>
bool read_array(const WorkFile& file, std::size_t k, std::uint64_t limit, Array& a) {
  const std::uint64_t size = file.record_size(k);
  if (size % sizeof a[0] != 0 || size / sizeof a[0] > limit) return false;
  a.resize(size / sizeof a[0]);
  return file.read(k, a.data());
}

// The state saved in `file` (whose header holds `level`), if its records are those of a state of
// `shares` positions of each side. Its records: the counts of sides and of each kind of level
// list, then each side's states, then the lists (decided, then scheduled) by level.
std::optional<GroupState> state_of(const WorkFile& file, std::uint64_t level,
                                   const std::vector<std::uint64_t>& shares) {
  std::array<std::uint64_t, 3> counts{};  // sides, decided levels, scheduled levels
  if (!file.whole() || file.records() == 0 || file.record_size(0) != sizeof counts ||
      !file.read(0, counts.data()))
    return std::nullopt;
  // A level's list holds each position of the share once at most; codes are 16 bits.
  if (counts[0] != shares.size() || counts[1] > 0x10000 || counts[2] > 0x10000 ||
      file.records() != 1 + counts[0] + counts[1] + counts[2])
    return std::nullopt;
  GroupState state;
  state.level = level;
  state.states.resize(counts[0]);
  std::size_t k = 1;
  for (std::size_t i = 0; i < shares.size(); ++i, ++k)
    if (!read_array(file, k, shares[i], state.states[i]) || state.states[i].size() != shares[i])
      return std::nullopt;
  const std::uint64_t positions = std::accumulate(shares.begin(), shares.end(), std::uint64_t{0});
  state.decided.resize(counts[1]);
  state.scheduled.resize(counts[2]);
  for (auto* levels : {&state.decided, &state.scheduled})
    for (auto& list : *levels) {
      std::vector<std::uint64_t> items;
      if (!read_array(file, k++, positions, items)) return std::nullopt;
      list = LevelList(std::move(items));
    }
  return state;
}

}  // namespace

GroupCheckpoint::GroupCheckpoint(std::filesystem::path path, const std::string& game,
                                 const std::string& group, int rank, int processes,
                                 std::chrono::seconds every)
    : path_(std::move(path)),
      key_(work_key(game, group)),
      rank_(static_cast<std::uint32_t>(rank)),
      processes_(static_cast<std::uint32_t>(processes)),
      every_(every),
      last_(std::chrono::steady_clock::now()) {}

bool GroupCheckpoint::due() const {
  return std::chrono::steady_clock::now() - last_ >= every_;
}

void GroupCheckpoint::write(const GroupState& state) const {
  WorkFile out = WorkFile::create(temporary_of(path_), header(state.level));
  const std::array<std::uint64_t, 3> counts = {state.states.size(), state.decided.size(),
                                               state.scheduled.size()};
  out.append(counts.data(), sizeof counts);
  for (const Codes& states : state.states) out.append(states.data(), states.size() * sizeof(Code));
  for (const auto* levels : {&state.decided, &state.scheduled})
    for (const LevelList& list : *levels)
      out.append(list.size() * sizeof(std::uint64_t), [&](const WorkFile::Sink& sink) {
        list.for_range(0, list.size(), [&](std::span<const std::uint64_t> run) {
          sink(run.data(), run.size_bytes());
        });
      });
  out.close();
}

void GroupCheckpoint::commit() {
  if (std::filesystem::exists(path_)) std::filesystem::rename(path_, old_of(path_));
  std::filesystem::rename(temporary_of(path_), path_);
  last_ = std::chrono::steady_clock::now();
}

void GroupCheckpoint::drop() const {
  std::filesystem::remove(old_of(path_));
}

WorkFile::Header GroupCheckpoint::header(std::uint64_t level) const {
  return {.kind = WorkFile::Kind::group_checkpoint,
          .key = key_,
          .fields = {rank_, processes_, level, 0}};
}

std::vector<std::uint64_t> GroupCheckpoint::levels() const {
  std::vector<std::uint64_t> found;
  for (const auto& file : {path_, old_of(path_)})
    if (const auto h = WorkFile::header_of(file); h && *h == header(h->fields[2]))
      found.push_back(h->fields[2]);
  return found;
}

std::optional<GroupState> GroupCheckpoint::load(std::uint64_t level,
                                                const std::vector<std::uint64_t>& shares) const {
  for (const auto& path : {path_, old_of(path_)})
    if (const auto file = WorkFile::open(path, header(level), WorkFile::Check::sizes))
      return state_of(*file, level, shares);
  return std::nullopt;
}

void GroupCheckpoint::remove() const {
  remove_checkpoint(path_);
}

void remove_checkpoint(const std::filesystem::path& path) {
  std::filesystem::remove(path);
  std::filesystem::remove(old_of(path));
  std::filesystem::remove(temporary_of(path));
}

}  // namespace tbgen::retrograde
