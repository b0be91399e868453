// google::dense_hash_map (Debian libsparsehash-dev) as Lean's Std.HashMap, through one
// MapAdapter: its reserved keys are part of its contract and are refused before they reach it.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <sparsehash/dense_hash_map>

#include "proofport/hashmap/MapAdapter.h"
#include "proofport/spec/Error.h"

namespace proofport::hashmap {

/// Refuses a reserved key at `operation`: the map would take it for an empty or erased slot.
[[noreturn]] inline void refuseReservedKey(const std::string &operation, const std::string &which,
                                           const std::string &reserved) {
  throwContractError(operation, "a key other than dense_hash_map's reserved empty and deleted keys",
                     "the reserved " + which + " key " + reserved);
}

/// google::dense_hash_map<K, V, std::hash<K>> as Std.HashMap. Its semantic choices:
/// - Reserved keys: the map marks empty and erased slots with two keys of K that it must never
///   store (`set_empty_key`, `set_deleted_key`, both set by `empty`). `Reserved` gives them
///   (`Reserved::empty()`, `Reserved::deleted()`, and `Reserved::kEmptyName`,
///   `Reserved::kDeletedName` to print them), chosen outside the keys a porting draws; every
///   operation taking a key refuses one `==` to either with ContractError before the map sees
///   it (the map would read it as a free slot: a lookup of it answers wrongly, an insert of it
///   corrupts the table).
/// - insert keeps the stored key: an `==` key already present gets the new value under its old
///   key (as insert_or_assign does; Lean's insert replaces the key too). insertIfNew is the
///   map's own insert, which leaves a present key's entry alone.
/// - The hash is std::hash<K> (the map's default, SPARSEHASH_HASH, is std::hash too): the same
///   hash the registry claims LawfulHashable for. toList is the slot order, a function of the
///   map's history alone (no per-process seed).
/// Cost: each function one call of the map's own (expected O(1)), toList O(capacity).
/// Throws: ContractError at a reserved key, the map unchanged; what the map throws.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
template <class K, class V, class Reserved>
struct DenseHashMapAdapter : MapDefaults<DenseHashMapAdapter<K, V, Reserved>,
                                         google::dense_hash_map<K, V, std::hash<K>>, K, V> {
  using M = google::dense_hash_map<K, V, std::hash<K>>;
  static M empty(std::size_t capacity) {
    M m(capacity);
    m.set_empty_key(Reserved::empty());
    m.set_deleted_key(Reserved::deleted());
    return m;
  }
  static void insert(M &m, K k, V v) {
    checked("google::dense_hash_map::insert", k);
    auto [at, fresh] = m.insert(std::make_pair(std::move(k), V(v)));
    if (!fresh) {
      at->second = std::move(v);
    }
  }
  static void insertIfNew(M &m, K k, V v) {
    checked("google::dense_hash_map::insert", k);
    m.insert(std::make_pair(std::move(k), std::move(v)));
  }
  static void erase(M &m, const K &k) {
    checked("google::dense_hash_map::erase", k);
    m.erase(k);
  }
  static std::optional<std::pair<K, V>> find(const M &m, const K &k) {
    checked("google::dense_hash_map::find", k);
    const auto it = m.find(k);
    return it == m.end() ? std::nullopt : std::optional<std::pair<K, V>>(*it);
  }
  static std::size_t size(const M &m) { return m.size(); }
  static std::vector<std::pair<K, V>> toList(const M &m) {
    return std::vector<std::pair<K, V>>(m.begin(), m.end());
  }

private:
  static void checked(const char *operation, const K &k) {
    if (k == Reserved::empty()) {
      refuseReservedKey(operation, "empty", Reserved::kEmptyName);
    }
    if (k == Reserved::deleted()) {
      refuseReservedKey(operation, "deleted", Reserved::kDeletedName);
    }
  }
};

}  // namespace proofport::hashmap
