// The C++ port of Lean core's Std.HashMap: separate chaining over a power-of-two bucket array.
// Ports: src/Std/Data/HashMap/Basic.lean (Lean core), over src/Std/Data/DHashMap/Internal/Defs.lean
//
// Names are Lean's, letter for letter, with one rule for what C++ cannot spell: a trailing `?`
// becomes `Q` and a trailing `!` becomes `Bang` (`get?` → getQ, `get!` → getBang,
// `getKey?` → getKeyQ, `getThenInsertIfNew?` → getThenInsertIfNewQ); Lean's notation takes the
// names of the class behind it: `m[k]?` → getElemQ, `m[k]!` → getElemBang, `m[k]` → getElem
// (GetElem?), and `k ∈ m` → mem (Membership.mem).
//
// A map is a value, as Lean's is: an operation that changes it returns the changed map and leaves
// its receiver as it was. Called on an rvalue (`std::move(m).insert(k, v)`, a temporary, a chain
// `HashMap<K, V>().insert(1, 2).insert(3, 4)`), it reuses the receiver's storage, as Lean does
// for a map it holds the only reference to; the map moved from is then empty and bucketless.
// Lean's `DHashMap.Raw` layer guards every operation against a bucketless map ("will never happen
// for well-formed inputs"); a moved-from map is one, and its operations answer as Raw's do.
#pragma once

#include <concepts>
#include <cstddef>
#include <functional>
#include <optional>
#include <ranges>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/hashmap/AssocList.h"
#include "proofport/hashmap/Hash.h"
#include "proofport/hashmap/Index.h"
#include "proofport/hashmap/DeepMutants.h"
#include "proofport/hashmap/Mutants.h"

namespace proofport::hashmap {

/// A key or value type of the map: copyable (the map is a value) and moved without throwing (so
/// every operation can keep its receiver unchanged when it fails).
template <class T>
concept Storable = std::copy_constructible<T> && std::is_nothrow_move_constructible_v<T> &&
    std::is_nothrow_move_assignable_v<T>;

/// A range of what makes an entry (K, V): what insertMany reads (Lean's `ForIn Id ρ (α × β)`).
template <class R, class K, class V>
concept EntryRange = std::ranges::input_range<R> &&
    std::constructible_from<std::pair<K, V>, std::ranges::range_reference_t<const R>>;

/// A range of what makes a key K: what insertManyIfNewUnit reads (Lean's `ForIn Id ρ α`).
template <class R, class K>
concept KeyRange = std::ranges::input_range<R> &&
    std::constructible_from<K, std::ranges::range_reference_t<const R>>;

/// Lean's `Std.HashMap α β` with `[BEq α] [Hashable α]` as the function objects E and H: a
/// cached size and an array of buckets (AssocList), the array's length a power of two that
/// doubles when an insertion makes size * 4 / 3 (rounded down) exceed it: more than 3/4 of an
/// entry per bucket, Lean's load factor.
/// Every member that hashes or compares keys, copies keys or values, or calls a function it is
/// given throws what they throw, and std::bad_alloc; Throws: nothing else unless it says so.
/// A call on an lvalue leaves the receiver unchanged when it throws; so does one on an rvalue,
/// except insertMany and insertManyIfNewUnit, which keep the pairs inserted before the failure.
template <Storable K, Storable V, class H = Hash<K>, class E = std::equal_to<K>>
requires Hasher<H, K> && KeyEquality<E, K>
class HashMap {
public:
  /// A bucket: Lean's `AssocList α (fun _ => β)`.
  using Bucket = AssocList<K, V>;
  /// An entry of toList and ofList: Lean's `α × β`.
  using Entry = std::pair<K, V>;

  /// The empty map with the default capacity 8 (16 buckets).   Cost: O(1)
  /// Lean: `∅ : Std.HashMap α β` (EmptyCollection, which is `empty`)
  HashMap() : HashMap(empty()) {}

  /// The empty map sized to hold `capacity` entries before it grows: nextPowerOfTwo(capacity *
  /// 4 / 3) buckets (16 for 8, 1 for 0).   Cost: O(buckets)
  /// Throws: ContractError if that many buckets exceed what a std::vector can hold.
  /// Lean: Std.HashMap.empty
  static HashMap empty(std::size_t capacity = 8, H keyHasher = H(), E keyBeq = E());

