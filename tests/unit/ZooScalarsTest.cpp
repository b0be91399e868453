// Unit tests of the scalar zoo: show/parse round trips, identity, exact text and names per type.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include "proofport/scalars/Rational.h"
#include "proofport/spec/Scalar.h"
#include "proofport/gen/Scalars.h"
#include "proofport/gen/RationalScalars.h"
#include "proofport/gen/ZooScalars.h"
#include "proofport/scalars/Ieee.h"
#include "proofport/scalars/Multiprecision.h"

namespace proofport {
namespace {

static_assert(Scalar<Half>);
static_assert(Scalar<float>);
static_assert(Scalar<double>);
static_assert(Scalar<Float80>);
static_assert(Scalar<Bin50>);
static_assert(Scalar<Dec50>);
static_assert(Scalar<Rational>);
static_assert(Scalar<BigInt>);
static_assert(Scalar<Mpq>);
static_assert(Scalar<Mpfr100>);

// ---------------------------------------------------------------------------------------------
// parse<S>: the inverse of show<S>, written independently of the printing code.
// ---------------------------------------------------------------------------------------------

/// `text` read whole by std::from_chars in `format` (hex without its `0x`); throws unless
/// every character is used.
template <class F>
F fromCharsWhole(std::string_view text, std::chars_format format) {
  F value{};
  const char *end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value, format);
  if (ec == std::errc{} && ptr == end) {
    return value;
  }
  if constexpr (std::is_same_v<F, long double>) {
    // libstdc++ reads long double through strtold and reports its ERANGE for a SUBNORMAL
    // result as result_out_of_range (LWG 3081), so `4e-4951` (denorm_min) is refused although
    // it is in range. strtold reads it correctly; accept exactly that case.
    if (ec == std::errc::result_out_of_range) {
      const std::string copy = (format == std::chars_format::hex ? "0x" : "") + std::string(text);
      char *stop = nullptr;
      const long double read = std::strtold(copy.c_str(), &stop);
      if (stop == copy.c_str() + copy.size() && read != 0 &&
          std::fabs(read) < std::numeric_limits<long double>::min()) {
        return read;
      }
    }
  }
  throw std::invalid_argument("from_chars cannot read \"" + std::string(text) + "\"");
}

/// `[-]0x<hex digits>p<exponent>` as printed by show; the sign is applied after reading, so
/// `-0x0p+0` is negative zero.
template <class F>
F parseHexPart(std::string_view text) {
  const bool negative = text.starts_with('-');
  if (negative) {
    text.remove_prefix(1);
  }
  if (!text.starts_with("0x")) {
    throw std::invalid_argument("hex part without 0x: \"" + std::string(text) + "\"");
  }
  text.remove_prefix(2);
  const F magnitude = fromCharsWhole<F>(text, std::chars_format::hex);
  return negative ? -magnitude : magnitude;
}

/// `nan`, `inf`, `-inf`, or `<decimal> (<hex>)`; `Wide` is the type both parts are read in
/// (binary32 for binary16, whose values it holds exactly), converted to `F` at the end.
/// Throws if the two parts disagree or the text has another form.
template <class F, class Wide = F>
F parseIeee(std::string_view text) {
  if (text == "nan") {
    return F(std::numeric_limits<Wide>::quiet_NaN());
  }
  if (text == "inf") {
    return F(std::numeric_limits<Wide>::infinity());
  }
  if (text == "-inf") {
    return F(-std::numeric_limits<Wide>::infinity());
  }
  const std::size_t open = text.find(" (");
  if (open == std::string_view::npos || !text.ends_with(')')) {
    throw std::invalid_argument("not \"<decimal> (<hex>)\": \"" + std::string(text) + "\"");
  }
  const std::string_view decimalText = text.substr(0, open);
  const std::string_view hexText = text.substr(open + 2, text.size() - open - 3);
  const Wide decimal = fromCharsWhole<Wide>(decimalText, std::chars_format::general);
  const Wide hex = parseHexPart<Wide>(hexText);
  if (!identical(decimal, hex)) {
    throw std::invalid_argument("decimal and hex parts differ in \"" + std::string(text) +
                                "\": " + show(decimal) + " vs " + show(hex));
  }
  return F(decimal);
}

/// Boost floats: `nan`, `inf`, `-inf`, `-0` by hand (Bin50("-0") is +0), the rest by `F(text)`.
template <class F>
F parseBoostFloat(const std::string &text) {
  using L = std::numeric_limits<F>;
  if (text == "nan") {
    return F(L::quiet_NaN());
  }
  if (text == "inf") {
    return F(L::infinity());
  }
  if (text == "-inf") {
    return F(-L::infinity());
  }
  if (text == "-0") {
    return F(-F(0));
  }
  return F(text);
}

/// The scalar `show<S>` printed as `text`.
template <class S>
S parse(const std::string &text) {
  if constexpr (std::is_same_v<S, Half>) {
    return parseIeee<Half, float>(text);
  } else if constexpr (std::is_floating_point_v<S>) {
    return parseIeee<S>(text);
  } else if constexpr (std::is_same_v<S, Dec50>) {
    return Dec50(text);  // Boost reads `nan`, `inf`, `-inf`; there is no -0 to read
  } else if constexpr (std::is_same_v<S, Bin50> || std::is_same_v<S, Mpfr100>) {
    return parseBoostFloat<S>(text);
  } else {
    return S(text);  // Rational, BigInt, Mpq: `p` or `p/q`
  }
}

/// Property body: a generated scalar survives show then parse, identically.
template <Scalar S>
void checkRoundTrip() {
  const S x = (*gen::exact<S>()).value;
  const std::string text = show(x);
  S back;
  try {
    back = parse<S>(text);
  } catch (const std::exception &e) {
    RC_FAIL("parse(\"" + text + "\") threw: " + e.what());
  }
  if (!identical(back, x)) {
    RC_FAIL("show gave \"" + text + "\", which parses back to \"" + show(back) + "\"");
  }
}

/// Property body: the sum of two generated scalars survives show then parse, identically
/// (sums are what the properties print in their counterexamples).
template <Scalar S>
void checkSumRoundTrip() {
  const S x = (*gen::exact<S>()).value;
  const S y = (*gen::exact<S>()).value;
  const S sum = S(x + y);
  const std::string text = show(sum);
  S back;
  try {
    back = parse<S>(text);
  } catch (const std::exception &e) {
    RC_FAIL("parse(\"" + text + "\") threw: " + e.what());
  }
  if (!identical(back, sum)) {
    RC_FAIL(show(x) + " + " + show(y) + " shows as \"" + text + "\", which parses back to \"" +
            show(back) + "\"");
  }
}

/// Every pair of `values` is identical (both orders), each with itself too.
template <Scalar S>
::testing::AssertionResult allIdentical(const std::vector<S> &values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = 0; j < values.size(); ++j) {
      if (!identical(values[i], values[j])) {
        return ::testing::AssertionFailure()
               << "values #" << i << " (" << show(values[i]) << ") and #" << j << " ("
               << show(values[j]) << ") are not identical";
      }
    }
  }
  return ::testing::AssertionSuccess();
}

