// A hash map of its own: open addressing in one array of slots, a key stored in the first slot
// from its hash's on that is free or holds an `==` key (linear probing), an erased entry's
// followers shifted back into the hole (no tombstones), the array doubled before it is three
// quarters full. Checked against Lean core's Std.HashMap lemmas through one adapter
// (src/Porting.cpp).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace probe {

template <class K, class V, class Hash = std::hash<K>>
class ProbeMap {
public:
  using Entry = std::pair<K, V>;

  /// An empty map with room for `capacity` entries before it grows.   Cost: O(capacity)
  /// Throws: std::length_error if `capacity` exceeds 2^40.
  explicit ProbeMap(std::size_t capacity = 8) : m_slots(slotsFor(capacity)) {}

  /// The entry of the key `== k`, or null.   Cost: O(1) expected
  const Entry *find(const K &k) const {
    const auto &slot = m_slots[slotOf(k)];
    return slot ? &*slot : nullptr;
  }
  /// Stores `k ↦ v`; an entry of a key `== k` is replaced, key and value (as Lean's insert).
  /// Cost: O(1) amortized
  void insert(K k, V v) {
    if ((m_size + 1) * 4 > m_slots.size() * 3) {
      grow();
    }
    auto &slot = m_slots[slotOf(k)];
    m_size += slot ? 0 : 1;
    slot.emplace(std::move(k), std::move(v));
  }
  /// Removes the entry of the key `== k`, if any; each follower of its run that may sit nearer
  /// its home slot moves back into the hole.   Cost: O(1) expected
  void erase(const K &k) {
    std::size_t hole = slotOf(k);
    if (!m_slots[hole]) {
      return;
    }
    m_slots[hole].reset();
#ifndef PROBE_MAP_ERASE_KEEPS_SIZE  // a deliberate bug, for the example's failing test
    --m_size;
#endif
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t j = (hole + 1) & mask; m_slots[j]; j = (j + 1) & mask) {
      // The hole lies on the entry's probe path (from its home to j): it moves there.
      if (((j - homeOf(m_slots[j]->first)) & mask) >= ((j - hole) & mask)) {
        m_slots[hole] = std::move(m_slots[j]);
        m_slots[j].reset();
        hole = j;
      }
    }
  }
  /// How many entries are stored.   Cost: O(1)
  std::size_t size() const { return m_size; }
  /// The entries in slot order.   Cost: O(slots)
  std::vector<Entry> entries() const {
    std::vector<Entry> out;
    for (const auto &slot : m_slots) {
      if (slot) {
        out.push_back(*slot);
      }
    }
    return out;
  }

private:
  /// Throws std::length_error: a capacity above 2^40 entries.
  [[noreturn]] static void refuseCapacity() {
    throw std::length_error("ProbeMap: capacity above 2^40");
  }
  /// The smallest power of two whose three quarters hold `capacity` entries.
  static std::size_t slotsFor(std::size_t capacity) {
    if (capacity > (std::size_t{1} << 40)) {
      refuseCapacity();
    }
    std::size_t n = 1;
    while (n * 3 < capacity * 4) {
      n *= 2;
    }
    return n;
  }
  std::size_t homeOf(const K &k) const { return Hash{}(k) & (m_slots.size() - 1); }
  /// The slot holding the key `== k`, else the free slot that ends its probe (there is one: the
  /// array is never full).
  std::size_t slotOf(const K &k) const {
    std::size_t i = homeOf(k);
    while (m_slots[i] && !(m_slots[i]->first == k)) {
      i = (i + 1) & (m_slots.size() - 1);
    }
    return i;
  }
  void grow() {
    std::vector<std::optional<Entry>> old(m_slots.size() * 2);
    old.swap(m_slots);
    for (auto &slot : old) {
      if (slot) {
        m_slots[slotOf(slot->first)] = std::move(slot);
      }
    }
  }

  std::vector<std::optional<Entry>> m_slots;
  std::size_t m_size = 0;
};

}  // namespace probe
