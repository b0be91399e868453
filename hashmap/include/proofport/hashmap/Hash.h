// Keys of the HashMap port: Lean's `Hashable` (a hash to UInt64) and `BEq` as function objects,
// the default hasher Hash<K>, and Lean's Unit as a value type.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <variant>

namespace proofport::hashmap {

/// A hasher of keys K, Lean's `[Hashable α]`: a copyable function object giving each key a
/// std::uint64_t (Lean's `UInt64`), the same for keys the map's KeyEquality calls equal (Lean's
/// `LawfulHashable`, which the map relies on and does not check).
template <class H, class K>
concept Hasher = std::copy_constructible<H> && requires(const H &hasher, const K &key) {
  { hasher(key) } -> std::same_as<std::uint64_t>;
};

/// The key comparison of a map with keys K, Lean's `[BEq α]`: a copyable function object
/// `beq(a, b)`. Lean's lemmas need it an equivalence (`EquivBEq`); the map works with any.
template <class E, class K>
concept KeyEquality = std::copy_constructible<E> && requires(const E &beq, const K &a, const K &b) {
  { beq(a, b) } -> std::convertible_to<bool>;
};

/// The default hasher. Mirrors Lean's `Hashable` instances where Lean has one: an unsigned
/// integer hashes to itself (Nat, UInt8 … UInt64), a signed integer n to 2n when n ≥ 0 and to
/// 2(-n-1)+1 when n < 0 (Int, modulo 2^64), a bool to 11 (true) or 13 (false). A float or double
/// hashes to its bit pattern, with both zeros to 0 so that `-0.0 == +0.0` keys hash alike (Lean
/// core has no Hashable Float; this one is lawful for ==). Any other key hashes with std::hash,
/// widened (not Lean's: Lean's String hash is its own).
/// Cost: O(1) (std::hash's cost otherwise)   Throws: nothing but what std::hash throws.
template <class K>
struct Hash {
  std::uint64_t operator()(const K &key) const {
    if constexpr (std::is_same_v<K, bool>) {
      return key ? 11 : 13;
    } else if constexpr (std::is_integral_v<K> && std::is_unsigned_v<K>) {
      return static_cast<std::uint64_t>(key);
    } else if constexpr (std::is_integral_v<K>) {
      // Unsigned arithmetic: 2n wraps modulo 2^64 as Lean's UInt64.ofNat does, and -(n+1)
      // cannot overflow for the least n.
      if (key >= 0) {
        return 2 * static_cast<std::uint64_t>(key);
      }
      return 2 * static_cast<std::uint64_t>(-(key + 1)) + 1;
    } else if constexpr (std::is_same_v<K, double>) {
      return key == 0.0 ? 0 : std::bit_cast<std::uint64_t>(key);
    } else if constexpr (std::is_same_v<K, float>) {
      return key == 0.0F ? 0 : std::uint64_t{std::bit_cast<std::uint32_t>(key)};
    } else {
      return static_cast<std::uint64_t>(std::hash<K>{}(key));
    }
  }
};

/// Lean's `Unit`: the one value of the value type of a map used as a set (`unitOfList`,
/// `insertManyIfNewUnit`). It is std::monostate, the C++ spelling of a type with one value, so
/// that a `HashMap<K, Unit>` is the map the statement interpreter passes for `HashMap α Unit`.
using Unit = std::monostate;

}  // namespace proofport::hashmap
