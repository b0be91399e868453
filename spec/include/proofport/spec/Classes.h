// Lean type classes as scalar requirements (SEMANTICS §8): what a theorem's instance arguments need
// and what a scalar type models.
#pragma once

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "proofport/spec/Scalar.h"

namespace proofport {

/// A Lean type class a ported declaration may take as an instance argument (`[Add α]`,
/// `[CommSemiring α]`, …). Operation classes (Add, Zero, DecidableEq, Mul, One, Neg, Sub) are
/// modelled by a C++ type that has the operation; law classes (CommSemiring, CommRing) are
/// modelled only by a type that claims them, and each claim is checked by its laws
/// (`properties/Laws.h`).
enum class LeanClass : std::uint8_t {
  Add,           ///< `a + b` (every Scalar)
  Zero,          ///< `ScalarTraits<S>::zero()` (every Scalar)
  DecidableEq,   ///< `ScalarTraits<S>::identical` (every Scalar)
  Mul,           ///< `a * b`
  One,           ///< `ScalarTraits<S>::one()`
  Neg,           ///< `-a`
  Sub,           ///< `a - b`
  CommSemiring,  ///< + and * associative and commutative, distributive, 0 and 1 units, 0 absorbs
  CommRing,      ///< CommSemiring with negation: a + -a = 0, a - b = a + -b
};

/// Every LeanClass, in declaration order.
inline constexpr LeanClass kLeanClasses[] = {
    LeanClass::Add, LeanClass::Zero, LeanClass::DecidableEq,  LeanClass::Mul,     LeanClass::One,
    LeanClass::Neg, LeanClass::Sub,  LeanClass::CommSemiring, LeanClass::CommRing};

/// `Add`, `CommSemiring`, …: the Lean spelling.   Cost: O(1)
constexpr std::string_view leanClassName(LeanClass c) noexcept {
  switch (c) {
  case LeanClass::Add: return "Add";
  case LeanClass::Zero: return "Zero";
  case LeanClass::DecidableEq: return "DecidableEq";
  case LeanClass::Mul: return "Mul";
  case LeanClass::One: return "One";
  case LeanClass::Neg: return "Neg";
  case LeanClass::Sub: return "Sub";
  case LeanClass::CommSemiring: return "CommSemiring";
  case LeanClass::CommRing: return "CommRing";
  }
  return "?";
}

/// A set of Lean classes; a value type usable in constant expressions.
class ClassSet {
public:
  /// The empty set.
  constexpr ClassSet() noexcept = default;
  /// `{LeanClass::Add, LeanClass::DecidableEq}`.
  constexpr ClassSet(std::initializer_list<LeanClass> classes) noexcept {
    for (const LeanClass c : classes) {
      m_bits |= bit(c);
    }
  }