/// Neither `a` nor `b` is identical to the other.
template <Scalar S>
::testing::AssertionResult distinct(const S &a, const S &b) {
  if (identical(a, b) || identical(b, a)) {
    return ::testing::AssertionFailure() << show(a) << " and " << show(b) << " are identical";
  }
  return ::testing::AssertionSuccess();
}

/// Number of significant digits in a scientific-notation string such as `-3.33e-01`.
std::size_t significantDigits(const std::string &text) {
  std::size_t count = 0;
  for (const char c : text) {
    if (c == 'e') {
      break;
    }
    count += (c >= '0' && c <= '9') ? 1 : 0;
  }
  return count;
}

/// The traits say S holds a negative zero and NaN, and their predicates pick out exactly
/// `negativeZero` and every one of `nans` among these values and `others`.
template <Scalar S>
::testing::AssertionResult reportsSpecials(const S &negativeZero, const std::vector<S> &nans,
                                           const std::vector<S> &others) {
  static_assert(ScalarTraits<S>::hasSignedZero && ScalarTraits<S>::hasNaN);
  if (!isNegativeZero(negativeZero) || isNaN(negativeZero)) {
    return ::testing::AssertionFailure() << show(negativeZero) << " is not reported as -0 only";
  }
  for (const S &n : nans) {
    if (!isNaN(n) || isNegativeZero(n)) {
      return ::testing::AssertionFailure() << "a NaN is not reported as NaN only";
    }
  }
  for (const S &x : others) {
    if (isNaN(x) || isNegativeZero(x)) {
      return ::testing::AssertionFailure() << show(x) << " is reported as -0 or NaN";
    }
  }
  return ::testing::AssertionSuccess();
}

// ---------------------------------------------------------------------------------------------
// float16
// ---------------------------------------------------------------------------------------------

Half halfFromBits(unsigned short bits) {
  Half h;
  h.setBits(bits);
  return h;
}

RC_GTEST_PROP(Float16, showRoundTripsThroughParse, ()) { checkRoundTrip<Half>(); }

RC_GTEST_PROP(Float16, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<Half>(); }

RC_GTEST_PROP(Float16, everyBitPatternRoundTrips, (unsigned short bits)) {
  const Half x = halfFromBits(bits);
  const Half back = parse<Half>(show(x));
  RC_ASSERT(identical(back, x));
}

TEST(Float16, name) { EXPECT_EQ(ScalarTraits<Half>::name, "float16"); }

TEST(Float16, negativeZeroIsNotIdenticalToPositiveZero) {
  EXPECT_TRUE(distinct(Half(-0.0F), Half(0.0F)));
  EXPECT_TRUE(distinct(halfFromBits(0x8000), halfFromBits(0x0000)));
  EXPECT_TRUE(identical(Half(-0.0F), halfFromBits(0x8000)));
  EXPECT_TRUE(identical(ScalarTraits<Half>::zero(), Half(0.0F)));
}

TEST(Float16, everyTwoNansAreIdentical) {
  const std::vector<Half> nans = {
      Half(std::numeric_limits<float>::quiet_NaN()),
      Half(-std::numeric_limits<float>::quiet_NaN()),
      Half(std::nanf("1")),
      halfFromBits(0x7E00),  // quiet
      halfFromBits(0xFE00),  // negative quiet
      halfFromBits(0x7C01),  // signaling, payload 1
      halfFromBits(0xFD55),  // negative signaling, another payload
      halfFromBits(0x7FFF),
  };
  for (const Half &n : nans) {
    ASSERT_TRUE(n.isNan()) << n.bits();
  }
  EXPECT_TRUE(allIdentical(nans));
  EXPECT_TRUE(distinct(nans[0], Half(std::numeric_limits<float>::infinity())));
  EXPECT_TRUE(distinct(nans[1], Half(0.0F)));
}

TEST(Float16, reportsNegativeZeroAndNaN) {
  EXPECT_TRUE(reportsSpecials(halfFromBits(0x8000), {halfFromBits(0x7E00), halfFromBits(0xFD55)},
                              {Half(0.0F), halfFromBits(0x8001), Half(-1.0F),
                               Half(-std::numeric_limits<float>::infinity())}));
}

