// MaxPlus: the tropical max-plus semiring (max as +, + as ×), an idempotent commutative semiring.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "proofport/spec/Classes.h"
#include "proofport/spec/Scalar.h"

namespace proofport::scalars {

/// A 64-bit integer or -inf, with `a + b = max(a, b)` and `a * b = a + b` (ordinary integer
/// sum, -inf absorbing): the tropical semiring, a `CommSemiring` with -inf as `zero()` and the
/// integer 0 as `one()`. Addition is associative, commutative and idempotent: `x + u + u ==
/// x + u`, so every deferred run of `u` reaches its fixed point after one step. It sees dropped
/// additions of a new maximum and spurious ones, and checks that the fixed-point exit of a run
/// is taken correctly. Products of finite values outside int64 throw (never wrap, never UB).
class MaxPlus {
public:
  /// -inf. Cost: O(1)   Throws: nothing.
  constexpr MaxPlus() noexcept = default;

  /// The finite value `v`. Cost: O(1)   Throws: nothing.
  constexpr explicit MaxPlus(std::int64_t v) noexcept : m_value(v), m_finite(true) {}

  /// -inf, the identity of max. Cost: O(1)   Throws: nothing.
  static constexpr MaxPlus negInf() noexcept { return MaxPlus(); }

  /// The value `show` printed as `text`: `-inf`, or a decimal int64 exactly as
  /// `std::to_string` writes it (no '+', no leading zeros, no "-0", no spaces).
  /// Cost: O(text)   Throws: ContractError naming the expected form and the text.
  static MaxPlus parse(std::string_view text);

  /// Whether this is -inf. Cost: O(1)   Throws: nothing.
  constexpr bool isNegInf() const noexcept { return !m_finite; }

  /// The finite value, or nothing for -inf. Cost: O(1)   Throws: nothing.
  constexpr std::optional<std::int64_t> finite() const noexcept {
    return m_finite ? std::optional<std::int64_t>(m_value) : std::nullopt;
  }

  /// `-inf` or decimal text, e.g. `-9223372036854775808`. Cost: O(1)
  /// Throws: std::bad_alloc only.
  std::string show() const { return m_finite ? std::to_string(m_value) : std::string("-inf"); }

  /// The larger of the two (-inf below every integer). Cost: O(1)   Throws: nothing.
  friend constexpr MaxPlus operator+(MaxPlus a, MaxPlus b) noexcept {
    if (!a.m_finite) {
      return b;
    }
    if (!b.m_finite) {
      return a;
    }
    return a.m_value >= b.m_value ? a : b;
  }

  /// The tropical product: the integer sum of two finite values; -inf if either is -inf
  /// (`zero()` annihilates). Cost: O(1)
  /// Throws: ContractError (`MaxPlus::operator*`) if the integer sum leaves int64.
  friend MaxPlus operator*(MaxPlus a, MaxPlus b) {
    if (!a.m_finite || !b.m_finite) {
      return negInf();
    }
    std::int64_t sum = 0;
    if (__builtin_add_overflow(a.m_value, b.m_value, &sum)) {
      throwOverflow(a, b);
    }
    return MaxPlus(sum);
  }

  /// Equality: both -inf, or both finite and equal (the same as identity).
  /// Cost: O(1)   Throws: nothing.
  friend constexpr bool operator==(MaxPlus, MaxPlus) noexcept = default;

private:
  [[noreturn]] static void throwOverflow(MaxPlus a, MaxPlus b);

  // -inf always stores m_value == 0, so the defaulted == is representation equality.
  std::int64_t m_value = 0;
  bool m_finite = false;
};

/// Prints `x.show()`; RapidCheck finds it by ADL for counterexamples.
/// Cost: O(1)   Throws: std::bad_alloc only.
inline void showValue(const MaxPlus &x, std::ostream &os) { os << x.show(); }

}  // namespace proofport::scalars

namespace proofport {

/// MaxPlus as a proofport scalar: an exact type, identity is equality (-inf only with -inf).
template <>
struct ScalarTraits<scalars::MaxPlus> {
  /// Short name used in test names.
  static constexpr std::string_view name = "maxplus";
  /// Identical iff both are -inf or both are the same integer. Cost: O(1)   Throws: nothing.
  static bool identical(const scalars::MaxPlus &a, const scalars::MaxPlus &b) noexcept {
    return a == b;
  }
  /// `MaxPlus::show`, inverted by `MaxPlus::parse`. Cost: O(1)   Throws: std::bad_alloc only.
  static std::string show(const scalars::MaxPlus &value) { return value.show(); }
  /// -inf, the additive identity of the max-plus semiring. Cost: O(1)   Throws: nothing.
  static scalars::MaxPlus zero() noexcept { return scalars::MaxPlus::negInf(); }
  /// The integer 0, the multiplicative unit of the max-plus semiring. Cost: O(1)
  /// Throws: nothing.
  static scalars::MaxPlus one() noexcept { return scalars::MaxPlus(0); }
  /// The tropical semiring: its laws are checked (`CommSemiring.*`).
  static constexpr ClassSet claims{LeanClass::CommSemiring};
  /// No negative zero, no NaN.
  static constexpr bool hasSignedZero = false;
  static constexpr bool hasNaN = false;
};

static_assert(Scalar<scalars::MaxPlus>);

}  // namespace proofport
