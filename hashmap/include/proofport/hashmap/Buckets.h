// What an adapter may say of its map's buckets (MapAdapter.h), for the run-time invariants of
// Checked.h: whether it gives them, and whether the map files each key by its hash itself.
#pragma once

#include <concepts>
#include <cstddef>

namespace proofport::hashmap {

/// Whether an adapter gives its map's buckets: `bucketCount(m)`, `bucketOf(m, k)` (the bucket
/// `k` hashes to, of a map with buckets) and `forEachInBucket(m, b, f)` (f on each key stored in
/// bucket `b`, by a reference to the stored key: the walk compares keys it was given earlier
/// with later ones). Adapters.h: std::unordered_map and Lean's port do; Abseil's maps do not.
template <class A>
concept BucketedAdapter = requires(const typename A::Map &m, const typename A::Key &k,
                                   std::size_t b) {
  { A::bucketCount(m) } -> std::convertible_to<std::size_t>;
  { A::bucketOf(m, k) } -> std::convertible_to<std::size_t>;
  A::forEachInBucket(m, b, [](const typename A::Key &) {});
};

/// Whether adapter `A`'s map files each key by its hash itself, so that every key of a bucket is
/// in the bucket its hash selects by construction (`static constexpr bool kBucketsFromHash =
/// true`; std::unordered_map, whose `bucket(k)` and bucket iteration are computed from the
/// hash): the invariants do not check `WFImp.buckets_hash_self` of such a map, which could not
/// fail. Lean's port stores its buckets, so its keys are checked.
template <class A>
concept BucketsFromHash = requires {
  requires A::kBucketsFromHash;
};

}  // namespace proofport::hashmap
