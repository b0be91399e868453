// Key types that test what Int and String keys cannot: keys that are `==` but not identical
// (CaseInsensitive) and keys that all share one hash (OneBucket).
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace proofport::hashmap {

/// An ASCII string whose `==` ignores case (`"a" == "A"`), hashed by its lower-case form so that
/// `==` keys hash alike (Lean's `EquivBEq` and `LawfulHashable` hold, `LawfulBEq` does not: `=`
/// still tells `"a"` from `"A"`). A map that keeps the stored key where Lean's `insert` replaces
/// it shows here.   Cost: O(length) per comparison and hash.
struct CaseInsensitive {
  std::string text;
  friend bool operator==(const CaseInsensitive &a, const CaseInsensitive &b) noexcept;
};

/// `x` as lower case ASCII.   Cost: O(length)
std::string lowered(const CaseInsensitive &x);

/// An integer key whose hash is the same for every key: every entry lands in one bucket, so each
/// operation must tell colliding keys apart by `==` alone.   Cost: O(1)
struct OneBucket {
  int value = 0;
  friend bool operator==(const OneBucket &a, const OneBucket &b) noexcept = default;
};

}  // namespace proofport::hashmap

/// Hashes the lower-case form (std::hash<std::string> of it).
template <>
struct std::hash<proofport::hashmap::CaseInsensitive> {
  std::size_t operator()(const proofport::hashmap::CaseInsensitive &x) const {
    return std::hash<std::string>{}(proofport::hashmap::lowered(x));
  }
};

/// Every key to 0.
template <>
struct std::hash<proofport::hashmap::OneBucket> {
  std::size_t operator()(const proofport::hashmap::OneBucket &) const noexcept { return 0; }
};
