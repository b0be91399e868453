// Generators for the IEEE and Boost.Multiprecision scalar types of the zoo: the special values
// of each type first (so shrinking keeps them), then small integers and arbitrary values.
#pragma once

#include <cmath>
#include <limits>

#include <rapidcheck.h>

#include "proofport/gen/Scalars.h"
#include "proofport/gen/Shrink.h"
#include "proofport/scalars/Ieee.h"
#include "proofport/scalars/Multiprecision.h"

namespace proofport::gen {

template <>
struct ScalarGen<Float80> : IeeeScalarGen<Float80> {};

template <>
struct ScalarGen<Half> {
  /// binary16 specials: ±0, small integers, halves, ±inf, NaN, subnormals, 2048 (where adding 1
  /// changes nothing) and ±65504 (the largest finite), and arbitrary binary16 bit patterns.
  static rc::Gen<Half> gen() {
    const auto fromFloat = [](float f) { return Half(f); };
    return shrinkingWeightedOneOf<Half>({
        {4, rc::gen::map(shrinkingElement({0.0F, -0.0F}), fromFloat)},
        {4, rc::gen::map(smallInt(3), [](int k) { return Half(static_cast<float>(k)); })},
        {2, rc::gen::map(shrinkingElement({0.5F, -0.5F, 0.25F, 1.5F}), fromFloat)},
        {1, rc::gen::map(shrinkingElement({std::numeric_limits<float>::infinity(),
                                           -std::numeric_limits<float>::infinity(),
                                           std::numeric_limits<float>::quiet_NaN()}),
                         fromFloat)},
        {1, rc::gen::map(shrinkingElement({5.9604645e-08F, -5.9604645e-08F, 3.0517578e-05F}),
                         fromFloat)},
        {1, rc::gen::map(shrinkingElement({2048.0F, -2048.0F, 65504.0F, -65504.0F}), fromFloat)},
        {1, rc::gen::map(rc::gen::arbitrary<unsigned short>(),
                         [](unsigned short bits) {
                           Half h;
                           h.setBits(bits);
                           return h;
                         })},
    });
  }
};

/// Arbitrary-precision binary or decimal floats: the same classes of values as IEEE.
template <class F>
struct MultiprecisionFloatGen {
  static rc::Gen<F> gen() {
    using L = std::numeric_limits<F>;
    const F big = F(bmp::ldexp(F(1), L::digits));  // big + 1 == big for binary types
    const auto fromInt = [](int k) { return F(k); };
    return shrinkingWeightedOneOf<F>({
        {4, shrinkingElement<F>({F(0), F(-F(0))})},
        {4, rc::gen::map(smallInt(3), fromInt)},
        {2, shrinkingElement<F>({F(0.5), F(-0.5), F(0.25), F(F(1) / 3)})},
        {1, shrinkingElement<F>({F(L::infinity()), F(-L::infinity()), F(L::quiet_NaN())})},
        {1, shrinkingElement<F>({F(L::min()), F(-L::min())})},
        {1, shrinkingElement<F>({F(big), F(-big), F(L::max()), F(-L::max())})},
        {1, rc::gen::map(rc::gen::arbitrary<double>(),
                         [](double d) { return std::isfinite(d) ? F(d) : F(0); })},
    });
  }
};

template <>
struct ScalarGen<Bin50> : MultiprecisionFloatGen<Bin50> {};
template <>
struct ScalarGen<Dec50> {
  /// The values of MultiprecisionFloatGen over Boost's decimal type, each rounded to 50 digits
  /// (1/3 becomes 0.33…3 with 50 threes, whatever Boost's guard digits held).
  static rc::Gen<Dec50> gen() {
    return rc::gen::map(MultiprecisionFloatGen<Dec50::Number>::gen(),
                        [](const Dec50::Number &x) { return Dec50(x); });
  }
};
template <>
struct ScalarGen<Mpfr100> : MultiprecisionFloatGen<Mpfr100> {};

template <>
struct ScalarGen<BigInt> {
  /// Zero, small integers (which cancel), and values beyond 64 bits.
  static rc::Gen<BigInt> gen() {
    return shrinkingWeightedOneOf<BigInt>({
        {3, rc::gen::just(BigInt(0))},
        {4, rc::gen::map(smallInt(3), [](int k) { return BigInt(k); })},
        {1, rc::gen::map(rc::gen::inRange(60, 130),
                         [](int e) {
                           BigInt v = 1;
                           return BigInt(v << e);
                         })},
        {1, rc::gen::map(rc::gen::arbitrary<long long>(), [](long long v) { return BigInt(v); })},
    });
  }
};

template <>
struct ScalarGen<Mpq> {
  /// Zero, small integers and small fractions, built canonical.
  static rc::Gen<Mpq> gen() {
    return shrinkingWeightedOneOf<Mpq>({
        {3, rc::gen::just(Mpq(0))},
        {3, rc::gen::map(smallInt(3), [](int k) { return Mpq(k); })},
        {3, rc::gen::map(rc::gen::pair(rc::gen::inRange(-4, 5), rc::gen::inRange(1, 5)),
                         [](std::pair<int, int> pq) { return Mpq(Mpq(pq.first) / pq.second); })},
    });
  }
};

}  // namespace proofport::gen
