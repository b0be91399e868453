// A map as Lean's Std.HashMap in one adapter: the primitives a porter writes for a C++ map, the
// rest of Std.HashMap's operations derived from them as Lean defines them, and the registration
// of every operation with the statement interpreter.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofport/interp/Registry.h"
#include "proofport/interp/Suite.h"

namespace proofport::hashmap {

/// What registerHashMap needs of an adapter `A`: the types `A::Map`, `A::Key`, `A::Value`, and
/// static functions with Lean's meaning (a map is changed in place; the registration copies it
/// first, so every map a statement holds stays a value as in Lean):
/// `empty(capacity)` (Std.HashMap.empty), `insert(m, k, v)` (Std.HashMap.insert: an `==` key
/// already stored is replaced by `k` in Lean; a production map may keep its own, and the
/// statements about getKey then say so), `erase(m, k)`, `find(m, k)` (the stored key and its
/// value: Std.HashMap.getKey? and get? together), `size(m)` and `toList(m)` (the entries in
/// the map's own order). Every other operation comes from MapDefaults, or from `A` where it
/// declares one of the same name (a port with its own `alter` is checked through it).
template <class A>
concept MapAdapter = requires(typename A::Map &m, const typename A::Map &cm, typename A::Key k,
                              const typename A::Key &ck, typename A::Value v, std::size_t n) {
  { A::empty(n) } -> std::same_as<typename A::Map>;
  A::insert(m, k, v);
  A::erase(m, ck);
  { A::find(cm, ck) } -> std::same_as<std::optional<std::pair<typename A::Key, typename A::Value>>>;
  { A::size(cm) } -> std::convertible_to<std::size_t>;
  { A::toList(cm) } -> std::same_as<std::vector<std::pair<typename A::Key, typename A::Value>>>;
};

/// The operations of Std.HashMap derived from an adapter's primitives, each as Lean defines it
/// (src/Std/Data/DHashMap/Internal/Defs.lean), for an adapter `Self` to inherit (CRTP): a
/// function `Self` declares itself hides the one here. `V` must be default-constructible (Lean's
/// `Inhabited β`, for `get!`).   Cost: each is one or two primitive calls, the bulk ones one per
/// element.   Throws: what the primitives and the functions passed in throw.
template <class Self, class M, class K, class V>
struct MapDefaults {
  using Map = M;
  using Key = K;
  using Value = V;
  using Entry = std::pair<K, V>;

