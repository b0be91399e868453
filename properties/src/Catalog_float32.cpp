// Catalog entries for the float32 scalar type (one translation unit per type keeps builds parallel).
#include "proofport/properties/Register.h"

namespace proofport::properties {

std::vector<Entry> entriesFloat32() {
  return entriesFor<float>(
      {"float32", "float", "IEEE binary32: signed zeros, NaN, inf, subnormals, absorbed additions (x + u identical to x), rounding that exposes reordered sums", {}});
}

} // namespace proofport::properties