TEST(Float16, identityIsBitEqualityForNumbers) {
  EXPECT_TRUE(identical(Half(1.5F), halfFromBits(0x3E00)));
  EXPECT_TRUE(distinct(halfFromBits(0x3C00), halfFromBits(0x3C01)));  // 1 and its successor
  EXPECT_TRUE(distinct(Half(std::numeric_limits<float>::infinity()),
                       Half(-std::numeric_limits<float>::infinity())));
}

TEST(Float16, showExactText) {
  EXPECT_EQ(show(Half(0.5F)), "0.5 (0x1p-1)");
  EXPECT_EQ(show(Half(-0.0F)), "-0 (-0x0p+0)");
  EXPECT_EQ(show(Half(0.0F)), "0 (0x0p+0)");
  EXPECT_EQ(show(Half(-1.5F)), "-1.5 (-0x1.8p+0)");
  EXPECT_EQ(show(Half(65504.0F)), "65504 (0x1.ffcp+15)");
  EXPECT_EQ(show(halfFromBits(0x0001)), "5.9604645e-08 (0x1p-24)");  // smallest subnormal
  EXPECT_EQ(show(Half(std::numeric_limits<float>::infinity())), "inf");
  EXPECT_EQ(show(Half(-std::numeric_limits<float>::infinity())), "-inf");
  EXPECT_EQ(show(halfFromBits(0xFD55)), "nan");
}

// ---------------------------------------------------------------------------------------------
// float32
// ---------------------------------------------------------------------------------------------

RC_GTEST_PROP(Float32, showRoundTripsThroughParse, ()) { checkRoundTrip<float>(); }

RC_GTEST_PROP(Float32, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<float>(); }

RC_GTEST_PROP(Float32, everyBitPatternRoundTrips, (std::uint32_t bits)) {
  const float x = std::bit_cast<float>(bits);
  RC_ASSERT(identical(parse<float>(show(x)), x));
}

TEST(Float32, name) { EXPECT_EQ(ScalarTraits<float>::name, "float32"); }

TEST(Float32, negativeZeroIsNotIdenticalToPositiveZero) {
  EXPECT_TRUE(distinct(-0.0F, 0.0F));
  EXPECT_TRUE(identical(ScalarTraits<float>::zero(), 0.0F));
}

TEST(Float32, everyTwoNansAreIdentical) {
  const std::vector<float> nans = {
      std::numeric_limits<float>::quiet_NaN(),
      -std::numeric_limits<float>::quiet_NaN(),
      std::nanf("1"),
      std::numeric_limits<float>::signaling_NaN(),
      std::bit_cast<float>(std::uint32_t{0xFFC00042U}),
  };
  // The NaNs really differ in their bits, so identity has to look past them.
  ASSERT_NE(std::bit_cast<std::uint32_t>(nans[2]), std::bit_cast<std::uint32_t>(nans[1]));
  ASSERT_NE(std::bit_cast<std::uint32_t>(nans[0]), std::bit_cast<std::uint32_t>(nans[1]));
  EXPECT_TRUE(allIdentical(nans));
  EXPECT_TRUE(distinct(nans[0], std::numeric_limits<float>::infinity()));
}

TEST(Float32, showExactText) {
  EXPECT_EQ(show(0.1F), "0.1 (0x1.99999ap-4)");
  EXPECT_EQ(show(-1.5F), "-1.5 (-0x1.8p+0)");
  EXPECT_EQ(show(-0.0F), "-0 (-0x0p+0)");
  EXPECT_EQ(show(std::numeric_limits<float>::denorm_min()), "1e-45 (0x0.000002p-126)");
  EXPECT_EQ(show(std::numeric_limits<float>::quiet_NaN()), "nan");
  EXPECT_EQ(show(-std::numeric_limits<float>::infinity()), "-inf");
}

// ---------------------------------------------------------------------------------------------
// float64
// ---------------------------------------------------------------------------------------------

RC_GTEST_PROP(Float64, showRoundTripsThroughParse, ()) { checkRoundTrip<double>(); }

RC_GTEST_PROP(Float64, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<double>(); }

RC_GTEST_PROP(Float64, everyBitPatternRoundTrips, (std::uint64_t bits)) {
  const double x = std::bit_cast<double>(bits);
  RC_ASSERT(identical(parse<double>(show(x)), x));
}

TEST(Float64, name) { EXPECT_EQ(ScalarTraits<double>::name, "float64"); }

TEST(Float64, negativeZeroIsNotIdenticalToPositiveZero) {
  EXPECT_TRUE(distinct(-0.0, 0.0));
  EXPECT_TRUE(identical(ScalarTraits<double>::zero(), 0.0));
}

TEST(Float64, everyTwoNansAreIdentical) {
  const std::vector<double> nans = {
      std::numeric_limits<double>::quiet_NaN(),
      -std::numeric_limits<double>::quiet_NaN(),
      std::nan("1"),
      std::numeric_limits<double>::signaling_NaN(),
      std::bit_cast<double>(std::uint64_t{0xFFF0000000000001ULL}),
  };
  ASSERT_NE(std::bit_cast<std::uint64_t>(nans[2]), std::bit_cast<std::uint64_t>(nans[1]));
  ASSERT_NE(std::bit_cast<std::uint64_t>(nans[0]), std::bit_cast<std::uint64_t>(nans[1]));
  EXPECT_TRUE(allIdentical(nans));
  EXPECT_TRUE(distinct(nans[0], 0.0));
}

TEST(Float64, showExactText) {
  EXPECT_EQ(show(0.1), "0.1 (0x1.999999999999ap-4)");
  EXPECT_EQ(show(-0.0), "-0 (-0x0p+0)");
  EXPECT_EQ(show(1.5), "1.5 (0x1.8p+0)");
  EXPECT_EQ(show(std::numeric_limits<double>::max()),
            "1.7976931348623157e+308 (0x1.fffffffffffffp+1023)");
  EXPECT_EQ(show(std::numeric_limits<double>::infinity()), "inf");
}

