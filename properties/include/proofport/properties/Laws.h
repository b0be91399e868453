// The laws of the Lean classes a scalar type may claim (SEMANTICS §8): each is a catalog
// declaration that runs over the scalar types claiming its class, and explains, with an exact
// counterexample, why a type that does not claim the class cannot run a theorem needing it.
// Ports: Mathlib's CommSemiring and CommRing axioms (add_assoc, mul_comm, left_distrib, …)
#pragma once

#include <string>

#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/Sources.h"

namespace proofport::properties {

/// A law over `arity` generated scalars (a, b, c), checked by `Law::check(a, b, c)`.
template <class Law, LeanClass kClass, int kArity>
struct LawDeclaration {
  template <Scalar S>
  static void property() {
    const auto a = gen::pick("a", gen::exact<S>());
    if constexpr (kArity == 1) {
      classifyScalar(a.value);
      Law::check(a.value, a.value, a.value);
    } else if constexpr (kArity == 2) {
      const auto b = gen::pick("b", gen::exact<S>());
      classifyScalar(a.value);
      classifyScalar(b.value);
      Law::check(a.value, b.value, b.value);
    } else {
      const auto b = gen::pick("b", gen::exact<S>());
      const auto c = gen::pick("c", gen::exact<S>());
      classifyScalar(a.value);
      classifyScalar(b.value);
      classifyScalar(c.value);
      Law::check(a.value, b.value, c.value);
    }
  }
};

/// A law declaration's Theorem: the class it checks, what it needs (that class's operations).
constexpr Theorem lawTheorem(std::string_view leanName, std::string_view statement, LeanClass of) {
  return Theorem{.leanName = leanName,
                 .statement = statement,
                 .source = sources::kMathlib,
                 .kind = Kind::Law,
                 .needs = operationsOf(of),
                 .lawOf = of};
}

namespace CommSemiring {

struct add_assoc : LawDeclaration<add_assoc, LeanClass::CommSemiring, 3> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.add_assoc", "a + b + c = a + (b + c)", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &b, const S &c) {
    PROOFPORT_CHECK_EQ(S((a + b) + c), S(a + (b + c)));
  }
};

struct add_comm : LawDeclaration<add_comm, LeanClass::CommSemiring, 2> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.add_comm", "a + b = b + a", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &b, const S &) {
    PROOFPORT_CHECK_EQ(S(a + b), S(b + a));
  }
};

struct zero_add : LawDeclaration<zero_add, LeanClass::CommSemiring, 1> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.zero_add", "0 + a = a", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &, const S &) {
    const S zero = ScalarTraits<S>::zero();
    PROOFPORT_CHECK_EQ(S(zero + a), a);
  }
};

struct add_zero : LawDeclaration<add_zero, LeanClass::CommSemiring, 1> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.add_zero", "a + 0 = a", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &, const S &) {
    const S zero = ScalarTraits<S>::zero();
    PROOFPORT_CHECK_EQ(S(a + zero), a);
  }
};

struct mul_assoc : LawDeclaration<mul_assoc, LeanClass::CommSemiring, 3> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.mul_assoc", "a * b * c = a * (b * c)", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &b, const S &c) {
    PROOFPORT_CHECK_EQ(S((a * b) * c), S(a * (b * c)));
  }
};

struct mul_comm : LawDeclaration<mul_comm, LeanClass::CommSemiring, 2> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.mul_comm", "a * b = b * a", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &b, const S &) {
    PROOFPORT_CHECK_EQ(S(a * b), S(b * a));
  }
};

struct one_mul : LawDeclaration<one_mul, LeanClass::CommSemiring, 1> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.one_mul", "1 * a = a", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &, const S &) {
    const S one = ScalarTraits<S>::one();
    PROOFPORT_CHECK_EQ(S(one * a), a);
  }
};

struct mul_one : LawDeclaration<mul_one, LeanClass::CommSemiring, 1> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.mul_one", "a * 1 = a", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &, const S &) {
    const S one = ScalarTraits<S>::one();
    PROOFPORT_CHECK_EQ(S(a * one), a);
  }
};

struct left_distrib : LawDeclaration<left_distrib, LeanClass::CommSemiring, 3> {
  static constexpr Theorem theorem = lawTheorem(
      "CommSemiring.left_distrib", "a * (b + c) = a * b + a * c", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &b, const S &c) {
    PROOFPORT_CHECK_EQ(S(a * (b + c)), S(a * b + a * c));
  }
};

struct right_distrib : LawDeclaration<right_distrib, LeanClass::CommSemiring, 3> {
  static constexpr Theorem theorem = lawTheorem(
      "CommSemiring.right_distrib", "(a + b) * c = a * c + b * c", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &b, const S &c) {
    PROOFPORT_CHECK_EQ(S((a + b) * c), S(a * c + b * c));
  }
};

struct zero_mul : LawDeclaration<zero_mul, LeanClass::CommSemiring, 1> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.zero_mul", "0 * a = 0", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &, const S &) {
    const S zero = ScalarTraits<S>::zero();
    PROOFPORT_CHECK_EQ(S(zero * a), zero);
  }
};

struct mul_zero : LawDeclaration<mul_zero, LeanClass::CommSemiring, 1> {
  static constexpr Theorem theorem =
      lawTheorem("CommSemiring.mul_zero", "a * 0 = 0", LeanClass::CommSemiring);
  template <Scalar S>
  static void check(const S &a, const S &, const S &) {
    const S zero = ScalarTraits<S>::zero();
    PROOFPORT_CHECK_EQ(S(a * zero), zero);
  }
};

/// The CommSemiring laws, in listing order.
using Theorems =
    properties::Theorems<add_assoc, add_comm, zero_add, add_zero, mul_assoc, mul_comm, one_mul,
                         mul_one, left_distrib, right_distrib, zero_mul, mul_zero>;

}  // namespace CommSemiring

namespace CommRing {

struct neg_add_cancel : LawDeclaration<neg_add_cancel, LeanClass::CommRing, 1> {
  static constexpr Theorem theorem =
      lawTheorem("CommRing.neg_add_cancel", "-a + a = 0", LeanClass::CommRing);
  template <Scalar S>
  static void check(const S &a, const S &, const S &) {
    const S zero = ScalarTraits<S>::zero();
    PROOFPORT_CHECK_EQ(S(-a + a), zero);
  }
};

struct sub_eq_add_neg : LawDeclaration<sub_eq_add_neg, LeanClass::CommRing, 2> {
  static constexpr Theorem theorem =
      lawTheorem("CommRing.sub_eq_add_neg", "a - b = a + -b", LeanClass::CommRing);
  template <Scalar S>
  static void check(const S &a, const S &b, const S &) {
    PROOFPORT_CHECK_EQ(S(a - b), S(a + -b));
  }
};

/// The CommRing laws beyond CommSemiring's, in listing order.
using Theorems = properties::Theorems<neg_add_cancel, sub_eq_add_neg>;

}  // namespace CommRing

}  // namespace proofport::properties
