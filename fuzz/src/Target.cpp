// One catalog entry as a fuzz target: evaluating an input (Target.h).
#include "proofport/fuzz/Target.h"

#include "proofport/spec/Error.h"

namespace proofport::fuzz {

Target::Target(const runner::Entry &entry, std::chrono::milliseconds shrinkBudget)
    : m_entry(&entry), m_shrinkBudget(shrinkBudget) {
  if (!entry.runs()) {
    throwContractError("fuzz::Target", "an entry that runs (supported and admissible)",
                       entry.id() + " is " +
                           (entry.supported()
                                ? "not admissible (it needs " + entry.missingNames() + ")"
                                : "unsupported: " + entry.unsupported));
  }
}

Evaluation Target::evaluate(const std::uint8_t *data, std::size_t size) const {
  const std::optional<CaseBytes> input = decode(data, size);
  if (!input) {
    Evaluation out;
    out.exists = false;
    return out;
  }
  return evaluate(*input);
}

Evaluation Target::evaluate(const CaseBytes &input, bool shrinkFailure) const {
  Evaluation out;
  out.input = input;
  runner::RunOptions options;
  options.shrinkUntil = std::chrono::steady_clock::now() +
                        (shrinkFailure ? m_shrinkBudget : std::chrono::milliseconds::zero());
  out.result = runner::replayShrunk(*m_entry, tokenOf(m_entry->id(), input), options);
  switch (out.result.verdict) {
  case runner::RunResult::Verdict::Passed: out.kind = Evaluation::Kind::Holds; break;
  case runner::RunResult::Verdict::Falsified: out.kind = Evaluation::Kind::Falsified; break;
  case runner::RunResult::Verdict::GaveUp: out.kind = Evaluation::Kind::Discarded; break;
  default:
    // The replay found no case at the path (runner::replay's error): bytes to discard.
    out.kind = Evaluation::Kind::Discarded;
    out.exists = false;
    break;
  }
  return out;
}

}  // namespace proofport::fuzz