// ---------------------------------------------------------------------------------------------
// float80
// ---------------------------------------------------------------------------------------------

constexpr std::size_t kFloat80ValueBytes = 10;
static_assert(std::numeric_limits<Float80>::digits == 64, "x87 80-bit extended expected");
static_assert(sizeof(Float80) > kFloat80ValueBytes);

using Float80Bytes = std::array<unsigned char, sizeof(Float80)>;

Float80Bytes bytesOf(const Float80 &x) {
  Float80Bytes out{};
  std::memcpy(out.data(), &x, sizeof x);
  return out;
}

/// The long double whose 10 value bytes are `significand` (little-endian, integer bit 63
/// explicit) and `signExponent`, with every padding byte set to `padding`.
Float80 float80FromParts(std::uint64_t significand, std::uint16_t signExponent,
                         unsigned char padding) {
  Float80Bytes buffer{};
  buffer.fill(padding);
  std::memcpy(buffer.data(), &significand, sizeof significand);
  std::memcpy(buffer.data() + 8, &signExponent, sizeof signExponent);
  Float80 out;
  std::memcpy(&out, buffer.data(), sizeof out);
  return out;
}

RC_GTEST_PROP(Float80, showRoundTripsThroughParse, ()) { checkRoundTrip<Float80>(); }

RC_GTEST_PROP(Float80, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<Float80>(); }

RC_GTEST_PROP(Float80, everyCanonicalEncodingRoundTrips,
              (std::uint64_t fraction, std::uint16_t signExponent)) {
  // Canonical x87 encodings only: the explicit integer bit is set exactly when the biased
  // exponent is nonzero (normals, infinities, NaNs); exponent 0 holds zeros and subnormals.
  const bool zeroExponent = (signExponent & 0x7FFFU) == 0;
  const std::uint64_t integerBit = std::uint64_t{1} << 63U;
  const std::uint64_t significand =
      zeroExponent ? (fraction & ~integerBit) : (fraction | integerBit);
  const Float80 x = float80FromParts(significand, signExponent, 0);
  RC_ASSERT(identical(parse<Float80>(show(x)), x));
}

TEST(Float80, name) { EXPECT_EQ(ScalarTraits<Float80>::name, "float80"); }

TEST(Float80, negativeZeroIsNotIdenticalToPositiveZero) {
  EXPECT_TRUE(distinct(-0.0L, 0.0L));
  EXPECT_TRUE(identical(ScalarTraits<Float80>::zero(), 0.0L));
  EXPECT_TRUE(identical(float80FromParts(0, 0x8000, 0xAB), -0.0L));
}

TEST(Float80, everyTwoNansAreIdentical) {
  volatile Float80 zero = 0.0L;
  const Float80 indefinite = zero / zero;  // the x87 default NaN (negative quiet)
  const std::vector<Float80> nans = {
      std::numeric_limits<Float80>::quiet_NaN(),
      -std::numeric_limits<Float80>::quiet_NaN(),
      std::nanl("1"),
      std::numeric_limits<Float80>::signaling_NaN(),
      indefinite,
      float80FromParts(0xC000000000001234ULL, 0xFFFF, 0x5A),  // negative quiet, payload
      float80FromParts(0x8000000000000001ULL, 0x7FFF, 0xFF),  // signaling, payload 1
  };
  for (const Float80 &n : nans) {
    ASSERT_TRUE(std::isnan(n));
  }
  const Float80Bytes a = bytesOf(nans[0]);
  const Float80Bytes b = bytesOf(nans[5]);
  ASSERT_NE(std::memcmp(a.data(), b.data(), kFloat80ValueBytes), 0);
  EXPECT_TRUE(allIdentical(nans));
  EXPECT_TRUE(distinct(nans[0], std::numeric_limits<Float80>::infinity()));
  EXPECT_TRUE(distinct(nans[4], 0.0L));
}

TEST(Float80, reportsNegativeZeroAndNaN) {
  EXPECT_TRUE(reportsSpecials(float80FromParts(0, 0x8000, 0x5A),
                              {std::numeric_limits<Float80>::quiet_NaN(),
                               std::numeric_limits<Float80>::signaling_NaN(),
                               float80FromParts(0xC000000000001234ULL, 0xFFFF, 0x00)},
                              {0.0L, -std::numeric_limits<Float80>::denorm_min(), -1.0L,
                               -std::numeric_limits<Float80>::infinity()}));
}

/// Sets the bytes of `x` past its 80 value bits to `padding`, in place.
void setPadding(Float80 &x, unsigned char padding) {
  std::memset(reinterpret_cast<unsigned char *>(&x) + kFloat80ValueBytes, padding,
              sizeof(Float80) - kFloat80ValueBytes);
}

TEST(Float80, paddingBytesDoNotCount) {
  // The padding is written into the very objects compared: a compiler may copy a long double
  // by its 10 value bytes alone (clang does), so padding set before a copy need not survive it.
  Float80 zeros = 1.5L;
  Float80 ones = 1.5L;
  Float80 garbage = 1.5L;
  setPadding(zeros, 0x00);
  setPadding(ones, 0xFF);
  setPadding(garbage, 0x5A);
  const Float80Bytes z = bytesOf(zeros);
  const Float80Bytes o = bytesOf(ones);
  ASSERT_EQ(std::memcmp(z.data(), o.data(), kFloat80ValueBytes), 0);
  ASSERT_NE(std::memcmp(z.data(), o.data(), sizeof(Float80)), 0);  // padding really differs
  EXPECT_TRUE(identical(zeros, ones));
  EXPECT_TRUE(identical(ones, garbage));
  EXPECT_TRUE(identical(garbage, zeros));
}

