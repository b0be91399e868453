// Parsing of MaxPlus text, and the overflow error of its product.
#include "proofport/scalars/MaxPlus.h"

#include <limits>

#include "Text.h"

namespace proofport::scalars {

MaxPlus MaxPlus::parse(std::string_view text) {
  if (text == "-inf") {
    return negInf();
  }
  using L = std::numeric_limits<std::int64_t>;
  return MaxPlus(detail::parseCanonicalInteger(
      text, L::min(), L::max(), "MaxPlus::parse",
      "\"-inf\" or a decimal int64 as MaxPlus::show writes it (no '+', no leading zeros, "
      "no \"-0\", no spaces)"));
}

void MaxPlus::throwOverflow(MaxPlus a, MaxPlus b) {
  throwContractError("MaxPlus::operator*", "a tropical product (integer sum) within int64",
                     a.show() + " * " + b.show() + " overflows");
}

}  // namespace proofport::scalars
