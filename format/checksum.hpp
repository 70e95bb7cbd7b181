#pragma once
// XXH3-64, the one checksum of the table format (header, directory, blocks, whole file).
#include <cstddef>
#include <cstdint>
#include <memory>

namespace tbgen {

std::uint64_t xxh3(const void* data, std::size_t size);

// Streaming XXH3-64 over a file that is written or read in pieces.
class Xxh3Stream {
 public:
  Xxh3Stream();
  ~Xxh3Stream();
  Xxh3Stream(const Xxh3Stream&) = delete;
  Xxh3Stream& operator=(const Xxh3Stream&) = delete;
  void update(const void* data, std::size_t size);
  std::uint64_t digest() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace tbgen
