// Load on `tbprobe serve`: CLIENTS threads, each with one keep-alive connection, ask for
// random positions for SECONDS and check every answer against the expected JSON (the output
// of `tbprobe batch --json` for the same boards). Prints requests/s, p50/p99 latency, errors
// (a status other than 200, or no answer) and wrong answers. Driven by serve_load_bench.sh.
// usage: bench_serve_load PORT CLIENTS SECONDS GAME BOARDS EXPECTED [GAME BOARDS EXPECTED...]
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "serve/api.hpp"

namespace {

struct Query {
  std::string path, expected;
};

std::vector<std::string> lines_of(const char* file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7 || (argc - 4) % 3 != 0) {
    std::fprintf(stderr,
                 "usage: bench_serve_load PORT CLIENTS SECONDS GAME BOARDS EXPECTED "
                 "[GAME BOARDS EXPECTED...]\n");
    return 2;
  }
  const int port = std::stoi(argv[1]);
  const int clients = std::stoi(argv[2]);
  const double seconds = std::stod(argv[3]);
  std::vector<Query> queries;
  for (int g = 4; g + 2 < argc; g += 3) {
    const auto boards = lines_of(argv[g + 1]), expected = lines_of(argv[g + 2]);
    if (boards.size() != expected.size() || boards.empty()) {
      std::fprintf(stderr, "bench_serve_load: %s and %s differ in length\n", argv[g + 1],
                   argv[g + 2]);
      return 2;
    }
    for (std::size_t i = 0; i < boards.size(); ++i)
      queries.push_back({"/api/v1/probe?game=" + tbgen::serve::percent_encode(argv[g]) +
                             "&board=" + tbgen::serve::percent_encode(boards[i]),
                         expected[i] + "\n"});
  }

  std::atomic<std::uint64_t> errors{0}, wrong{0};
  std::vector<std::vector<float>> latencies(clients);
  const auto start = std::chrono::steady_clock::now();
  const auto end = start + std::chrono::duration<double>(seconds);
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c)
    threads.emplace_back([&, c] {
      httplib::Client client("127.0.0.1", port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      std::mt19937_64 rng(static_cast<std::uint64_t>(c));
      auto& mine = latencies[c];
      while (std::chrono::steady_clock::now() < end) {
        const Query& q = queries[rng() % queries.size()];
        const auto t0 = std::chrono::steady_clock::now();
        const auto res = client.Get(q.path.c_str());
        const auto t1 = std::chrono::steady_clock::now();
        if (!res || res->status != 200) {
          if (errors++ < 5)  // the first few, to tell what went wrong
            std::fprintf(stderr, "error: %s\n",
                         res ? ("status " + std::to_string(res->status)).c_str()
                             : httplib::to_string(res.error()).c_str());
          continue;
        }
        if (res->body != q.expected) ++wrong;
        mine.push_back(std::chrono::duration<float, std::milli>(t1 - t0).count());
      }
    });
  for (auto& t : threads) t.join();
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<float> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  const auto at = [&](double q) {
    return all.empty() ? 0.0
                       : all[static_cast<std::size_t>(q * static_cast<double>(all.size() - 1))];
  };
  std::printf("requests %zu  rate %.0f/s  p50 %.3f ms  p99 %.3f ms  errors %llu  wrong %llu\n",
              all.size(), static_cast<double>(all.size()) / elapsed, at(0.5), at(0.99),
              static_cast<unsigned long long>(errors.load()),
              static_cast<unsigned long long>(wrong.load()));
  return errors == 0 && wrong == 0 ? 0 : 1;
}
