// Scalar generators weighted toward the values that break deferred accumulation.
#pragma once

#include <cmath>
#include <limits>
#include <ostream>

#include <rapidcheck.h>

#include "proofport/scalars/Rational.h"
#include "proofport/spec/Scalar.h"
#include "proofport/gen/Shrink.h"

namespace proofport::gen {

/// A scalar picked by a generator, printed exactly in counterexamples (RapidCheck's own
/// printing of `float` rounds to 6 digits and hides the sign of zero's meaning).
template <Scalar S>
struct Exact {
  S value;
};

template <Scalar S>
void showValue(const Exact<S> &x, std::ostream &os) {
  os << ScalarTraits<S>::show(x.value);
}

/// Values of `S` that matter for it; specialized per scalar type.
template <Scalar S>
struct ScalarGen;

template <class F>
struct IeeeScalarGen {
  /// ±0 and small integers dominate so that runs merge, uniforms cancel and `x + u`
  /// is identical to `x` (fixed-point exits) on most cases; inf, NaN, subnormals, huge values
  /// (where adding 1 changes nothing) and arbitrary values stay common.
  static rc::Gen<F> gen() {
    using L = std::numeric_limits<F>;
    const F big = static_cast<F>(std::ldexp(F(1), L::digits));  // big + 1 == big
    // Alternatives shrink toward the first: special values stay special, the rest go to 0.
    return shrinkingWeightedOneOf<F>({
        {4, shrinkingElement<F>({F(0), -F(0)})},
        {4, rc::gen::map(smallInt(3), [](int k) { return static_cast<F>(k); })},
        {2, shrinkingElement<F>({F(0.5), F(-0.5), F(0.25), F(1.5)})},
        {1, shrinkingElement<F>({L::infinity(), -L::infinity(), L::quiet_NaN()})},
        {1, shrinkingElement<F>({L::denorm_min(), -L::denorm_min(), L::min() / 2})},
        {1, shrinkingElement<F>({big, -big, L::max(), -L::max()})},
        {1, shrinkingFloat<F>()},
    });
  }
};

template <>
struct ScalarGen<float> : IeeeScalarGen<float> {};
template <>
struct ScalarGen<double> : IeeeScalarGen<double> {};

template <>
struct ScalarGen<Rational> {
  /// Zero, small integers (which cancel) and small fractions.
  static rc::Gen<Rational> gen() {
    return shrinkingWeightedOneOf<Rational>({
        {3, rc::gen::just(Rational(0))},
        {3, rc::gen::map(smallInt(3), [](int k) { return Rational(k); })},
        {3, rc::gen::map(rc::gen::pair(rc::gen::inRange(-4, 5), rc::gen::inRange(1, 5)),
                         [](std::pair<int, int> pq) { return Rational(pq.first, pq.second); })},
    });
  }
};

/// A scalar of type `S`.
/// Cost: O(1): the generator is built once per type and shared (a `rc::Gen` is an immutable
/// value with an atomic reference count); building it allocates every alternative, which was
/// the largest single cost of a property run. Its constants are exact in every rounding mode.
template <Scalar S>
rc::Gen<S> scalar() {
  static const rc::Gen<S> built = ScalarGen<S>::gen();
  return built;
}

/// A scalar wrapped for exact printing when picked directly by a property.
template <Scalar S>
rc::Gen<Exact<S>> exact() {
  return rc::gen::map(scalar<S>(), [](S s) { return Exact<S>{std::move(s)}; });
}

}  // namespace proofport::gen
