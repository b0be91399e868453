// A hash map checked at run time: any map with a MapAdapter, behind Std.HashMap's mutating
// operations, checked after each at a level fixed at compile time: its invariants at the touched
// key (`invariants`), and the Lean statements about the operation, interpreted (`local`).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofport/checked/CheckLevel.h"
#include "proofport/checked/Violation.h"
#include "proofport/hashmap/Interpreted.h"
#include "proofport/hashmap/MapAdapter.h"
#include "proofport/interp/Registry.h"
#include "proofport/interp/Runtime.h"
#include "proofport/interp/Suite.h"

namespace proofport::hashmap {

/// Whether an adapter gives its map's buckets: `bucketCount(m)`, `bucketOf(m, k)` (the bucket
/// `k` hashes to, of a map with buckets) and `forEachInBucket(m, b, f)` (f on each key stored in
/// bucket `b`). Adapters.h: std::unordered_map and Lean's port do; Abseil's maps do not.
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

/// The Lean names of the invariants a checked map checks where an operation touched it: the
/// size changes as the entries do (Lean's `WFImp.size_eq`, at the touched key: the key present
/// after an insertion and absent after an erasure, the size changed by one exactly when its
/// presence changed, and with a BucketedAdapter the touched bucket's entries changed by as many
/// as the size, unless the operation resized the map), no two keys of the touched bucket `==`
/// (`WFImp.distinct`, in that bucket) and every key of the touched bucket in the bucket its hash
/// selects (`WFImp.buckets_hash_self`, in that bucket, unless BucketsFromHash). The last two
/// need a BucketedAdapter.
inline constexpr const char *kSizeEq = "Std.DHashMap.Internal.Raw.WFImp.size_eq";
inline constexpr const char *kDistinct = "Std.DHashMap.Internal.Raw.WFImp.distinct";
inline constexpr const char *kBucketsHashSelf = "Std.DHashMap.Internal.Raw.WFImp.buckets_hash_self";

/// A map of adapter `A` checked at level `L` (checked/CheckLevel.h):
///  - `off`: nothing is checked (the wrapper only forwards; use `A::Map` itself in production);
///  - `invariants`: after each of insert, insertIfNew and erase, the invariants above at the
///    touched key: with a BucketedAdapter a walk of the touched bucket before and after
///    (O(bucket²) compares; the bucket's index computed once unless the operation resized the
///    map), else two lookups;
///  - `local` (and `shadow`, which is the same here): `invariants`, and the theorems of a Lean
///    file about the operation, interpreted by `checks` (interp::RuntimeChecks, built over a
///    registry where `A::Map` realizes `Std.HashMap`, e.g. by runtimeChecks below) at the touched
///    key and sampled others: on one operation in RuntimeOptions::period,
///    theoremsPerOperation × (1 + samples) statement evaluations.
/// A violation is reported through `options` (raise: checked::TheoremViolation after the
/// operation took effect; abort; log) for the invariants, through the RuntimeChecks' own
/// options for the theorems. Queries (getQ, contains, size) are not checked.
/// Throws: ContractError from the constructor at `local` without `checks`.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean), Std.DHashMap.Internal.Raw.WFImp
template <MapAdapter A, checked::CheckLevel L>
class CheckedHashMap {
public:
  using Map = typename A::Map;
  using Key = typename A::Key;
  using Value = typename A::Value;

  /// Checks `map` from now on.   Cost: O(1)
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
  /// What the invariants read of the touched key's place, before or after an operation.
  struct Place {
    std::size_t size = 0;
    bool present = false;
    std::size_t buckets = 0;
    std::size_t bucket = 0;
    std::size_t inBucket = 0;
  };

  /// Reads `k`'s place; after an operation (`before` given) also checks its bucket's keys. The
  /// bucket `k` hashes to is a function of the key and the number of buckets: `before`'s is
  /// kept when that number did not change. The walk only records what it finds; a violation is
  /// reported after it (reportBucket), off the path of a map that holds.
  Place place(const char *operation, const Key &k, const Place *before) {
    Place p;
    p.size = A::size(m_map);
    if constexpr (BucketedAdapter<A>) {
      const bool check = before != nullptr;
      p.buckets = A::bucketCount(m_map);
      if (p.buckets == 0) {
        return p;
      }
      p.bucket = check && before->buckets == p.buckets ? before->bucket : A::bucketOf(m_map, k);
      const std::size_t b = p.bucket;
      // The keys seen so far, compared with each later one (a bucket holds a few).
      std::vector<const Key *> &seen = m_seen;
      seen.clear();
      BucketFinding found;
      A::forEachInBucket(m_map, b, [&](const Key &key) {
        ++p.inBucket;
        p.present = p.present || key == k;
        if (!check) {
          return;
        }
        if constexpr (!BucketsFromHash<A>) {
          if (found.misplaced == 0) {
            const std::size_t at = A::bucketOf(m_map, key);
            if (at != b) {
              found.misplaced = p.inBucket;
              found.misplacedTo = at;
            }
          }
        }
        for (std::size_t i = 0; i < seen.size() && !found.equal; ++i) {
          if (*seen[i] == key) {
            found.equal = {i, p.inBucket - 1};
          }
        }
        seen.push_back(&key);
      });
      if (found.misplaced || found.equal) [[unlikely]] {
        reportBucket(operation, b, found);
      }
    } else {
      (void)before;
      p.present = A::contains(m_map, k);
    }
    return p;
  }

