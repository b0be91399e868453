// Out-of-line pieces of the HashMap port's invariants: their Lean names and the error naming one.
#include "proofport/hashmap/Invariant.h"

#include <utility>

namespace proofport::hashmap {

std::string_view leanName(Invariant invariant) noexcept {
  switch (invariant) {
  case Invariant::bucketsNonEmpty: return "0 < m.buckets.size";
  case Invariant::sizeEq: return "WFImp.size_eq";
  case Invariant::bucketsHashSelf: return "WFImp.buckets_hash_self";
  case Invariant::distinct: return "WFImp.distinct";
  case Invariant::bucketCountPowerOfTwo: return "the number of buckets is always a power of two";
  case Invariant::loadFactor: return "expandIfNecessary's numBucketsForCapacity size ≤ buckets";
  }
  return "an invariant of no name";
}

namespace {
std::string withLeanName(const Violation &violation) {
  return violation.expected + " (Lean: " + std::string(leanName(violation.invariant)) + ")";
}
}  // namespace

NotWellFormed::NotWellFormed(Violation violation)
    : Error("hashmap::checkWellFormed", withLeanName(violation), std::move(violation.actual)),
      m_invariant(violation.invariant) {}

[[noreturn]] void throwNotWellFormed(Violation violation) {
  throw NotWellFormed(std::move(violation));
}

}  // namespace proofport::hashmap