TEST(Float80, oneValueBitDiffersMeansNotIdentical) {
  const std::uint64_t oneAndAHalf = 0xC000000000000000ULL;
  const Float80 base = float80FromParts(oneAndAHalf, 0x3FFF, 0x00);
  // Lowest significand bit, with the same padding and with different padding.
  EXPECT_TRUE(distinct(base, float80FromParts(oneAndAHalf | 1U, 0x3FFF, 0x00)));
  EXPECT_TRUE(distinct(base, float80FromParts(oneAndAHalf | 1U, 0x3FFF, 0xFF)));
  // Lowest exponent bit, and the sign bit.
  EXPECT_TRUE(distinct(base, float80FromParts(oneAndAHalf, 0x3FFE, 0x00)));
  EXPECT_TRUE(distinct(base, float80FromParts(oneAndAHalf, 0xBFFF, 0x00)));
  // Every single bit of the 80 (flipping the explicit integer bit gives an unnormal, which
  // x87 treats as NaN; flipping exponent bit 14 gives a NaN: neither is identical to 1.5).
  for (std::size_t bit = 0; bit < 8 * kFloat80ValueBytes; ++bit) {
    Float80Bytes flipped = bytesOf(base);
    flipped[bit / 8] = static_cast<unsigned char>(flipped[bit / 8] ^ (1U << (bit % 8)));
    Float80 other;
    std::memcpy(&other, flipped.data(), sizeof other);
    EXPECT_TRUE(distinct(base, other)) << "bit " << bit;
  }
}

TEST(Float80, showExactText) {
  EXPECT_EQ(show(-0.0L), "-0 (-0x0p+0)");
  EXPECT_EQ(show(0.0L), "0 (0x0p+0)");
  EXPECT_EQ(show(1.5L), "1.5 (0xcp-3)");
  EXPECT_EQ(show(0.1L), "0.1 (0xc.ccccccccccccccdp-7)");
  EXPECT_EQ(show(std::numeric_limits<Float80>::max()),
            "1.189731495357231765e+4932 (0xf.fffffffffffffffp+16380)");
  EXPECT_EQ(show(std::numeric_limits<Float80>::denorm_min()),
            "4e-4951 (0x0.000000000000001p-16385)");
  EXPECT_EQ(show(std::nanl("1")), "nan");
  EXPECT_EQ(show(-std::numeric_limits<Float80>::infinity()), "-inf");
}

// ---------------------------------------------------------------------------------------------
// bin50
// ---------------------------------------------------------------------------------------------

RC_GTEST_PROP(Bin50, showRoundTripsThroughParse, ()) { checkRoundTrip<Bin50>(); }

RC_GTEST_PROP(Bin50, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<Bin50>(); }

TEST(Bin50, name) { EXPECT_EQ(ScalarTraits<Bin50>::name, "bin50"); }

TEST(Bin50, negativeZeroIsNotIdenticalToPositiveZero) {
  const Bin50 negativeZero = -Bin50(0);
  ASSERT_TRUE(bmp::signbit(negativeZero));
  EXPECT_TRUE(distinct(negativeZero, Bin50(0)));
  EXPECT_TRUE(distinct(Bin50(-0.0), Bin50(0.0)));
  EXPECT_TRUE(identical(Bin50(-0.0), negativeZero));
  EXPECT_TRUE(identical(ScalarTraits<Bin50>::zero(), Bin50(0)));
}

TEST(Bin50, everyTwoNansAreIdentical) {
  const std::vector<Bin50> nans = {
      Bin50(std::numeric_limits<Bin50>::quiet_NaN()),
      Bin50(-std::numeric_limits<Bin50>::quiet_NaN()),
      Bin50("nan"),
      Bin50(std::numeric_limits<double>::quiet_NaN()),
      Bin50(std::numeric_limits<Bin50>::infinity() - std::numeric_limits<Bin50>::infinity()),
  };
  for (const Bin50 &n : nans) {
    ASSERT_TRUE(bmp::isnan(n));
  }
  EXPECT_TRUE(allIdentical(nans));
  EXPECT_TRUE(distinct(nans[0], Bin50(std::numeric_limits<Bin50>::infinity())));
  EXPECT_TRUE(distinct(nans[1], Bin50(0)));
}

TEST(Bin50, reportsNegativeZeroAndNaN) {
  EXPECT_TRUE(reportsSpecials(Bin50(-Bin50(0)), {Bin50(std::numeric_limits<Bin50>::quiet_NaN())},
                              {Bin50(0), Bin50(-(std::numeric_limits<Bin50>::min)()), Bin50(-1),
                               Bin50(-std::numeric_limits<Bin50>::infinity())}));
}

TEST(Bin50, identityIsValueForNumbers) {
  EXPECT_TRUE(identical(Bin50(Bin50(1) / 2), Bin50(0.5)));
  EXPECT_TRUE(distinct(Bin50(1), Bin50(Bin50(1) + std::numeric_limits<Bin50>::epsilon())));
  EXPECT_TRUE(distinct(Bin50(std::numeric_limits<Bin50>::infinity()),
                       Bin50(-std::numeric_limits<Bin50>::infinity())));
}

