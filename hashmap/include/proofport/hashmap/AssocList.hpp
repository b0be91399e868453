// Bodies of the HashMap port's bucket lists (proofport/hashmap/AssocList.h).
#pragma once

#include <utility>

namespace proofport::hashmap {

template <class K, class V>
void AssocList<K, V>::cons(K a, V b) {
  m_tailFirst.emplace_back(std::move(a), std::move(b));
}

template <class K, class V>
std::vector<typename AssocList<K, V>::Entry> AssocList<K, V>::toList() const {
  return std::vector<Entry>(m_tailFirst.rbegin(), m_tailFirst.rend());
}

template <class K, class V>
template <class G, class F>
G AssocList<K, V>::foldl(F f, G init) const {
  for (auto it = m_tailFirst.rbegin(); it != m_tailFirst.rend(); ++it) {
    init = f(std::move(init), it->first, it->second);
  }
  return init;
}

template <class K, class V>
template <class E>
std::size_t AssocList<K, V>::position(const K &a, const E &beq) const {
  for (std::size_t k = m_tailFirst.size(); k > 0; --k) {
    if (static_cast<bool>(beq(m_tailFirst[k - 1].first, a))) {
      return k - 1;
    }
  }
  return npos;
}

template <class K, class V>
void AssocList<K, V>::dropAt(std::size_t at) {
  m_tailFirst.erase(m_tailFirst.begin() + static_cast<std::ptrdiff_t>(at));
}

template <class K, class V>
template <class E>
const typename AssocList<K, V>::Entry *AssocList<K, V>::find(const K &a, const E &beq) const {
  const std::size_t at = position(a, beq);
  return at == npos ? nullptr : &m_tailFirst[at];
}

template <class K, class V>
template <class E>
std::optional<V> AssocList<K, V>::getQ(const K &a, const E &beq) const {
  const Entry *entry = find(a, beq);
  return entry == nullptr ? std::nullopt : std::optional<V>(entry->second);
}

template <class K, class V>
template <class E>
V AssocList<K, V>::getD(const K &a, V fallback, const E &beq) const {
  const std::size_t at = position(a, beq);
  // The entry's place counting from the list's head (the back of the tail-first vector).
  const bool deep = at != npos && m_tailFirst.size() - 1 - at >= 3;
  if (at != npos && !(deep && PROOFPORT_HASHMAP_DEEP_MUTANT(getD_gives_up_after_three))) {
    return m_tailFirst[at].second;
  }
  if (PROOFPORT_HASHMAP_MUTANT(getD_returns_default)) {
    return V{};
  }
  return fallback;
}

template <class K, class V>
template <class E>
std::optional<K> AssocList<K, V>::getKeyQ(const K &a, const E &beq) const {
  const Entry *entry = find(a, beq);
  if (entry == nullptr) {
    return std::nullopt;
  }
  return PROOFPORT_HASHMAP_MUTANT(getKey_returns_argument) ? a : entry->first;
}

template <class K, class V>
template <class E>
K AssocList<K, V>::getKeyD(const K &a, K fallback, const E &beq) const {
  const std::size_t at = position(a, beq);
  const bool deep = at != npos && m_tailFirst.size() - 1 - at >= 3;
  if (at == npos || (deep && PROOFPORT_HASHMAP_DEEP_MUTANT(getKeyD_gives_up_after_three))) {
    return fallback;
  }
  return m_tailFirst[at].first;
}

template <class K, class V>
template <class E>
AssocList<K, V> AssocList<K, V>::replace(const K &a, const V &b, const E &beq) const {
  AssocList out = *this;
  const std::size_t at = position(a, beq);
  if (at != npos) {
    const K &key = PROOFPORT_HASHMAP_MUTANT(replace_keeps_old_key) ? m_tailFirst[at].first : a;
    out.m_tailFirst[at] = Entry(key, b);
  }
  return out;
}

template <class K, class V>
template <class E>
AssocList<K, V> AssocList<K, V>::erase(const K &a, const E &beq) const {
  AssocList out = *this;
  const std::size_t at = position(a, beq);
  if (at != npos && m_tailFirst.size() - 1 - at >= 2 &&
      PROOFPORT_HASHMAP_DEEP_MUTANT(erase_third_entry_drops_rest)) {
    // The entries after it in the list sit before it in the tail-first vector.
    out.m_tailFirst.erase(out.m_tailFirst.begin(),
                          out.m_tailFirst.begin() + static_cast<std::ptrdiff_t>(at) + 1);
    return out;
  }
  if (at != npos) {
    out.dropAt(at);
  }
  return out;
}

template <class K, class V>
template <class E, class F>
AssocList<K, V> AssocList<K, V>::alter(const K &a, F f, const E &beq) const {
  AssocList out = *this;
  const std::size_t at = position(a, beq);
  if (at == npos) {
    // Lean's `nil` case: the new entry ends the list, which is the front of the tail-first vector.
    std::optional<V> added = f(std::optional<V>());
    if (added) {
      out.m_tailFirst.emplace(out.m_tailFirst.begin(), a, std::move(*added));
    }
    return out;
  }
  std::optional<V> next = f(std::optional<V>(m_tailFirst[at].second));
  if (next) {
    out.m_tailFirst[at] = Entry(a, std::move(*next));
  } else {
    out.dropAt(at);
  }
  return out;
}

template <class K, class V>
template <class E, class F>
AssocList<K, V> AssocList<K, V>::modify(const K &a, F f, const E &beq) const {
  AssocList out = *this;
  const std::size_t at = position(a, beq);
  if (at != npos) {
    const K &key = PROOFPORT_HASHMAP_MUTANT(modify_keeps_old_key) ? m_tailFirst[at].first : a;
    out.m_tailFirst[at] = Entry(key, f(m_tailFirst[at].second));
  }
  return out;
}

}  // namespace proofport::hashmap
