// Unit tests of the float shrinker: simplest candidates first, strictly simpler, specials kept.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "proofport/gen/Shrink.h"

namespace proofport::gen {
namespace {

TEST(FloatShrinks, simplestCandidatesComeFirst) {
  const std::vector<float> got = floatShrinks(3.75F);
  ASSERT_GE(got.size(), 4U);
  EXPECT_EQ(got[0], 0.0F);
  EXPECT_FALSE(std::signbit(got[0]));
  EXPECT_EQ(got[1], 1.0F);
  EXPECT_EQ(got[2], 3.0F);
  EXPECT_EQ(got[3], 2.0F);
}

TEST(FloatShrinks, negativeValuesKeepTheirSignUntilLast) {
  const std::vector<double> got = floatShrinks(-6.5);
  ASSERT_GE(got.size(), 3U);
  EXPECT_EQ(got[1], -1.0);
  EXPECT_EQ(got.back(), 6.5);
}

TEST(FloatShrinks, specialValuesStayThemselves) {
  using L = std::numeric_limits<float>;
  for (const float special : {0.0F, -0.0F, L::infinity(), -L::infinity(), L::quiet_NaN()}) {
    EXPECT_TRUE(floatShrinks(special).empty()) << special;
  }
  EXPECT_TRUE(floatShrinks(1.0F).size() == 1 && floatShrinks(1.0F)[0] == 0.0F);
}

TEST(FloatShrinks, everyCandidateIsStrictlySimplerSoShrinkingEnds) {
  std::mt19937_64 random(7);
  std::uniform_int_distribution<std::uint64_t> bits;
  for (int k = 0; k < 2000; ++k) {
    double x = std::bit_cast<double>(bits(random));
    if (!std::isfinite(x)) {
      continue;
    }
    // Greedy descent through the first candidate that is not 0 must end within the
    // complexity bound (exponent distance + significand bits).
    int steps = 0;
    for (auto next = floatShrinks(x); !next.empty() && steps < 4000; ++steps) {
      for (const double c : next) {
        EXPECT_LT(floatComplexity(c), floatComplexity(x)) << x << " -> " << c;
      }
      x = next.size() > 1 ? next.back() : next.front();
      next = floatShrinks(x);
    }
    EXPECT_LT(steps, 4000);
  }
}

TEST(FloatShrinks, subnormalsAndExtremesShrinkToFiniteValues) {
  using L = std::numeric_limits<double>;
  for (const double x : {L::denorm_min(), -L::denorm_min(), L::max(), -L::max(), L::min()}) {
    for (const double c : floatShrinks(x)) {
      EXPECT_TRUE(std::isfinite(c)) << x;
      EXPECT_LT(floatComplexity(c), floatComplexity(x)) << x;
    }
  }
}

}  // namespace
}  // namespace proofport::gen
