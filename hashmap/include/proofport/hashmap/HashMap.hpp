// Bodies of the HashMap port (proofport/hashmap/HashMap.h), each a port of its Raw₀ operation of
// src/Std/Data/DHashMap/Internal/Defs.lean (Lean core) behind Raw's guard against no buckets.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <string>
#include <utility>

#include "proofport/spec/Error.h"

/// The template head of every member defined out of the class below.
#define PROOFPORT_HASHMAP_TEMPLATE                                                                 \
  template <Storable K, Storable V, class H, class E>                                              \
  requires Hasher<H, K> && KeyEquality<E, K>

namespace proofport::hashmap {

namespace internal {
/// Lean's Nat subtraction, which stops at 0 (a raw map may cache a size of 0 and still hold an
/// entry to erase).
constexpr std::size_t natSub(std::size_t a, std::size_t b) noexcept { return a < b ? 0 : a - b; }
}  // namespace internal

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E>::HashMap(std::size_t rawSize, std::vector<Bucket> rawBuckets, H keyHasher,
                             E keyBeq)
    : m_size(rawSize), m_buckets(std::move(rawBuckets)), m_hasher(std::move(keyHasher)),
      m_beq(std::move(keyBeq)) {}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E>::HashMap(HashMap &&other) noexcept(kCopiesFunctionsFreely)
    : m_size(std::exchange(other.m_size, 0)), m_buckets(std::exchange(other.m_buckets, {})),
      m_hasher(other.m_hasher), m_beq(other.m_beq) {}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E> &
HashMap<K, V, H, E>::operator=(HashMap &&other) noexcept(kAssignsFunctionsFreely) {
  if (this != &other) {
    m_hasher = other.m_hasher;
    m_beq = other.m_beq;
    m_size = std::exchange(other.m_size, 0);
    m_buckets = std::exchange(other.m_buckets, {});
  }
  return *this;
}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E> HashMap<K, V, H, E>::empty(std::size_t capacity, H keyHasher, E keyBeq) {
  const std::size_t wanted = PROOFPORT_HASHMAP_MUTANT(empty_ignores_load_factor)
                                 ? capacity
                                 : internal::numBucketsForCapacity(capacity);
  // Lean's Nat has no bound; a std::vector does. Past it, say so rather than wrap around.
  const std::size_t limit = std::bit_floor(std::vector<Bucket>().max_size());
  if (wanted > limit) {
    throwContractError("hashmap::HashMap::empty",
                       "a capacity whose bucket count (capacity * 4 / 3) is at most " +
                           std::to_string(limit),
                       "capacity " + std::to_string(capacity));
  }
  return HashMap(0, std::vector<Bucket>(internal::nextPowerOfTwo(wanted)), std::move(keyHasher),
                 std::move(keyBeq));
}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E> HashMap<K, V, H, E>::fromRaw(std::size_t rawSize,
                                                 std::vector<Bucket> rawBuckets, H keyHasher,
                                                 E keyBeq) {
  return HashMap(rawSize, std::move(rawBuckets), std::move(keyHasher), std::move(keyBeq));
}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E> HashMap<K, V, H, E>::ofList(const std::vector<Entry> &l, H keyHasher,
                                                E keyBeq) {
  return empty(8, std::move(keyHasher), std::move(keyBeq)).insertMany(l);
}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E> HashMap<K, V, H, E>::unitOfList(const std::vector<K> &l, H keyHasher,
                                                    E keyBeq) {
  static_assert(std::same_as<V, Unit>, "unitOfList builds a HashMap<K, Unit>");
  return empty(8, std::move(keyHasher), std::move(keyBeq)).insertManyIfNewUnit(l);
}

PROOFPORT_HASHMAP_TEMPLATE
std::size_t HashMap<K, V, H, E>::index(const K &a) const {
  return internal::mkIdx(m_buckets.size(), m_hasher(a));
}

PROOFPORT_HASHMAP_TEMPLATE
std::vector<typename HashMap<K, V, H, E>::Bucket> HashMap<K, V, H, E>::expand() const {
  // Lean's expand.go: the old buckets in index order, each from its head, every entry consed onto
  // the bucket of its index among twice as many; so two entries of one old bucket that meet in a
  // new one meet in reverse order. Lean moves the cells; copying them keeps this map unchanged
  // until the new array replaces its own.
  const std::size_t doubled = m_buckets.size() * 2;
  std::vector<Bucket> target(doubled);
  const bool dropsLast =
      PROOFPORT_HASHMAP_MUTANT(expand_drops_last_bucket) ||
      (m_buckets.size() >= 16 && PROOFPORT_HASHMAP_DEEP_MUTANT(expand_from_16_drops_last_bucket));
  const std::size_t walked = dropsLast ? m_buckets.size() - 1 : m_buckets.size();
  const auto reinsert = [&](int, const K &k, const V &v) {
    std::size_t j = internal::mkIdx(doubled, m_hasher(k));
    if (PROOFPORT_HASHMAP_MUTANT(reinsert_index_off_by_one)) {
      j = (j + 1) & (doubled - 1);
    }
    target[j].cons(k, v);
    return 0;
  };
  for (std::size_t i = 0; i < walked; ++i) {
    if (PROOFPORT_HASHMAP_MUTANT(expand_keeps_bucket_order)) {
      const std::vector<Entry> entries = m_buckets[i].toList();
      for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        reinsert(0, it->first, it->second);
      }
    } else {
      m_buckets[i].foldl(reinsert, 0);
    }
  }
  return target;
}

