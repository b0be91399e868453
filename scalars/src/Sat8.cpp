// Parsing of Sat8 text.
#include "proofport/scalars/Sat8.h"

#include "Text.h"

namespace proofport::scalars {

Sat8 Sat8::parse(std::string_view text) {
  const std::int64_t v = detail::parseCanonicalInteger(
      text, kMin, kMax, "Sat8::parse",
      "a decimal integer in [-128, 127] as Sat8::show writes it (no '+', no leading zeros, "
      "no \"-0\", no spaces)");
  return Sat8(static_cast<std::int8_t>(v));
}

}  // namespace proofport::scalars
