// Catalog entries for the rational scalar type (one translation unit per type keeps builds parallel).
#include "proofport/properties/Register.h"

namespace proofport::properties {

std::vector<Entry> entriesRational() {
  return entriesFor<::proofport::Rational>(
      {"rational", "exact", "exact rationals: any dropped, repeated or misapplied addition changes the value", {}});
}

} // namespace proofport::properties
