#include "generator/range_fetch.hpp"

#include <algorithm>

#include "generator/entry_share.hpp"

namespace tbgen {

FetchedRanges::FetchedRanges(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& classes,
                             const PackedCodes& mine, std::uint64_t entries,
                             const Cluster& cluster) {
  const int ranks = cluster.size();
  std::vector<EntryShare> shares;
  for (int r = 0; r < ranks; ++r) shares.push_back(entry_share(entries, cluster, r));
  // Asks (first entry, count) to each owner for the parts of the fetched classes it owns, in
  // order; this process's own parts are copied at once.
  std::vector<std::vector<std::uint64_t>> asks(ranks);
  std::vector<std::vector<std::uint64_t>> places(ranks);  // where each asked part goes
  std::uint64_t total = 0;
  for (const auto& [offset, size] : classes)
    if (offset < mine.first() || offset + size > mine.first() + mine.count()) {
      at_.emplace_back(offset, total);
      total += size;
    }
  codes_ = PackedCodes(0, total, mine.bits());
  auto place = at_.begin();
  for (const auto& [offset, size] : classes) {
    if (place == at_.end() || place->first != offset) continue;  // owned whole
    for (int r = 0; r < ranks; ++r) {
      const std::uint64_t a = std::max(offset, shares[r].first);
      const std::uint64_t b = std::min(offset + size, shares[r].end);
      if (a >= b) continue;
      if (r == cluster.rank()) {
        for (std::uint64_t e = a; e < b; ++e)
          codes_.set(place->second + e - offset, mine.get(e - mine.first()));
        continue;
      }
      asks[r].insert(asks[r].end(), {a, b - a});
      places[r].push_back(place->second + a - offset);
    }
    ++place;
  }
  std::vector<Bytes> to(ranks);
  for (int r = 0; r < ranks; ++r)
    to[r].assign(reinterpret_cast<const std::uint8_t*>(asks[r].data()),
                 reinterpret_cast<const std::uint8_t*>(asks[r].data() + asks[r].size()));
  const auto asked = cluster.exchange(to);
  // Answers: the codes of every asked part, packed as the codes are (2 or 8 bits).
  const std::uint32_t bits = mine.bits();
  std::vector<Bytes> answers(ranks);
  for (int r = 0; r < ranks; ++r) {
    const auto* parts = reinterpret_cast<const std::uint64_t*>(asked[r].data());
    const std::size_t n = asked[r].size() / sizeof(std::uint64_t);
    std::uint64_t count = 0;
    for (std::size_t i = 0; i + 1 < n; i += 2) count += parts[i + 1];
    answers[r].assign((count * bits + 7) / 8, 0);
    std::uint64_t k = 0;
    for (std::size_t i = 0; i + 1 < n; i += 2)
      for (std::uint64_t e = parts[i]; e < parts[i] + parts[i + 1]; ++e, ++k)
        put_code(answers[r].data(), bits, k, mine.get(e - mine.first()));
  }
  const auto answered = cluster.exchange(answers);
  for (int r = 0; r < ranks; ++r) {
    std::uint64_t k = 0;
    for (std::size_t i = 0; i < places[r].size(); ++i)
      for (std::uint64_t j = 0; j < asks[r][2 * i + 1]; ++j, ++k)
        codes_.set(places[r][i] + j, code_at(answered[r].data(), bits, k));
  }
}

Locate FetchedRanges::locate(const PackedCodes& mine) const {
  return [this, &mine](std::uint64_t offset) {
    const auto it = std::lower_bound(at_.begin(), at_.end(), std::pair{offset, std::uint64_t{0}});
    if (it != at_.end() && it->first == offset)
      return Located{&codes_, static_cast<std::int64_t>(it->second - offset)};
    return Located{&mine, -static_cast<std::int64_t>(mine.first())};
  };
}

}  // namespace tbgen
