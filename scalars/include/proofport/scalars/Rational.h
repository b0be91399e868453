// Exact rationals (Boost.Multiprecision cpp_rational) as a proofport scalar.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include "proofport/spec/Classes.h"
#include "proofport/spec/Scalar.h"

namespace proofport {

/// Arbitrary-precision rational (`cpp_rational` without expression templates, so `a + b` is a
/// value, never a lazy expression); addition is exact, associative and commutative.
using Rational = boost::multiprecision::number<boost::multiprecision::cpp_rational_backend,
                                               boost::multiprecision::et_off>;

template <>
struct ScalarTraits<Rational> {
  static constexpr std::string_view name = "rational";
  /// Exact type: identity is `==` (both sides are kept in lowest terms).
  static bool identical(const Rational &a, const Rational &b) { return a == b; }
  /// `p/q` in lowest terms, or `p` when the denominator is 1.
  static std::string show(const Rational &value) { return value.str(); }
  static Rational zero() { return Rational(0); }
  static Rational one() { return Rational(1); }
  /// A field, so a commutative ring: its laws are checked (`CommRing.*`, `CommSemiring.*`).
  static constexpr ClassSet claims{LeanClass::CommRing};
  /// One zero, no NaN.
  static constexpr bool hasSignedZero = false;
  static constexpr bool hasNaN = false;
};

}  // namespace proofport
