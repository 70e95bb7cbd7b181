#pragma once
// Whole reads and writes at an offset of an open file (pread and pwrite go on until done: a call
// may move fewer bytes than asked, or be interrupted by a signal). Tables, their writer and the
// work files all read and write this way, from several threads at once.
#include <cstddef>
#include <cstdint>

namespace tbgen {

// The bytes read into `out` from `at` on: `size` unless the file ends first or a read fails
// (errno then says why; it is 0 at the file's end).
std::size_t read_at(int fd, void* out, std::size_t size, std::uint64_t at);
// Whether all `size` bytes were written at `at` (errno says why not).
bool write_at(int fd, const void* data, std::size_t size, std::uint64_t at);

}  // namespace tbgen
