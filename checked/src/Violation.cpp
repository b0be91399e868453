// Out-of-line pieces of theorem violations: the message and the policy dispatch.
#include "proofport/checked/Violation.h"

#include <cstdlib>
#include <iostream>
#include <utility>

namespace proofport::checked {
namespace {

/// `Proofs…lookup_set to hold: position 1, element 0 reads 1 (0x1p+0)`.
std::string expectedText(const ViolationDetails &d) {
  std::string out = d.theorem + " to hold";
  if (d.position) {
    out += ": position " + std::to_string(*d.position);
    if (d.element) {
      out += ", element " + std::to_string(*d.element);
    }
    out += " reads";
  } else {
    out += ":";
  }
  return out + " " + d.expected;
}

}  // namespace

TheoremViolation::TheoremViolation(ViolationDetails details)
    : Error(details.operation, expectedText(details), details.actual),
      m_details(std::move(details)) {}

std::string leanName(const std::string &name) { return "Proofs.Autograd.Algebra." + name; }

[[noreturn]] void throwViolation(const TheoremViolation &violation) {
  throw TheoremViolation(violation);
}

void dispatchViolation(const TheoremViolation &violation, const CheckOptions &options) {
  if (options.handler) {
    options.handler(violation);
  }
  if (options.policy == ViolationPolicy::raise) {
    throwViolation(violation);
  }
  std::ostream &log = options.log != nullptr ? *options.log : std::cerr;
  log << "proofport: theorem violation over " << violation.scalar() << ": " << violation.what()
      << '\n';
  if (!violation.reportPath().empty()) {
    log << "proofport: replay with: proofport replay " << violation.reportPath() << '\n';
  }
  log.flush();
  if (options.policy == ViolationPolicy::abort) {
    std::abort();
  }
}

}  // namespace proofport::checked