PROOFPORT_HASHMAP_TEMPLATE
void HashMap<K, V, H, E>::expandIfNecessary(std::size_t newSize) {
  const std::size_t wanted = internal::numBucketsForCapacity(newSize);
  const bool fits = PROOFPORT_HASHMAP_MUTANT(expand_on_equality) ? wanted < m_buckets.size()
                                                                 : wanted <= m_buckets.size();
  if (!fits) {
    m_buckets = expand();
  }
}

PROOFPORT_HASHMAP_TEMPLATE
void HashMap<K, V, H, E>::consThenExpand(std::size_t i, K a, V b) {
  // Lean conses first and then expands, so the new entry is re-inserted with its old bucket.
  m_buckets[i].cons(std::move(a), std::move(b));
  try {
    expandIfNecessary(m_size + 1);
  } catch (...) {
    m_buckets[i].uncons();
    throw;
  }
  ++m_size;
}

PROOFPORT_HASHMAP_TEMPLATE
bool HashMap<K, V, H, E>::insertInPlace(K a, V b) {
  const std::size_t i = index(a);
  Bucket &bucket = m_buckets[i];
  if (bucket.contains(a, m_beq)) {
    bucket = bucket.replace(a, b, m_beq);
    return true;
  }
  consThenExpand(i, std::move(a), std::move(b));
  return false;
}

PROOFPORT_HASHMAP_TEMPLATE
bool HashMap<K, V, H, E>::insertIfNewInPlace(K a, V b) {
  const std::size_t i = index(a);
  Bucket &bucket = m_buckets[i];
  if (bucket.contains(a, m_beq)) {
    if (PROOFPORT_HASHMAP_MUTANT(insertIfNew_overwrites)) {
      bucket = bucket.replace(a, b, m_beq);
    }
    return true;
  }
  consThenExpand(i, std::move(a), std::move(b));
  return false;
}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E> HashMap<K, V, H, E>::insert(K a, V b) && {
  if (hasBuckets()) {
    insertInPlace(std::move(a), std::move(b));
  }
  return std::move(*this);
}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E> HashMap<K, V, H, E>::insertIfNew(K a, V b) && {
  if (hasBuckets()) {
    insertIfNewInPlace(std::move(a), std::move(b));
  }
  return std::move(*this);
}

PROOFPORT_HASHMAP_TEMPLATE
std::pair<bool, HashMap<K, V, H, E>> HashMap<K, V, H, E>::containsThenInsert(K a, V b) && {
  if (!hasBuckets()) {
    return {false, std::move(*this)};
  }
  const bool present = insertInPlace(std::move(a), std::move(b));
  return {present || PROOFPORT_HASHMAP_MUTANT(containsThenInsert_reports_after), std::move(*this)};
}

PROOFPORT_HASHMAP_TEMPLATE
std::pair<bool, HashMap<K, V, H, E>> HashMap<K, V, H, E>::containsThenInsertIfNew(K a, V b) && {
  if (!hasBuckets()) {
    return {false, std::move(*this)};
  }
  const bool present = insertIfNewInPlace(std::move(a), std::move(b));
  return {present, std::move(*this)};
}

PROOFPORT_HASHMAP_TEMPLATE
std::pair<std::optional<V>, HashMap<K, V, H, E>> HashMap<K, V, H, E>::getThenInsertIfNewQ(K a,
                                                                                          V b) && {
  if (!hasBuckets()) {
    return {std::nullopt, std::move(*this)};
  }
  const std::size_t i = index(a);
  std::optional<V> previous = m_buckets[i].getQ(a, m_beq);
  if (!previous) {
    consThenExpand(i, std::move(a), std::move(b));
  }
  return {std::move(previous), std::move(*this)};
}

