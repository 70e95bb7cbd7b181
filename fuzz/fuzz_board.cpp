// Board strings of every game (and weighted3's --weights): any input is answered or refused
// with InputError / tbreader::Error, never a crash.
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto* game = tbgen::find_game_cli(tbgen::fuzz::game_for(data[0]));
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  // Up to four boards separated by newlines; a line starting with 'w' gives weights.
  std::vector<std::string> boards;
  tbgen::ProbeOptions options;
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
    game->probe(tbgen::fuzz::small_tables(), boards, options);
  } catch (const tbgen::InputError&) {
  } catch (const tbreader::Error&) {
  }
  return 0;
}
