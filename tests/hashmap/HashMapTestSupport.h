// Shared pieces of the HashMap port's unit tests: map types, hashers, and expectations on a map.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "proofport/hashmap/HashMap.h"
#include "proofport/hashmap/WellFormed.h"

namespace proofport::hashmap::test {

/// Natural-number keys and values: Lean's `Hashable Nat` hashes n to n, so below 2^16 a key's
/// bucket is the key masked with the bucket count minus one, which the expectations rely on.
using NatMap = HashMap<std::uint64_t, std::uint64_t>;
/// Double keys: -0.0 == +0.0 but the two are told apart by their sign bit.
using FloatMap = HashMap<double, int>;

/// A hasher sending every key to bucket 0 (scrambleHash(0) is 0).
struct OneBucket {
  std::uint64_t operator()(std::uint64_t) const { return 0; }
};
using OneBucketMap = HashMap<std::uint64_t, std::uint64_t, OneBucket>;

/// Passes where `m` keeps every invariant of WellFormed.h; names the first broken one otherwise.
template <class M>
::testing::AssertionResult wellFormed(const M &m) {
  if (const auto violation = firstViolation(m)) {
    return ::testing::AssertionFailure() << leanName(violation->invariant) << ": expected "
                                         << violation->expected << ", got " << violation->actual;
  }
  return ::testing::AssertionSuccess();
}

/// The keys of m.toList(), in its order (keys() is a fold of its own; this reads toList).
template <class M>
auto toListKeys(const M &m) {
  std::vector<std::decay_t<decltype(m.toList().front().first)>> out;
  for (const auto &entry : m.toList()) {
    out.push_back(entry.first);
  }
  return out;
}

}  // namespace proofport::hashmap::test
