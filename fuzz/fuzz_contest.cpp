// Contest inputs of every game: answered or refused with InputError / tbreader::Error.
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& game = tbgen::fuzz::game_for(data[0]);
  std::istringstream in(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  std::ostringstream out;
  try {
    game.solve(in, out);
  } catch (const tbreader::InputError&) {
  } catch (const tbreader::Error&) {
  }
  return 0;
}