TEST(Bin50, showExactText) {
  const std::string third = show(Bin50(Bin50(1) / 3));
  EXPECT_EQ(third, "3.33333333333333333333333333333333333333333333333333779e-01");
  EXPECT_GE(significantDigits(third), 50U);
  EXPECT_EQ(show(Bin50(Bin50(1) / 10)),
            "1.00000000000000000000000000000000000000000000000000067e-01");
  EXPECT_EQ(show(Bin50(0.5)), "5.00000000000000000000000000000000000000000000000000000e-01");
  EXPECT_EQ(show(Bin50(0)), "0");
  EXPECT_EQ(show(Bin50(-Bin50(0))), "-0");
  EXPECT_EQ(show(Bin50(std::numeric_limits<Bin50>::quiet_NaN())), "nan");
  EXPECT_EQ(show(Bin50(std::numeric_limits<Bin50>::infinity())), "inf");
  EXPECT_EQ(show(Bin50(-std::numeric_limits<Bin50>::infinity())), "-inf");
}

// ---------------------------------------------------------------------------------------------
// dec50
// ---------------------------------------------------------------------------------------------

RC_GTEST_PROP(Dec50, showRoundTripsThroughParse, ()) { checkRoundTrip<Dec50>(); }

RC_GTEST_PROP(Dec50, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<Dec50>(); }

TEST(Dec50, name) { EXPECT_EQ(ScalarTraits<Dec50>::name, "dec50"); }

// cpp_dec_float has no negative zero: every way of writing -0 yields the one (positive) zero,
// so identity and show cannot tell them apart.
TEST(Dec50, hasNoNegativeZero) {
  const std::vector<Dec50> zeros = {
      Dec50(0),
      Dec50(-Dec50(0)),
      Dec50("-0"),
      Dec50(-0.0),
      Dec50(Dec50(-1) * 0),
      Dec50(Dec50(-1) + 1),
      Dec50(Dec50(-1) / Dec50::infinity()),
      ScalarTraits<Dec50>::zero(),
  };
  for (const Dec50 &z : zeros) {
    EXPECT_TRUE(z == 0);
    EXPECT_FALSE(bmp::signbit(z.number()));
    EXPECT_EQ(show(z), "0");
  }
  EXPECT_TRUE(allIdentical(zeros));
}

TEST(Dec50, everyTwoNansAreIdentical) {
  const std::vector<Dec50> nans = {
      Dec50::quietNaN(),
      Dec50(-Dec50::quietNaN()),
      Dec50("nan"),
      Dec50(std::numeric_limits<double>::quiet_NaN()),
      Dec50(Dec50::infinity() - Dec50::infinity()),
  };
  for (const Dec50 &n : nans) {
    ASSERT_TRUE(bmp::isnan(n.number()));
  }
  EXPECT_TRUE(allIdentical(nans));
  EXPECT_TRUE(distinct(nans[0], Dec50::infinity()));
  EXPECT_TRUE(distinct(nans[0], Dec50(0)));
}

// The traits agree with hasNoNegativeZero: NaN, but no negative zero to look for.
TEST(Dec50, reportsNaNAndNoNegativeZero) {
  static_assert(!ScalarTraits<Dec50>::hasSignedZero && ScalarTraits<Dec50>::hasNaN);
  EXPECT_TRUE(isNaN(Dec50::quietNaN()));
  EXPECT_FALSE(isNaN(Dec50(-Dec50::infinity())));
  EXPECT_FALSE(isNaN(Dec50(0)));
  EXPECT_FALSE(isNegativeZero(Dec50(-Dec50(0))));
}

TEST(Dec50, identityIsValueForNumbers) {
  EXPECT_TRUE(identical(Dec50(Dec50(1) / 10), Dec50("0.1")));
  EXPECT_TRUE(distinct(Dec50(1), Dec50(Dec50(1) + Dec50::epsilon())));
  EXPECT_TRUE(distinct(Dec50::infinity(), Dec50(-Dec50::infinity())));
}

/// `"<lead>.<zeros 0s><tail>e<exponent>"`: a 50-digit text without counting zeros by eye.
std::string decimalText(char lead, std::size_t zeros, const std::string &tail,
                        const std::string &exponent) {
  return std::string(1, lead) + "." + std::string(zeros, '0') + tail + "e" + exponent;
}

// Every value has exactly the 50 declared digits: 1/3 is 0.33…3 with 50 threes on every
// compiler (Boost's 30 guard digits, which differ between GCC and clang, never reach a value).
TEST(Dec50, showExactText) {
  const std::string third = show(Dec50(Dec50(1) / 3));
  EXPECT_EQ(third, "3.3333333333333333333333333333333333333333333333333e-01");
  EXPECT_EQ(significantDigits(third), 50U);
  EXPECT_EQ(show(Dec50(Dec50(2) / 3)), "6.6666666666666666666666666666666666666666666666667e-01");
  EXPECT_EQ(show(Dec50(Dec50(1) / 7)), "1.4285714285714285714285714285714285714285714285714e-01");
  EXPECT_EQ(show(Dec50(Dec50(1) / 10)), decimalText('1', 49, "", "-01"));
  EXPECT_EQ(show(Dec50(-2)), "-" + decimalText('2', 49, "", "+00"));
  EXPECT_EQ(show(Dec50(0.1)), "1.0000000000000000555111512312578270211815834045410e-01");
  EXPECT_EQ(show(Dec50(0)), "0");
  EXPECT_EQ(show(Dec50::quietNaN()), "nan");
  EXPECT_EQ(show(Dec50(-Dec50::infinity())), "-inf");
}

TEST(Dec50, everyValueIsRoundedToFiftyDigitsTiesToEven) {
  const std::string one = decimalText('1', 49, "", "+00");
  EXPECT_EQ(show(Dec50(decimalText('1', 49, "5", "+00"))), one);  // tie, 0 is even
  EXPECT_EQ(show(Dec50(decimalText('1', 48, "15", "+00"))), decimalText('1', 48, "2", "+00"));
  EXPECT_EQ(show(Dec50(decimalText('1', 49, "500001", "+00"))), decimalText('1', 48, "1", "+00"));
  EXPECT_EQ(show(Dec50(decimalText('1', 49, "49999", "+00"))), one);
  EXPECT_EQ(show(Dec50("9." + std::string(49, '9') + "5")), decimalText('1', 49, "", "+01"));
  EXPECT_EQ(show(Dec50("-" + decimalText('1', 48, "15", "+00"))),
            "-" + decimalText('1', 48, "2", "+00"));
}

