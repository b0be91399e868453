// A hash map checked at run time: any map with a MapAdapter, behind Std.HashMap's mutating
// operations, checked after each at a level fixed at compile time: its invariants at the touched
// key (`invariants`), and the Lean statements about the operation, interpreted (`local`).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofport/checked/CheckLevel.h"
#include "proofport/checked/Violation.h"
#include "proofport/hashmap/Buckets.h"
#include "proofport/hashmap/MapAdapter.h"
#include "proofport/hashmap/RuntimeChecks.h"
#include "proofport/interp/Runtime.h"

namespace proofport::hashmap {

/// The Lean names of the invariants a checked map checks where an operation touched it: the
/// size changes as the entries do (Lean's `WFImp.size_eq`, at the touched key: the key present
/// after an insertion and absent after an erasure; with a BucketedAdapter, the touched bucket's
/// entries changed by as much as the size did, by one at most, and at the first operation the
/// size equal to all the entries; without one, the size changed by one exactly when the key's
/// presence did), no two keys of the touched bucket `==` (`WFImp.distinct`, in that bucket)
/// and every key of the touched bucket in the bucket its hash selects
/// (`WFImp.buckets_hash_self`, in that bucket, unless BucketsFromHash). The last two need a
/// BucketedAdapter.
inline constexpr const char *kSizeEq = "Std.DHashMap.Internal.Raw.WFImp.size_eq";
inline constexpr const char *kDistinct = "Std.DHashMap.Internal.Raw.WFImp.distinct";
inline constexpr const char *kBucketsHashSelf = "Std.DHashMap.Internal.Raw.WFImp.buckets_hash_self";

/// A map of adapter `A` checked at level `L` (checked/CheckLevel.h):
///  - `off`: nothing is checked (the wrapper only forwards; use `A::Map` itself in production);
///  - `invariants`: after each of insert, insertIfNew and erase, the invariants above at the
///    touched key: with a BucketedAdapter one walk of the touched bucket after the operation
///    (O(bucket²) compares; walked again to report only when something broke, or when the
///    bucket holds more than four keys), its entries compared with the count a byte per
///    bucket keeps of them (O(buckets) memory; a bucket not counted since the last resize is
///    walked before the operation too), and at the first operation a walk of every bucket
///    (O(size + buckets)), as at the next operation after one that threw (or whose check
///    threw) and in a map moved from; without, two lookups. An operation that resized the map
///    is held to a size changed by one at most: whether its key was new is not known once the
///    buckets moved. The keys' `==` must be an equivalence (Lean's `EquivBEq`): with a key not
///    `==` itself (NaN) the key inserted reads as absent;
///  - `local` (and `shadow`, which is the same here): `invariants`, and the theorems of a Lean
///    file about the operation, interpreted by `checks` (interp::RuntimeChecks, built over a
///    registry where `A::Map` realizes `Std.HashMap`, e.g. by RuntimeChecks.h's runtimeChecks)
///    at the touched key and sampled others: on one operation in RuntimeOptions::period,
///    theoremsPerOperation × (1 + samples) statement evaluations.
/// A violation is reported through `options` (raise: checked::TheoremViolation after the
/// operation took effect, or before it for what the first operation's walk of every bucket
/// finds; abort; log) for the invariants, through the RuntimeChecks' own
/// options for the theorems. Queries (getQ, contains, size) are not checked.
/// Throws: ContractError from the constructor at `local` without `checks`, and from an
/// operation whose key the adapter's bucketOf files past its bucketCount (before the operation,
/// the map unchanged, unless the operation resized it).
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean), Std.DHashMap.Internal.Raw.WFImp
template <MapAdapter A, checked::CheckLevel L>
class CheckedHashMap {
public:
  using Map = typename A::Map;
  using Key = typename A::Key;
  using Value = typename A::Value;

  /// Checks `map` from now on (with a BucketedAdapter, all of it at the first operation).
  /// Cost: O(1)
  explicit CheckedHashMap(Map map, std::shared_ptr<interp::RuntimeChecks> checks = nullptr,
                          checked::CheckOptions options = {})
      : m_map(std::move(map)), m_checks(std::move(checks)), m_options(std::move(options)) {
    if (L >= checked::CheckLevel::local && m_checks == nullptr) {
      throwContractError("hashmap::CheckedHashMap", "run-time checks at level local", "none");
    }
  }

