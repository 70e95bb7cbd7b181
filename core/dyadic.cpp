#include "core/dyadic.hpp"

#include <limits>

namespace tbgen {
namespace {

[[noreturn]] void overflow() {
  throw std::overflow_error("dyadic arithmetic overflow");
}

// a * 2^shift, checked.
std::int64_t scaled(std::int64_t a, int shift) {
  if (shift >= 63) {
    if (a != 0) overflow();
    return 0;
  }
  const std::int64_t limit = std::numeric_limits<std::int64_t>::max() >> shift;
  if (a > limit || a < -limit) overflow();
  return a * (std::int64_t{1} << shift);
}

}  // namespace

std::int64_t Dyadic::checked_negate(std::int64_t v) {
  if (v == std::numeric_limits<std::int64_t>::min()) overflow();
  return -v;
}

Dyadic Dyadic::from_parts(std::int64_t numerator, int exponent) {
  if (exponent < 0) return Dyadic(scaled(numerator, -exponent));
  while (exponent > 0 && numerator % 2 == 0) {
    numerator /= 2;
    --exponent;
  }
  if (exponent > kMaxExponent) overflow();
  Dyadic d;
  d.numerator_ = numerator;
  d.exponent_ = numerator == 0 ? 0 : exponent;
  return d;
}

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
  const int e = std::max(a.exponent_, b.exponent_);
  const std::int64_t x = scaled(a.numerator_, e - a.exponent_);
  const std::int64_t y = scaled(b.numerator_, e - b.exponent_);
  std::int64_t sum;
  if (__builtin_add_overflow(x, y, &sum)) overflow();
  return Dyadic::from_parts(sum, e);
}

std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
  const int e = std::max(a.exponent_, b.exponent_);
  // Compare in 128 bits: no overflow possible for exponents <= 62.
  __extension__ using Wide = __int128;
  const Wide x = static_cast<Wide>(a.numerator_) * (Wide{1} << (e - a.exponent_));
  const Wide y = static_cast<Wide>(b.numerator_) * (Wide{1} << (e - b.exponent_));
  return x < y   ? std::strong_ordering::less
         : x > y ? std::strong_ordering::greater
                 : std::strong_ordering::equal;
}

std::int64_t Dyadic::floor() const {
  return numerator_ >> exponent_;  // an arithmetic shift rounds towards minus infinity
}

std::int64_t Dyadic::ceil() const {
  return exponent_ == 0 ? numerator_ : floor() + 1;
}

std::string Dyadic::text() const {
  if (exponent_ == 0) return std::to_string(numerator_);
  return std::to_string(numerator_) + "/" + std::to_string(std::uint64_t{1} << exponent_);
}

Dyadic Dyadic::simplest_between(std::optional<Dyadic> left, std::optional<Dyadic> right) {
  if (left && right && !(*left < *right))
    throw std::domain_error("no number lies between " + left->text() + " and " + right->text());
  const Dyadic zero;
  // Integers first: the one nearest zero strictly inside the interval.
  if ((!left || *left < zero) && (!right || zero < *right)) return zero;
  if (!right || (left && !(*left < zero))) {  // interval lies at or above 0
    const Dyadic candidate(left->floor() + 1);
    if (!right || candidate < *right) return candidate;
  } else {  // interval lies at or below 0
    const Dyadic candidate(right->ceil() - 1);
    if (!left || *left < candidate) return candidate;
  }
  // No integer inside (both bounds exist): the dyadic of least denominator in (left, right).
  for (int e = 1; e <= kMaxExponent; ++e) {
    // k = floor(left * 2^e) + 1 is the least multiple of 2^-e above left.
    const Dyadic scaled_left = from_parts(left->numerator_, left->exponent_ - e);
    const Dyadic step = from_parts(scaled_left.floor() + 1, e);
    if (step < *right) return step;
  }
  overflow();
}

}  // namespace tbgen
