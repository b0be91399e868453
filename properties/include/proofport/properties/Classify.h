// Classification of the deferred context's cases: merged runs, fixed-point exits, duplicate
// support, epochs above the clock, over the framework's classes (signed zeros, NaN, empty packs,
// zero-sized dims: proofport/runner/Classify.h). A history needs merged runs; a replay of pending
// additions needs fixed-point exits; a support list needs duplicates; raw epochs need epochs
// above the clock. Zero-length runs are reported, not required.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/core/Gradients.h"
#include "proofport/properties/Check.h"
#include "proofport/runner/Classify.h"
#include "proofport/spec/History.h"

namespace proofport::properties {

/// The classes a case of the deferred context can exercise, and the framework's.
namespace cls {
using namespace runner::cls;
inline constexpr const char *kMergedRuns = "merged runs";
inline constexpr const char *kZeroRuns = "zero-length runs";
inline constexpr const char *kFixedPoint = "fixed-point exits";
inline constexpr const char *kDuplicateSupport = "duplicate support";
inline constexpr const char *kEpochAboveClock = "epochs above the clock";
}  // namespace cls

using runner::classify;
using runner::classifyScalar;

/// Merged runs (n >= 2), zero-length runs, and the run values.   Cost: O(runs)
template <Scalar S>
void classify(const ::proofport::Deferred::History<S> &h) {
  runner::needs(cls::kMergedRuns);
  for (const auto &run : h.runs) {
    if (run.n >= 2) {
      runner::tag(cls::kMergedRuns);
    }
    if (run.n == 0) {
      runner::tag(cls::kZeroRuns);
    }
    classifyScalar(run.u);
  }
}

/// Raw epochs above the clock.   Cost: O(epochs)
inline void classifyEpochs(std::size_t clock, const std::vector<std::size_t> &epochs) {
  runner::needs(cls::kEpochAboveClock);
  for (const std::size_t e : epochs) {
    if (e > clock) {
      runner::tag(cls::kEpochAboveClock);
    }
  }
}

/// Whether replaying the most recent `count` additions of `h` onto `x` reaches a fixed point
/// with applications of its run still left (where `repeatStable` saves work). Replays the
/// flattened additions one by one, without the production replay; looks at the oldest 4096.
/// Cost: O(min(count, 4096) × elements)
template <Scalar S>
void classifyReplay(const ::proofport::Deferred::History<S> &h, std::size_t count,
                    const Tensor<S> &x) {
  if (count == 0 || h.runs.empty()) {
    return;
  }
  runner::needs(cls::kFixedPoint);
  // The additions newest first, tagged with their run, then cut to `count` (and to a bound
  // that keeps classification cheap on huge generated run lengths).
  constexpr std::size_t kMostAdditions = 4096;
  const std::size_t wanted = std::min(count, kMostAdditions);
  std::vector<std::size_t> runOf;
  for (std::size_t k = h.runs.size(); k > 0 && runOf.size() < wanted; --k) {
    for (std::size_t j = 0; j < h.runs[k - 1].n && runOf.size() < wanted; ++j) {
      runOf.push_back(k - 1);
    }
  }
  std::vector<S> value(x.values());
  for (std::size_t a = runOf.size(); a > 0; --a) {
    const S &u = h.runs[runOf[a - 1]].u;
    bool same = true;
    for (S &element : value) {
      const S next = element + u;
      same = same && ScalarTraits<S>::identical(next, element);
      element = next;
    }
    const bool moreOfThisRun = a >= 2 && runOf[a - 2] == runOf[a - 1];
    if (same && moreOfThisRun) {
      runner::tag(cls::kFixedPoint);
      return;
    }
  }
}

/// Duplicate positions in an index list.   Cost: O(n²) on the small lists generated
inline void classify(const std::vector<SomeIdx> &indices) {
  runner::needs(cls::kDuplicateSupport);
  for (std::size_t a = 0; a < indices.size(); ++a) {
    for (std::size_t b = a + 1; b < indices.size(); ++b) {
      if (indices[a].i == indices[b].i) {
        runner::tag(cls::kDuplicateSupport);
        return;
      }
    }
  }
}

/// The stored tensors, the history, and each position's pending replay.
/// Cost: O(Σ elements × pending additions)
template <Scalar S>
void classify(const ::proofport::GradientContext<S> &ctx) {
  const auto &values = ctx.stored().values();
  if (values.empty()) {
    runner::tag(cls::kEmptyPack);
  }
  classify(ctx.history());
  for (std::size_t i = 0; i < values.size(); ++i) {
    classify(values[i]);
    // A missing slot reads as 0, as in the port (only a faulty build leaves one missing).
    const std::size_t epoch = i < ctx.epochs().size() ? ctx.epochs()[i] : 0;
    classifyReplay(ctx.history(), ctx.clock() > epoch ? ctx.clock() - epoch : 0, values[i]);
  }
}

/// The support, the uniform and the dense pack.   Cost: that of `dense()`
template <Scalar S>
void classify(const ::proofport::Contributions<S> &c) {
  classify(c.support());
  classifyScalar(c.uniform());
  classify(c.dense());
}

}  // namespace proofport::properties
