// Dyadic rationals and the simplest-number rule, on their edge cases.
#include "core/dyadic.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace {

using tbgen::Dyadic;
Dyadic d(std::int64_t n, int e) {
  return Dyadic::from_parts(n, e);
}

TEST(Dyadic, NormalisesAndPrints) {
  EXPECT_EQ(d(4, 2), Dyadic(1));
  EXPECT_EQ(d(6, 3), d(3, 2));
  EXPECT_EQ(d(6, 3).text(), "3/4");
  EXPECT_EQ(d(-1, 3).text(), "-1/8");
  EXPECT_EQ(Dyadic(-2).text(), "-2");
  EXPECT_EQ(d(0, 5).text(), "0");
  EXPECT_EQ(d(0, 5).exponent(), 0);
  EXPECT_EQ(d(3, -2), Dyadic(12));
}

TEST(Dyadic, ArithmeticAndOrder) {
  EXPECT_EQ(d(1, 1) + d(1, 2), d(3, 2));
  EXPECT_EQ(d(1, 1) - d(3, 2), d(-1, 2));
  EXPECT_EQ(-d(5, 3), d(-5, 3));
  EXPECT_LT(d(-1, 1), Dyadic(0));
  EXPECT_LT(d(5, 3), d(3, 2));
  EXPECT_EQ(d(-3, 1).floor(), -2);
  EXPECT_EQ(d(-3, 1).ceil(), -1);
  EXPECT_EQ(d(3, 1).floor(), 1);
  EXPECT_EQ(Dyadic(3).ceil(), 3);
}

TEST(Dyadic, OverflowIsCaught) {
  const Dyadic big(std::numeric_limits<std::int64_t>::max());
  EXPECT_THROW(big + Dyadic(1), std::overflow_error);
  EXPECT_THROW(-Dyadic(std::numeric_limits<std::int64_t>::min()), std::overflow_error);
  EXPECT_THROW(d(1, 63), std::overflow_error);
  EXPECT_THROW(d(1, 62) + Dyadic(std::int64_t{1} << 40), std::overflow_error);
}

TEST(Dyadic, SimplestNumberRule) {
  const std::optional<Dyadic> none;
  EXPECT_EQ(Dyadic::simplest_between(none, none), Dyadic(0));             // { | } = 0
  EXPECT_EQ(Dyadic::simplest_between(Dyadic(0), none), Dyadic(1));        // {0 | } = 1
  EXPECT_EQ(Dyadic::simplest_between(Dyadic(3), none), Dyadic(4));        // {3 | } = 4
  EXPECT_EQ(Dyadic::simplest_between(d(1, 1), none), Dyadic(1));          // {1/2 | } = 1
  EXPECT_EQ(Dyadic::simplest_between(d(-1, 1), none), Dyadic(0));         // {-1/2 | } = 0
  EXPECT_EQ(Dyadic::simplest_between(none, Dyadic(0)), Dyadic(-1));       // { | 0} = -1
  EXPECT_EQ(Dyadic::simplest_between(none, d(-5, 1)), Dyadic(-3));        // { | -5/2} = -3
  EXPECT_EQ(Dyadic::simplest_between(none, d(1, 2)), Dyadic(0));          // { | 1/4} = 0
  EXPECT_EQ(Dyadic::simplest_between(Dyadic(-1), Dyadic(1)), Dyadic(0));  // {-1 | 1} = 0
  EXPECT_EQ(Dyadic::simplest_between(Dyadic(0), Dyadic(1)), d(1, 1));     // {0 | 1} = 1/2
  EXPECT_EQ(Dyadic::simplest_between(Dyadic(1), Dyadic(2)), d(3, 1));     // {1 | 2} = 3/2
  EXPECT_EQ(Dyadic::simplest_between(Dyadic(0), Dyadic(5)), Dyadic(1));   // {0 | 5} = 1
  EXPECT_EQ(Dyadic::simplest_between(Dyadic(-5), Dyadic(-1)), Dyadic(-2));
  EXPECT_EQ(Dyadic::simplest_between(d(1, 2), d(1, 1)), d(3, 3));       // {1/4 | 1/2} = 3/8
  EXPECT_EQ(Dyadic::simplest_between(d(-3, 1), Dyadic(-1)), d(-5, 2));  // {-3/2 | -1} = -5/4
  EXPECT_EQ(Dyadic::simplest_between(d(1, 3), d(3, 3)), d(1, 2));       // {1/8 | 3/8} = 1/4
  EXPECT_EQ(Dyadic::simplest_between(d(5, 3), d(13, 4)), d(3, 2));      // {5/8 | 13/16} = 3/4
  EXPECT_EQ(Dyadic::simplest_between(d(1, 1), Dyadic(1)), d(3, 2));     // {1/2 | 1} = 3/4
  EXPECT_EQ(Dyadic::simplest_between(d(-1, 1), d(1, 1)), Dyadic(0));
  EXPECT_THROW(Dyadic::simplest_between(d(1, 1), d(1, 1)), std::domain_error);  // {x | x}
  EXPECT_THROW(Dyadic::simplest_between(Dyadic(2), Dyadic(1)), std::domain_error);
}

}  // namespace
