// Counterexamples as people read them: the registered scalar name instead of the C++ type, and
// the failure as an indented block.
#pragma once

#include <string>

namespace proofport::runner {

struct RunResult;

/// `type` with every whole-token occurrence of `from` replaced by `to` (`float` inside
/// `float32` is not a token), so `GradientContext<boost::multiprecision::number<…>>` reads
/// `GradientContext<rational>`.   Cost: O(type)
std::string renameType(const std::string &type, const std::string &from, const std::string &to);

/// The counterexample and description as an indented multi-line block.
std::string describeFailure(const RunResult &result);

/// The inputs of `result.counterexample`, one line each: `    name := value` for a named input
/// (the Lean binder it stands for), `    type = value` for an unnamed one; a multi-line value
/// (a command sequence) as `    name :=` (or `    type =`) and one line per command indented
/// two more spaces.   Cost: O(text)
std::string describeInputs(const RunResult &result);

}  // namespace proofport::runner
