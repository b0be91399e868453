// One catalog entry as a fuzz target: each input (case bytes, CaseBytes.h) is one property case,
// evaluated as `proofport replay` evaluates a token; a failing case is shrunk and reported as
// `proofport run` reports one, with the token that replays it on any build.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "proofport/fuzz/CaseBytes.h"
#include "proofport/runner/Catalog.h"
#include "proofport/runner/Runner.h"

namespace proofport::fuzz {

/// What one input was.
struct Evaluation {
  enum class Kind {
    /// The case held.
    Holds,
    /// Not a case: bytes a fuzzer should not keep (a path longer than kMaxPath, a shrink index
    /// the case does not have), or a case whose premises did not hold. Never checked.
    Discarded,
    /// The case failed: `result` holds the shrunk counterexample and its token.
    Falsified,
  };
  Kind kind = Kind::Discarded;
  /// The decoded case (none for bytes that do not decode).
  std::optional<CaseBytes> input;
  /// The replay (Falsified: shrunk, with `reproduceToken`).
  runner::RunResult result;
  /// False when the bytes name no case: a path longer than kMaxPath or a shrink index the case
  /// does not have (Discarded). True for a case whose premises did not hold.
  bool exists = true;
};

/// An entry that runs (supported and admissible) and how long a failure's shrink may take.
class Target {
public:
  /// Shapes: `entry` outlives the target.
  /// Throws: ContractError if the entry does not run (naming its verdict).
  explicit Target(const runner::Entry &entry,
                  std::chrono::milliseconds shrinkBudget = std::chrono::seconds(10));

  /// Evaluates the input `data`.
  /// Cost: one generation, one shrink-path walk (the path's steps), one property evaluation;
  /// a failure's shrink on top (at most the shrink budget).
  /// Throws: nothing a property throws (an exception of the port fails the case), only
  /// std::bad_alloc.
  Evaluation evaluate(const std::uint8_t *data, std::size_t size) const;
  /// Evaluates the decoded case `input`; a falsified case is shrunk only with `shrinkFailure`
  /// (crash shrinking, Crash.h, wants the case itself).
  /// Cost: as above.   Throws: as above.
  Evaluation evaluate(const CaseBytes &input, bool shrinkFailure = true) const;

  const runner::Entry &entry() const noexcept { return *m_entry; }

private:
  const runner::Entry *m_entry;
  std::chrono::milliseconds m_shrinkBudget;
};

}  // namespace proofport::fuzz
