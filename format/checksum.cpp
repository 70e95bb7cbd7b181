#include "format/checksum.hpp"

// Inlined so that the installed reader needs no xxHash library at link time.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace tbgen {

std::uint64_t xxh3(const void* data, std::size_t size) {
  return XXH3_64bits(data, size);
}

struct Xxh3Stream::State {
  XXH3_state_t xxh;
};

Xxh3Stream::Xxh3Stream() : state_(std::make_unique<State>()) {
  XXH3_64bits_reset(&state_->xxh);
}
Xxh3Stream::~Xxh3Stream() = default;
void Xxh3Stream::update(const void* data, std::size_t size) {
  XXH3_64bits_update(&state_->xxh, data, size);
}
std::uint64_t Xxh3Stream::digest() const {
  return XXH3_64bits_digest(&state_->xxh);
}

}  // namespace tbgen
