#include "generator/work_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "core/positioned_io.hpp"
#include "format/checksum.hpp"

namespace tbgen {
namespace {

// 5: the one format of both engines' work files (4 was the group checkpoint's own, 1 the layer
// store's): a file of another is not read, and its work is done again.
constexpr char kMagic[8] = {'T', 'B', 'G', 'W', 'O', 'R', 'K', '5'};
// What a record is hashed and written in: a checkpoint's lists come in pieces of a few hundred
// bytes, each a system call if written as they come.
constexpr std::size_t kBuffer = std::size_t{1} << 20;

struct FileHeader {
  char magic[8];
  WorkFile::Kind kind;
  std::uint32_t zero;
  std::uint64_t key;
  std::array<std::uint64_t, 4> fields;
};

FileHeader file_header(const WorkFile::Header& h) {
  FileHeader f{};
  std::memcpy(f.magic, kMagic, sizeof kMagic);
  f.kind = h.kind;
  f.key = h.key;
  f.fields = h.fields;
  return f;
}

void full_pwrite(int fd, const void* data, std::size_t size, std::uint64_t at,
                 const std::filesystem::path& path) {
  if (!write_at(fd, data, size, at)) throw std::runtime_error(path.string() + ": cannot write");
}

bool full_pread(int fd, void* data, std::size_t size, std::uint64_t at) {
  return read_at(fd, data, size, at) == size;
}

// The header of the file open at `fd`, if it is a work file.
std::optional<WorkFile::Header> read_header(int fd) {
  FileHeader f{};
  if (!full_pread(fd, &f, sizeof f, 0) || std::memcmp(f.magic, kMagic, sizeof kMagic) != 0 ||
      f.zero != 0)
    return std::nullopt;
  return WorkFile::Header{.kind = f.kind, .key = f.key, .fields = f.fields};
}

}  // namespace

WorkFile WorkFile::create(std::filesystem::path path, const Header& header) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error(path.string() + ": cannot write");
  WorkFile file(std::move(path), fd);
  const FileHeader f = file_header(header);
  full_pwrite(fd, &f, sizeof f, 0, file.path_);
  file.end_ = sizeof f;
  return file;
}

std::optional<WorkFile> WorkFile::open(std::filesystem::path path, const Header& header,
                                       Check check) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  WorkFile file(std::move(path), fd);
  file.hashes_checked_ = check == Check::hashes;
  struct stat st {};
  if (read_header(fd) != header || ::fstat(fd, &st) != 0) return std::nullopt;
  const auto size = static_cast<std::uint64_t>(st.st_size);
  // Each record's bytes hashed as they are read, a buffer at a time.
  std::vector<std::uint8_t> buffer(kBuffer);
  file.end_ = sizeof(FileHeader);
  for (std::uint64_t n = 0; file.end_ < size; file.end_ += 2 * sizeof n + n) {
    if (!full_pread(fd, &n, sizeof n, file.end_) || n > size - file.end_ - sizeof n ||
        size - file.end_ - sizeof n - n < sizeof n)
      break;
    const std::uint64_t at = file.end_ + sizeof n;
    if (!file.hashes_checked_) {
      file.records_.push_back({at, n});
      continue;
    }
    Xxh3Stream hash;
    bool read = true;
    for (std::uint64_t done = 0; read && done < n; done += buffer.size()) {
      const std::size_t piece = std::min<std::uint64_t>(buffer.size(), n - done);
      read = full_pread(fd, buffer.data(), piece, at + done);
      hash.update(buffer.data(), piece);
    }
    std::uint64_t digest = 0;
    if (!read || !full_pread(fd, &digest, sizeof digest, at + n) || digest != hash.digest()) break;
    file.records_.push_back({at, n});
  }
  file.whole_ = file.end_ == size;
  return file;
}

std::optional<WorkFile::Header> WorkFile::header_of(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  const auto header = read_header(fd);
  ::close(fd);
  return header;
}

WorkFile::WorkFile(WorkFile&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(std::exchange(other.fd_, -1)),
      records_(std::move(other.records_)),
      end_(other.end_),
      whole_(other.whole_),
      hashes_checked_(other.hashes_checked_) {}

WorkFile& WorkFile::operator=(WorkFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    fd_ = std::exchange(other.fd_, -1);
    records_ = std::move(other.records_);
    end_ = other.end_;
    whole_ = other.whole_;
    hashes_checked_ = other.hashes_checked_;
  }
  return *this;
}

WorkFile::~WorkFile() {
  if (fd_ >= 0) ::close(fd_);
}

void WorkFile::cut() {
  if (::ftruncate(fd_, static_cast<off_t>(end_)) != 0)
    throw std::runtime_error(path_.string() + ": cannot truncate");
  whole_ = true;
}

void WorkFile::append(std::uint64_t size, const std::function<void(const Sink&)>& fill) {
  full_pwrite(fd_, &size, sizeof size, end_, path_);
  const std::uint64_t first = end_ + sizeof size;
  Xxh3Stream hash;
  std::vector<std::uint8_t> buffer;
  std::uint64_t written = 0;
  const auto flush = [&] {
    full_pwrite(fd_, buffer.data(), buffer.size(), first + written, path_);
    written += buffer.size();
    buffer.clear();
  };
  fill([&](const void* data, std::size_t n) {
    hash.update(data, n);
    if (written + buffer.size() + n > size)
      throw std::logic_error(path_.string() + ": a record longer than its size");
    if (buffer.size() + n > kBuffer) flush();
    if (n >= kBuffer) {  // as it is
      full_pwrite(fd_, data, n, first + written, path_);
      written += n;
      return;
    }
    const auto* p = static_cast<const std::uint8_t*>(data);
    buffer.insert(buffer.end(), p, p + n);
  });
  flush();
  if (written != size) throw std::logic_error(path_.string() + ": a record shorter than its size");
  const std::uint64_t digest = hash.digest();
  full_pwrite(fd_, &digest, sizeof digest, first + size, path_);
  records_.push_back({first, size});
  end_ = first + size + sizeof digest;
}

void WorkFile::append(const void* data, std::size_t size) {
  append(size, [&](const Sink& sink) { sink(data, size); });
}

bool WorkFile::read(std::size_t k, void* out) const {
  const Record& r = records_[k];
  if (!full_pread(fd_, out, r.size, r.offset))
    throw std::runtime_error(path_.string() + ": cannot read record " + std::to_string(k));
  if (hashes_checked_) return true;
  std::uint64_t digest = 0;
  return full_pread(fd_, &digest, sizeof digest, r.offset + r.size) && digest == xxh3(out, r.size);
}

void WorkFile::close() {
  const int fd = std::exchange(fd_, -1);
  if (fd >= 0 && ::close(fd) != 0) throw std::runtime_error(path_.string() + ": cannot write");
}

std::uint64_t work_key(const std::string& game, const std::string& part) {
  const std::string both = game + '\n' + part;
  return xxh3(both.data(), both.size());
}

}  // namespace tbgen
