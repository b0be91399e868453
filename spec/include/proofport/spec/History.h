// The run-length history of deferred uniform additions: a plain data type (vocabulary).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "proofport/spec/Scalar.h"

namespace proofport::Deferred {

/// One run: the uniform `u` added `n` times in a row. `n == 0` is legal.
template <Scalar S>
struct Run {
  S u;
  std::size_t n = 0;
};

/// Runs of uniform additions. Lean's list is newest first; here `runs.back()` is the newest
/// (Lean's head) so that `push` is O(1). Any list is a valid history: zero-length runs and
/// adjacent identical runs included.
/// Lean: Proofs.Autograd.Algebra.Deferred.History
template <Scalar S>
struct History {
  /// Oldest first; `runs.back()` is the newest run.
  std::vector<Run<S>> runs;

  /// Total number of additions recorded, saturating at SIZE_MAX.   Cost: O(runs)
  std::size_t length() const {
    std::size_t total = 0;
    for (const auto &run : runs) {
      total = run.n > static_cast<std::size_t>(-1) - total ? static_cast<std::size_t>(-1)
                                                           : total + run.n;
    }
    return total;
  }
};

/// Newest first, as Lean writes it: `[(u, n), …]` with exact scalars.
template <Scalar S>
std::string showHistory(const History<S> &h) {
  std::string out = "history[";
  for (std::size_t k = h.runs.size(); k > 0; --k) {
    out += k == h.runs.size() ? "" : ", ";
    out += '(';
    out += ScalarTraits<S>::show(h.runs[k - 1].u) + ", " + std::to_string(h.runs[k - 1].n) + ")";
  }
  out += "] (newest first)";
  return out;
}

template <Scalar S>
void showValue(const History<S> &h, std::ostream &os) {
  os << showHistory(h);
}

}  // namespace proofport::Deferred
