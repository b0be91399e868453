// The HashMap catalog's oracle model: a map as an association list, one entry per key, searched
// front to back. It includes the standard library alone (the oracle isolation rule, checked by
// the build) and shares no code with any port: a bug it shared would be a bug no check sees.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace proofport::hashmap::model {

/// A finite map as the list of its entries, at most one per key under `Eq` (Lean's `BEq`), in
/// the order they were given: the dumb reading of Lean's `Std.HashMap α β`, every operation a
/// plain loop over the list (O(n) each).
template <class K, class V, class Eq = std::equal_to<K>>
struct AssocModel {
  std::vector<std::pair<K, V>> entries;
};

/// The position of the entry whose key is `== k`, or entries.size().   Cost: O(n)
template <class K, class V, class Eq>
std::size_t position(const AssocModel<K, V, Eq> &m, const K &k) {
  std::size_t i = 0;
  while (i < m.entries.size() && !Eq{}(m.entries[i].first, k)) {
    ++i;
  }
  return i;
}

/// The entry stored for `k` (its stored key and value), or nothing.   Cost: O(n)
/// Lean: Std.HashMap.getKey? and Std.HashMap.get? together
template <class K, class V, class Eq>
std::optional<std::pair<K, V>> find(const AssocModel<K, V, Eq> &m, const K &k) {
  const std::size_t i = position(m, k);
  if (i == m.entries.size()) {
    return std::nullopt;
  }
  return m.entries[i];
}

/// Stores (k, v): an entry with an `== k` key is replaced, key and value, where it stands;
/// otherwise (k, v) goes last.   Cost: O(n)   Lean: Std.HashMap.insert
template <class K, class V, class Eq>
void insert(AssocModel<K, V, Eq> &m, K k, V v) {
  const std::size_t i = position(m, k);
  if (i == m.entries.size()) {
    m.entries.emplace_back(std::move(k), std::move(v));
  } else {
    m.entries[i] = {std::move(k), std::move(v)};
  }
}

/// Removes the entry with an `== k` key, if any; the others keep their order.   Cost: O(n)
/// Lean: Std.HashMap.erase
template <class K, class V, class Eq>
void erase(AssocModel<K, V, Eq> &m, const K &k) {
  std::vector<std::pair<K, V>> kept;
  for (const auto &entry : m.entries) {
    if (!Eq{}(entry.first, k)) {
      kept.push_back(entry);
    }
  }
  m.entries = std::move(kept);
}

/// Applies `f` to the value at `k` (or to nothing): a value stores (k, it), nothing erases.
/// Cost: O(n) and one call of f   Lean: Std.HashMap.alter
template <class K, class V, class Eq, class F>
void alter(AssocModel<K, V, Eq> &m, const K &k, const F &f) {
  const std::size_t i = position(m, k);
  std::optional<V> before;
  if (i < m.entries.size()) {
    before = m.entries[i].second;
  }
  std::optional<V> after = f(before);
  if (!after) {
    erase(m, k);
  } else if (i < m.entries.size()) {
    m.entries[i] = {k, std::move(*after)};
  } else {
    m.entries.emplace_back(k, std::move(*after));
  }
}

/// Applies `f` to the value at a present `k` and stores it with `k`; an absent key changes
/// nothing and calls nothing.   Cost: O(n)   Lean: Std.HashMap.modify
template <class K, class V, class Eq, class F>
void modify(AssocModel<K, V, Eq> &m, const K &k, const F &f) {
  const std::size_t i = position(m, k);
  if (i < m.entries.size()) {
    m.entries[i] = {k, f(m.entries[i].second)};
  }
}

}  // namespace proofport::hashmap::model
