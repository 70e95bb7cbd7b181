#pragma once
// Exact dyadic rationals n / 2^k, the numbers of finite combinatorial games, with the
// simplest-number rule. Normalised (n odd or k = 0); arithmetic overflow throws.
#include <compare>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace tbgen {

class Dyadic {
 public:
  static constexpr int kMaxExponent = 62;

  constexpr Dyadic() = default;
  constexpr Dyadic(std::int64_t integer) : numerator_(integer) {}  // NOLINT: numbers are numbers
  static Dyadic from_parts(std::int64_t numerator, int exponent);

  std::int64_t numerator() const { return numerator_; }
  int exponent() const { return exponent_; }  // the value is numerator / 2^exponent

  friend Dyadic operator+(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator-(const Dyadic& a) {
    return from_parts(checked_negate(a.numerator_), a.exponent_);
  }
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b);
  friend bool operator==(const Dyadic& a, const Dyadic& b) = default;

  // floor and ceiling as integers.
  std::int64_t floor() const;
  std::int64_t ceil() const;
  std::string text() const;  // "3/4", "-2", "0"

  // The simplest number x with left < x < right (an absent bound is no bound), as Conway's
  // simplicity rule gives the value of {L | R} when every option is a number. Throws
  // std::domain_error when left >= right.
  static Dyadic simplest_between(std::optional<Dyadic> left, std::optional<Dyadic> right);

 private:
  static std::int64_t checked_negate(std::int64_t v);
  std::int64_t numerator_ = 0;
  int exponent_ = 0;
};

}  // namespace tbgen
