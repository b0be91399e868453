// A bucket of the HashMap port: Lean's association list of key-value entries, read from its head.
// Ports: src/Std/Data/DHashMap/Internal/AssocList/Basic.lean (Lean core)
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "proofport/hashmap/DeepMutants.h"
#include "proofport/hashmap/Mutants.h"

namespace proofport::hashmap {

/// Lean's `AssocList α (fun _ => β)`: entries read from the head, where `cons` adds one. Lean's
/// list is persistent: `replace`, `erase`, `alter` and `modify` return a new list and leave this
/// one as it was, as here. The entries are stored tail first (the head is the vector's last
/// element), so `cons` is a push_back; every operation reads them head to tail, as Lean's
/// recursion does. A key is compared as Lean compares it, the stored key first: `beq(k, a)` for
/// a stored `k` and an asked `a` (which matters only for an asymmetric BEq).
/// Every member taking `beq` calls it as `bool(beq(k, a))`; Throws: whatever beq, f and copying
/// K or V throw, and std::bad_alloc; this list unchanged.
template <class K, class V>
class AssocList {
public:
  /// One entry: a key and its value. Lean: `⟨a, b⟩ : (_ : α) × β`
  using Entry = std::pair<K, V>;

  /// The empty list.   Cost: O(1)   Throws: nothing.   Lean: AssocList.nil
  AssocList() = default;

  /// Adds the entry (a, b) at the head.   Cost: O(1) amortized   Lean: AssocList.cons
  void cons(K a, V b);

  /// Removes the head entry: undoes the last `cons` (no Lean operation: the map takes back a cons
  /// its growth could not complete).   Shapes: length() > 0   Cost: O(1)   Throws: nothing.
  void uncons() noexcept { m_tailFirst.pop_back(); }

  /// The number of entries.   Cost: O(1)   Throws: nothing.   Lean: AssocList.length
  std::size_t length() const noexcept { return m_tailFirst.size(); }

  /// The entries, head to tail.   Cost: O(length)   Lean: AssocList.toList
  std::vector<Entry> toList() const;

  /// `f(...f(f(init, k₁, v₁), k₂, v₂)..., kₙ, vₙ)` over the entries head to tail; f takes the
  /// accumulator by value and a key and value by const reference.
  /// Cost: O(length) calls of f   Lean: AssocList.foldl
  template <class G, class F>
  G foldl(F f, G init) const;

  /// The first entry from the head whose key k has beq(k, a), or null (the walk each of Lean's
  /// lookups makes; no Lean operation of its own).   Cost: O(length) calls of beq
  template <class E>
  const Entry *find(const K &a, const E &beq) const;

  /// Whether some key k has beq(k, a).   Cost: O(length)   Lean: AssocList.contains
  template <class E>
  bool contains(const K &a, const E &beq) const {
    return find(a, beq) != nullptr;
  }

  /// The value of the first key == a, if any.   Cost: O(length)   Lean: AssocList.get?
  template <class E>
  std::optional<V> getQ(const K &a, const E &beq) const;

  /// The value of the first key == a, or `fallback`.   Cost: O(length)   Lean: AssocList.getD
  template <class E>
  V getD(const K &a, V fallback, const E &beq) const;

  /// The first stored key == a (the stored key, which may differ from `a`: -0.0 for +0.0).
  /// Cost: O(length)   Lean: AssocList.getKey?
  template <class E>
  std::optional<K> getKeyQ(const K &a, const E &beq) const;

  /// The first stored key == a, or `fallback`.   Cost: O(length)   Lean: AssocList.getKeyD
  template <class E>
  K getKeyD(const K &a, K fallback, const E &beq) const;

  /// This list with the first entry whose key == a replaced by (a, b): key and value both;
  /// unchanged where no key == a.   Cost: O(length)   Lean: AssocList.replace
  template <class E>
  AssocList replace(const K &a, const V &b, const E &beq) const;

  /// This list without the first entry whose key == a.   Cost: O(length)   Lean: AssocList.erase
  template <class E>
  AssocList erase(const K &a, const E &beq) const;

  /// This list with the first entry (k, v) whose key == a replaced by (a, v') where `f(v)` is
  /// `v'`, or removed where it is nullopt; where no key == a, with (a, b) added at the tail where
  /// `f(nullopt)` is b. f maps std::optional<V> to std::optional<V>.
  /// Cost: O(length), one call of f   Lean: AssocList.Const.alter
  template <class E, class F>
  AssocList alter(const K &a, F f, const E &beq) const;

  /// This list with the first entry (k, v) whose key == a replaced by (a, f(v)): the key `a`
  /// replaces the stored one, as in `replace`; unchanged where no key == a.
  /// Cost: O(length), at most one call of f   Lean: AssocList.Const.modify
  template <class E, class F>
  AssocList modify(const K &a, F f, const E &beq) const;

private:
  /// The position in m_tailFirst of the first entry from the head whose key == a, or npos.
  template <class E>
  std::size_t position(const K &a, const E &beq) const;

  /// Removes the entry at position `at` of m_tailFirst.
  void dropAt(std::size_t at);

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  std::vector<Entry> m_tailFirst;
};

}  // namespace proofport::hashmap

#include "proofport/hashmap/AssocList.hpp"
