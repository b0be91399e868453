// The scalar customization point: identity (Lean's DecidableEq), exact printing, a name.
#pragma once

#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace proofport {

/// Customization point for a scalar type `S` (SPEC §1). Specialize with:
///   `static constexpr std::string_view name` — short stable name used in test names;
///   `static bool identical(const S&, const S&)` — representational identity, never numeric ==;
///   `static std::string show(const S&)` — exact, round-trippable text;
///   `static S zero()` — the value Lean writes `0` (used by `Contributions::zero`);
/// and optionally (proofport/spec/Classes.h):
///   `static S one()` — the value Lean writes `1` (the `One` class);
///   `static constexpr ClassSet claims` — the law classes the type claims to model
///   (`CommSemiring`, `CommRing`); each claim is checked by the class's laws.
/// Lean: the `[Add α] [DecidableEq α]` instance arguments of every ported declaration.
template <class S>
struct ScalarTraits;

/// What every ported declaration needs of its scalar: value semantics, `S + S -> S`, identity.
/// No algebraic law is assumed: addition need not be associative, commutative or have a unit.
template <class S>
concept Scalar = std::copyable<S> && requires(const S &a, const S &b) {
  { a + b } -> std::convertible_to<S>;
  { ScalarTraits<S>::identical(a, b) } -> std::same_as<bool>;
  { ScalarTraits<S>::show(a) } -> std::convertible_to<std::string>;
  { ScalarTraits<S>::zero() } -> std::convertible_to<S>;
  { ScalarTraits<S>::name } -> std::convertible_to<std::string_view>;
};

/// Identity of two scalars (SPEC §1). Cost: O(1) for IEEE, O(digits) for exact types.
template <Scalar S>
bool identical(const S &a, const S &b) {
  return ScalarTraits<S>::identical(a, b);
}

/// Exact text of a scalar: floats as shortest round-trip decimal plus hex (`-0 (-0x0p+0)`).
template <Scalar S>
std::string show(const S &value) {
  return ScalarTraits<S>::show(value);
}

namespace detail {
/// Shortest round-trip decimal plus the exact hexadecimal form; `nan`, `inf`, `-inf` as such.
std::string showIeee(float value);
/// Same for binary64.
std::string showIeee(double value);
/// Same for long double (x87 extended on x86-64).
std::string showIeee(long double value);
} // namespace detail

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
  static double one() { return 1.0; }
};

} // namespace proofport
