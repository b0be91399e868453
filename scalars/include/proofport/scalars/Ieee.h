// IEEE scalar types beyond binary32/64: binary16 (Imath half) and x87 80-bit long double.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <Imath/half.h>

#include "proofport/spec/Scalar.h"

namespace proofport {

/// IEEE binary16. `half + half` converts to binary32, adds and rounds back; binary32 has
/// 24 >= 2·11 + 2 significand bits, so the double rounding is innocuous and the sum is the
/// correctly rounded binary16 sum.
using Half = Imath::half;

template <>
struct ScalarTraits<Half> {
  static constexpr std::string_view name = "float16";
  /// Identical iff the 16 bits are equal, except that any two NaNs are identical.
  static bool identical(const Half &a, const Half &b) {
    if (a.isNan() || b.isNan()) {
      return a.isNan() && b.isNan();
    }
    return a.bits() == b.bits();
  }
  /// The value is exact in binary32, so binary32's shortest decimal and hex round-trip.
  static std::string show(const Half &value) { return detail::showIeee(static_cast<float>(value)); }
  static Half zero() { return Half(0.0F); }
  static Half one() { return Half(1.0F); }
  static constexpr bool hasSignedZero = true;
  static bool isNegativeZero(const Half &value) { return value.bits() == 0x8000U; }
  static constexpr bool hasNaN = true;
  static bool isNaN(const Half &value) { return value.isNan(); }
};

/// x87 extended precision; only the 80 value bits count for identity (the remaining bytes of
/// the object are padding with unspecified contents).
using Float80 = long double;

template <>
struct ScalarTraits<Float80> {
  static constexpr std::string_view name = "float80";
  static constexpr std::size_t kValueBytes = 10;
  /// Identical iff the 80 value bits are equal, except that any two NaNs are identical.
  /// By reference: a copy need not keep the padding, and reading it is what this ignores.
  static bool identical(const Float80 &a, const Float80 &b) {
    if (std::isnan(a) || std::isnan(b)) {
      return std::isnan(a) && std::isnan(b);
    }
    unsigned char x[sizeof(Float80)];
    unsigned char y[sizeof(Float80)];
    std::memcpy(x, &a, sizeof a);
    std::memcpy(y, &b, sizeof b);
    return std::memcmp(x, y, kValueBytes) == 0;
  }
  /// Shortest round-trip decimal plus exact hex, `nan`, `inf`, `-inf`.
  static std::string show(Float80 value) { return detail::showIeee(value); }
  static Float80 zero() { return 0.0L; }
  static Float80 one() { return 1.0L; }
  static constexpr bool hasSignedZero = true;
  static bool isNegativeZero(const Float80 &value) {
    return std::fpclassify(value) == FP_ZERO && std::signbit(value);
  }
  static constexpr bool hasNaN = true;
  static bool isNaN(const Float80 &value) { return std::isnan(value); }
};

static_assert(Scalar<Half>);
static_assert(Scalar<Float80>);

}  // namespace proofport