  /// Lean: Std.HashMap.contains
  static bool contains(const M &m, const K &k) { return Self::find(m, k).has_value(); }
  /// Lean: Std.HashMap.isEmpty
  static bool isEmpty(const M &m) { return Self::size(m) == 0; }
  /// Lean: Std.HashMap.get?
  static std::optional<V> getQ(const M &m, const K &k) {
    auto entry = Self::find(m, k);
    return entry ? std::optional<V>(std::move(entry->second)) : std::nullopt;
  }
  /// Lean: Std.HashMap.getKey?
  static std::optional<K> getKeyQ(const M &m, const K &k) {
    auto entry = Self::find(m, k);
    return entry ? std::optional<K>(std::move(entry->first)) : std::nullopt;
  }
  /// Lean: Std.HashMap.getD
  static V getD(const M &m, const K &k, V fallback) {
    return Self::getQ(m, k).value_or(std::move(fallback));
  }
  /// Lean: Std.HashMap.getKeyD
  static K getKeyD(const M &m, const K &k, K fallback) {
    return Self::getKeyQ(m, k).value_or(std::move(fallback));
  }
  /// Lean: Std.HashMap.keys
  static std::vector<K> keys(const M &m) {
    std::vector<K> out;
    for (auto &entry : Self::toList(m)) {
      out.push_back(std::move(entry.first));
    }
    return out;
  }
  /// Lean: Std.HashMap.insertIfNew
  static void insertIfNew(M &m, K k, V v) {
    if (!Self::contains(m, k)) {
      Self::insert(m, std::move(k), std::move(v));
    }
  }
  /// Lean: Std.HashMap.containsThenInsert (membership before the insertion)
  static bool containsThenInsert(M &m, K k, V v) {
    const bool present = Self::contains(m, k);
    Self::insert(m, std::move(k), std::move(v));
    return present;
  }
  /// Lean: Std.HashMap.containsThenInsertIfNew
  static bool containsThenInsertIfNew(M &m, K k, V v) {
    const bool present = Self::contains(m, k);
    Self::insertIfNew(m, std::move(k), std::move(v));
    return present;
  }
  /// Lean: Std.HashMap.getThenInsertIfNew?
  static std::optional<V> getThenInsertIfNewQ(M &m, K k, V v) {
    std::optional<V> before = Self::getQ(m, k);
    Self::insertIfNew(m, std::move(k), std::move(v));
    return before;
  }
  /// Lean: Std.HashMap.insertMany (left to right: a later pair replaces an earlier `==` one)
  static void insertMany(M &m, const std::vector<Entry> &entries) {
    for (const auto &[k, v] : entries) {
      Self::insert(m, k, v);
    }
  }
  /// Lean: Std.HashMap.insertManyIfNewUnit (an `==` key already present stays)
  static void insertManyIfNewUnit(M &m, const std::vector<K> &keys) {
    for (const K &k : keys) {
      Self::insertIfNew(m, k, V{});
    }
  }
  /// Lean: Std.HashMap.ofList
  static M ofList(const std::vector<Entry> &entries) {
    M m = Self::empty(8);
    Self::insertMany(m, entries);
    return m;
  }
  /// Lean: Std.HashMap.unitOfList
  static M unitOfList(const std::vector<K> &keys) {
    M m = Self::empty(8);
    Self::insertManyIfNewUnit(m, keys);
    return m;
  }
  /// Lean: Std.HashMap.alter (`f` of the value at `k`: some inserts `k` with it, none erases)
  static void alter(M &m, const K &k, const std::function<std::optional<V>(std::optional<V>)> &f) {
    std::optional<V> after = f(Self::getQ(m, k));
    if (after) {
      Self::insert(m, k, std::move(*after));
    } else {
      Self::erase(m, k);
    }
  }
  /// Lean: Std.HashMap.modify (a present key's value through `f`, stored with the key asked;
  /// an absent key leaves the map and calls nothing)
  static void modify(M &m, const K &k, const std::function<V(V)> &f) {
    if (std::optional<V> before = Self::getQ(m, k)) {
      Self::insert(m, k, f(std::move(*before)));
    }
  }
  /// f(...f(init, k₁, v₁)..., kₙ, vₙ) over the entries in toList's order: a C++ map has no fold
  /// of its own, so this is its entries as the adapter lists them; a port with its own fold
  /// (Lean's, HashMap.h) declares it, and the statements relating fold to toList check it.
  /// Lean: Std.HashMap.fold (at an Int accumulator: the type the interpreter gives a type
  /// variable the instantiation does not bind)
  static int fold(const M &m, const std::function<int(int, K, V)> &f, int init) {
    for (auto &[k, v] : Self::toList(m)) {
      init = f(init, std::move(k), std::move(v));
    }
    return init;
  }
};

/// Registers `A::Map` as the realization `label` of `Std.HashMap key value` (the structure must
/// be declared, `key` and `value` registered with the C++ types `A::Key` and `A::Value`;
/// `Unit` is std::monostate) with Std.HashMap's operations: empty, `∅`, insert, insertIfNew,
/// erase, contains, `∈`, size, isEmpty, get?, get!, get, getD, `m[k]?`, `m[k]!`, `m[k]`,
/// getKey?, getKey, getKey!, getKeyD, keys, toList, fold (at an Int accumulator),
/// containsThenInsert,
/// containsThenInsertIfNew, getThenInsertIfNew?, insertMany, ofList, alter, modify,
/// Insert.insert, Singleton.singleton, and for a `Unit` value insertManyIfNewUnit and
/// unitOfList. The map claims `Inhabited` (`default` is `∅`). `get`, `getKey` and `m[k]` are
/// called only where their proof parameter `a ∈ m` holds; a call elsewhere throws ContractError.
/// Cost: O(operations)   Throws: ContractError if a name or the label is taken, or a type is
/// not registered (Registry's rules); the registry is unchanged for the failing registration.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
template <MapAdapter A>
void registerHashMap(interp::Registry &registry, const std::string &label, const std::string &key,
                     const std::string &value);

/// Draws maps of `A::Map` for a porting: each the entries of a drawn list inserted in order from
/// `A::empty(capacity)` (needs `A::Key`'s and `A::Value`'s drawings).   Cost: O(1)
/// Throws: as interp::Drawings::realization.
template <MapAdapter A>
void drawHashMap(interp::Porting &porting, std::size_t capacity = 8);

}  // namespace proofport::hashmap

#include "proofport/hashmap/MapAdapter.hpp"
