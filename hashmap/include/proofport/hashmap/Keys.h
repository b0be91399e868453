// Key types that test what Int and String keys cannot: keys that are `==` but not identical
// (CaseInsensitive, FiniteFloat's zeros), keys that all share one hash (OneBucket), and keys whose
// instances break a law Lean's lemmas assume (NaNFloat: no EquivBEq; CaseSensitiveHash: no
// LawfulHashable), whose claims the interpreter refuses (interp::checkClaims).
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

/// A double that is never NaN, compared by IEEE `==`: `-0.0 == +0.0`, yet Lean's `=` (the bit
/// pattern) tells them apart. Hashed so that both zeros hash alike, so `EquivBEq` and
/// `LawfulHashable` hold and `LawfulBEq` does not. Which zero a map stores shows here.
/// Cost: O(1) per comparison and hash.
struct FiniteFloat {
  double value = 0.0;
  friend bool operator==(const FiniteFloat &a, const FiniteFloat &b) noexcept {
    return a.value == b.value;
  }
};

/// A double compared by IEEE `==`, NaN included: `NaN == NaN` is false, so `==` is not
/// reflexive and a claim of `ReflBEq` or `EquivBEq` is refused (the lemmas that need them are
/// not admissible). Hashed as FiniteFloat.   Cost: O(1) per comparison and hash.
struct NaNFloat {
  double value = 0.0;
  friend bool operator==(const NaNFloat &a, const NaNFloat &b) noexcept {
    return a.value == b.value;
  }
};

/// An ASCII string compared as CaseInsensitive but hashed by its exact text: `"A" == "a"` with
/// different hashes, so a claim of `LawfulHashable` is refused (the lemmas that need it are not
/// admissible) and two `==` keys may sit in different buckets.
/// Cost: O(length) per comparison and hash.
struct CaseSensitiveHash {
  std::string text;
  friend bool operator==(const CaseSensitiveHash &a, const CaseSensitiveHash &b) noexcept;
};

/// A double's hash with both zeros hashed alike (std::hash of the value, 0 for either zero).
/// Cost: O(1)
std::size_t hashDouble(double x) noexcept;

}  // namespace proofport::hashmap

/// Both zeros to one hash.
template <>
struct std::hash<proofport::hashmap::FiniteFloat> {
  std::size_t operator()(const proofport::hashmap::FiniteFloat &x) const noexcept {
    return proofport::hashmap::hashDouble(x.value);
  }
};

/// As FiniteFloat's; each NaN by its bits.
template <>
struct std::hash<proofport::hashmap::NaNFloat> {
  std::size_t operator()(const proofport::hashmap::NaNFloat &x) const noexcept {
    return proofport::hashmap::hashDouble(x.value);
  }
};

/// The exact text's hash: unlawful for the case-insensitive `==`, on purpose.
template <>
struct std::hash<proofport::hashmap::CaseSensitiveHash> {
  std::size_t operator()(const proofport::hashmap::CaseSensitiveHash &x) const {
    return std::hash<std::string>{}(x.text);
  }
};

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
