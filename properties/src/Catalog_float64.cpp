// Catalog entries for the float64 scalar type (one translation unit per type keeps builds parallel).
#include "proofport/properties/Register.h"

namespace proofport::properties {

std::vector<Entry> entriesFloat64() {
  return entriesFor<double>(
      {"float64", "float", "IEEE binary64: as float32 with a wider exponent and significand", {}});
}

} // namespace proofport::properties