  /// Lean: Std.HashMap.insert (`m.insert k v`)   Cost: A::insert, plus the level's checks.
  void insert(Key k, Value v) {
    perform(
        "Std.HashMap.insert", k, &v, [&] { A::insert(m_map, k, v); }, true);
  }
  /// Lean: Std.HashMap.insertIfNew   Cost: A::insertIfNew, plus the level's checks.
  void insertIfNew(Key k, Value v) {
    perform(
        "Std.HashMap.insertIfNew", k, &v, [&] { A::insertIfNew(m_map, k, v); }, true);
  }
  /// Lean: Std.HashMap.erase   Cost: A::erase, plus the level's checks.
  void erase(const Key &k) {
    perform(
        "Std.HashMap.erase", k, static_cast<const Value *>(nullptr), [&] { A::erase(m_map, k); },
        false);
  }

  /// Lean: Std.HashMap.get?   Cost: A::getQ
  std::optional<Value> getQ(const Key &k) const { return A::getQ(m_map, k); }
  /// Lean: Std.HashMap.contains   Cost: A::contains
  bool contains(const Key &k) const { return A::contains(m_map, k); }
  /// Lean: Std.HashMap.size   Cost: A::size
  std::size_t size() const { return A::size(m_map); }
  /// The map checked.
  const Map &map() const noexcept { return m_map; }
  /// Invariant violations found (the theorems' are the RuntimeChecks').
  std::size_t violations() const noexcept { return m_violations; }

private:
  /// What the invariants read before an operation: the size; without buckets to count,
  /// whether the touched key was stored; with them, the number of buckets, the one the key
  /// hashes to and its entries.
  struct Before {
    std::size_t size = 0;
    bool present = false;
    std::size_t buckets = 0;
    std::size_t bucket = 0;
    std::size_t entries = 0;
  };

  /// A bucket's entries as last walked, or kUncounted (not walked since the number of buckets
  /// changed, or 255 entries and more): one byte per bucket, so the counts of a map's buckets
  /// stay in cache.
  using Count = std::uint8_t;
  static constexpr Count kUncounted = 255;
  /// How many keys of the touched bucket checkCounted compares pairwise on its short path; a
  /// longer bucket (five keys or more: rare at a load factor below one) is walked again by
  /// checkAfter. The short path is inlined into each operation and its compares unrolled: with
  /// eight keys in place `invariants` measured 1.30–1.32x plain on std::unordered_map over
  /// 1024 keys, with four 1.25–1.29x (bench/README.md).
  static constexpr std::size_t kKeysComparedInPlace = 4;

  Before readBefore(const char *operation, const Key &k) {
    Before before;
    before.size = A::size(m_map);
    if constexpr (BucketedAdapter<A>) {
      before.buckets = A::bucketCount(m_map);
      if (before.buckets != m_countsFor.value) [[unlikely]] {
        countAll(operation);
        before.buckets = A::bucketCount(m_map);
      }
      if (before.buckets != 0) [[likely]] {
        before.bucket = bucketOf(k, before.buckets);
        before.entries = m_counts[before.bucket];
        if (before.entries == kUncounted) [[unlikely]] {
          before.entries = countBucket(before.bucket);
        }
      }
    } else {
      (void)operation;
      before.present = A::contains(m_map, k);
    }
    return before;
  }

  /// The entries of bucket `b`.   Cost: O(bucket)
  [[gnu::noinline]] std::size_t countBucket(std::size_t b) const {
    std::size_t entries = 0;
    A::forEachInBucket(m_map, b, [&](const Key &) { ++entries; });
    return entries;
  }

  /// The bucket `k` hashes to, of a map with `buckets` buckets.
  /// Throws: ContractError if the adapter's bucketOf gives none of them.
  std::size_t bucketOf(const Key &k, std::size_t buckets) const {
    const std::size_t b = A::bucketOf(m_map, k);
    if (b >= buckets) [[unlikely]] {
      badBucket(b, buckets);
    }
    return b;
  }