// Sums are rounded too, so no digit beyond the 50th carries into a later sum: 1/3 + 2/3 is 1
// (0.99…9 or 1 in Boost's 80 digits, depending on the compiler).
TEST(Dec50, sumsAreRoundedToFiftyDigits) {
  const std::string one = decimalText('1', 49, "", "+00");
  EXPECT_EQ(show(Dec50(Dec50(Dec50(1) / 3) + Dec50(Dec50(2) / 3))), one);
  EXPECT_EQ(show(Dec50(Dec50(1) + Dec50("5e-50"))), one);  // tie, 0 is even
  EXPECT_EQ(show(Dec50(Dec50(1) + Dec50("5.1e-50"))), decimalText('1', 48, "1", "+00"));
  EXPECT_EQ(show(Dec50(Dec50(1) - Dec50("1e-60"))), one);
  EXPECT_EQ(show(Dec50(Dec50(1) + Dec50("1e-49"))), decimalText('1', 48, "1", "+00"));
  EXPECT_TRUE(identical(Dec50(Dec50(1) + Dec50("4e-50")), Dec50(1)));
}

// `*` and `/` are exact integer arithmetic rounded once: a quotient exactly halfway between
// two 50-digit values (2^-72 has 51 digits, the last a 5) rounds to the even one.
TEST(Dec50, productsAndQuotientsAreCorrectlyRounded) {
  EXPECT_EQ(show(Dec50(Dec50(Dec50(1) / 3) * 3)), "9." + std::string(49, '9') + "e-01");
  const Dec50 twoToThe72("4722366482869645213696");
  EXPECT_EQ(show(Dec50(Dec50(1) / twoToThe72)),
            "2.1175823681357508476708062516991049051284790039062e-22");
  EXPECT_EQ(show(Dec50(Dec50(-3) / Dec50(8))), "-3.75" + std::string(47, '0') + "e-01");
  EXPECT_EQ(show(Dec50(Dec50(1) / 0)), "inf");
  EXPECT_EQ(show(Dec50(Dec50(0) / 0)), "nan");
}

// ---------------------------------------------------------------------------------------------
// mpfr100
// ---------------------------------------------------------------------------------------------

RC_GTEST_PROP(Mpfr100, showRoundTripsThroughParse, ()) { checkRoundTrip<Mpfr100>(); }

RC_GTEST_PROP(Mpfr100, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<Mpfr100>(); }

TEST(Mpfr100, name) { EXPECT_EQ(ScalarTraits<Mpfr100>::name, "mpfr100"); }

TEST(Mpfr100, negativeZeroIsNotIdenticalToPositiveZero) {
  const Mpfr100 negativeZero = -Mpfr100(0);
  ASSERT_TRUE(bmp::signbit(negativeZero));
  EXPECT_TRUE(distinct(negativeZero, Mpfr100(0)));
  EXPECT_TRUE(distinct(Mpfr100(Mpfr100(-1) * 0), Mpfr100(0)));
  EXPECT_TRUE(identical(Mpfr100(-0.0), negativeZero));
  EXPECT_TRUE(identical(Mpfr100("-0"), negativeZero));
  EXPECT_TRUE(identical(ScalarTraits<Mpfr100>::zero(), Mpfr100(0)));
}

TEST(Mpfr100, everyTwoNansAreIdentical) {
  const std::vector<Mpfr100> nans = {
      Mpfr100(std::numeric_limits<Mpfr100>::quiet_NaN()),
      Mpfr100(-std::numeric_limits<Mpfr100>::quiet_NaN()),
      Mpfr100("nan"),
      Mpfr100(std::numeric_limits<double>::quiet_NaN()),
      Mpfr100(std::numeric_limits<Mpfr100>::infinity() - std::numeric_limits<Mpfr100>::infinity()),
  };
  for (const Mpfr100 &n : nans) {
    ASSERT_TRUE(bmp::isnan(n));
  }
  EXPECT_TRUE(allIdentical(nans));
  EXPECT_TRUE(distinct(nans[0], Mpfr100(std::numeric_limits<Mpfr100>::infinity())));
  EXPECT_TRUE(distinct(nans[1], Mpfr100(-Mpfr100(0))));
}

TEST(Mpfr100, reportsNegativeZeroAndNaN) {
  EXPECT_TRUE(reportsSpecials(Mpfr100(-Mpfr100(0)),
                              {Mpfr100(std::numeric_limits<Mpfr100>::quiet_NaN())},
                              {Mpfr100(0), Mpfr100(-(std::numeric_limits<Mpfr100>::min)()),
                               Mpfr100(-1), Mpfr100(-std::numeric_limits<Mpfr100>::infinity())}));
}

TEST(Mpfr100, identityIsValueForNumbers) {
  EXPECT_TRUE(identical(Mpfr100(Mpfr100(1) / 4), Mpfr100(0.25)));
  EXPECT_TRUE(distinct(Mpfr100(1), Mpfr100(Mpfr100(1) + std::numeric_limits<Mpfr100>::epsilon())));
}