  /// A map of the given cached size and buckets, unchecked: Lean's unbundled `Raw` structure,
  /// which carries no proof of well-formedness (checkWellFormed checks it). Every operation is
  /// memory-safe on any raw map; Lean's lemmas describe only well-formed ones.
  /// Cost: O(1)   Throws: nothing beyond copying H and E.   Lean: Std.DHashMap.Raw.mk
  static HashMap fromRaw(std::size_t rawSize, std::vector<Bucket> rawBuckets, H keyHasher = H(),
                         E keyBeq = E());

  /// The map of the pairs of `l` inserted in order into empty(): a later pair replaces an
  /// earlier == key and its value.   Cost: O(|l|) expected   Lean: Std.HashMap.ofList
  static HashMap ofList(const std::vector<Entry> &l, H keyHasher = H(), E keyBeq = E());

  /// The map of the keys of `l`, each with the value Unit, inserted in order with insertIfNew
  /// into empty(): an earlier == key stays.   Shapes: V is Unit   Cost: O(|l|) expected
  /// Lean: Std.HashMap.unitOfList
  static HashMap unitOfList(const std::vector<K> &l, H keyHasher = H(), E keyBeq = E());

  HashMap(const HashMap &) = default;
  HashMap &operator=(const HashMap &) = default;
  /// Takes `other`'s storage and leaves it empty and bucketless (size 0, no buckets).
  /// (The hasher and beq are copied, not moved: a bucketless map still builds `empty()` with them.)
  HashMap(HashMap &&other) noexcept(kCopiesFunctionsFreely);
  /// Takes `other`'s storage and leaves it empty and bucketless (size 0, no buckets).
  HashMap &operator=(HashMap &&other) noexcept(kAssignsFunctionsFreely);

  /// The map with (a, b): where a key == a is present, both that key and its value are replaced
  /// (the stored key becomes `a`: -0.0 replaces +0.0); otherwise (a, b) is consed onto its bucket
  /// and the bucket array doubles if the new size needs it.   Cost: O(1) expected, amortized
  /// Lean: Std.HashMap.insert
  HashMap insert(K a, V b) const & { return HashMap(*this).insert(std::move(a), std::move(b)); }
  HashMap insert(K a, V b) &&;

  /// The map with (a, b) where no key == a is present; else the map unchanged (key and value).
  /// Cost: O(1) expected, amortized   Lean: Std.HashMap.insertIfNew
  HashMap insertIfNew(K a, V b) const & {
    return HashMap(*this).insertIfNew(std::move(a), std::move(b));
  }
  HashMap insertIfNew(K a, V b) &&;

  /// Whether a key == a was present, and insert(a, b).   Cost: as insert
  /// Lean: Std.HashMap.containsThenInsert
  std::pair<bool, HashMap> containsThenInsert(K a, V b) const & {
    return HashMap(*this).containsThenInsert(std::move(a), std::move(b));
  }
  std::pair<bool, HashMap> containsThenInsert(K a, V b) &&;

  /// Whether a key == a was present, and insertIfNew(a, b).   Cost: as insertIfNew
  /// Lean: Std.HashMap.containsThenInsertIfNew
  std::pair<bool, HashMap> containsThenInsertIfNew(K a, V b) const & {
    return HashMap(*this).containsThenInsertIfNew(std::move(a), std::move(b));
  }
  std::pair<bool, HashMap> containsThenInsertIfNew(K a, V b) &&;

  /// The value of a key == a if present (the map unchanged), else nullopt and insertIfNew(a, b).
  /// Cost: as insertIfNew   Lean: Std.HashMap.getThenInsertIfNew?
  std::pair<std::optional<V>, HashMap> getThenInsertIfNewQ(K a, V b) const & {
    return HashMap(*this).getThenInsertIfNewQ(std::move(a), std::move(b));
  }
  std::pair<std::optional<V>, HashMap> getThenInsertIfNewQ(K a, V b) &&;

  /// The map without the entry of a key == a (size one less), or unchanged if none.
  /// Cost: O(1) expected   Lean: Std.HashMap.erase
  HashMap erase(const K &a) const & { return HashMap(*this).erase(a); }
  HashMap erase(const K &a) &&;

