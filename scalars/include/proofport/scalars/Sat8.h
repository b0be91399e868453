// Sat8: saturating signed 8-bit integers, a non-associative scalar with fixed points at the bounds.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "proofport/spec/Scalar.h"

namespace proofport::scalars {

/// A signed 8-bit integer whose addition clamps to [-128, 127] instead of wrapping.
/// Not associative: `(127 + 1) + -1` is 126 but `127 + (1 + -1)` is 127; commutative; 0 is an
/// identity. At a bound, adding a value of the same sign is a fixed point (127 + 5 == 127),
/// so deferred runs stop early there.
class Sat8 {
public:
  /// Smallest value.
  static constexpr int kMin = -128;
  /// Largest value.
  static constexpr int kMax = 127;

  /// Zero. Cost: O(1)   Throws: nothing.
  constexpr Sat8() noexcept = default;

  /// The value `v`. Cost: O(1)   Throws: nothing.
  constexpr explicit Sat8(std::int8_t v) noexcept : m_value(v) {}

  /// `v` clamped to [kMin, kMax]. Cost: O(1)   Throws: nothing.
  static constexpr Sat8 saturate(std::int64_t v) noexcept {
    return Sat8(static_cast<std::int8_t>(v < kMin ? kMin : (v > kMax ? kMax : v)));
  }

  /// The value `show` printed as `text`: a decimal integer in [-128, 127] exactly as
  /// `std::to_string` writes it (no '+', no leading zeros, no "-0", no spaces).
  /// Cost: O(text)   Throws: ContractError naming the expected form and the text.
  static Sat8 parse(std::string_view text);

  /// The value as an integer. Cost: O(1)   Throws: nothing.
  constexpr std::int8_t value() const noexcept { return m_value; }

  /// Decimal text, e.g. `-128`. Cost: O(1)   Throws: std::bad_alloc only.
  std::string show() const { return std::to_string(int{m_value}); }

  /// Saturating sum: the exact sum clamped to [-128, 127]. Cost: O(1)   Throws: nothing.
  friend constexpr Sat8 operator+(Sat8 a, Sat8 b) noexcept {
    return saturate(std::int64_t{a.m_value} + std::int64_t{b.m_value});
  }

  /// Equality of the stored integers (the same as identity). Cost: O(1)   Throws: nothing.
  friend constexpr bool operator==(Sat8, Sat8) noexcept = default;

private:
  std::int8_t m_value = 0;
};

/// Prints `x.show()`; RapidCheck finds it by ADL for counterexamples.
/// Cost: O(1)   Throws: std::bad_alloc only.
inline void showValue(const Sat8 &x, std::ostream &os) { os << x.show(); }

}  // namespace proofport::scalars

namespace proofport {

/// Sat8 as a proofport scalar: an exact type, identity is equality of the 8-bit value.
template <>
struct ScalarTraits<scalars::Sat8> {
  /// Short name used in test names.
  static constexpr std::string_view name = "sat8";
  /// Identical iff the integers are equal. Cost: O(1)   Throws: nothing.
  static bool identical(const scalars::Sat8 &a, const scalars::Sat8 &b) noexcept { return a == b; }
  /// `Sat8::show`, inverted by `Sat8::parse`. Cost: O(1)   Throws: std::bad_alloc only.
  static std::string show(const scalars::Sat8 &value) { return value.show(); }
  /// 0. Cost: O(1)   Throws: nothing.
  static scalars::Sat8 zero() noexcept { return scalars::Sat8(); }
  /// No negative zero, no NaN.
  static constexpr bool hasSignedZero = false;
  static constexpr bool hasNaN = false;
};

static_assert(Scalar<scalars::Sat8>);

}  // namespace proofport
