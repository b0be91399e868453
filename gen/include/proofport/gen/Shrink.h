// Choice combinators that shrink toward their FIRST alternative: RapidCheck's own
// `gen::element` and `gen::weightedOneOf` never shrink from one alternative to another.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include <rapidcheck.h>

namespace proofport::gen {

/// A weighted choice among generators that, unlike `rc::gen::weightedOneOf` (whose choice
/// never shrinks), shrinks toward EARLIER alternatives and then within the chosen one: list
/// the simplest alternative first. The weights hold at every generation size.
/// Cost: O(#alternatives) per value
/// Throws: nothing here; generating fails with rc::GenerationFailure if all weights are 0.
template <class T>
rc::Gen<T> shrinkingWeightedOneOf(std::initializer_list<std::pair<std::size_t, rc::Gen<T>>> alts) {
  std::vector<std::size_t> ends;  // cumulative weights
  std::vector<rc::Gen<T>> gens;
  std::size_t total = 0;
  for (const auto &[weight, gen] : alts) {
    total += weight;
    ends.push_back(total);
    gens.push_back(gen);
  }
  // Fixed size so that small early sizes do not collapse the choice onto the first entry.
  auto ticket = rc::gen::resize(100, rc::gen::inRange<std::size_t>(0, total));
  return rc::gen::mapcat(std::move(ticket), [ends, gens](std::size_t k) {
    std::size_t i = 0;
    while (ends[i] <= k) {
      ++i;
    }
    return gens[i];
  });
}

/// One of `values`, equally likely, shrinking toward the first.
/// Cost: O(#values) per value   Throws: nothing beyond std::bad_alloc.
template <class T>
rc::Gen<T> shrinkingElement(std::initializer_list<T> values) {
  std::vector<rc::Gen<T>> gens;
  for (const T &v : values) {
    gens.push_back(rc::gen::just(v));
  }
  auto index = rc::gen::resize(100, rc::gen::inRange<std::size_t>(0, gens.size()));
  return rc::gen::mapcat(std::move(index), [gens](std::size_t k) { return gens[k]; });
}

/// An integer in [-maxAbs, maxAbs], uniform at every size, shrinking toward 0 through
/// 1, -1, 2, -2, ... Cost: O(1) per value   Throws: nothing (maxAbs >= 0).
inline rc::Gen<int> smallInt(int maxAbs) {
  return rc::gen::map(rc::gen::resize(100, rc::gen::inRange(0, 2 * maxAbs + 1)),
                      [](int k) { return k % 2 == 1 ? (k + 1) / 2 : -(k / 2); });
}

/// How far a finite float is from the simplest values: (non-zero, distance of its binary
/// exponent from 1's plus its significant bits, negative). +0 is the simplest, then ±1, small
/// integers, powers of two, short significands. Cost: O(digits)
template <class F>
std::tuple<int, int, int> floatComplexity(F x) {
  if (x == F(0)) {
    return {0, 0, std::signbit(x) ? 1 : 0};
  }
  int exponent = 0;
  const F fraction = std::frexp(std::fabs(x), &exponent);         // |x| = fraction * 2^exponent
  F bits = std::ldexp(fraction, std::numeric_limits<F>::digits);  // an integer
  int significant = std::numeric_limits<F>::digits;
  while (significant > 1 && std::fmod(bits, F(2)) == F(0)) {
    bits /= F(2);
    --significant;
  }
  return {1, std::abs(exponent - 1) + significant, std::signbit(x) ? 1 : 0};
}

/// Simpler values to try in place of the float `x`, simplest first: +0, the same sign's 1, the
/// integer part, the power of two at or below |x|, the upper half of the significand, and -x
/// for a negative x. Every candidate is strictly simpler by `floatComplexity`, so shrinking
/// terminates. ±0, ±inf and NaN have no candidates: they stay themselves, because they are
/// what a float counterexample is usually about.   Cost: O(digits)
template <class F>
std::vector<F> floatShrinks(F x) {
  if (!std::isfinite(x) || x == F(0)) {
    return {};
  }
  int exponent = 0;
  const F fraction = std::frexp(std::fabs(x), &exponent);
  const int keep = (std::get<1>(floatComplexity(x)) - std::abs(exponent - 1) + 1) / 2;
  const F upperHalf =
      std::copysign(std::ldexp(std::trunc(std::ldexp(fraction, keep)), exponent - keep), x);
  const F candidates[] = {F(0),          std::copysign(F(1), x),
                          std::trunc(x), std::copysign(std::ldexp(F(1), exponent - 1), x),
                          upperHalf,     -x};
  std::vector<F> out;
  for (const F c : candidates) {
    const bool fresh = std::none_of(out.begin(), out.end(), [c](F seen) {
      return seen == c && std::signbit(seen) == std::signbit(c);
    });
    if (fresh && std::isfinite(c) && floatComplexity(c) < floatComplexity(x)) {
      out.push_back(c);
    }
  }
  return out;
}

/// Any float (RapidCheck's distribution), shrinking by `floatShrinks` rather than RapidCheck's
/// decimal-oriented float shrinking.   Cost: O(1) per value
template <class F>
rc::Gen<F> shrinkingFloat() {
  return rc::Gen<F>([](const rc::Random &random, int size) {
    const F value = rc::gen::noShrink(rc::gen::arbitrary<F>())(random, size).value();
    return rc::shrinkable::shrinkRecur(value,
                                       [](F x) { return rc::seq::fromContainer(floatShrinks(x)); });
  });
}

}  // namespace proofport::gen
