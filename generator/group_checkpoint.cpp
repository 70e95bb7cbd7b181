#include "generator/group_checkpoint.hpp"

#include <cstdio>
#include <cstring>
#include <memory>
#include <numeric>
#include <span>
#include <stdexcept>

#include "format/checksum.hpp"

namespace tbgen::retrograde {
namespace {

// 4: the cyclic engine's states (a code, or a counter and two flags) and level items, morris's
// too (3's morris items were its own solver's: a save of 3 is solved again).
constexpr char kMagic[8] = {'T', 'B', 'G', 'W', 'O', 'R', 'K', '4'};

struct FileHeader {
  char magic[8];
  std::uint64_t key;
  std::uint32_t rank, processes;
  std::uint64_t level;
};

struct CloseFile {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, CloseFile>;

// Bytes written and hashed; the hash itself last.
class Writer {
 public:
  explicit Writer(const std::filesystem::path& path)
      : path_(path), file_(std::fopen(path.c_str(), "wb")) {
    if (!file_) throw std::runtime_error(path_.string() + ": cannot write");
  }
  void bytes(const void* data, std::size_t size) {
    hash_.update(data, size);
    if (size > 0 && std::fwrite(data, 1, size, file_.get()) != size)
      throw std::runtime_error(path_.string() + ": cannot write");
  }
  template <class Array>
  void array(const Array& a) {
    const std::uint64_t n = a.size();
    bytes(&n, sizeof n);
    bytes(a.data(), n * sizeof a[0]);
  }
  // As one array of its items.
  void list(const LevelList& l) {
    const std::uint64_t n = l.size();
    bytes(&n, sizeof n);
    l.for_range(0, n,
                [&](std::span<const std::uint64_t> run) { bytes(run.data(), run.size_bytes()); });
  }
  void close() {
    const std::uint64_t digest = hash_.digest();
    if (std::fwrite(&digest, sizeof digest, 1, file_.get()) != 1 ||
        std::fclose(file_.release()) != 0)
      throw std::runtime_error(path_.string() + ": cannot write");
  }

 private:
  std::filesystem::path path_;
  File file_;
  Xxh3Stream hash_;
};

// Bytes read and hashed; any short read or count beyond `limit` makes the file not check.
class Reader {
 public:
  explicit Reader(const std::filesystem::path& path) : file_(std::fopen(path.c_str(), "rb")) {}
  bool bytes(void* data, std::size_t size) {
    ok_ = ok_ && file_ && (size == 0 || std::fread(data, 1, size, file_.get()) == size);
    if (ok_) hash_.update(data, size);
    return ok_;
  }
  template <class Array>
  bool array(Array& a, std::uint64_t limit) {
    std::uint64_t n = 0;
    if (!bytes(&n, sizeof n) || n > limit) return ok_ = false;
    a.resize(n);
    return bytes(a.data(), n * sizeof a[0]);
  }
  // The hash read last matches, and nothing follows it.
  bool checks() {
    std::uint64_t digest = 0;
    return ok_ && std::fread(&digest, sizeof digest, 1, file_.get()) == 1 &&
           digest == hash_.digest() && std::fgetc(file_.get()) == EOF;
  }

 private:
  File file_;
  Xxh3Stream hash_;
  bool ok_ = true;
};

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

// The level a file's header holds, if the file is this game's, group's and process's save.
std::optional<std::uint64_t> level_of(Reader& in, std::uint64_t key, std::uint32_t rank,
                                      std::uint32_t processes) {
  FileHeader h{};
  if (!in.bytes(&h, sizeof h) || std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.key != key ||
      h.rank != rank || h.processes != processes)
    return std::nullopt;
  return h.level;
}

// The rest of a file, past its header: the state saved at `level`, if it holds `shares`
// positions of each side and checks.
std::optional<GroupState> state_of(Reader& in, std::uint64_t level,
                                   const std::vector<std::uint64_t>& shares) {
  GroupState state;
  state.level = level;
  std::uint64_t sides = 0;
  if (!in.bytes(&sides, sizeof sides) || sides != shares.size()) return std::nullopt;
  state.states.resize(sides);
  for (std::size_t i = 0; i < sides; ++i)
    if (!in.array(state.states[i], shares[i]) || state.states[i].size() != shares[i])
      return std::nullopt;
  // A level's list holds each position of the share once at most; codes are 16 bits.
  const std::uint64_t positions = std::accumulate(shares.begin(), shares.end(), std::uint64_t{0});
  for (auto* levels : {&state.decided, &state.scheduled}) {
    std::uint64_t n = 0;
    if (!in.bytes(&n, sizeof n) || n > 0x10000) return std::nullopt;
    levels->resize(n);
    for (auto& list : *levels) {
      std::vector<std::uint64_t> items;
      if (!in.array(items, positions)) return std::nullopt;
      list = LevelList(std::move(items));
    }
  }
  if (!in.checks()) return std::nullopt;
  return state;
}

}  // namespace

GroupCheckpoint::GroupCheckpoint(std::filesystem::path path, const std::string& game,
                                 const std::string& group, int rank, int processes,
                                 std::chrono::seconds every)
    : path_(std::move(path)),
      key_(xxh3((game + '\n' + group).data(), game.size() + 1 + group.size())),
      rank_(static_cast<std::uint32_t>(rank)),
      processes_(static_cast<std::uint32_t>(processes)),
      every_(every),
      last_(std::chrono::steady_clock::now()) {}

bool GroupCheckpoint::due() const {
  return std::chrono::steady_clock::now() - last_ >= every_;
}

void GroupCheckpoint::write(const GroupState& state) const {
  Writer out(temporary_of(path_));
  FileHeader h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.key = key_;
  h.rank = rank_;
  h.processes = processes_;
  h.level = state.level;
  out.bytes(&h, sizeof h);
  const std::uint64_t sides = state.states.size();
  out.bytes(&sides, sizeof sides);
  for (std::size_t i = 0; i < sides; ++i) out.array(state.states[i]);
  for (const auto* levels : {&state.decided, &state.scheduled}) {
    const std::uint64_t n = levels->size();
    out.bytes(&n, sizeof n);
    for (const auto& level : *levels) out.list(level);
  }
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

std::vector<std::uint64_t> GroupCheckpoint::levels() const {
  std::vector<std::uint64_t> found;
  for (const auto& file : {path_, old_of(path_)}) {
    Reader in(file);
    if (const auto level = level_of(in, key_, rank_, processes_)) found.push_back(*level);
  }
  return found;
}

std::optional<GroupState> GroupCheckpoint::load(std::uint64_t level,
                                                const std::vector<std::uint64_t>& shares) const {
  for (const auto& file : {path_, old_of(path_)}) {
    Reader in(file);
    if (level_of(in, key_, rank_, processes_) == level) return state_of(in, level, shares);
  }
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
