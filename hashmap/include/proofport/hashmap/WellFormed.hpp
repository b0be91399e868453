// Bodies of the HashMap port's well-formedness check (proofport/hashmap/WellFormed.h).
#pragma once

#include <bit>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace proofport::hashmap {

template <class K, class V, class H, class E>
std::optional<Violation> firstViolation(const HashMap<K, V, H, E> &m) {
  using std::to_string;
  const std::size_t n = m.numBuckets();
  if (n == 0) {
    return Violation{Invariant::bucketsNonEmpty, "at least one bucket", "0 buckets"};
  }
  std::size_t entries = 0;
  for (const auto &bucket : m.buckets()) {
    entries += bucket.length();
  }
  if (m.size() != entries) {
    return Violation{Invariant::sizeEq,
                     "the cached size " + to_string(m.size()) + " equal to the number of entries",
                     to_string(entries) + " entries in the buckets"};
  }
  for (std::size_t i = 0; i < n; ++i) {
    const auto listed = m.buckets()[i].toList();
    for (std::size_t p = 0; p < listed.size(); ++p) {
      const std::size_t home = internal::mkIdx(n, m.hasher()(listed[p].first));
      if (home != i) {
        return Violation{Invariant::bucketsHashSelf,
                         "every entry in the bucket its key's hash indexes",
                         "entry " + to_string(p) + " of bucket " + to_string(i) +
                             " indexed to bucket " + to_string(home)};
      }
    }
  }
  const auto listed = m.toList();
  for (std::size_t i = 0; i < listed.size(); ++i) {
    for (std::size_t j = i + 1; j < listed.size(); ++j) {
      if (static_cast<bool>(m.beq()(listed[i].first, listed[j].first))) {
        return Violation{Invariant::distinct, "no two entries with == keys",
                         "entries " + to_string(i) + " and " + to_string(j) +
                             " of toList with == keys"};
      }
    }
  }
  if (!std::has_single_bit(n)) {
    return Violation{Invariant::bucketCountPowerOfTwo, "a power of two buckets",
                     to_string(n) + " buckets"};
  }
  const std::size_t wanted = internal::numBucketsForCapacity(m.size());
  if (wanted > n) {
    return Violation{Invariant::loadFactor,
                     "size * 4 / 3 = " + to_string(wanted) + " at most the bucket count",
                     to_string(n) + " buckets"};
  }
  return std::nullopt;
}

template <class K, class V, class H, class E>
void checkWellFormed(const HashMap<K, V, H, E> &m) {
  if (std::optional<Violation> violation = firstViolation(m)) {
    throwNotWellFormed(std::move(*violation));
  }
}

}  // namespace proofport::hashmap
