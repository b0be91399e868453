// Boost.Multiprecision scalar types: binary and decimal floats, integers, GMP rationals, MPFR.
// All without expression templates, so `a + b` is a value, never a lazy expression that could
// outlive its operands.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_dec_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/gmp.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include "proofport/spec/Classes.h"
#include "proofport/spec/Scalar.h"

namespace proofport {

namespace bmp = boost::multiprecision;

/// 50 decimal digits, binary significand; signed zero, inf and NaN. Every operation
/// rounds correctly to those bits and nothing beyond them is stored, so values, identity and
/// text are the same on every compiler.
using Bin50 = bmp::number<bmp::cpp_bin_float<50>, bmp::et_off>;
/// Arbitrary-precision integer.
using BigInt = bmp::number<bmp::cpp_int_backend<>, bmp::et_off>;
/// GMP rational (`mpq_rational`).
using Mpq = bmp::number<bmp::gmp_rational, bmp::et_off>;
/// MPFR float of 100 decimal digits; signed zero and NaN. MPFR rounds every operation
/// correctly to the declared bits, so, as for Bin50, nothing depends on the compiler.
using Mpfr100 = bmp::number<bmp::mpfr_float_backend<100>, bmp::et_off>;

/// A decimal float of exactly 50 significant digits: every value, whether constructed, parsed
/// or computed, is rounded to 50 significant digits (ties to even) before it is stored, so
/// identity, printing and every later sum see the 50 declared digits and nothing else.
/// Zero is unsigned; inf and NaN exist.
///
/// Why not Boost's `cpp_dec_float<50>` itself: it computes and keeps 80 digits, 30 of them guard
/// digits, and what those hold after a division differs between compilers (1/3 ends in
/// `…333330` under GCC 12 and `…444727320` under clang 14), and sums carry the difference on
/// (1/3 + 2/3 is 0.99…9 under one and 1 under the other). Identity over 80 digits made a
/// counterexample a fact about the compiler. Here `+` and `-` are Boost's digit arithmetic
/// followed by rounding, both integer arithmetic with one answer on every compiler; `*` and
/// `/` are exact integer arithmetic correctly rounded (`/` never uses Boost's division).
/// Cost: `+`, `-` about five times Boost's addition; `*`, `/` a few microseconds (text and
/// `cpp_int`). Never throws for finite, infinite or NaN operands (out of range: inf or 0).
class Dec50 {
public:
  /// The Boost type the digits are kept in.
  using Number = bmp::number<bmp::cpp_dec_float<50>, bmp::et_off>;
  /// Significant decimal digits of every value.
  static constexpr int kDigits = 50;

  /// Zero.
  Dec50() = default;
  /// `value`, exactly; implicit, so a Dec50 is written like a number (`x + 1`, `x == 0`).
  Dec50(int value) : m_value(value) {}
  /// The exact binary value of `value` rounded to 50 digits; NaN and ±inf as such.
  explicit Dec50(double value);
  /// Text as Boost reads it (`"0.1"`, `"-2.5e-7"`, `"nan"`, `"inf"`), rounded to 50 digits.
  /// Throws: std::runtime_error if Boost cannot read it.
  explicit Dec50(const std::string &text);
  /// As `Dec50(std::string(text))`.
  explicit Dec50(const char *text) : Dec50(std::string(text)) {}
  /// `value` rounded to 50 digits.
  explicit Dec50(const Number &value);

  /// The stored value: at most 50 significant digits.
  const Number &number() const noexcept { return m_value; }

  /// +inf.
  static Dec50 infinity();
  /// A quiet NaN.
  static Dec50 quietNaN();
  /// The distance from 1 to the next value, 10^-49.
  static Dec50 epsilon();

  friend Dec50 operator+(const Dec50 &a, const Dec50 &b);
  friend Dec50 operator-(const Dec50 &a, const Dec50 &b);
  friend Dec50 operator-(const Dec50 &a);
  friend Dec50 operator*(const Dec50 &a, const Dec50 &b);
  friend Dec50 operator/(const Dec50 &a, const Dec50 &b);
  /// Numeric equality (NaN equals nothing); identity is `ScalarTraits<Dec50>::identical`.
  friend bool operator==(const Dec50 &a, const Dec50 &b) { return a.m_value == b.m_value; }
  friend bool operator<(const Dec50 &a, const Dec50 &b) { return a.m_value < b.m_value; }

private:
  struct Rounded {};
  Dec50(Rounded, Number value) : m_value(std::move(value)) {}

