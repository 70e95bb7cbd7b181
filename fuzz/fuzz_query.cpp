// Requests to the HTTP API of `tbprobe serve` (the first byte picks the method, the rest is the
// request target): every one is answered with 200, 400, 404 or 405 and a JSON body (the page:
// HTML), never a crash or a 500 over sound tables; and a parsed query, encoded again, parses
// to the same pairs.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "fuzz_support.hpp"
#include "serve/api.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const tbgen::serve::Api api(tbgen::fuzz::small_tables());
  static const char* methods[] = {"GET", "HEAD", "POST", "OPTIONS"};
  const std::string target(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto reply = api.answer(methods[data[0] % 4], target);
  if (reply.status != 200 && reply.status != 400 && reply.status != 404 && reply.status != 405)
    std::abort();
  if (reply.content_type == "application/json" && !nlohmann::json::accept(reply.body)) std::abort();

  const auto query =
      target.substr(target.find('?') == std::string::npos ? target.size() : target.find('?') + 1);
  try {
    const auto pairs = tbgen::serve::parse_query(query);
    std::string again;
    for (const auto& [key, value] : pairs)
      again += tbgen::serve::percent_encode(key) + "=" + tbgen::serve::percent_encode(value) + "&";
    if (tbgen::serve::parse_query(again) != pairs) std::abort();
  } catch (const tbreader::InputError&) {
  }
  return 0;
}
