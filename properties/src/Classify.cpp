// The health rule: which classes a property's cases must exercise, given what they carry.
#include "proofport/properties/Classify.h"

namespace proofport::properties {

std::set<std::string> neededClasses(const std::set<std::string> &carriers) {
  std::set<std::string> out;
  const auto needs = [&](const char *carrier, std::initializer_list<const char *> classes) {
    if (carriers.count(carrier) != 0) {
      out.insert(classes.begin(), classes.end());
    }
  };
  needs("history", {cls::kMergedRuns});
  needs("replay", {cls::kFixedPoint});
  needs(detail::kSignedZeroScalars, {cls::kSignedZero});
  needs(detail::kNaNScalars, {cls::kNaN});
  needs("support", {cls::kDuplicateSupport});
  needs("raw epochs", {cls::kEpochAboveClock});
  return out;
}

}  // namespace proofport::properties