  [[noreturn]] [[gnu::cold]] static void badBucket(std::size_t b, std::size_t buckets) {
    throwContractError("hashmap::CheckedHashMap",
                       "a bucket of the adapter's bucketOf below its bucketCount " +
                           std::to_string(buckets),
                       "bucket " + std::to_string(b));
  }

  BucketWalk walk(std::size_t b, const Key *k) { return walkBucket<A>(m_map, b, k, m_seen); }

  /// Whether a count went from `from` to `to` by one at most, up when the operation `adds`, down
  /// otherwise (compared as sums: no size_t wraps).
  static bool stepsByOne(std::size_t from, std::size_t to, bool adds) {
    return to == from || (adds ? to == from + 1 : to + 1 == from);
  }

  void keepCount(std::size_t b, std::size_t entries) {
    m_counts[b] = entries < kUncounted ? static_cast<Count>(entries) : kUncounted;
  }

  template <class F>
  void perform(const char *operation, const Key &k, const Value *v, F apply, bool adds) {
    if constexpr (L == checked::CheckLevel::off) {
      apply();
    } else if constexpr (L == checked::CheckLevel::invariants) {
      // No state of the theorem checks here: even an empty one costs a visible share of an
      // operation on a cache-resident map (bench/README.md).
      (void)v;
      checkAround(operation, k, apply, adds);
    } else {
      interp::RuntimeChecks::Pending pending;
      const bool due = m_checks->due();
      const auto applyDue = [&] {
        if (due) {
          std::vector<interp::Value> arguments{m_checks->view(m_map), m_checks->value(k)};
          if (v != nullptr) {
            arguments.push_back(m_checks->value(*v));
          }
          pending = m_checks->before(operation, std::move(arguments));
        }
        apply();
      };
      checkAround(operation, k, applyDue, adds);
      if (due) {
        m_checks->after(pending, m_checks->view(m_map));
      }
    }
  }

  /// `apply()` between the invariants' reads before and their checks after. With a
  /// BucketedAdapter whose buckets are counted (checkCounted), the touched bucket is walked once
  /// on a short path that only decides whether everything holds; otherwise, or when anything is
  /// in doubt, checkAfter walks it again and reports.
  template <class F>
  void checkAround(const char *operation, const Key &k, F &apply, bool adds) {
    if constexpr (BucketedAdapter<A>) {
      const std::size_t buckets = A::bucketCount(m_map);
      if (buckets == m_countsFor.value) [[likely]] {
        checkCounted(operation, k, apply, adds, buckets);
        return;
      }
    }
    const Before before = readBefore(operation, k);
    // Every bucket counted again at the next operation unless checkAfter returns or reports.
    m_countsFor.value = kWalkAll;
    apply();
    checkAfter(operation, k, before, adds);
  }

  /// checkAround in a map of `buckets` buckets (at least one), all counted: what is read before
  /// the operation stays in registers, and when the number of buckets stays the touched bucket
  /// is walked once, its first kKeysComparedInPlace keys compared pairwise after the walk and the
  /// checks' conjunction decided in one branch. An operation or a check that throws (a key's
  /// ==) leaves every bucket to be counted again at the next operation (m_countsFor kWalkAll,
  /// set only then: nothing is stored on the way when everything holds).
  template <class F>
  void checkCounted(const char *operation, const Key &k, F &apply, bool adds, std::size_t buckets) {
    static_assert(kKeysComparedInPlace < kUncounted);
    const std::size_t size = A::size(m_map);
    const std::size_t b = bucketOf(k, buckets);
    std::size_t entries = m_counts[b];
    if (entries == kUncounted) [[unlikely]] {
      entries = countBucket(b);
    }
    try {
      apply();
      if (A::bucketCount(m_map) == buckets) [[likely]] {
        std::array<const Key *, kKeysComparedInPlace> first;
        std::size_t after = 0;
        bool present = false;
        bool misplaced = false;
        A::forEachInBucket(m_map, b, [&](const Key &key) {
          present |= key == k;
          if constexpr (!BucketsFromHash<A>) {
            misplaced |= A::bucketOf(m_map, key) != b;
          }
          if (after < kKeysComparedInPlace) {
            first[after] = &key;
          }
          ++after;
        });
        bool equal = after > kKeysComparedInPlace;
        for (std::size_t j = 1; j < after && j < kKeysComparedInPlace; ++j) {
          for (std::size_t i = 0; i < j; ++i) {
            equal |= *first[i] == *first[j];
          }
        }
        // The entries' change, modulo 2^64: the size changed by as much, and by one at most,
        // up when the operation adds and down otherwise.
        const std::size_t step = after - entries;
        const bool holds = !equal & !misplaced & (present == adds) &
                           (A::size(m_map) - size == step) &
                           ((adds ? step : std::size_t{0} - step) <= 1);
        if (holds) [[likely]] {
          m_counts[b] = static_cast<Count>(after);
          return;
        }
      }
    } catch (...) {
      m_countsFor.value = kWalkAll;
      throw;
    }
    checkAfter(operation, k, Before{size, false, buckets, b, entries}, adds);
  }

