// Parsing of Wrap8 text.
#include "proofport/scalars/Wrap8.h"

#include "Text.h"

namespace proofport::scalars {

Wrap8 Wrap8::parse(std::string_view text) {
  const std::int64_t v = detail::parseCanonicalInteger(
      text, 0, 255, "Wrap8::parse",
      "a decimal integer in [0, 255] as Wrap8::show writes it (no sign, no leading zeros, "
      "no spaces)");
  return Wrap8(static_cast<std::uint8_t>(v));
}

}  // namespace proofport::scalars