PROOFPORT_HASHMAP_TEMPLATE
HashMap<K, V, H, E> HashMap<K, V, H, E>::erase(const K &a) && {
  if (!hasBuckets()) {
    return std::move(*this);
  }
  Bucket &bucket = m_buckets[index(a)];
  if (!bucket.contains(a, m_beq)) {
    return std::move(*this);
  }
  Bucket next;
  if (PROOFPORT_HASHMAP_MUTANT(erase_removes_colliding)) {
    const std::uint64_t hash = m_hasher(a);
    const std::vector<Entry> entries = bucket.toList();
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
      if (m_hasher(it->first) != hash) {
        next.cons(it->first, it->second);
      }
    }
  } else {
    next = bucket.erase(a, m_beq);
  }
  if (!PROOFPORT_HASHMAP_MUTANT(erase_keeps_size)) {
    m_size = internal::natSub(m_size, 1);
  }
  bucket = std::move(next);
  return std::move(*this);
}

PROOFPORT_HASHMAP_TEMPLATE
template <class F>
HashMap<K, V, H, E> HashMap<K, V, H, E>::alter(K a, F f) && {
  if (!hasBuckets()) {
    return empty(8, m_hasher, m_beq);
  }
  const std::size_t i = index(a);
  Bucket &bucket = m_buckets[i];
  if (bucket.contains(a, m_beq)) {
    // Lean counts the altered bucket again rather than trusting f's answer: a key == a may stay.
    Bucket next = bucket.alter(a, f, m_beq);
    const bool kept = next.contains(a, m_beq);
    if (!kept && !PROOFPORT_HASHMAP_MUTANT(alter_erase_keeps_size)) {
      m_size = internal::natSub(m_size, 1);
    }
    bucket = std::move(next);
    return std::move(*this);
  }
  std::optional<V> added = f(std::optional<V>());
  if (added && PROOFPORT_HASHMAP_DEEP_MUTANT(alter_expands_before_cons) &&
      internal::numBucketsForCapacity(m_size + 1) > m_buckets.size()) {
    m_buckets = expand();
    m_buckets[i].cons(std::move(a), std::move(*added));
    ++m_size;
    return std::move(*this);
  }
  if (added && !PROOFPORT_HASHMAP_MUTANT(alter_absent_ignores_some)) {
    consThenExpand(i, std::move(a), std::move(*added));
  }
  return std::move(*this);
}

PROOFPORT_HASHMAP_TEMPLATE
template <class F>
HashMap<K, V, H, E> HashMap<K, V, H, E>::modify(K a, F f) && {
  if (!hasBuckets()) {
    return empty(8, m_hasher, m_beq);
  }
  const std::size_t i = index(a);
  Bucket &bucket = m_buckets[i];
  if (bucket.contains(a, m_beq)) {
    bucket = bucket.modify(a, f, m_beq);
  } else if constexpr (std::default_initializable<V>) {
    if (PROOFPORT_HASHMAP_MUTANT(modify_absent_inserts)) {
      V made = f(V{});
      consThenExpand(i, std::move(a), std::move(made));
    }
  }
  return std::move(*this);
}

PROOFPORT_HASHMAP_TEMPLATE
template <EntryRange<K, V> R>
HashMap<K, V, H, E> HashMap<K, V, H, E>::insertMany(const R &l) && {
  if (!hasBuckets()) {
    return std::move(*this);
  }
  for (auto &&element : l) {
    Entry entry(element);
    const bool replaced = insertInPlace(std::move(entry.first), std::move(entry.second));
    if (replaced && PROOFPORT_HASHMAP_MUTANT(insertMany_counts_every_pair)) {
      ++m_size;
    }
  }
  return std::move(*this);
}

PROOFPORT_HASHMAP_TEMPLATE
template <KeyRange<K> R>
HashMap<K, V, H, E> HashMap<K, V, H, E>::insertManyIfNewUnit(const R &l) && {
  static_assert(std::same_as<V, Unit>, "insertManyIfNewUnit inserts into a HashMap<K, Unit>");
  if (!hasBuckets()) {
    return std::move(*this);
  }
  for (auto &&element : l) {
    K key(element);
    if (PROOFPORT_HASHMAP_MUTANT(unitOfList_replaces_keys)) {
      insertInPlace(std::move(key), Unit{});
    } else {
      insertIfNewInPlace(std::move(key), Unit{});
    }
  }
  return std::move(*this);
}

