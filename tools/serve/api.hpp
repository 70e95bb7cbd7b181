#pragma once
// The HTTP API of `tbprobe serve` (SPEC section 7) as a function from a request to a reply,
// without sockets: the server calls it, and so do the fuzzer and the tests.
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tbreader/tbreader.hpp"

namespace tbgen::serve {

struct Reply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

// The pairs of a query string ("game=score3&board=X..%2F..."), percent-decoded, '+' read as
// a space (as browsers send forms). A bad escape throws InputError naming its column.
std::vector<std::pair<std::string, std::string>> parse_query(std::string_view query);
// The inverse for one key or value: every byte but letters, digits and ".-_~" as %XX.
std::string percent_encode(std::string_view text);

class Api {
 public:
  explicit Api(const tbreader::Tablebase& tables);
  // `target` is the request target as sent: the path, then optionally '?' and the query. An
  // error's body names a table by its file name in the table directory, never by the server's
  // path to it (the reader's own messages, which the CLI prints, keep the path).
  Reply answer(std::string_view method, std::string_view target) const;

 private:
  Reply failure(int status, std::string message) const;
  Reply games() const;
  Reply probe(std::string_view query) const;
  std::shared_ptr<const tbreader::Game> game(const std::string& name) const;

  const tbreader::Tablebase& tables_;
  // The table directory as the messages may spell it (as given, absolute, canonical), each
  // ending in '/', longest first.
  std::vector<std::string> directory_prefixes_;
  // Games opened so far, by the string asked for. Bounded: past kGames, a game is opened
  // for its request alone (a client cannot grow the server by inventing game strings).
  static constexpr std::size_t kGames = 256;
  mutable std::shared_mutex mutex_;
  mutable std::map<std::string, std::shared_ptr<const tbreader::Game>, std::less<>> games_;
};

std::string_view explorer_html();  // the explorer page (generated from explorer.html)

}  // namespace tbgen::serve