  /// The map with the entry of `a` decided by f, a function std::optional<V> → std::optional<V>
  /// given the value of a key == a (or nullopt): where present, f's `v` replaces key and value
  /// (key `a`) and f's nullopt removes the entry; where absent, f(nullopt)'s `b` inserts (a, b).
  /// A bucketless map gives empty() (Lean's Raw).   Cost: O(1) expected, one call of f
  /// Lean: Std.HashMap.alter
  template <class F>
  HashMap alter(K a, F f) const & {
    return HashMap(*this).alter(std::move(a), std::move(f));
  }
  template <class F>
  HashMap alter(K a, F f) &&;

  /// The map with the entry (k, v) of a key == a replaced by (a, f(v)), where present; else
  /// unchanged. A bucketless map gives empty() (Lean's Raw).
  /// Cost: O(1) expected, at most one call of f   Lean: Std.HashMap.modify
  template <class F>
  HashMap modify(K a, F f) const & {
    return HashMap(*this).modify(std::move(a), std::move(f));
  }
  template <class F>
  HashMap modify(K a, F f) &&;

  /// The map with the pairs of the range `l` (elements convertible to (K, V)) inserted in order.
  /// Cost: O(|l|) expected   Lean: Std.HashMap.insertMany
  template <EntryRange<K, V> R>
  HashMap insertMany(const R &l) const & {
    return HashMap(*this).insertMany(l);
  }
  template <EntryRange<K, V> R>
  HashMap insertMany(const R &l) &&;

  /// The map with the keys of the range `l` inserted in order with insertIfNew and value Unit.
  /// Shapes: V is Unit (Lean's `HashMap α Unit`; any other V does not compile).
  /// Cost: O(|l|) expected   Lean: Std.HashMap.insertManyIfNewUnit
  template <KeyRange<K> R>
  HashMap insertManyIfNewUnit(const R &l) const & {
    return HashMap(*this).insertManyIfNewUnit(l);
  }
  template <KeyRange<K> R>
  HashMap insertManyIfNewUnit(const R &l) &&;

  /// Whether a key == a is present.   Cost: O(1) expected   Lean: Std.HashMap.contains
  bool contains(const K &a) const;
  /// `a ∈ m`, which is contains(a).   Cost: O(1) expected   Lean: Membership.mem (Std.HashMap)
  bool mem(const K &a) const { return contains(a); }

  /// The value of a key == a, if present.   Cost: O(1) expected   Lean: Std.HashMap.get?
  std::optional<V> getQ(const K &a) const;
  /// The value of a key == a.   Cost: O(1) expected
  /// Throws: ContractError if no key == a is present (Lean takes a proof of `a ∈ m`).
  /// Lean: Std.HashMap.get
  V get(const K &a) const;
  /// The value of a key == a, or `fallback`.   Cost: O(1) expected   Lean: Std.HashMap.getD
  V getD(const K &a, V fallback) const;
  /// The value of a key == a, or `V{}` where absent: Lean panics there, and its panic returns
  /// `default`, the value its lemmas state (`getElem!_empty`, `getElem!_eq_getD_default`); a
  /// typed exception would falsify them, so this returns the value (V{} is Lean's `default`).
  /// Cost: O(1) expected   Lean: Std.HashMap.get!
  V getBang(const K &a) const;
  /// `m[a]?`, which is getQ(a).   Lean: GetElem?.getElem? (Std.HashMap)
  std::optional<V> getElemQ(const K &a) const { return getQ(a); }
  /// `m[a]`, which is get(a).   Throws: ContractError as get.   Lean: GetElem.getElem
  V getElem(const K &a) const { return get(a); }
  /// `m[a]!`, which is getBang(a).   Lean: GetElem?.getElem! (Std.HashMap)
  V getElemBang(const K &a) const { return getBang(a); }