TEST(Mpfr100, showExactText) {
  const std::string third = show(Mpfr100(Mpfr100(1) / 3));
  EXPECT_EQ(third,
            "3.33333333333333333333333333333333333333333333333333333333333333333333333333333333"
            "3333333333333333333380e-01");
  EXPECT_GE(significantDigits(third), 100U);
  EXPECT_EQ(show(Mpfr100(0.5)),
            "5.00000000000000000000000000000000000000000000000000000000000000000000000000000000"
            "0000000000000000000000e-01");
  EXPECT_EQ(show(Mpfr100(-Mpfr100(0))), "-0");
  EXPECT_EQ(show(Mpfr100(0)), "0");
  EXPECT_EQ(show(Mpfr100(std::numeric_limits<Mpfr100>::quiet_NaN())), "nan");
  EXPECT_EQ(show(Mpfr100(std::numeric_limits<Mpfr100>::infinity())), "inf");
}

// ---------------------------------------------------------------------------------------------
// rational (cpp_rational)
// ---------------------------------------------------------------------------------------------

RC_GTEST_PROP(Rational, showRoundTripsThroughParse, ()) { checkRoundTrip<Rational>(); }

RC_GTEST_PROP(Rational, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<Rational>(); }

TEST(Rational, name) { EXPECT_EQ(ScalarTraits<Rational>::name, "rational"); }

TEST(Rational, identityIsEqualityAndThereIsOneZero) {
  EXPECT_TRUE(identical(Rational(2, 4), Rational(1, 2)));
  EXPECT_TRUE(identical(Rational(-Rational(0)), Rational(0)));
  EXPECT_TRUE(identical(Rational("-0"), Rational(0)));
  EXPECT_TRUE(identical(ScalarTraits<Rational>::zero(), Rational(0)));
  EXPECT_TRUE(distinct(Rational(1, 3), Rational(-1, 3)));
  EXPECT_EQ(show(Rational(-Rational(0))), "0");
}

TEST(Rational, showExactText) {
  EXPECT_EQ(show(Rational(-4, 6)), "-2/3");
  EXPECT_EQ(show(Rational(5)), "5");
  EXPECT_EQ(show(Rational(8, 4)), "2");
  EXPECT_EQ(show(Rational(0)), "0");
  EXPECT_EQ(show(Rational(Rational(1) / 3)), "1/3");
}

// ---------------------------------------------------------------------------------------------
// int (cpp_int)
// ---------------------------------------------------------------------------------------------

RC_GTEST_PROP(Int, showRoundTripsThroughParse, ()) { checkRoundTrip<BigInt>(); }

RC_GTEST_PROP(Int, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<BigInt>(); }

TEST(Int, name) { EXPECT_EQ(ScalarTraits<BigInt>::name, "int"); }

TEST(Int, identityIsEqualityAndThereIsOneZero) {
  EXPECT_TRUE(identical(BigInt(BigInt(1) << 100), BigInt("1267650600228229401496703205376")));
  EXPECT_TRUE(identical(BigInt(-BigInt(0)), BigInt(0)));
  EXPECT_TRUE(identical(BigInt("-0"), BigInt(0)));
  EXPECT_TRUE(identical(ScalarTraits<BigInt>::zero(), BigInt(0)));
  EXPECT_TRUE(distinct(BigInt(7), BigInt(-7)));
  EXPECT_EQ(show(BigInt(-BigInt(0))), "0");
}

TEST(Int, hasNeitherNegativeZeroNorNaN) {
  static_assert(!ScalarTraits<BigInt>::hasSignedZero && !ScalarTraits<BigInt>::hasNaN);
  EXPECT_FALSE(isNegativeZero(BigInt(-BigInt(0))));
}

TEST(Int, showExactText) {
  EXPECT_EQ(show(BigInt(BigInt(1) << 100)), "1267650600228229401496703205376");
  EXPECT_EQ(show(BigInt(-BigInt(BigInt(1) << 64))), "-18446744073709551616");
  EXPECT_EQ(show(BigInt(0)), "0");
  EXPECT_EQ(show(BigInt(-5)), "-5");
}

// ---------------------------------------------------------------------------------------------
// mpq (GMP rational)
// ---------------------------------------------------------------------------------------------

RC_GTEST_PROP(Mpq, showRoundTripsThroughParse, ()) { checkRoundTrip<Mpq>(); }

RC_GTEST_PROP(Mpq, sumsRoundTripThroughParse, ()) { checkSumRoundTrip<Mpq>(); }

TEST(Mpq, name) { EXPECT_EQ(ScalarTraits<Mpq>::name, "mpq"); }

TEST(Mpq, identityIsEqualityAndThereIsOneZero) {
  EXPECT_TRUE(identical(Mpq(Mpq(2) / 4), Mpq(Mpq(1) / 2)));
  EXPECT_TRUE(identical(Mpq(-Mpq(0)), Mpq(0)));
  EXPECT_TRUE(identical(Mpq("-0"), Mpq(0)));
  EXPECT_TRUE(identical(ScalarTraits<Mpq>::zero(), Mpq(0)));
  EXPECT_TRUE(distinct(Mpq(Mpq(1) / 3), Mpq(Mpq(-1) / 3)));
  EXPECT_EQ(show(Mpq(-Mpq(0))), "0");
}

TEST(Mpq, hasNeitherNegativeZeroNorNaN) {
  static_assert(!ScalarTraits<Mpq>::hasSignedZero && !ScalarTraits<Mpq>::hasNaN);
  EXPECT_FALSE(isNegativeZero(Mpq(-Mpq(0))));
}

TEST(Mpq, showExactText) {
  EXPECT_EQ(show(Mpq(Mpq(1) / 3)), "1/3");
  EXPECT_EQ(show(Mpq(Mpq(-4) / 6)), "-2/3");
  EXPECT_EQ(show(Mpq(7)), "7");
  EXPECT_EQ(show(Mpq(Mpq(8) / 4)), "2");
  EXPECT_EQ(show(Mpq(0)), "0");
}

}  // namespace
}  // namespace proofport
