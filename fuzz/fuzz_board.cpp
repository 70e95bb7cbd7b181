// Board strings of every game (and weighted3's --weights) through the public API: any input is
// answered or refused with InputError / tbreader::Error, never a crash; a batch line too.
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& game = tbgen::fuzz::game_for(data[0]);
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  // Up to four boards separated by newlines; a line starting with 'w' gives weights.
  std::vector<std::string> boards;
  tbreader::ProbeOptions options;
  std::size_t start = 0;
  while (start <= text.size() && boards.size() < 4) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line[0] == 'w') {
      options.weights = line.substr(1);
    } else {
      boards.push_back(line);
    }
    start = end + 1;
  }
  try {
    (void)tbreader::json(game.probe(boards, options));
  } catch (const tbreader::InputError&) {
  } catch (const tbreader::Error&) {
  }
  try {
    (void)game.values(boards, options);
  } catch (const tbreader::InputError&) {
  } catch (const tbreader::Error&) {
  }
  return 0;
}
