// The size of a shown counterexample, for picking the smallest kill of a mutant.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "proofport/runner/Input.h"

namespace proofport::runner {

/// How big a shown counterexample is, read off its exact text: tensors (`tensor(` values),
/// their largest element count, history runs (`(u, n)` groups inside `history[…]`), commands
/// (lines of a command sequence) and graph nodes (`#k:` entries of a `graph(…)`, `node(…)`).
struct CaseSize {
  std::size_t tensors = 0;
  std::size_t maxElements = 0;
  std::size_t elements = 0;
  std::size_t historyRuns = 0;
  std::size_t commands = 0;
  std::size_t nodes = 0;

  /// The mutation-analysis target: at most 2 tensors of at most 2 elements, at most 3 runs;
  /// a graph case (its inputs, tangents and seeds are tensors of every position) at most 3
  /// nodes.
  bool minimal() const {
    return nodes > 0 ? nodes <= 3 : tensors <= 2 && maxElements <= 2 && historyRuns <= 3;
  }
  /// Orders sizes by total weight, for picking the smallest counterexample.
  std::size_t weight() const { return tensors + elements + historyRuns + commands + nodes; }
};

/// Measures `counterexample` as printed by RapidCheck (see CaseSize).   Cost: O(text)
CaseSize measure(const std::vector<Input> &counterexample);

/// `2 tensors (max 1 element), 1 run, 0 commands`.
std::string showSize(const CaseSize &size);

}  // namespace proofport::runner
