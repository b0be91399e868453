// How Lean's hash map turns a key's hash into a bucket index, and how many buckets it starts with.
// Ports: src/Std/Data/DHashMap/Internal/Index.lean (Lean core), and the bucket count rule of
// src/Std/Data/DHashMap/Internal/Defs.lean
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include "proofport/hashmap/Mutants.h"

namespace proofport::hashmap::internal {

/// The hash with its high bits folded into its low 16 (xor with itself shifted right by 32, then
/// the result with itself shifted right by 16), so a hasher that varies only high bits (a float's
/// bit pattern) still spreads over the buckets, which only the low bits choose.
/// Cost: O(1)   Throws: nothing.   Lean: Std.DHashMap.Internal.scrambleHash
inline std::uint64_t scrambleHash(std::uint64_t hash) noexcept {
  const std::uint64_t fold = hash ^ (hash >> 32);
  if (PROOFPORT_HASHMAP_MUTANT(scramble_without_fold16)) {
    return fold;
  }
  return fold ^ (fold >> 16);
}

/// The bucket of `hash` among `sz` buckets: the scrambled hash cut to a machine word (Lean's
/// `toUSize`), masked with `sz - 1`. Below `sz` for every sz > 0; every bucket is reachable only
/// when `sz` is a power of two, which is why the map keeps its bucket count one.
/// Shapes: sz > 0 (Lean takes a proof of `0 < sz`; the map never passes 0)   Cost: O(1)
/// Throws: nothing.   Lean: Std.DHashMap.Internal.mkIdx
inline std::size_t mkIdx(std::size_t sz, std::uint64_t hash) noexcept {
  return static_cast<std::size_t>(scrambleHash(hash)) & (sz - 1);
}

/// The least power of two at least `n` (1 for 0), or 0 where it does not fit a std::size_t.
/// Cost: O(log n)   Throws: nothing.   Lean: Nat.nextPowerOfTwo (whose Nat has no bound)
constexpr std::size_t nextPowerOfTwo(std::size_t n) noexcept {
  std::size_t power = 1;
  while (power < n) {
    if (power > std::numeric_limits<std::size_t>::max() / 2) {
      return 0;
    }
    power *= 2;
  }
  return power;
}

/// How many buckets hold `capacity` entries at Lean's load factor of 3/4: capacity * 4 / 3,
/// rounded down (computed as capacity + capacity / 3, which is the same number), saturating at
/// the largest std::size_t where Lean's Nat would go on.
/// Cost: O(1)   Throws: nothing.   Lean: Std.DHashMap.Internal.numBucketsForCapacity (private)
constexpr std::size_t numBucketsForCapacity(std::size_t capacity) noexcept {
  const std::size_t third = capacity / 3;
  if (capacity > std::numeric_limits<std::size_t>::max() - third) {
    return std::numeric_limits<std::size_t>::max();
  }
  return capacity + third;
}

}  // namespace proofport::hashmap::internal