  /// The invariants after an operation on `k`. With a BucketedAdapter: a walk of the touched
  /// bucket, whose entries must have changed from `before`'s as the size did, by one at most (up
  /// after an insertion, down after an erasure); after a resize, the size by one at most.
  /// Without: a lookup, and the size changed by one exactly when the key's presence did.
  [[gnu::noinline]] void checkAfter(const char *operation, const Key &k, const Before &before,
                                    bool adds) {
    const std::size_t size = A::size(m_map);
    if constexpr (BucketedAdapter<A>) {
      // Every bucket counted again at the next operation if the walk below throws.
      m_countsFor.value = kWalkAll;
      const std::size_t buckets = A::bucketCount(m_map);
      const bool resized = buckets != before.buckets;
      if (resized) [[unlikely]] {
        m_counts.assign(buckets, kUncounted);
      }
      if (buckets == 0) [[unlikely]] {
        // Nothing stored: the key absent, the size 0 (and, as after any resize, changed by one
        // at most). Nothing counted either: m_countsFor stays kWalkAll, so the next operation
        // takes checkAround's general path, which knows a map without buckets.
        if (adds || !stepsByOne(before.size, size, adds)) {
          reportChange(operation, before, size, adds, false, 0, true);
        }
        if (size != 0) {
          reportCount(operation, 0);
        }
        return;
      }
      const std::size_t b = resized ? bucketOf(k, buckets) : before.bucket;
      const BucketWalk w = walk(b, &k);
      keepCount(b, w.entries);
      m_countsFor.value = buckets;
      const bool step = resized ? stepsByOne(before.size, size, adds)
                                : stepsByOne(before.entries, w.entries, adds) &&
                                      size + before.entries == before.size + w.entries;
      if (w.misplaced || w.equal || w.present != adds || !step) [[unlikely]] {
        reportBucket(operation, b, w);
        reportChange(operation, before, size, adds, w.present, w.entries, resized);
      }
    } else {
      const bool present = A::contains(m_map, k);
      const std::size_t expected =
          before.size + (present && !before.present ? 1 : 0) - (before.present && !present ? 1 : 0);
      if (present != adds || size != expected) [[unlikely]] {
        reportPresence(operation, before, size, adds, present, expected);
      }
    }
  }

  /// Walks and counts every bucket, checking each as checkAfter checks the touched one, and the
  /// size against all their entries (`WFImp.size_eq` whole): at the first operation, at the next
  /// after one that threw or whose check threw, and in a map moved from (m_countsFor kWalkAll).
  /// Cost: O(size + buckets)
  [[gnu::noinline]] void countAll(const char *operation) {
    const std::size_t buckets = A::bucketCount(m_map);
    m_counts.assign(buckets, kUncounted);
    // A map without buckets stays uncounted, so that checkCounted always has a bucket.
    m_countsFor.value = buckets != 0 ? buckets : kWalkAll;
    std::size_t entries = 0;
    for (std::size_t b = 0; b < buckets; ++b) {
      const BucketWalk w = walk(b, nullptr);
      keepCount(b, w.entries);
      entries += w.entries;
      if (w.misplaced || w.equal) [[unlikely]] {
        reportBucket(operation, b, w);
      }
    }
    if (entries != A::size(m_map)) [[unlikely]] {
      reportCount(operation, entries);
    }
  }

