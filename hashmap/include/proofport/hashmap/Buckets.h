// What an adapter may say of its map's buckets (MapAdapter.h), for the run-time invariants of
// Checked.h: whether it gives them, and whether the map files each key by its hash itself; and
// the walk of one bucket that finds what it breaks.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace proofport::hashmap {

/// Whether an adapter gives its map's buckets: `bucketCount(m)`, `bucketOf(m, k)` (the bucket
/// `k` hashes to, of a map with buckets) and `forEachInBucket(m, b, f)` (f on each key stored in
/// bucket `b`, by a reference to the stored key: the walk compares keys it was given earlier
/// with later ones). A key's bucket may change only when the number of buckets does (a map that
/// files its keys anew at the same number, e.g. with a new hash seed, gives no buckets in this
/// sense). Adapters.h: std::unordered_map and Lean's port do; Abseil's maps do not.
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

/// What a walk of one bucket found: its entries, whether the key looked for is among them, the
/// 1-based position of the first key filed in another bucket (0: none) and that bucket, and the
/// positions of the first two keys `==`.
struct BucketWalk {
  std::size_t entries = 0;
  bool present = false;
  std::size_t misplaced = 0;
  std::size_t misplacedTo = 0;
  std::optional<std::pair<std::size_t, std::size_t>> equal;
};

/// How many of a bucket's keys walkBucket keeps in place (the rest in its `seen`).
inline constexpr std::size_t kBucketKeysInPlace = 8;

/// Walks bucket `b` of `m` (of at least `b + 1` buckets) and records what it finds: whether
/// `*k` is there (`k` may be null), the first key `A::bucketOf` files elsewhere (unless
/// BucketsFromHash) and the first two keys `==`. `seen` holds the keys past the first
/// kBucketKeysInPlace (cleared first; kept by the caller so a long bucket allocates once).
/// Cost: O(bucket²) compares of keys, O(bucket) calls of bucketOf.
/// Throws: what the keys' `==`, A::bucketOf and std::vector throw.
/// Lean: Std.DHashMap.Internal.Raw.WFImp (`distinct` and `buckets_hash_self`, in one bucket)
template <BucketedAdapter A>
BucketWalk walkBucket(const typename A::Map &m, std::size_t b, const typename A::Key *k,
                      std::vector<const typename A::Key *> &seen) {
  using Key = typename A::Key;
  BucketWalk w;
  std::array<const Key *, kBucketKeysInPlace> first{};
  seen.clear();
  A::forEachInBucket(m, b, [&](const Key &key) {
    const std::size_t at = w.entries++;
    w.present = w.present || (k != nullptr && key == *k);
    if constexpr (!BucketsFromHash<A>) {
      if (w.misplaced == 0) {
        const std::size_t to = A::bucketOf(m, key);
        if (to != b) [[unlikely]] {
          w.misplaced = w.entries;
          w.misplacedTo = to;
        }
      }
    }
    for (std::size_t i = 0; i < at && !w.equal; ++i) {
      if (*(i < kBucketKeysInPlace ? first[i] : seen[i - kBucketKeysInPlace]) == key) [[unlikely]] {
        w.equal = {i, at};
      }
    }
    if (at < kBucketKeysInPlace) {
      first[at] = &key;
    } else {
      seen.push_back(&key);
    }
  });
  return w;
}

}  // namespace proofport::hashmap