  Number m_value;
};

/// Prints the 50 digits; RapidCheck finds it by ADL for counterexamples.
void showValue(const Dec50 &x, std::ostream &os);

namespace detail {

/// Identity for arbitrary-precision floats (SEMANTICS §1): NaNs identical; otherwise sign, class
/// and value all equal (so -0 and +0 differ where the type has both).
template <class F>
bool identicalFloat(const F &a, const F &b) {
  const bool nanA = bmp::isnan(a);
  const bool nanB = bmp::isnan(b);
  if (nanA || nanB) {
    return nanA && nanB;
  }
  return bmp::signbit(a) == bmp::signbit(b) && bmp::fpclassify(a) == bmp::fpclassify(b) && a == b;
}

/// Whether `value` is zero with its sign bit set.
template <class F>
bool isNegativeZeroFloat(const F &value) {
  return bmp::fpclassify(value) == FP_ZERO && bmp::signbit(value);
}

/// Scientific notation with `digits` digits after the point (0: enough to round-trip); `-0`
/// where the zero is negative; `nan`, `inf`, `-inf`.
template <class F>
std::string showFloat(const F &value, int digits = 0) {
  if (bmp::isnan(value)) {
    return "nan";
  }
  if (bmp::isinf(value)) {
    return value < 0 ? "-inf" : "inf";
  }
  if (value == 0) {
    return bmp::signbit(value) ? "-0" : "0";
  }
  return value.str(digits, std::ios_base::scientific);
}

}  // namespace detail

template <>
struct ScalarTraits<Bin50> {
  static constexpr std::string_view name = "bin50";
  static bool identical(const Bin50 &a, const Bin50 &b) { return detail::identicalFloat(a, b); }
  static std::string show(const Bin50 &value) { return detail::showFloat(value); }
  static Bin50 zero() { return Bin50(0); }
  static Bin50 one() { return Bin50(1); }
  static constexpr bool hasSignedZero = true;
  static bool isNegativeZero(const Bin50 &value) { return detail::isNegativeZeroFloat(value); }
  static constexpr bool hasNaN = true;
  static bool isNaN(const Bin50 &value) { return bmp::isnan(value); }
};

template <>
struct ScalarTraits<Dec50> {
  static constexpr std::string_view name = "dec50";
  /// NaNs identical; otherwise the (at most 50) digits, sign and class equal. There is one
  /// zero, and no guard digit takes part (Dec50 keeps none).
  static bool identical(const Dec50 &a, const Dec50 &b) {
    return detail::identicalFloat(a.number(), b.number());
  }
  /// Exactly 50 significant digits in scientific notation (`3.33…3e-01`), `0`, `nan`, `inf`,
  /// `-inf`; `Dec50(text)` reads it back identically.
  static std::string show(const Dec50 &value) {
    return detail::showFloat(value.number(), Dec50::kDigits - 1);
  }
  static Dec50 zero() { return Dec50(0); }
  static Dec50 one() { return Dec50(1); }
  /// cpp_dec_float keeps no sign on zero: negating, underflowing or parsing `-0` all give +0.
  static constexpr bool hasSignedZero = false;
  static constexpr bool hasNaN = true;
  static bool isNaN(const Dec50 &value) { return bmp::isnan(value.number()); }
};

template <>
struct ScalarTraits<Mpfr100> {
  static constexpr std::string_view name = "mpfr100";
  static bool identical(const Mpfr100 &a, const Mpfr100 &b) { return detail::identicalFloat(a, b); }
  static std::string show(const Mpfr100 &value) { return detail::showFloat(value); }
  static Mpfr100 zero() { return Mpfr100(0); }
  static Mpfr100 one() { return Mpfr100(1); }
  static constexpr bool hasSignedZero = true;
  static bool isNegativeZero(const Mpfr100 &value) { return detail::isNegativeZeroFloat(value); }
  static constexpr bool hasNaN = true;
  static bool isNaN(const Mpfr100 &value) { return bmp::isnan(value); }
};

template <>
struct ScalarTraits<BigInt> {
  static constexpr std::string_view name = "int";
  /// Exact type: identity is `==`.
  static bool identical(const BigInt &a, const BigInt &b) { return a == b; }
  static std::string show(const BigInt &value) { return value.str(); }
  static BigInt zero() { return BigInt(0); }
  static BigInt one() { return BigInt(1); }
  /// The integers: a commutative ring: its laws are checked (`CommRing.*`, `CommSemiring.*`).
  static constexpr ClassSet claims{LeanClass::CommRing};
  static constexpr bool hasSignedZero = false;
  static constexpr bool hasNaN = false;
};

template <>
struct ScalarTraits<Mpq> {
  static constexpr std::string_view name = "mpq";
  /// Exact type: identity is `==`, which compares values (`4/6` is identical to `2/3`).
  static bool identical(const Mpq &a, const Mpq &b) { return a == b; }
  /// `p/q` as stored: lowest terms for values made by arithmetic on canonical operands (as all
  /// generated values are); a value parsed from unreduced text keeps its text's terms.
  static std::string show(const Mpq &value) { return value.str(); }
  static Mpq zero() { return Mpq(0); }
  static Mpq one() { return Mpq(1); }
  /// A field, so a commutative ring: its laws are checked (`CommRing.*`, `CommSemiring.*`).
  static constexpr ClassSet claims{LeanClass::CommRing};
  static constexpr bool hasSignedZero = false;
  static constexpr bool hasNaN = false;
};

static_assert(Scalar<Bin50>);
static_assert(Scalar<Dec50>);
static_assert(Scalar<Mpfr100>);
static_assert(Scalar<BigInt>);
static_assert(Scalar<Mpq>);

}  // namespace proofport