  [[gnu::cold]] [[gnu::noinline]] void reportBucket(const char *operation, std::size_t b,
                                                    const BucketWalk &w) {
    if (w.misplaced != 0) {
      report(operation, kBucketsHashSelf,
             "every key of bucket " + std::to_string(b) + " hashing to it",
             "its key #" + std::to_string(w.misplaced - 1) + " hashes to bucket " +
                 std::to_string(w.misplacedTo));
    }
    if (w.equal) {
      report(operation, kDistinct, "no two keys of bucket " + std::to_string(b) + " ==",
             "its keys #" + std::to_string(w.equal->first) + " and #" +
                 std::to_string(w.equal->second) + " are ==");
    }
  }

  [[gnu::cold]] [[gnu::noinline]] void reportPresent(const char *operation, bool adds) {
    report(operation, kSizeEq,
           adds ? "the key present after the operation" : "the key absent after the operation",
           adds ? "absent" : "present");
  }

  [[gnu::cold]] [[gnu::noinline]] void reportChange(const char *operation, const Before &before,
                                                    std::size_t size, bool adds, bool present,
                                                    std::size_t entries, bool resized) {
    if (present != adds) {
      reportPresent(operation, adds);
    }
    const std::string direction = adds ? "gain" : "lose";
    if (resized) {
      if (!stepsByOne(before.size, size, adds)) {
        report(operation, kSizeEq,
               "the size to " + direction + " one at most (" + std::to_string(before.size) +
                   " before)",
               "size " + std::to_string(size));
      }
      return;
    }
    if (size + before.entries != before.size + entries) {
      report(operation, kSizeEq,
             "the size to change as the touched bucket's entries did (" +
                 std::to_string(before.entries) + " to " + std::to_string(entries) + ", size " +
                 std::to_string(before.size) + " before)",
             "size " + std::to_string(size));
    } else if (!stepsByOne(before.entries, entries, adds)) {
      report(operation, kSizeEq, "the touched bucket to " + direction + " one entry at most",
             "it went from " + std::to_string(before.entries) + " to " + std::to_string(entries));
    }
  }

  [[gnu::cold]] [[gnu::noinline]] void reportCount(const char *operation, std::size_t entries) {
    report(operation, kSizeEq, "size " + std::to_string(entries) + ", the entries in the buckets",
           "size " + std::to_string(A::size(m_map)));
  }

  [[gnu::cold]] [[gnu::noinline]] void reportPresence(const char *operation, const Before &before,
                                                      std::size_t size, bool adds, bool present,
                                                      std::size_t expected) {
    if (present != adds) {
      reportPresent(operation, adds);
    }
    if (size != expected) {
      report(operation, kSizeEq,
             "size " + std::to_string(expected) + " (" + std::to_string(before.size) +
                 " before, the key " + (before.present ? "present" : "absent") + " before and " +
                 (present ? "present" : "absent") + " after)",
             "size " + std::to_string(size));
    }
  }

  void report(const char *operation, const char *invariant, std::string expected,
              std::string actual) {
    ++m_violations;
    checked::ViolationDetails d;
    d.theorem = invariant;
    d.operation = operation;
    d.expected = std::move(expected);
    d.actual = std::move(actual);
    checked::dispatchViolation(checked::TheoremViolation(std::move(d)), m_options);
  }

  Map m_map;
  std::vector<const Key *> m_seen;
  /// Entries per bucket (with a BucketedAdapter), for a map of m_countsFor buckets; every
  /// bucket walked again at the next operation while m_countsFor is kWalkAll.
  static constexpr std::size_t kWalkAll = static_cast<std::size_t>(-1);
  /// A number of buckets that a move leaves kWalkAll (the counts went with the map).
  struct CountsFor {
    std::size_t value = kWalkAll;
    CountsFor() = default;
    CountsFor(const CountsFor &) = default;
    CountsFor &operator=(const CountsFor &) = default;
    CountsFor(CountsFor &&from) noexcept : value(std::exchange(from.value, kWalkAll)) {}
    CountsFor &operator=(CountsFor &&from) noexcept {
      value = std::exchange(from.value, kWalkAll);
      return *this;
    }
  };
  std::vector<Count> m_counts;
  CountsFor m_countsFor;
  std::shared_ptr<interp::RuntimeChecks> m_checks;
  checked::CheckOptions m_options;
  std::size_t m_violations = 0;
};

}  // namespace proofport::hashmap
