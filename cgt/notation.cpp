#include "cgt/notation.hpp"

#include <algorithm>

#include "tbreader/tbreader.hpp"

namespace tbgen::cgt {
namespace {

constexpr int kMaxUps = 6, kMaxNimber = 8;  // the NUS values recognised
constexpr int kMaxSlashes = 4;              // CGSuite forces braces at four

std::string nimber_text(int m) {
  return m == 0 ? "" : m == 1 ? "*" : "*" + std::to_string(m);
}

}  // namespace

Notation::Notation(Arena& arena) : arena_(arena) {
  const GameId star = arena_.nimber(1);
  const GameId up = arena_.make({0}, {star});
  for (int n = -kMaxUps; n <= kMaxUps; ++n) {
    GameId ups = 0;
    for (int k = 0; k < std::abs(n); ++k) ups = arena_.add(ups, n > 0 ? up : arena_.neg(up));
    for (int m = 0; m < kMaxNimber; ++m) {
      const GameId g = arena_.add(ups, arena_.nimber(m));
      infinitesimals_.emplace(g, Nus{Dyadic(0), n, m});
      oldest_infinitesimal_ = std::max(oldest_infinitesimal_, arena_.birthday(g));
    }
  }
}

std::optional<Dyadic> Notation::stop(GameId g, bool left) {
  if (const auto& x = arena_.as_number(g)) return x;
  if (const auto it = stops_.find({g, left}); it != stops_.end()) return it->second;
  std::optional<Dyadic> best;
  for (const GameId o : left ? arena_.left(g) : arena_.right(g)) {
    const auto s = stop(o, !left);
    if (!s) return stops_[{g, left}] = std::nullopt;
    best = !best ? s : left ? std::max(*best, *s) : std::min(*best, *s);
  }
  return stops_[{g, left}] = best;
}

std::optional<Notation::Nus> Notation::nus(GameId g) {
  if (const auto& x = arena_.as_number(g)) return Nus{*x};
  if (const int m = arena_.as_nimber(g); m > 0) return Nus{Dyadic(0), 0, m};
  if (const auto it = nus_.find(g); it != nus_.end()) return it->second;
  std::optional<Nus> found;
  // x + n.^ + *m is born by the day after x and n.^ + *m are: older games need no sum.
  const auto l = stop(g, true), r = stop(g, false);
  if (l && r && *l == *r &&
      arena_.birthday(g) <= arena_.birthday(arena_.number(*l)) + oldest_infinitesimal_ + 1)
    if (const auto it = infinitesimals_.find(arena_.add(g, arena_.number(-*l)));
        it != infinitesimals_.end())
      found = Nus{*l, it->second.ups, it->second.nimber};
  return nus_[g] = found;
}

// The mean where the stops or a switch of numbers give it (enough for Tiny's test).
std::optional<Dyadic> Notation::mean(GameId g) {
  const auto l = stop(g, true), r = stop(g, false);
  if (!l || !r) return std::nullopt;
  if (*l == *r) return l;
  if (arena_.left(g).size() == 1 && arena_.right(g).size() == 1 &&
      arena_.as_number(arena_.left(g)[0]) && arena_.as_number(arena_.right(g)[0])) {
    const Dyadic sum = *l + *r;
    return Dyadic::from_parts(sum.numerator(), sum.exponent() + 1);
  }
  return std::nullopt;
}

bool Notation::before(GameId a, GameId b) {
  if (a == b) return false;
  const auto na = nus(a), nb = nus(b);
  const auto category = [&](GameId g, const std::optional<Nus>& n) {
    return arena_.as_number(g) ? 0 : arena_.as_nimber(g) > 0 ? 1 : n ? 2 : 3;
  };
  const int ca = category(a, na), cb = category(b, nb);
  if (ca != cb) return ca < cb;
  if (ca < 3)
    return std::tie(na->number, na->ups, na->nimber) < std::tie(nb->number, nb->ups, nb->nimber);
  for (const bool left : {true, false}) {
    const auto x = sorted(left ? arena_.left(a) : arena_.right(a));
    const auto y = sorted(left ? arena_.left(b) : arena_.right(b));
    for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i)
      if (x[i] != y[i]) return before(x[i], y[i]);
    if (x.size() != y.size()) return x.size() < y.size();
  }
  return a < b;
}

