// Boost.Multiprecision scalar types: binary and decimal floats, integers, GMP rationals, MPFR.
// All without expression templates, so `a + b` is a value, never a lazy expression that could
// outlive its operands.
#pragma once

#include <string>
#include <string_view>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_dec_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/gmp.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include "proofport/spec/Classes.h"
#include "proofport/spec/Scalar.h"

namespace proofport {

namespace bmp = boost::multiprecision;

/// 50 decimal digits, binary significand; signed zero, inf and NaN.
using Bin50 = bmp::number<bmp::cpp_bin_float<50>, bmp::et_off>;
/// 50 decimal digits, decimal significand; inf and NaN (zero is unsigned).
using Dec50 = bmp::number<bmp::cpp_dec_float<50>, bmp::et_off>;
/// Arbitrary-precision integer.
using BigInt = bmp::number<bmp::cpp_int_backend<>, bmp::et_off>;
/// GMP rational (`mpq_rational`).
using Mpq = bmp::number<bmp::gmp_rational, bmp::et_off>;
/// MPFR float of 100 decimal digits; signed zero and NaN.
using Mpfr100 = bmp::number<bmp::mpfr_float_backend<100>, bmp::et_off>;

namespace detail {

/// Identity for arbitrary-precision floats (SPEC §1): NaNs identical; otherwise sign, class
/// and value all equal (so -0 and +0 differ where the type has both).
template <class F>
bool identicalFloat(const F &a, const F &b) {
  const bool nanA = bmp::isnan(a);
  const bool nanB = bmp::isnan(b);
  if (nanA || nanB) {
    return nanA && nanB;
  }
  return bmp::signbit(a) == bmp::signbit(b) && bmp::fpclassify(a) == bmp::fpclassify(b) &&
         a == b;
}

/// Enough digits to round-trip, in scientific notation; `-0` where the zero is negative; `nan`, `inf`, `-inf`.
template <class F>
std::string showFloat(const F &value) {
  if (bmp::isnan(value)) {
    return "nan";
  }
  if (bmp::isinf(value)) {
    return value < 0 ? "-inf" : "inf";
  }
  if (value == 0) {
    return bmp::signbit(value) ? "-0" : "0";
  }
  return value.str(0, std::ios_base::scientific);
}

} // namespace detail

template <>
struct ScalarTraits<Bin50> {
  static constexpr std::string_view name = "bin50";
  static bool identical(const Bin50 &a, const Bin50 &b) { return detail::identicalFloat(a, b); }
  static std::string show(const Bin50 &value) { return detail::showFloat(value); }
  static Bin50 zero() { return Bin50(0); }
  static Bin50 one() { return Bin50(1); }
};

template <>
struct ScalarTraits<Dec50> {
  static constexpr std::string_view name = "dec50";
  static bool identical(const Dec50 &a, const Dec50 &b) { return detail::identicalFloat(a, b); }
  static std::string show(const Dec50 &value) { return detail::showFloat(value); }
  static Dec50 zero() { return Dec50(0); }
  static Dec50 one() { return Dec50(1); }
};

template <>
struct ScalarTraits<Mpfr100> {
  static constexpr std::string_view name = "mpfr100";
  static bool identical(const Mpfr100 &a, const Mpfr100 &b) {
    return detail::identicalFloat(a, b);
  }
  static std::string show(const Mpfr100 &value) { return detail::showFloat(value); }
  static Mpfr100 zero() { return Mpfr100(0); }
  static Mpfr100 one() { return Mpfr100(1); }
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
};

static_assert(Scalar<Bin50>);
static_assert(Scalar<Dec50>);
static_assert(Scalar<Mpfr100>);
static_assert(Scalar<BigInt>);
static_assert(Scalar<Mpq>);

} // namespace proofport
