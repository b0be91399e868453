// Adapters of maps as Lean's Std.HashMap (MapAdapter.h): std::unordered_map and maps with its
// interface, and Lean's own HashMap ported (HashMap.h). Registered with the statement interpreter
// (Interpreted.h) and checked at run time (Checked.h) through them.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "proofport/hashmap/HashMap.h"
#include "proofport/hashmap/Index.h"
#include "proofport/hashmap/MapAdapter.h"

namespace proofport::hashmap {

/// The entries of a map in the map's own iteration order: toList as the map gives it.
/// Cost: O(1)   Throws: nothing.
struct OwnOrder {
  /// Leaves `entries` as they are.
  template <class E>
  static void arrange(std::vector<E> &) noexcept {}
};

/// A map with std::unordered_map's interface (`absl::flat_hash_map`, `absl::node_hash_map` and
/// `boost::unordered_map` share it) as Std.HashMap: its own find, insert_or_assign, try_emplace
/// and erase; the rest as Lean defines it (MapDefaults). Lean's `insert` replaces the stored key
/// by the one given as well as the value; insert_or_assign keeps the key it stores. For Int and
/// String `==` holds only between identical keys, so the two agree; a key type with a coarser
/// BEq shows the difference in the statements about getKey. toList lists the entries in `M`'s
/// order put through `Order::arrange(entries)` (OwnOrder: as `M` iterates; a map whose order is
/// seeded per process gets a canonical one, so draws aimed at a map's keys replay). Where `M`
/// has buckets (std::unordered_map, boost::unordered_map), `bucketOf`, `bucketCount` and
/// `forEachInBucket` give them to the run-time invariants (Checked.h).
/// Cost: each function is one call of `M`'s own, toList O(size) plus `Order`'s.
/// Throws: what `M` throws.   Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
template <class M, class Order = OwnOrder>
struct StandardMapAdapter
    : MapDefaults<StandardMapAdapter<M, Order>, M, typename M::key_type, typename M::mapped_type> {
  using K = typename M::key_type;
  using V = typename M::mapped_type;
  static M empty(std::size_t capacity) {
    M m;
    m.reserve(capacity);
    return m;
  }
  static void insert(M &m, K k, V v) { m.insert_or_assign(std::move(k), std::move(v)); }
  static void insertIfNew(M &m, K k, V v) { m.try_emplace(std::move(k), std::move(v)); }
  static void erase(M &m, const K &k) { m.erase(k); }
  static std::optional<std::pair<K, V>> find(const M &m, const K &k) {
    const auto it = m.find(k);
    return it == m.end() ? std::nullopt : std::optional<std::pair<K, V>>(*it);
  }
  static std::size_t size(const M &m) { return m.size(); }
  static std::vector<std::pair<K, V>> toList(const M &m) {
    std::vector<std::pair<K, V>> entries(m.begin(), m.end());
    Order::arrange(entries);
    return entries;
  }
  /// The map files each key by its hash itself (`bucket(k)` and bucket iteration are computed
  /// from it), so the run-time invariants do not check WFImp.buckets_hash_self (Checked.h).
  static constexpr bool kBucketsFromHash = true;
  /// The bucket `k` hashes to, of a map with at least one bucket.   Cost: O(1)
  static std::size_t bucketOf(const M &m, const K &k) requires requires(const M &x, const K &y) {
    x.bucket(y);
  }
  { return m.bucket(k); }
  /// How many buckets the map has.   Cost: O(1)
  static std::size_t bucketCount(const M &m) requires requires(const M &x) { x.bucket_count(); }
  { return m.bucket_count(); }
  /// Calls `f(key)` for each key stored in bucket `b`, in the bucket's order.   Cost: O(bucket)
  template <class F>
  static void forEachInBucket(const M &m, std::size_t b, F f) requires
      requires(const M &x, std::size_t y) {
    x.begin(y);
  }
  {
    for (auto it = m.begin(b); it != m.end(b); ++it) {
      f(it->first);
    }
  }
};

/// std::unordered_map as Std.HashMap (StandardMapAdapter).
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
template <class K, class V>
using UnorderedMapAdapter = StandardMapAdapter<std::unordered_map<K, V>>;

/// Lean's own HashMap ported (HashMap.h) as Std.HashMap: every operation the port has is called
/// through its own member, so a mutant of any of them is what the statements see; its buckets
/// (Lean's `mkIdx` of the key's hash) are given to the run-time invariants (Checked.h).
/// Cost: each function is the port's own.   Throws: what the port throws.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean), Std.DHashMap.Internal.Raw₀
template <class K, class V>
struct LeanHashMapAdapter : MapDefaults<LeanHashMapAdapter<K, V>, HashMap<K, V>, K, V> {
  using M = HashMap<K, V>;
  using Entries = std::vector<std::pair<K, V>>;
  using Alteration = std::function<std::optional<V>(std::optional<V>)>;
  static M empty(std::size_t capacity) { return M::empty(capacity); }
  static void insert(M &m, K k, V v) { m = std::move(m).insert(std::move(k), std::move(v)); }
  static void insertIfNew(M &m, K k, V v) {
    m = std::move(m).insertIfNew(std::move(k), std::move(v));
  }
  static void erase(M &m, const K &k) { m = std::move(m).erase(k); }
  static std::optional<std::pair<K, V>> find(const M &m, const K &k) {
    std::optional<K> key = m.getKeyQ(k);
    std::optional<V> value = m.getQ(k);
    if (!key || !value) {
      return std::nullopt;
    }
    return std::make_pair(std::move(*key), std::move(*value));
  }
  static std::size_t size(const M &m) { return m.size(); }
  static Entries toList(const M &m) { return m.toList(); }
  static bool contains(const M &m, const K &k) { return m.contains(k); }
  static bool isEmpty(const M &m) { return m.isEmpty(); }
  static std::optional<V> getQ(const M &m, const K &k) { return m.getQ(k); }
  static std::optional<K> getKeyQ(const M &m, const K &k) { return m.getKeyQ(k); }
  static V getD(const M &m, const K &k, V fallback) { return m.getD(k, std::move(fallback)); }
  static K getKeyD(const M &m, const K &k, K fallback) { return m.getKeyD(k, std::move(fallback)); }
  static std::vector<K> keys(const M &m) { return m.keys(); }
  static int fold(const M &m, const std::function<int(int, K, V)> &f, int init) {
    return m.fold([&f](int acc, const K &k, const V &v) { return f(acc, k, v); }, init);
  }
  static bool containsThenInsert(M &m, K k, V v) {
    auto [present, after] = std::move(m).containsThenInsert(std::move(k), std::move(v));
    m = std::move(after);
    return present;
  }
  static bool containsThenInsertIfNew(M &m, K k, V v) {
    auto [present, after] = std::move(m).containsThenInsertIfNew(std::move(k), std::move(v));
    m = std::move(after);
    return present;
  }
  static std::optional<V> getThenInsertIfNewQ(M &m, K k, V v) {
    auto [before, after] = std::move(m).getThenInsertIfNewQ(std::move(k), std::move(v));
    m = std::move(after);
    return before;
  }
  static void insertMany(M &m, const Entries &entries) { m = std::move(m).insertMany(entries); }
  static void insertManyIfNewUnit(M &m, const std::vector<K> &keys) {
    m = std::move(m).insertManyIfNewUnit(keys);
  }
  static M ofList(const Entries &entries) { return M::ofList(entries); }
  static M unitOfList(const std::vector<K> &keys) { return M::unitOfList(keys); }
  static void alter(M &m, const K &k, const Alteration &f) { m = std::move(m).alter(k, f); }
  static void modify(M &m, const K &k, const std::function<V(V)> &f) {
    m = std::move(m).modify(k, f);
  }
  /// The bucket `k`'s hash selects.   Cost: O(1)   Lean: Std.DHashMap.Internal.mkIdx
  static std::size_t bucketOf(const M &m, const K &k) {
    return internal::mkIdx(m.numBuckets(), m.hasher()(k));
  }
  /// How many buckets the map has.   Cost: O(1)
  static std::size_t bucketCount(const M &m) { return m.numBuckets(); }
  /// Calls `f(key)` for each key stored in bucket `b`, head to tail.   Cost: O(bucket)
  template <class F>
  static void forEachInBucket(const M &m, std::size_t b, F f) {
    m.buckets().at(b).foldl(
        [&f](int none, const K &key, const V &) {
          f(key);
          return none;
        },
        0);
  }
};

}  // namespace proofport::hashmap
