// Unit tests of the scalar customization point: identity, exact printing, names, zero.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "proofport/scalars/Rational.h"
#include "proofport/spec/Scalar.h"

namespace proofport {
namespace {

static_assert(Scalar<float>);
static_assert(Scalar<double>);
static_assert(Scalar<Rational>);
static_assert(!Scalar<int>);

float floatFromBits(std::uint32_t bits) { return std::bit_cast<float>(bits); }
double doubleFromBits(std::uint64_t bits) { return std::bit_cast<double>(bits); }

TEST(ScalarTraits, negativeZeroIsNotIdenticalToPositiveZero) {
  EXPECT_FALSE(identical(-0.0, 0.0));
  EXPECT_FALSE(identical(0.0, -0.0));
  EXPECT_FALSE(identical(-0.0F, 0.0F));
  EXPECT_FALSE(identical(0.0F, -0.0F));
  EXPECT_TRUE(identical(-0.0, -0.0));
  EXPECT_TRUE(identical(0.0F, 0.0F));
}

TEST(ScalarTraits, everyTwoNansAreIdentical) {
  const double quiet = std::numeric_limits<double>::quiet_NaN();
  const double negativeQuiet = doubleFromBits(0xFFF8000000000000ULL);
  const double payload = doubleFromBits(0x7FF8000000000123ULL);
  EXPECT_TRUE(identical(quiet, quiet));
  EXPECT_TRUE(identical(quiet, negativeQuiet));
  EXPECT_TRUE(identical(payload, quiet));
  const float quietF = std::numeric_limits<float>::quiet_NaN();
  const float negativeQuietF = floatFromBits(0xFFC00000U);
  const float payloadF = floatFromBits(0x7FC00042U);
  EXPECT_TRUE(identical(quietF, negativeQuietF));
  EXPECT_TRUE(identical(payloadF, quietF));
}

TEST(ScalarTraits, nanIsNotIdenticalToANumber) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(identical(nan, 0.0));
  EXPECT_FALSE(identical(0.0, nan));
  EXPECT_FALSE(identical(nan, inf));
  const float nanF = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(identical(nanF, 1.0F));
  EXPECT_FALSE(identical(-0.0F, nanF));
}

TEST(ScalarTraits, identityIsBitEqualityForNumbers) {
  EXPECT_TRUE(identical(1.5, 1.5));
  EXPECT_FALSE(identical(1.0, std::nextafter(1.0, 2.0)));
  EXPECT_TRUE(
      identical(std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()));
  EXPECT_FALSE(
      identical(std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()));
  EXPECT_TRUE(identical(1.5F, 1.5F));
  EXPECT_FALSE(identical(1.0F, std::nextafter(1.0F, 2.0F)));
  EXPECT_TRUE(identical(std::numeric_limits<float>::denorm_min(),
                        std::numeric_limits<float>::denorm_min()));
  EXPECT_FALSE(identical(std::numeric_limits<float>::denorm_min(), 0.0F));
}

TEST(ScalarTraits, rationalIdentityIsValueEquality) {
  EXPECT_TRUE(identical(Rational(1, 3), Rational(2, 6)));
  EXPECT_TRUE(identical(Rational(0), Rational(0, 5)));
  EXPECT_TRUE(identical(Rational(-1, 2), Rational(-Rational(1, 2))));
  EXPECT_FALSE(identical(Rational(1, 3), Rational(1, 4)));
}

TEST(ScalarTraits, showFloatIsShortestDecimalAndExactHex) {
  EXPECT_EQ(show(-0.0F), "-0 (-0x0p+0)");
  EXPECT_EQ(show(0.0F), "0 (0x0p+0)");
  EXPECT_EQ(show(1.0F), "1 (0x1p+0)");
  EXPECT_EQ(show(-1.5F), "-1.5 (-0x1.8p+0)");
  EXPECT_EQ(show(0.1F), "0.1 (0x1.99999ap-4)");
}

TEST(ScalarTraits, showDoubleIsShortestDecimalAndExactHex) {
  EXPECT_EQ(show(-0.0), "-0 (-0x0p+0)");
  EXPECT_EQ(show(0.0), "0 (0x0p+0)");
  EXPECT_EQ(show(2.0), "2 (0x1p+1)");
  EXPECT_EQ(show(0.1), "0.1 (0x1.999999999999ap-4)");
  EXPECT_EQ(show(-3.0), "-3 (-0x1.8p+1)");
}

TEST(ScalarTraits, showNonFiniteValuesByName) {
  EXPECT_EQ(show(std::numeric_limits<float>::quiet_NaN()), "nan");
  EXPECT_EQ(show(floatFromBits(0xFFC00000U)), "nan");
  EXPECT_EQ(show(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(show(std::numeric_limits<float>::infinity()), "inf");
  EXPECT_EQ(show(-std::numeric_limits<float>::infinity()), "-inf");
  EXPECT_EQ(show(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(show(-std::numeric_limits<double>::infinity()), "-inf");
}

TEST(ScalarTraits, showRationalInLowestTerms) {
  EXPECT_EQ(show(Rational(1, 3)), "1/3");
  EXPECT_EQ(show(Rational(2, 6)), "1/3");
  EXPECT_EQ(show(Rational(-1, 3)), "-1/3");
  EXPECT_EQ(show(Rational(4, 2)), "2");
  EXPECT_EQ(show(Rational(0)), "0");
}

TEST(ScalarTraits, namesAreStable) {
  EXPECT_EQ(ScalarTraits<float>::name, "float32");
  EXPECT_EQ(ScalarTraits<double>::name, "float64");
  EXPECT_EQ(ScalarTraits<Rational>::name, "rational");
}

TEST(ScalarTraits, floatAndDoubleReportNegativeZeroAndNaN) {
  static_assert(ScalarTraits<float>::hasSignedZero && ScalarTraits<float>::hasNaN);
  static_assert(ScalarTraits<double>::hasSignedZero && ScalarTraits<double>::hasNaN);
  EXPECT_TRUE(isNegativeZero(-0.0F));
  EXPECT_TRUE(isNegativeZero(-0.0));
  EXPECT_TRUE(isNaN(std::numeric_limits<float>::quiet_NaN()));
  EXPECT_TRUE(isNaN(floatFromBits(0xFFC00042U)));
  EXPECT_TRUE(isNaN(doubleFromBits(0x7FF0000000000001ULL)));  // signaling
  for (const float x : {0.0F, -std::numeric_limits<float>::denorm_min(), -1.0F,
                        -std::numeric_limits<float>::infinity()}) {
    EXPECT_FALSE(isNegativeZero(x)) << show(x);
    EXPECT_FALSE(isNaN(x)) << show(x);
  }
  for (const double x : {0.0, -std::numeric_limits<double>::denorm_min(), -1.0,
                         std::numeric_limits<double>::infinity()}) {
    EXPECT_FALSE(isNegativeZero(x)) << show(x);
    EXPECT_FALSE(isNaN(x)) << show(x);
  }
  EXPECT_FALSE(isNaN(-0.0F));
  EXPECT_FALSE(isNegativeZero(std::numeric_limits<double>::quiet_NaN()));
}

TEST(ScalarTraits, rationalHasNeitherNegativeZeroNorNaN) {
  static_assert(!ScalarTraits<Rational>::hasSignedZero && !ScalarTraits<Rational>::hasNaN);
  EXPECT_FALSE(isNegativeZero(Rational(-Rational(0))));
  EXPECT_FALSE(isNaN(Rational(0)));
}

TEST(ScalarTraits, zeroIsPositiveZero) {
  EXPECT_TRUE(identical(ScalarTraits<float>::zero(), 0.0F));
  EXPECT_FALSE(identical(ScalarTraits<float>::zero(), -0.0F));
  EXPECT_TRUE(identical(ScalarTraits<double>::zero(), 0.0));
  EXPECT_FALSE(identical(ScalarTraits<double>::zero(), -0.0));
  EXPECT_TRUE(identical(ScalarTraits<Rational>::zero(), Rational(0)));
}

}  // namespace
}  // namespace proofport