bool Notation::negatives(GameId a, GameId b) {
  if (const auto& x = arena_.as_number(a), &y = arena_.as_number(b); x || y)
    return x && y && *x == -*y;
  const auto key = std::pair{std::min(a, b), std::max(a, b)};
  if (const auto it = negatives_.find(key); it != negatives_.end()) return it->second;
  // Canonical forms: a = -b when each side of a is, one for one, the negatives of b's other side.
  const auto matches = [&](std::span<const GameId> p, std::span<const GameId> q) {
    const std::vector<GameId> ps(p.begin(), p.end()), qs(q.begin(), q.end());
    return ps.size() == qs.size() && std::all_of(ps.begin(), ps.end(), [&](GameId x) {
             return std::any_of(qs.begin(), qs.end(), [&](GameId y) { return negatives(x, y); });
           });
  };
  const bool result =
      matches(arena_.left(a), arena_.right(b)) && matches(arena_.right(a), arena_.left(b));
  return negatives_[key] = result;
}

std::vector<GameId> Notation::sorted(std::span<const GameId> options) {
  std::vector<GameId> v(options.begin(), options.end());
  std::stable_sort(v.begin(), v.end(), [&](GameId a, GameId b) { return before(a, b); });
  return v;
}

std::optional<std::string> Notation::tiny(GameId g, bool parens) {
  // Copies: the sums below grow the arena.
  const std::vector<GameId> lo(arena_.left(g).begin(), arena_.left(g).end());
  const std::vector<GameId> ro(arena_.right(g).begin(), arena_.right(g).end());
  if (lo.size() != 1 || ro.size() != 1) return std::nullopt;
  // {x || x | y} is x + Tiny(x - y) when y's mean is below x; {y | x || x} is x + Miny(y - x).
  for (const bool is_tiny : {true, false}) {
    const GameId number = is_tiny ? lo[0] : ro[0], other = is_tiny ? ro[0] : lo[0];
    const auto x = arena_.as_number(number);
    const auto near = is_tiny ? arena_.left(other) : arena_.right(other);
    const auto far = is_tiny ? arena_.right(other) : arena_.left(other);
    if (!x || near.size() != 1 || far.size() != 1 || near[0] != number) continue;
    const GameId y = far[0];  // kept: the sums below grow the arena
    const auto m = mean(y);
    if (!m || (is_tiny ? *m >= *x : *m <= *x)) continue;
    const GameId sub =
        is_tiny ? arena_.add(number, arena_.neg(y)) : arena_.add(y, arena_.neg(number));
    std::string s = (*x == Dyadic(0) ? "" : x->text()) + (is_tiny ? "Tiny(" : "Miny(") +
                    text(sub, true, true).first + ")";
    return parens ? "(" + s + ")" : s;
  }
  return std::nullopt;
}

std::pair<std::string, int> Notation::text(GameId g, bool brackets, bool parens) {
  const std::uint64_t key = std::uint64_t{g} << 2 | std::uint64_t{brackets} << 1 | parens;
  if (const auto it = texts_.find(key); it != texts_.end()) return it->second;
  return texts_[key] = written(g, brackets, parens);
}