PROOFPORT_HASHMAP_TEMPLATE
const typename HashMap<K, V, H, E>::Bucket *HashMap<K, V, H, E>::bucketOf(const K &a) const {
  return hasBuckets() ? &m_buckets[index(a)] : nullptr;
}

PROOFPORT_HASHMAP_TEMPLATE
const typename HashMap<K, V, H, E>::Entry &
HashMap<K, V, H, E>::present(const K &a, const char *operation) const {
  const Bucket *bucket = bucketOf(a);
  const Entry *entry = bucket == nullptr ? nullptr : bucket->find(a, m_beq);
  if (entry == nullptr) {
    throwContractError(operation, "a key of the map (Lean's proof of a ∈ m)",
                       "a key no stored key is == to");
  }
  return *entry;
}

PROOFPORT_HASHMAP_TEMPLATE
bool HashMap<K, V, H, E>::contains(const K &a) const {
  const Bucket *bucket = bucketOf(a);
  return bucket != nullptr && bucket->contains(a, m_beq);
}

PROOFPORT_HASHMAP_TEMPLATE
std::optional<V> HashMap<K, V, H, E>::getQ(const K &a) const {
  const Bucket *bucket = bucketOf(a);
  return bucket == nullptr ? std::nullopt : bucket->getQ(a, m_beq);
}

PROOFPORT_HASHMAP_TEMPLATE
V HashMap<K, V, H, E>::get(const K &a) const { return present(a, "hashmap::HashMap::get").second; }

PROOFPORT_HASHMAP_TEMPLATE
V HashMap<K, V, H, E>::getD(const K &a, V fallback) const {
  const Bucket *bucket = bucketOf(a);
  return bucket == nullptr ? fallback : bucket->getD(a, std::move(fallback), m_beq);
}

PROOFPORT_HASHMAP_TEMPLATE
V HashMap<K, V, H, E>::getBang(const K &a) const { return getQ(a).value_or(V{}); }

PROOFPORT_HASHMAP_TEMPLATE
std::optional<K> HashMap<K, V, H, E>::getKeyQ(const K &a) const {
  const Bucket *bucket = bucketOf(a);
  return bucket == nullptr ? std::nullopt : bucket->getKeyQ(a, m_beq);
}

PROOFPORT_HASHMAP_TEMPLATE
K HashMap<K, V, H, E>::getKey(const K &a) const {
  return present(a, "hashmap::HashMap::getKey").first;
}

PROOFPORT_HASHMAP_TEMPLATE
K HashMap<K, V, H, E>::getKeyD(const K &a, K fallback) const {
  const Bucket *bucket = bucketOf(a);
  return bucket == nullptr ? fallback : bucket->getKeyD(a, std::move(fallback), m_beq);
}

PROOFPORT_HASHMAP_TEMPLATE
K HashMap<K, V, H, E>::getKeyBang(const K &a) const { return getKeyQ(a).value_or(K{}); }

PROOFPORT_HASHMAP_TEMPLATE
template <class G, class F>
G HashMap<K, V, H, E>::fold(F f, G init) const {
  for (const Bucket &bucket : m_buckets) {
    init = bucket.foldl(std::ref(f), std::move(init));
  }
  return init;
}

PROOFPORT_HASHMAP_TEMPLATE
std::vector<typename HashMap<K, V, H, E>::Entry> HashMap<K, V, H, E>::toList() const {
  std::vector<Entry> out;
  const std::size_t walked =
      PROOFPORT_HASHMAP_MUTANT(toList_skips_top_half) ? m_buckets.size() / 2 : m_buckets.size();
  for (std::size_t i = 0; i < walked; ++i) {
    const std::vector<Entry> entries = m_buckets[i].toList();
    const std::size_t copied =
        PROOFPORT_HASHMAP_DEEP_MUTANT(toList_copies_three_per_bucket) && entries.size() > 3
            ? 3
            : entries.size();
    out.insert(out.end(), entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(copied));
  }
  return out;
}

PROOFPORT_HASHMAP_TEMPLATE
std::vector<K> HashMap<K, V, H, E>::keys() const {
  return fold(
      [](std::vector<K> out, const K &k, const V &) {
        out.push_back(k);
        return out;
      },
      std::vector<K>());
}

}  // namespace proofport::hashmap

#undef PROOFPORT_HASHMAP_TEMPLATE
