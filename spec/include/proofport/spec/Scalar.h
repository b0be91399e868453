// The scalar customization point: identity (Lean's DecidableEq), exact printing, a name.
#pragma once

#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace proofport {

/// Customization point for a scalar type `S` (SEMANTICS §1). Specialize with:
///   `static constexpr std::string_view name` — short stable name used in test names;
///   `static bool identical(const S&, const S&)` — representational identity, never numeric ==;
///   `static std::string show(const S&)` — exact, round-trippable text;
///   `static S zero()` — the value Lean writes `0` (used by `Contributions::zero`);
///   `static constexpr bool hasSignedZero` — the type holds a negative zero not identical to
///     its zero (IEEE: true; cpp_dec_float and exact types: false); when true, also
///     `static bool isNegativeZero(const S&)`;
///   `static constexpr bool hasNaN` — the type holds NaN; when true, also
///     `static bool isNaN(const S&)`;
/// and optionally (proofport/spec/Classes.h):
///   `static S one()` — the value Lean writes `1` (the `One` class);
///   `static constexpr ClassSet claims` — the law classes the type claims to model
///   (`CommSemiring`, `CommRing`); each claim is checked by the class's laws.
/// The two flags are what case classification and the health check (`proofport run --health`)
/// read: a type whose values can be -0 or NaN must show that its generated cases reached them.
/// Lean: the `[Add α] [DecidableEq α]` instance arguments of every ported declaration.
template <class S>
struct ScalarTraits;

/// What every ported declaration needs of its scalar: value semantics, `S + S -> S`, identity,
/// and a statement of which IEEE special values (negative zero, NaN) the type can hold.
/// No algebraic law is assumed: addition need not be associative, commutative or have a unit.
template <class S>
concept Scalar = std::copyable<S> && requires(const S &a, const S &b) {
  { a + b } -> std::convertible_to<S>;
  { ScalarTraits<S>::identical(a, b) } -> std::same_as<bool>;
  { ScalarTraits<S>::show(a) } -> std::convertible_to<std::string>;
  { ScalarTraits<S>::zero() } -> std::convertible_to<S>;
  { ScalarTraits<S>::name } -> std::convertible_to<std::string_view>;
  { ScalarTraits<S>::hasSignedZero } -> std::convertible_to<bool>;
  { ScalarTraits<S>::hasNaN } -> std::convertible_to<bool>;
} &&(!ScalarTraits<S>::hasSignedZero ||
     requires(const S &a) {
       { ScalarTraits<S>::isNegativeZero(a) } -> std::same_as<bool>;
     }) &&
    (!ScalarTraits<S>::hasNaN || requires(const S &a) {
      { ScalarTraits<S>::isNaN(a) } -> std::same_as<bool>;
    });

/// Identity of two scalars (SEMANTICS §1). Cost: O(1) for IEEE, O(digits) for exact types.
template <Scalar S>
bool identical(const S &a, const S &b) {
  return ScalarTraits<S>::identical(a, b);
}

/// Exact text of a scalar: floats as shortest round-trip decimal plus hex (`-0 (-0x0p+0)`).
template <Scalar S>
std::string show(const S &value) {
  return ScalarTraits<S>::show(value);
}

/// Whether `value` is a negative zero (false for every value of a type without one).
/// Cost: O(1)
template <Scalar S>
bool isNegativeZero(const S &value) {
  if constexpr (ScalarTraits<S>::hasSignedZero) {
    return ScalarTraits<S>::isNegativeZero(value);
  } else {
    return false;
  }
}

/// Whether `value` is a NaN (false for every value of a type without NaN).   Cost: O(1)
template <Scalar S>
bool isNaN(const S &value) {
  if constexpr (ScalarTraits<S>::hasNaN) {
    return ScalarTraits<S>::isNaN(value);
  } else {
    return false;
  }
}

namespace detail {
/// Shortest round-trip decimal plus the exact hexadecimal form; `nan`, `inf`, `-inf` as such.
std::string showIeee(float value);
/// Same for binary64.
std::string showIeee(double value);
/// Same for long double (x87 extended on x86-64).
std::string showIeee(long double value);
}  // namespace detail

template <>
struct ScalarTraits<float> {
  static constexpr std::string_view name = "float32";
  /// Identical iff the bits are equal, except that any two NaNs are identical.
  static bool identical(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) {
      return std::isnan(a) && std::isnan(b);
    }
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
  }
  static std::string show(float value) { return detail::showIeee(value); }
  static float zero() { return 0.0F; }
  static constexpr bool hasSignedZero = true;
  static bool isNegativeZero(float value) {
    return std::bit_cast<std::uint32_t>(value) == 0x80000000U;
  }
  static constexpr bool hasNaN = true;
  static bool isNaN(float value) { return std::isnan(value); }
  static float one() { return 1.0F; }
};

template <>
struct ScalarTraits<double> {
  static constexpr std::string_view name = "float64";
  /// Identical iff the bits are equal, except that any two NaNs are identical.
  static bool identical(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) {
      return std::isnan(a) && std::isnan(b);
    }
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  }
  static std::string show(double value) { return detail::showIeee(value); }
  static double zero() { return 0.0; }
  static constexpr bool hasSignedZero = true;
  static bool isNegativeZero(double value) {
    return std::bit_cast<std::uint64_t>(value) == 0x8000000000000000ULL;
  }
  static constexpr bool hasNaN = true;
  static bool isNaN(double value) { return std::isnan(value); }
  static double one() { return 1.0; }
};

}  // namespace proofport
