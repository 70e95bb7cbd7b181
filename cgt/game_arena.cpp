#include "cgt/game_arena.hpp"

#include <algorithm>

namespace tbgen::cgt {
namespace {

constexpr GameId kNone = ~GameId{0};

void sort_unique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

Arena::Arena() {
  intern({}, {});
}

std::uint64_t Arena::hash(std::span<const GameId> l, std::span<const GameId> r) const {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ l.size();
  for (const GameId g : l) h = (h ^ g) * 0x100000001B3ull;
  h = (h ^ 0xFFFF) * 0x100000001B3ull;
  for (const GameId g : r) h = (h ^ g) * 0x100000001B3ull;
  return h;
}

GameId Arena::intern(std::span<const GameId> l, std::span<const GameId> r) {
  const std::uint64_t h = hash(l, r);
  for (auto [it, end] = index_.equal_range(h); it != end; ++it) {
    const GameId g = it->second;
    if (std::ranges::equal(left(g), l) && std::ranges::equal(right(g), r)) return g;
  }
  Info info;
  info.offset = options_.size();
  info.lefts = static_cast<std::uint32_t>(l.size());
  info.rights = static_cast<std::uint32_t>(r.size());
  for (const auto side : {l, r})
    for (const GameId g : side) info.birthday = std::max(info.birthday, info_[g].birthday + 1);
  // A canonical number has at most one option a side, each a number, the left below the right.
  const auto number_of = [&](std::span<const GameId> s) -> std::optional<Dyadic> {
    return s.empty() ? std::nullopt : info_[s[0]].number;
  };
  if (l.size() <= 1 && r.size() <= 1 && (l.empty() || info_[l[0]].number) &&
      (r.empty() || info_[r[0]].number) &&
      (l.empty() || r.empty() || *info_[l[0]].number < *info_[r[0]].number))
    info.number = Dyadic::simplest_between(number_of(l), number_of(r));
  // A canonical nimber *n has the options 0, *1, ..., *(n - 1) on both sides.
  if (std::ranges::equal(l, r)) {
    int n = 0;
    while (n < static_cast<int>(l.size()) && info_[l[n]].nimber == n) ++n;
    if (n == static_cast<int>(l.size())) info.nimber = n;
  }
  const auto id = static_cast<GameId>(info_.size());
  options_.insert(options_.end(), l.begin(), l.end());
  options_.insert(options_.end(), r.begin(), r.end());
  info_.push_back(std::move(info));
  neg_.push_back(kNone);
  index_.emplace(h, id);
  return id;
}

GameId Arena::number(const Dyadic& x) {
  if (x == Dyadic(0)) return 0;
  const bool small = x.exponent() == 0 && x.numerator() > -(1 << 20) && x.numerator() < (1 << 20);
  if (small)
    if (auto it = integers_.find(x.numerator()); it != integers_.end()) return it->second;
  GameId g;
  if (x.exponent() == 0) {  // n = {n - 1 |} or {| n + 1}
    const GameId next = number(x.numerator() > 0 ? x - Dyadic(1) : x + Dyadic(1));
    g = x.numerator() > 0 ? intern(std::span(&next, 1), {}) : intern({}, std::span(&next, 1));
  } else {  // p / 2^k = {(p - 1) / 2^k | (p + 1) / 2^k}
    const GameId lo = number(Dyadic::from_parts(x.numerator() - 1, x.exponent()));
    const GameId hi = number(Dyadic::from_parts(x.numerator() + 1, x.exponent()));
    g = intern(std::span(&lo, 1), std::span(&hi, 1));
  }
  if (small) integers_.emplace(x.numerator(), g);
  return g;
}

GameId Arena::nimber(int n) {
  std::vector<GameId> below;
  for (int k = 0; k < n; ++k) below.push_back(nimber(k));
  return n == 0 ? 0 : intern(below, below);
}

bool Arena::leq(GameId g, GameId h) {
  if (g == h) return true;
  const Info &a = info_[g], &b = info_[h];
  if (a.number && b.number) return *a.number <= *b.number;
  if (const auto it = leq_.find(pair(g, h)); it != leq_.end()) return it->second;
  // Number avoidance: a number's own options never decide a comparison with a non-number.
  bool result = true;
  if (!a.number)
    for (const GameId gl : left(g))
      if (leq(h, gl)) {
        result = false;
        break;
      }
  if (result && !b.number)
    for (const GameId hr : right(h))
      if (leq(hr, g)) {
        result = false;
        break;
      }
  leq_.emplace(pair(g, h), result);
  return result;
}

bool Arena::leq_built(GameId x, std::span<const GameId> l, std::span<const GameId> r) {
  for (const GameId xl : left(x))
    if (geq_built(xl, l, r)) return false;
  for (const GameId gr : r)
    if (leq(gr, x)) return false;
  return true;
}

bool Arena::geq_built(GameId y, std::span<const GameId> l, std::span<const GameId> r) {
  for (const GameId gl : l)
    if (leq(y, gl)) return false;
  for (const GameId yr : right(y))
    if (leq_built(yr, l, r)) return false;
  return true;
}

GameId Arena::make(std::vector<GameId> l, std::vector<GameId> r) {
  sort_unique(l);
  sort_unique(r);
  // Numbers: every option a number, each left one below each right one.
  const auto all = [&](const std::vector<GameId>& s, auto&& has) {
    return std::all_of(s.begin(), s.end(), has);
  };
  const auto is_number = [&](GameId g) { return info_[g].number.has_value(); };
  if (all(l, is_number) && all(r, is_number)) {
    std::optional<Dyadic> lo, hi;
    for (const GameId g : l) lo = lo ? std::max(*lo, *info_[g].number) : *info_[g].number;
    for (const GameId g : r) hi = hi ? std::min(*hi, *info_[g].number) : *info_[g].number;
    if (!lo || !hi || *lo < *hi) return number(Dyadic::simplest_between(lo, hi));
  }
  // Nimbers: the same nimbers on both sides make the mex.
  if (l == r && all(l, [&](GameId g) { return info_[g].nimber >= 0; })) {
    int mex = 0;
    while (std::any_of(l.begin(), l.end(), [&](GameId g) { return info_[g].nimber == mex; })) ++mex;
    return nimber(mex);
  }
  for (bool changed = true; changed;) {
    changed = false;
    // Dominated options: Left keeps its maximal options, Right its minimal ones.
    const auto drop_dominated = [&](std::vector<GameId>& side, bool keep_larger) {
      std::vector<GameId> kept;
      for (const GameId x : side) {
        const bool dominated = std::any_of(side.begin(), side.end(), [&](GameId y) {
          return y != x && (keep_larger ? leq(x, y) : leq(y, x));
        });
        if (!dominated) kept.push_back(x);
      }
      side = std::move(kept);
    };
    drop_dominated(l, true);
    drop_dominated(r, false);
    // Reversible options: a Left option whose Right reply is no better for Right than G itself
    // is replaced by that reply's Left options (and symmetrically).
    for (std::size_t i = 0; i < l.size() && !changed; ++i)
      for (const GameId glr : right(l[i]))
        if (leq_built(glr, l, r)) {
          const auto replacement = left(glr);
          l.erase(l.begin() + static_cast<std::ptrdiff_t>(i));
          l.insert(l.end(), replacement.begin(), replacement.end());
          changed = true;
          break;
        }
    for (std::size_t i = 0; i < r.size() && !changed; ++i)
      for (const GameId grl : left(r[i]))
        if (geq_built(grl, l, r)) {
          const auto replacement = right(grl);
          r.erase(r.begin() + static_cast<std::ptrdiff_t>(i));
          r.insert(r.end(), replacement.begin(), replacement.end());
          changed = true;
          break;
        }
    sort_unique(l);
    sort_unique(r);
  }
  return intern(l, r);
}

GameId Arena::neg(GameId g) {
  if (neg_[g] != kNone) return neg_[g];
  GameId n;
  if (info_[g].number) {
    n = number(-*info_[g].number);
  } else {  // the negative of a canonical form is canonical
    std::vector<GameId> l(right(g).begin(), right(g).end()), r(left(g).begin(), left(g).end());
    for (GameId& x : l) x = neg(x);  // (options copied first: interning moves the arena)
    for (GameId& x : r) x = neg(x);
    sort_unique(l);
    sort_unique(r);
    n = intern(l, r);
  }
  neg_[g] = n;
  neg_[n] = g;
  return n;
}

GameId Arena::add(GameId g, GameId h) {
  if (g == 0) return h;
  if (h == 0) return g;
  if (g > h) std::swap(g, h);
  if (const auto it = add_.find(pair(g, h)); it != add_.end()) return it->second;
  // Copies: sums intern games, which may move the arena's records.
  const std::optional<Dyadic> x = info_[g].number, y = info_[h].number;
  const int m = info_[g].nimber, n = info_[h].nimber;
  GameId sum;
  if (x && y) {
    sum = number(*x + *y);
  } else if (m >= 0 && n >= 0) {
    sum = nimber(m ^ n);
  } else {
    // Number translation: a number added to a non-number moves only in the other.
    std::vector<GameId> l, r;
    const auto spread = [&](GameId from, GameId other, bool from_is_number) {
      if (from_is_number) return;
      // Copied first: a sum interns games, which may move the arena's options.
      const std::vector<GameId> fl(left(from).begin(), left(from).end());
      const std::vector<GameId> fr(right(from).begin(), right(from).end());
      for (const GameId o : fl) l.push_back(add(o, other));
      for (const GameId o : fr) r.push_back(add(o, other));
    };
    spread(g, h, x && !y);
    spread(h, g, y && !x);
    sum = make(std::move(l), std::move(r));
  }
  add_.emplace(pair(g, h), sum);
  return sum;
}

Outcome Arena::outcome(GameId g) {
  const bool left_wins_second = leq(0, g), right_wins_second = leq(g, 0);
  if (left_wins_second && right_wins_second) return Outcome::P;
  if (left_wins_second) return Outcome::L;
  if (right_wins_second) return Outcome::R;
  return Outcome::N;
}

}  // namespace tbgen::cgt