  /// Whether `c` is in the set.   Cost: O(1)
  constexpr bool contains(LeanClass c) const noexcept { return (m_bits & bit(c)) != 0; }
  /// Whether every class of `required` is in the set.   Cost: O(1)
  constexpr bool covers(ClassSet required) const noexcept {
    return (required.m_bits & ~m_bits) == 0;
  }
  /// The classes of `required` not in this set.   Cost: O(1)
  constexpr ClassSet missing(ClassSet required) const noexcept {
    return fromBits(required.m_bits & ~m_bits);
  }
  /// Whether the set is empty.   Cost: O(1)
  constexpr bool empty() const noexcept { return m_bits == 0; }
  /// Union.   Cost: O(1)
  constexpr ClassSet operator|(ClassSet other) const noexcept {
    return fromBits(m_bits | other.m_bits);
  }
  /// The classes in declaration order.   Cost: O(classes)
  std::vector<LeanClass> members() const {
    std::vector<LeanClass> out;
    for (const LeanClass c : kLeanClasses) {
      if (contains(c)) {
        out.push_back(c);
      }
    }
    return out;
  }
  /// `[Add α] [DecidableEq α]` (Lean's binder spelling); empty text for the empty set.
  std::string show() const {
    std::string out;
    for (const LeanClass c : members()) {
      out += (out.empty() ? "[" : " [") + std::string(leanClassName(c)) + " α]";
    }
    return out;
  }
  /// `Add, DecidableEq`: the bare class names.
  std::string names() const {
    std::string out;
    for (const LeanClass c : members()) {
      out += (out.empty() ? "" : ", ") + std::string(leanClassName(c));
    }
    return out;
  }
  friend constexpr bool operator==(ClassSet, ClassSet) noexcept = default;

private:
  static constexpr std::uint32_t bit(LeanClass c) noexcept {
    return std::uint32_t{1} << static_cast<unsigned>(c);
  }
  static constexpr ClassSet fromBits(std::uint32_t bits) noexcept {
    ClassSet out;
    out.m_bits = bits;
    return out;
  }
  std::uint32_t m_bits = 0;
};

/// What every ported declaration of the deferred context needs: `[Add α] [DecidableEq α]`
/// (and `Zero` for contributions, which every Scalar has).
inline constexpr ClassSet kAddDecidableEq{LeanClass::Add, LeanClass::DecidableEq};

/// The operations a law class is stated over: a type must have them to claim the class.
constexpr ClassSet operationsOf(LeanClass c) noexcept {
  switch (c) {
  case LeanClass::CommSemiring:
    return {LeanClass::Add, LeanClass::Zero, LeanClass::DecidableEq, LeanClass::Mul,
            LeanClass::One};
  case LeanClass::CommRing:
    return {LeanClass::Add, LeanClass::Zero, LeanClass::DecidableEq, LeanClass::Mul,
            LeanClass::One, LeanClass::Neg,  LeanClass::Sub};
  default: return {c};
  }
}

/// The classes a claim of `c` brings: a CommRing is a CommSemiring.
constexpr ClassSet impliedBy(LeanClass c) noexcept {
  return c == LeanClass::CommRing ? ClassSet{LeanClass::CommRing, LeanClass::CommSemiring}
                                  : ClassSet{c};
}

namespace detail {
template <class S>
concept HasMul = requires(const S &a, const S &b) {
  { a *b } -> std::convertible_to<S>;
};
template <class S>
concept HasOne = requires {
  { ScalarTraits<S>::one() } -> std::convertible_to<S>;
};
template <class S>
concept HasNeg = requires(const S &a) {
  { -a } -> std::convertible_to<S>;
};
template <class S>
concept HasSub = requires(const S &a, const S &b) {
  { a - b } -> std::convertible_to<S>;
};
template <class S>
concept HasClaims = requires {
  { ScalarTraits<S>::claims } -> std::convertible_to<ClassSet>;
};
}  // namespace detail

/// The operation classes `S` has: Add, Zero, DecidableEq (every Scalar), and Mul, One, Neg,
/// Sub where the operation exists.   Cost: compile time.
template <Scalar S>
constexpr ClassSet operationClasses() noexcept {
  ClassSet out{LeanClass::Add, LeanClass::Zero, LeanClass::DecidableEq};
  if constexpr (detail::HasMul<S>) {
    out = out | ClassSet{LeanClass::Mul};
  }
  if constexpr (detail::HasOne<S>) {
    out = out | ClassSet{LeanClass::One};
  }
  if constexpr (detail::HasNeg<S>) {
    out = out | ClassSet{LeanClass::Neg};
  }
  if constexpr (detail::HasSub<S>) {
    out = out | ClassSet{LeanClass::Sub};
  }
  return out;
}

/// The law classes `S` claims (`static constexpr ClassSet claims` in its ScalarTraits; none by
/// default), with what each implies. A claim needs the class's operations.
template <Scalar S>
constexpr ClassSet claimedClasses() noexcept {
  if constexpr (detail::HasClaims<S>) {
    ClassSet out;
    for (const LeanClass c : kLeanClasses) {
      if (ScalarTraits<S>::claims.contains(c)) {
        out = out | impliedBy(c);
      }
    }
    return out;
  } else {
    return {};
  }
}

/// Every class `S` models: its operation classes and its claims.   Cost: compile time.
template <Scalar S>
constexpr ClassSet classesOf() noexcept {
  constexpr ClassSet claims = claimedClasses<S>();
  constexpr ClassSet operations = operationClasses<S>();
  static_assert(!claims.contains(LeanClass::CommSemiring) ||
                    operations.covers(operationsOf(LeanClass::CommSemiring)),
                "a scalar claiming CommSemiring needs +, *, zero() and one()");
  static_assert(!claims.contains(LeanClass::CommRing) ||
                    operations.covers(operationsOf(LeanClass::CommRing)),
                "a scalar claiming CommRing needs +, *, unary -, binary -, zero() and one()");
  return operations | claims;
}

}  // namespace proofport
