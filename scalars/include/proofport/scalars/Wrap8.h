// Wrap8: integers modulo 256 (the commutative ring Z/256), whose additions cycle.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "proofport/spec/Classes.h"
#include "proofport/spec/Scalar.h"

namespace proofport::scalars {

/// An unsigned 8-bit integer with wrapping addition, subtraction and multiplication: the
/// commutative ring Z/256 (Lean's `ZMod 256`, a `CommRing`).
/// Associative and commutative, so it cannot see reordering; it sees dropped or repeated
/// additions (adding `u` 256 times is the identity, and 255 + 1 == 0), and has no fixed
/// point other than adding 0, so deferred runs must execute every step. Zero divisors
/// (16 · 16 == 0) make products vanish where an integral domain's would not.
class Wrap8 {
public:
  /// Zero. Cost: O(1)   Throws: nothing.
  constexpr Wrap8() noexcept = default;

  /// The value `v`. Cost: O(1)   Throws: nothing.
  constexpr explicit Wrap8(std::uint8_t v) noexcept : m_value(v) {}

  /// `v` reduced modulo 256 into [0, 255] (also for negative `v`).
  /// Cost: O(1)   Throws: nothing.
  static constexpr Wrap8 wrap(std::int64_t v) noexcept {
    return Wrap8(static_cast<std::uint8_t>(static_cast<std::uint64_t>(v) & 0xFFU));
  }

  /// The value `show` printed as `text`: a decimal integer in [0, 255] exactly as
  /// `std::to_string` writes it (no sign, no leading zeros, no spaces).
  /// Cost: O(text)   Throws: ContractError naming the expected form and the text.
  static Wrap8 parse(std::string_view text);

  /// The value as an integer. Cost: O(1)   Throws: nothing.
  constexpr std::uint8_t value() const noexcept { return m_value; }

  /// Decimal text in 0..255, e.g. `255`. Cost: O(1)   Throws: std::bad_alloc only.
  std::string show() const { return std::to_string(unsigned{m_value}); }

  /// Sum modulo 256. Cost: O(1)   Throws: nothing.
  friend constexpr Wrap8 operator+(Wrap8 a, Wrap8 b) noexcept {
    return wrap(std::int64_t{a.m_value} + std::int64_t{b.m_value});
  }

  /// Difference modulo 256. Cost: O(1)   Throws: nothing.
  friend constexpr Wrap8 operator-(Wrap8 a, Wrap8 b) noexcept {
    return wrap(std::int64_t{a.m_value} - std::int64_t{b.m_value});
  }

  /// Negation modulo 256 (`0 - a`). Cost: O(1)   Throws: nothing.
  friend constexpr Wrap8 operator-(Wrap8 a) noexcept { return wrap(-std::int64_t{a.m_value}); }

  /// Product modulo 256 (computed in int64, where 255 · 255 cannot overflow).
  /// Cost: O(1)   Throws: nothing.
  friend constexpr Wrap8 operator*(Wrap8 a, Wrap8 b) noexcept {
    return wrap(std::int64_t{a.m_value} * std::int64_t{b.m_value});
  }

  /// Equality of the stored integers (the same as identity). Cost: O(1)   Throws: nothing.
  friend constexpr bool operator==(Wrap8, Wrap8) noexcept = default;

private:
  std::uint8_t m_value = 0;
};

/// Prints `x.show()`; RapidCheck finds it by ADL for counterexamples.
/// Cost: O(1)   Throws: std::bad_alloc only.
inline void showValue(const Wrap8 &x, std::ostream &os) { os << x.show(); }

}  // namespace proofport::scalars

namespace proofport {

/// Wrap8 as a proofport scalar: an exact type, identity is equality of the 8-bit value.
template <>
struct ScalarTraits<scalars::Wrap8> {
  /// Short name used in test names.
  static constexpr std::string_view name = "wrap8";
  /// Identical iff the integers are equal. Cost: O(1)   Throws: nothing.
  static bool identical(const scalars::Wrap8 &a, const scalars::Wrap8 &b) noexcept {
    return a == b;
  }
  /// `Wrap8::show`, inverted by `Wrap8::parse`. Cost: O(1)   Throws: std::bad_alloc only.
  static std::string show(const scalars::Wrap8 &value) { return value.show(); }
  /// 0. Cost: O(1)   Throws: nothing.
  static scalars::Wrap8 zero() noexcept { return scalars::Wrap8(); }
  /// 1, the multiplicative unit. Cost: O(1)   Throws: nothing.
  static scalars::Wrap8 one() noexcept { return scalars::Wrap8(1); }
  /// Z/256, a commutative ring: its laws are checked (`CommRing.*`, `CommSemiring.*`).
  static constexpr ClassSet claims{LeanClass::CommRing};
  /// No negative zero, no NaN.
  static constexpr bool hasSignedZero = false;
  static constexpr bool hasNaN = false;
};

static_assert(Scalar<scalars::Wrap8>);

}  // namespace proofport
