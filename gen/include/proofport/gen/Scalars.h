// Scalar generators weighted toward the values that break deferred accumulation.
#pragma once

#include <cmath>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "proofport/spec/Error.h"
#include "proofport/spec/Scalar.h"
#include "proofport/gen/Named.h"
#include "proofport/gen/Shrink.h"
#include "proofport/runner/Classify.h"

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

/// Lists of `minLength` to `maxLength` scalars, each printed exactly. The length and the values
/// are drawn together (RapidCheck's container): shrinking drops items and keeps the others, then
/// shrinks those; the items are drawn at the property's size.
/// Cost: O(maxLength) draws.   Throws: ContractError if `minLength > maxLength`.
template <Scalar S>
rc::Gen<std::vector<Exact<S>>> list(std::size_t minLength, std::size_t maxLength) {
  if (minLength > maxLength) {
    throwContractError("gen::list", "minLength <= maxLength",
                       std::to_string(minLength) + " > " + std::to_string(maxLength));
  }
  return rc::gen::withSize([minLength, maxLength](int size) {
    return rc::gen::suchThat(
        rc::gen::resize(static_cast<int>(maxLength), rc::gen::container<std::vector<Exact<S>>>(
                                                         rc::gen::resize(size, exact<S>()))),
        [minLength](const std::vector<Exact<S>> &xs) { return xs.size() >= minLength; });
  });
}

/// Draws a scalar as `name` (gen::pick; printed exactly), classified (signed zeros, NaN).
/// Cost: one draw.   Throws: ContractError if `name` is not a name.
template <Scalar S>
S pickScalar(std::string name) {
  S value = pick(std::move(name), exact<S>()).value;
  runner::classifyScalar(value);
  return value;
}

/// The values of exactly printed scalars (a drawn gen::list).   Cost: O(n)
template <Scalar S>
std::vector<S> values(const std::vector<Exact<S>> &xs) {
  std::vector<S> out;
  out.reserve(xs.size());
  for (const Exact<S> &x : xs) {
    out.push_back(x.value);
  }
  return out;
}

/// Draws a list of `minLength` to `maxLength` scalars as `name` (gen::list: shrinking keeps
/// values), classified (empty lists, signed zeros, NaN).   Cost: O(maxLength) draws.
/// Throws: ContractError if `name` is not a name or `minLength > maxLength`.
template <Scalar S>
std::vector<S> pickList(std::string name, std::size_t minLength, std::size_t maxLength) {
  std::vector<S> xs = values(pick(std::move(name), list<S>(minLength, maxLength)));
  runner::classify(xs);
  return xs;
}

}  // namespace proofport::gen
