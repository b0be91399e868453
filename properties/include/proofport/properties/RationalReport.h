// Violation reports over the exact Rational scalar: its text read back. Apart from
// ViolationReport.h so that the units that include that header for other scalar types do not
// parse Boost.Multiprecision.
#pragma once

#include <string_view>

#include "proofport/properties/ViolationReport.h"
#include "proofport/scalars/Rational.h"

namespace proofport::properties::report {

/// `p` or `p/q` in lowest terms, exactly as `ScalarTraits<Rational>::show` prints it.
template <>
struct ScalarText<Rational> {
  static constexpr bool kSupported = true;
  /// Cost: O(text²)   Throws: ReportError naming the text.
  static Rational parse(std::string_view text);
};

}  // namespace proofport::properties::report
