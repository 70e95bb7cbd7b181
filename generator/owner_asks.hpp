#pragma once
// Entries asked of the processes that own them, one at a time (a distributed build whose reads
// are not ranges, as range_fetch.hpp's are: placement's re-keying of a layer by its mover). A
// round's work is cut in chunks, worked on in parallel; each chunk notes the entries it needs
// from other processes as keys their owners understand, with where each answer goes. The asks
// go to their owners sorted by owner, each owner answers every key with a one-byte code, and
// the answers come back, each put where its ask said, chunk by chunk in parallel.
#include <cstdint>
#include <vector>

#include "core/parallel.hpp"
#include "generator/cluster.hpp"

namespace tbgen {

class OwnerAsks {
 public:
  OwnerAsks(const Cluster& cluster, unsigned threads) : cluster_(cluster), threads_(threads) {}

  // Begins a round of `chunks` chunks. The lists of asks keep their memory from round to round:
  // grown afresh each round they slowed a distributed build (docs/notes/engine.md).
  void start(std::uint64_t chunks) {
    asks_.resize(chunks);
    for (auto& chunk : asks_) chunk.clear();
  }

  // Notes, from chunk k's work (one thread a chunk), that `at` needs the code of `key` from the
  // process `owner` (not this one).
  void ask(std::uint64_t k, int owner, std::uint64_t key, std::uint64_t at) {
    asks_[k].push_back({key, at, static_cast<std::uint32_t>(owner)});
  }

  // Collective (every process calls it, with its own asks, maybe none): sends the asks, answers
  // other processes' by answer(keys, n, codes) (the n keys asked by one process, their codes
  // into `codes`), and puts each answer to this process's asks in place by place(at, code), the
  // chunks on `threads` (so a chunk's places must not share memory another chunk writes).
  template <class Answer, class Place>
  void exchange(const Answer& answer, const Place& place) {
    const std::vector<Bytes> asked = cluster_.exchange(sorted());
    std::vector<Bytes> answers(asked.size());
    for (std::size_t q = 0; q < asked.size(); ++q) {
      answers[q].resize(asked[q].size() / sizeof(std::uint64_t));
      if (!answers[q].empty())
        answer(reinterpret_cast<const std::uint64_t*>(asked[q].data()), answers[q].size(),
               answers[q].data());
    }
    const std::vector<Bytes> codes = cluster_.exchange(answers);
    parallel_for(threads_, asks_.size(), [&](std::uint64_t k) {
      std::vector<std::uint64_t> next = first_[k];  // of each owner's answers
      for (const Ask& a : asks_[k]) place(a.at, codes[a.owner][next[a.owner]++]);
    });
  }

 private:
  struct Ask {
    std::uint64_t key, at;
    std::uint32_t owner;
  };
  // The asks, by owner, in chunk order and in each chunk in the order noted; sets first_.
  std::vector<Bytes> sorted();

  const Cluster& cluster_;
  unsigned threads_;
  std::vector<std::vector<Ask>> asks_;             // by chunk
  std::vector<std::vector<std::uint64_t>> first_;  // where chunk k's asks start among each owner's
};

}  // namespace tbgen
