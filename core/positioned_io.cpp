#include "core/positioned_io.hpp"

#include <unistd.h>

#include <cerrno>

namespace tbgen {

std::size_t read_at(int fd, void* out, std::size_t size, std::uint64_t at) {
  auto* p = static_cast<std::uint8_t*>(out);
  std::size_t done = 0;
  errno = 0;
  while (done < size) {
    const ssize_t n = ::pread(fd, p + done, size - done, static_cast<off_t>(at + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  return done;
}

bool write_at(int fd, const void* data, std::size_t size, std::uint64_t at) {
  const auto* p = static_cast<const std::uint8_t*>(data);
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::pwrite(fd, p + done, size - done, static_cast<off_t>(at + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace tbgen
