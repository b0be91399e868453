// The invariants of a well-formed HashMap port, and the error that names the one a map breaks.
#pragma once

#include <string>
#include <string_view>

#include "proofport/spec/Error.h"

namespace proofport::hashmap {

/// One invariant of a well-formed map, in the order checkWellFormed checks them. The first four
/// are what Lean's `Raw.WF` gives (`Raw.WF.out` proves `Raw.WFImp`, and `WF` maps have buckets);
/// the last two are what its operations keep besides (Lean's implementation notes: "the number of
/// buckets is always a power of two"; the resize rule of expandIfNecessary).
enum class Invariant {
  /// At least one bucket (Lean: the `0 < m.buckets.size` of `Raw₀`, which `WF` gives).
  bucketsNonEmpty,
  /// The cached size is the number of entries in the buckets (Lean: `WFImp.size_eq`).
  sizeEq,
  /// Every entry is in the bucket mkIdx gives its key's hash (Lean: `WFImp.buckets_hash_self`).
  bucketsHashSelf,
  /// No two entries have == keys: for entries i before j in toList's order, `beq(kᵢ, kⱼ)` is
  /// false (Lean: `WFImp.distinct`, `DistinctKeys` of `toListModel`).
  distinct,
  /// The bucket count is a power of two (Lean's implementation notes; not in WFImp).
  bucketCountPowerOfTwo,
  /// size * 4 / 3 is at most the bucket count: every insertion that could break it doubles the
  /// buckets first (Lean's expandIfNecessary; not in WFImp).
  loadFactor,
};

/// The invariant's name as Lean states it (`WFImp.size_eq`), or as its doc comment words it.
/// Cost: O(1)   Throws: nothing.
std::string_view leanName(Invariant invariant) noexcept;

/// A broken invariant: which, what it required and what the map had, in words and numbers.
struct Violation {
  Invariant invariant;
  std::string expected;
  std::string actual;
};

/// A map is not well-formed: `what()` reads `hashmap::checkWellFormed: expected <the invariant,
/// with its Lean name>, got <what the map has>`. Thrown by a check; nothing was changed.
class NotWellFormed : public Error {
public:
  /// Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  explicit NotWellFormed(Violation violation);

  /// The invariant the map breaks.
  Invariant invariant() const noexcept { return m_invariant; }

private:
  Invariant m_invariant;
};

/// Throws NotWellFormed(violation), always.   Cost: O(message)
[[noreturn]] void throwNotWellFormed(Violation violation);

}  // namespace proofport::hashmap