std::pair<std::string, int> Notation::written(GameId g, bool brackets, bool parens) {
  if (const auto n = nus(g)) {
    std::string s =
        n->number != Dyadic(0) || (n->ups == 0 && n->nimber == 0) ? n->number.text() : "";
    const int parts = (n->number != Dyadic(0)) + (n->ups != 0) + (n->nimber != 0);
    if (n->ups != 0) {
      const std::string arrow = n->ups > 0 ? "^" : "v";
      const int k = std::abs(n->ups);
      s += k == 1 ? arrow : k == 2 ? arrow + arrow : arrow + std::to_string(k);
    }
    s += nimber_text(n->nimber);
    return {parens && parts > 1 ? "(" + s + ")" : s, 0};
  }
  const auto lo = sorted(arena_.left(g)), ro = sorted(arena_.right(g));
  // A switch: +- its Left options; SPEC 6 writes a switch of one number-up-star that is not a
  // number in braces (`{1*|-1*}`).
  const bool nus_switch = lo.size() == 1 && !arena_.as_number(lo[0]) && nus(lo[0]);
  if (negatives(g, g) && !nus_switch) {
    std::string s = "+-";
    if (lo.size() > 1) s += "{";
    for (std::size_t i = 0; i < lo.size(); ++i)
      s += (i ? "," : "") + text(lo[i], true, lo.size() == 1).first;
    if (lo.size() > 1) s += "}";
    return {s, 0};
  }
  if (auto t = tiny(g, parens)) return {*t, 0};
  // {L | R}: a nested level that needs no braces takes one more slash instead.
  int slashes = 1;
  std::string sides[2];
  for (const bool left : {true, false}) {
    const auto& options = left ? lo : ro;
    for (std::size_t i = 0; i < options.size(); ++i) {
      const auto [s, n] = text(options[i], options.size() > 1, false);
      sides[left ? 0 : 1] += (i ? "," : "") + s;
      slashes = std::max(slashes, n + 1);
    }
  }
  const std::string s = sides[0] + std::string(static_cast<std::size_t>(slashes), '|') + sides[1];
  if (brackets || slashes == kMaxSlashes) return {"{" + s + "}", 0};
  return {s, slashes};
}

std::string Notation::cgsuite(GameId g) {
  return text(g, true, false).first;
}

std::string Notation::plain(GameId g) {
  if (const auto& x = arena_.as_number(g)) return x->text();
  if (const int m = arena_.as_nimber(g); m > 0) return nimber_text(m);
  std::string s = "{";
  for (const bool left : {true, false}) {
    const auto options = sorted(left ? arena_.left(g) : arena_.right(g));
    for (std::size_t i = 0; i < options.size(); ++i) s += (i ? "," : "") + plain(options[i]);
    s += left ? "|" : "}";
  }
  return s;
}

GameId Notation::parse(std::string_view text) {
  std::size_t at = 0;
  const auto fail = [&](const std::string& what) -> GameId {
    throw tbreader::InputError("form '" + std::string(text) + "', column " +
                               std::to_string(at + 1) + ": " + what);
  };
  const auto digits = [&] {
    const std::size_t from = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    if (at == from || at - from > 15) fail("expected up to 15 digits");
    return std::stoll(std::string(text.substr(from, at - from)));
  };
  const auto form = [&](auto&& self) -> GameId {
    if (at >= text.size()) return fail("expected a form");
    if (text[at] == '*') {
      ++at;
      const bool more = at < text.size() && text[at] >= '0' && text[at] <= '9';
      const long long m = more ? digits() : 1;
      if (m > 64) fail("nimbers above *64 are not read");
      return arena_.nimber(static_cast<int>(m));
    }
    if (text[at] == '{') {
      ++at;
      std::vector<GameId> sides[2];
      for (int side = 0; side < 2; ++side) {
        const char end = side == 0 ? '|' : '}';
        while (at < text.size() && text[at] != end) {
          if (!sides[side].empty()) {
            if (text[at] != ',') fail(std::string("expected ',' or '") + end + "'");
            ++at;
          }
          sides[side].push_back(self(self));
        }
        if (at >= text.size()) fail(std::string("expected '") + end + "'");
        ++at;
      }
      return arena_.make(sides[0], sides[1]);
    }
    const bool minus = text[at] == '-';
    if (minus) ++at;
    if (at >= text.size() || text[at] < '0' || text[at] > '9') return fail("expected a form");
    const long long numerator = digits();
    long long denominator = 1;
    if (at < text.size() && text[at] == '/') {
      ++at;
      denominator = digits();
      if (denominator <= 0 || (denominator & (denominator - 1)) != 0)
        fail("a number's denominator must be a power of 2");
    }
    const int exponent = __builtin_ctzll(static_cast<unsigned long long>(denominator));
    return arena_.number(Dyadic::from_parts(minus ? -numerator : numerator, exponent));
  };
  const GameId g = form(form);
  if (at != text.size()) fail("unexpected text after the form");
  return g;
}

}  // namespace tbgen::cgt
