// Game strings: any text is a game or refused with GameError, never a crash; a canonical form
// is a fixed point.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "tbreader/tbreader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const std::string canonical = tbreader::canonical(text);
    if (tbreader::canonical(canonical) != canonical) std::abort();
  } catch (const tbreader::GameError&) {
  }
  return 0;
}
