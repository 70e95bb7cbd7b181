#pragma once
// The one format of what a build keeps beside its tables while it works: a layered build's layer
// store (layer_store.hpp) and a cyclic group's checkpoint (group_checkpoint.hpp) are both work
// files. A kill may come at any byte, so a file says itself what it holds and which of its bytes
// are whole; the engines differ only in how they fill one (a layer store appends to its file as
// parts are solved; a checkpoint writes a new file and renames it over the last).
//
// The file: a header (magic "TBGWORK5", the kind of work file, a hash of the game and of the
// part it holds, four numbers the kind gives a meaning), then records, each its size in bytes,
// those bytes, and their XXH3-64. Opening a file keeps its records in order up to the first that
// does not check (a record a kill left half-written, or damaged): those are all a build may read.
// A file read once, whole (a checkpoint), is opened by its records' sizes alone and each record
// checked as it is read: hashing all at opening would read a save of gigabytes twice.
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tbgen {

class WorkFile {
 public:
  enum class Kind : std::uint32_t { layer_store = 1, group_checkpoint = 2 };
  struct Header {
    Kind kind{};
    std::uint64_t key = 0;  // work_key() of what the file holds
    std::array<std::uint64_t, 4> fields{};
    bool operator==(const Header&) const = default;
  };
  // A new file at `path` (one there is replaced) with `header` and no record.
  static WorkFile create(std::filesystem::path path, const Header& header);
  // What opening a file checks of its records: their hashes, or only that their sizes fit the
  // file (read() then checks each record's hash).
  enum class Check { hashes, sizes };
  // The file at `path` if it is a work file with `header`: its records that check.
  static std::optional<WorkFile> open(std::filesystem::path path, const Header& header,
                                      Check check = Check::hashes);
  // The header of the file at `path`, if it is a work file (its records not read).
  static std::optional<Header> header_of(const std::filesystem::path& path);

  WorkFile(WorkFile&&) noexcept;
  WorkFile& operator=(WorkFile&&) noexcept;
  ~WorkFile();

  std::size_t records() const { return records_.size(); }
  std::uint64_t record_size(std::size_t k) const { return records_[k].size; }
  std::uint64_t bytes() const { return end_; }  // the header and the records that check
  // Whether every byte of the file is in records that check (nothing after them).
  bool whole() const { return whole_; }
  // Cuts what follows the records that check, so that appends go on after them.
  void cut();

  // Appends a record of `size` bytes: those `fill` passes to the function it is given, in order,
  // in pieces of any size (written a MiB at a time).
  using Sink = std::function<void(const void* data, std::size_t size)>;
  void append(std::uint64_t size, const std::function<void(const Sink&)>& fill);
  void append(const void* data, std::size_t size);
  // Reads record k into `out` (record_size(k) bytes); safe from several threads at once. False if
  // the file was opened by sizes and the record's bytes do not match its hash.
  [[nodiscard]] bool read(std::size_t k, void* out) const;
  // Closes the file, throwing if what was written did not reach it.
  void close();
  const std::filesystem::path& path() const { return path_; }

 private:
  struct Record {
    std::uint64_t offset = 0, size = 0;  // of its bytes, after their size
  };
  WorkFile(std::filesystem::path path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::filesystem::path path_;
  int fd_ = -1;
  std::vector<Record> records_;
  std::uint64_t end_ = 0;
  bool whole_ = true;
  bool hashes_checked_ = true;  // by open(): read() need not
};

// A hash of a game (its canonical string) and of the part of its build a work file holds.
std::uint64_t work_key(const std::string& game, const std::string& part);

}  // namespace tbgen
