#include "server.hpp"

#include <httplib.h>
#include <malloc.h>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <thread>

#include "api.hpp"

namespace tbgen::serve {
namespace {

// One line per request, written with one write(2) so that lines from many threads never mix.
void log_request(const httplib::Request& req, const Reply& reply, double ms) {
  char line[512];
  const auto target = req.target.size() > 300 ? req.target.substr(0, 300) + "..." : req.target;
  const int n =
      std::snprintf(line, sizeof line, "%s \"%s %s\" %d %zu %.3f ms\n", req.remote_addr.c_str(),
                    req.method.c_str(), target.c_str(), reply.status, reply.body.size(), ms);
  if (n > 0) (void)!::write(STDERR_FILENO, line, std::min<std::size_t>(n, sizeof line - 1));
}

}  // namespace

int serve(const ServerOptions& options) {
  // Decoded blocks (tens to hundreds of KiB) come and go as the cache turns over. glibc gives
  // each of many threads a heap of its own, and each heap keeps what it once held: with 64
  // threads and a 64 MiB cache the server grew to 178 MiB. A few shared heaps reuse the memory
  // (132 MiB, at the same rate; docs/serve.md).
  mallopt(M_ARENA_MAX, static_cast<int>(std::max(2u, std::thread::hardware_concurrency())));
  const tbreader::Tablebase tables(options.tables, tbreader::CacheMode::bounded,
                                   options.cache_mb << 20);
  const Api api(tables);
  const unsigned threads = options.threads;

  // The signals go to one waiting thread, not to whichever thread they hit: blocked here,
  // before any thread starts, so that every thread inherits the mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  httplib::Server server;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_tcp_nodelay(true);          // small answers: no 40 ms wait for a delayed ACK
  server.set_keep_alive_max_count(100);  // then the connection's thread serves another
  server.set_keep_alive_timeout(2);      // also how long an idle connection can delay shutdown
  server.set_default_headers({{"Access-Control-Allow-Origin", "*"}});
  // cpp-httplib also sets SO_REUSEPORT, with which a second server on the same port would
  // start without a word and take half the connections: a busy port must be an error.
  server.set_socket_options([](socket_t sock) {
    const int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    const auto start = std::chrono::steady_clock::now();
    const Reply reply = api.answer(req.method, req.target);
    res.status = reply.status;
    if (reply.status == 405) res.set_header("Allow", "GET, HEAD");
    res.set_content(reply.body, reply.content_type.c_str());
    log_request(req, reply,
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count());
    return httplib::Server::HandlerResponse::Handled;
  });

  errno = 0;
  const int port = options.port == 0
                       ? server.bind_to_any_port(options.host)
                       : (server.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0) {
    std::fprintf(stderr, "tbprobe serve: cannot listen on %s:%d: %s\n", options.host.c_str(),
                 options.port, errno ? std::strerror(errno) : "not an address of this machine");
    return 1;
  }
  std::atomic<bool> listening_ended{false}, signalled{false};
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    signalled = true;
    // A signal that comes before the server runs would find nothing to stop.
    while (!server.is_running() && !listening_ended)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    server.stop();
  });
  std::fprintf(stderr,
               "tbprobe serve: listening on http://%s:%d/ (tables %s, %u threads, %llu MiB "
               "cache)\n",
               options.host.c_str(), port, options.tables.c_str(), threads,
               static_cast<unsigned long long>(options.cache_mb));
  const bool listened = server.listen_after_bind();
  listening_ended = true;
  if (!signalled) pthread_kill(stopper.native_handle(), SIGTERM);  // wakes the stopper to end
  stopper.join();
  if (!listened && !signalled) {
    std::fprintf(stderr, "tbprobe serve: the server failed\n");
    return 1;
  }
  std::fprintf(stderr, "tbprobe serve: stopped\n");
  return 0;
}

}  // namespace tbgen::serve