  /// The first violation a walk of a bucket met: the 1-based position of a key hashing to
  /// another bucket and that bucket, and the positions of two keys `==`.
  struct BucketFinding {
    std::size_t misplaced = 0;
    std::size_t misplacedTo = 0;
    std::optional<std::pair<std::size_t, std::size_t>> equal;
  };

  [[gnu::cold]] [[gnu::noinline]] void reportBucket(const char *operation, std::size_t b,
                                                    const BucketFinding &found) {
    if (found.misplaced != 0) {
      report(operation, kBucketsHashSelf,
             "every key of bucket " + std::to_string(b) + " hashing to it",
             "its key #" + std::to_string(found.misplaced - 1) + " hashes to bucket " +
                 std::to_string(found.misplacedTo));
    }
    if (found.equal) {
      report(operation, kDistinct, "no two keys of bucket " + std::to_string(b) + " ==",
             "its keys #" + std::to_string(found.equal->first) + " and #" +
                 std::to_string(found.equal->second) + " are ==");
    }
  }

  template <class F>
  void perform(const char *operation, const Key &k, const Value *v, F apply, bool adds) {
    if constexpr (L == checked::CheckLevel::off) {
      apply();
    } else if constexpr (L == checked::CheckLevel::invariants) {
      // No state of the theorem checks here: even an empty one costs a visible share of an
      // operation on a cache-resident map (bench/README.md).
      (void)v;
      const Place before = place(operation, k, nullptr);
      apply();
      checkSize(operation, before, place(operation, k, &before), adds);
    } else {
      const Place before = place(operation, k, nullptr);
      interp::RuntimeChecks::Pending pending;
      const bool due = m_checks->due();
      if (due) {
        std::vector<interp::Value> arguments{m_checks->view(m_map), m_checks->value(k)};
        if (v != nullptr) {
          arguments.push_back(m_checks->value(*v));
        }
        pending = m_checks->before(operation, std::move(arguments));
      }
      apply();
      checkSize(operation, before, place(operation, k, &before), adds);
      if (due) {
        m_checks->after(pending, m_checks->view(m_map));
      }
    }
  }

  /// The size invariants (kSizeEq) between `before` and `after`; what fails is reported by
  /// reportSize, off the path of a map that holds.
  void checkSize(const char *operation, const Place &before, const Place &after, bool adds) {
    const std::size_t expected = before.size + (after.present && !before.present ? 1 : 0) -
                                 (before.present && !after.present ? 1 : 0);
    const bool bucketMoved = BucketedAdapter<A> && before.buckets == after.buckets &&
                             after.buckets != 0 &&
                             after.inBucket + before.size != before.inBucket + after.size;
    if (after.present != adds || after.size != expected || bucketMoved) [[unlikely]] {
      reportSize(operation, before, after, adds, expected, bucketMoved);
    }
  }

  [[gnu::cold]] [[gnu::noinline]] void reportSize(const char *operation, const Place &before,
                                                  const Place &after, bool adds,
                                                  std::size_t expected, bool bucketMoved) {
    if (after.present != adds) {
      report(operation, kSizeEq,
             adds ? "the key present after the operation" : "the key absent after the operation",
             adds ? "absent" : "present");
    }
    if (after.size != expected) {
      report(operation, kSizeEq,
             "size " + std::to_string(expected) + " (" + std::to_string(before.size) +
                 " before, the key " + (before.present ? "present" : "absent") + " before and " +
                 (after.present ? "present" : "absent") + " after)",
             "size " + std::to_string(after.size));
    }
    if (bucketMoved) {
      report(operation, kSizeEq,
             "the touched bucket's entries to change as the size does (" +
                 std::to_string(before.size) + " to " + std::to_string(after.size) + ")",
             "they went from " + std::to_string(before.inBucket) + " to " +
                 std::to_string(after.inBucket));
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
  std::shared_ptr<interp::RuntimeChecks> m_checks;
  checked::CheckOptions m_options;
  std::size_t m_violations = 0;
};

/// A registry where adapter `A`'s map realizes `Std.HashMap key value` (labelled `label`, with
/// no oracle model: a run-time check evaluates the port alone), and the run-time checks of the
/// Lean file `path` over it: what CheckedHashMap<A, local> needs. The registry lives as long as
/// the checks (the returned pointer owns both). `register` registers the key and value types
/// first (registerValueTypes for Int and String).
/// Cost: reading and elaborating the file.
/// Throws: lean::ReadError if the file cannot be read or has a syntax error; ContractError as
/// registerHashMap and interp::RuntimeChecks.
template <MapAdapter A, class Register>
std::shared_ptr<interp::RuntimeChecks>
runtimeChecks(const std::string &path, const std::string &label, const std::string &key,
              const std::string &value, Register reg, interp::RuntimeOptions options = {},
              checked::CheckOptions report = {}) {
  auto registry = std::make_shared<interp::Registry>();
  reg(*registry);
  if (registry->findStructure("Std.HashMap") == nullptr) {
    registry->structure("Std.HashMap", {"α", "β"});
  }
  registerHashMap<A>(*registry, label, key, value);
  // The registry is declared first, so it outlives the checks that refer to it.
  struct Owned {
    std::shared_ptr<interp::Registry> registry;
    std::unique_ptr<interp::RuntimeChecks> checks;
  };
  auto owned = std::make_shared<Owned>();
  owned->registry = registry;
  owned->checks = interp::RuntimeChecks::fromFile(
      path, *registry, hashMapInstantiation(*registry, label, key, value), options,
      std::move(report));
  return std::shared_ptr<interp::RuntimeChecks>(owned, owned->checks.get());
}

}  // namespace proofport::hashmap
