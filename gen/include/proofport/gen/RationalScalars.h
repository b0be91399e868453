// The scalar generator of the exact Rational type (proofport/scalars/Rational.h), apart from
// gen/Scalars.h so that units over other scalar types do not parse Boost.Multiprecision.
#pragma once

#include <utility>

#include <rapidcheck.h>

#include "proofport/gen/Scalars.h"
#include "proofport/gen/Shrink.h"
#include "proofport/scalars/Rational.h"

namespace proofport::gen {

/// Zero, small integers (which cancel) and small fractions, shrinking toward zero.
/// Cost: O(1) per value.   Throws: nothing.
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

}  // namespace proofport::gen