  /// The stored key == a (not `a` itself: -0.0 where -0.0 is stored and +0.0 asked), if present.
  /// Cost: O(1) expected   Lean: Std.HashMap.getKey?
  std::optional<K> getKeyQ(const K &a) const;
  /// The stored key == a.   Cost: O(1) expected
  /// Throws: ContractError if no key == a is present (Lean takes a proof of `a ∈ m`).
  /// Lean: Std.HashMap.getKey
  K getKey(const K &a) const;
  /// The stored key == a, or `fallback`.   Cost: O(1) expected   Lean: Std.HashMap.getKeyD
  K getKeyD(const K &a, K fallback) const;
  /// The stored key == a, or `K{}` where absent (Lean panics and returns `default`; see getBang).
  /// Cost: O(1) expected   Lean: Std.HashMap.getKey!
  K getKeyBang(const K &a) const;

  /// The number of entries (the cached count).   Cost: O(1)   Lean: Std.HashMap.size
  std::size_t size() const noexcept { return m_size; }
  /// Whether size() is 0.   Cost: O(1)   Lean: Std.HashMap.isEmpty
  bool isEmpty() const noexcept { return m_size == 0; }

  /// The entries in Lean's order: buckets by index, each from its head (its newest entry).
  /// Cost: O(size + buckets)   Lean: Std.HashMap.toList
  std::vector<Entry> toList() const;
  /// The keys in toList's order.   Cost: O(size + buckets)   Lean: Std.HashMap.keys
  std::vector<K> keys() const;
  /// f(...f(init, k₁, v₁)..., kₙ, vₙ) over the entries in toList's order; f takes the
  /// accumulator by value, a key and a value by const reference.
  /// Cost: O(size + buckets) calls of f   Lean: Std.HashMap.fold
  template <class G, class F>
  G fold(F f, G init) const;

  /// The number of buckets.   Cost: O(1)   Lean: Std.HashMap.Internal.numBuckets
  std::size_t numBuckets() const noexcept { return m_buckets.size(); }
  /// The bucket array (for the well-formedness checker and tests).   Cost: O(1)
  /// Lean: Std.DHashMap.Raw.buckets
  const std::vector<Bucket> &buckets() const noexcept { return m_buckets; }
  /// The hasher.   Cost: O(1)   Lean: the map's `Hashable α` instance
  const H &hasher() const noexcept { return m_hasher; }
  /// The key comparison.   Cost: O(1)   Lean: the map's `BEq α` instance
  const E &beq() const noexcept { return m_beq; }

private:
  static constexpr bool kCopiesFunctionsFreely =
      std::is_nothrow_copy_constructible_v<H> && std::is_nothrow_copy_constructible_v<E>;
  static constexpr bool kAssignsFunctionsFreely =
      std::is_nothrow_copy_assignable_v<H> && std::is_nothrow_copy_assignable_v<E>;

  HashMap(std::size_t rawSize, std::vector<Bucket> rawBuckets, H keyHasher, E keyBeq);

  /// The bucket of `a`: mkIdx(numBuckets, hash a). Shapes: numBuckets() > 0.
  std::size_t index(const K &a) const;
  /// Lean's Raw guard: a map with no bucket answers every operation as Raw does.
  bool hasBuckets() const noexcept { return !m_buckets.empty(); }
  /// The bucket of `a`, or null for a bucketless map.
  const Bucket *bucketOf(const K &a) const;
  /// The entry of a key == a. Throws: ContractError naming `operation` if there is none.
  const Entry &present(const K &a, const char *operation) const;
  /// insert in place; whether a key == a was present.
  bool insertInPlace(K a, V b);
  /// insertIfNew in place; whether a key == a was present.
  bool insertIfNewInPlace(K a, V b);
  /// Conses (a, b) onto bucket i, counts it and grows if needed (Lean's insert when absent).
  void consThenExpand(std::size_t i, K a, V b);
  /// Doubles the buckets if `newSize` entries need more than there are.
  /// Lean: Std.DHashMap.Internal.Raw₀.expandIfNecessary
  void expandIfNecessary(std::size_t newSize);
  /// The buckets doubled, each entry re-inserted by its new index.
  /// Lean: Std.DHashMap.Internal.Raw₀.expand
  std::vector<Bucket> expand() const;

  std::size_t m_size = 0;
  std::vector<Bucket> m_buckets;
  [[no_unique_address]] H m_hasher;
  [[no_unique_address]] E m_beq;
};

}  // namespace proofport::hashmap

#include "proofport/hashmap/HashMap.hpp"
