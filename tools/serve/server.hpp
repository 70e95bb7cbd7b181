#pragma once
// `tbprobe serve`: the API and the explorer over HTTP (cpp-httplib), until SIGINT or SIGTERM.
#include <cstdint>
#include <filesystem>
#include <string>

namespace tbgen::serve {

struct ServerOptions {
  std::filesystem::path tables;
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (the one chosen is printed)
  // Connections served at once: cpp-httplib gives an open connection a thread for as long as
  // it stays open, so more keep-alive clients than threads wait their turn.
  unsigned threads = 64;
  std::uint64_t cache_mb = 512;  // budget of decoded blocks (CacheMode::bounded)
};

// Serves until SIGINT or SIGTERM, then stops accepting, finishes the requests in flight and
// returns 0. Prints "tbprobe serve: listening on http://HOST:PORT/" on stderr once ready,
// and one access-log line per request.
int serve(const ServerOptions& options);

}  // namespace tbgen::serve
