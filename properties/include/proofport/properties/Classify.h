// Classification of generated cases: what each case exercised (merged runs, fixed-point exits,
// signed zeros, …), recorded as RapidCheck tags, and the health rule that a property's cases
// must exercise every class its inputs can carry.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/core/Gradients.h"
#include "proofport/properties/Engine.h"
#include "proofport/spec/History.h"

namespace proofport::properties {

/// The classes a case can exercise.
namespace cls {
inline constexpr const char *kMergedRuns = "merged runs";
inline constexpr const char *kZeroRuns = "zero-length runs";
inline constexpr const char *kFixedPoint = "fixed-point exits";
inline constexpr const char *kSignedZero = "signed zeros";
inline constexpr const char *kNaN = "NaN";
inline constexpr const char *kDuplicateSupport = "duplicate support";
inline constexpr const char *kEmptyPack = "empty packs";
inline constexpr const char *kZeroSizedDim = "zero-sized dims";
inline constexpr const char *kEpochAboveClock = "epochs above the clock";
/// Tags naming what a case CARRIES (a history, an IEEE tensor, …) start with this prefix; the
/// health check derives the classes a property needs from them.
inline constexpr const char *kCarrier = "carrier:";
}  // namespace cls

/// The classes a property must exercise, given the carriers its cases showed: a history needs
/// merged runs; a replay of pending additions needs fixed-point exits; a scalar of a type with
/// a negative zero needs signed zeros, of a type with NaN needs NaN (`ScalarTraits::hasSignedZero`,
/// `hasNaN`); a support list needs duplicates; raw epochs need epochs above the clock. Empty
/// packs, zero-sized dims and zero-length runs are reported, not required.
std::set<std::string> neededClasses(const std::set<std::string> &carriers);

namespace detail {
inline void tag(const char *name) { engine::tag(name); }
inline void carrier(const char *name) { engine::tag(std::string(cls::kCarrier) + name); }

/// Carrier names for scalars of a type that can hold -0 or NaN (`ScalarTraits` flags).
inline constexpr const char *kSignedZeroScalars = "signed-zero scalars";
inline constexpr const char *kNaNScalars = "NaN scalars";

/// Tags the carriers of the special values S can hold.   Cost: O(1)
template <Scalar S>
void carrySpecials() {
  if constexpr (ScalarTraits<S>::hasSignedZero) {
    carrier(kSignedZeroScalars);
  }
  if constexpr (ScalarTraits<S>::hasNaN) {
    carrier(kNaNScalars);
  }
}

/// Tags the special values `value` is (-0, NaN).   Cost: O(1)
template <Scalar S>
void tagSpecials(const S &value) {
  if (isNegativeZero(value)) {
    tag(cls::kSignedZero);
  }
  if (isNaN(value)) {
    tag(cls::kNaN);
  }
}
}  // namespace detail

/// Signed zeros and NaN (types whose traits say they hold them), zero-sized dims.
/// Cost: O(elements)
template <Scalar S>
void classify(const Tensor<S> &t) {
  if (t.size() == 0) {
    detail::tag(cls::kZeroSizedDim);
  }
  detail::carrySpecials<S>();
  for (std::size_t k = 0; k < t.size(); ++k) {
    detail::tagSpecials(t[k]);
  }
}

/// Every tensor, and empty packs.   Cost: O(elements)
template <Scalar S>
void classify(const TensorPack<S> &pack) {
  if (pack.size() == 0) {
    detail::tag(cls::kEmptyPack);
  }
  for (std::size_t i = 0; i < pack.size(); ++i) {
    classify(pack[i]);
  }
}

/// A uniform scalar: signed zeros and NaN for types that hold them.   Cost: O(1)
template <Scalar S>
void classifyScalar(const S &u) {
  detail::carrySpecials<S>();
  detail::tagSpecials(u);
}

/// Merged runs (n >= 2), zero-length runs, and the run values.   Cost: O(runs)
template <Scalar S>
void classify(const ::proofport::Deferred::History<S> &h) {
  detail::carrier("history");
  for (const auto &run : h.runs) {
    if (run.n >= 2) {
      detail::tag(cls::kMergedRuns);
    }
    if (run.n == 0) {
      detail::tag(cls::kZeroRuns);
    }
    classifyScalar(run.u);
  }
}

/// Raw epochs above the clock.   Cost: O(epochs)
inline void classifyEpochs(std::size_t clock, const std::vector<std::size_t> &epochs) {
  detail::carrier("raw epochs");
  for (const std::size_t e : epochs) {
    if (e > clock) {
      detail::tag(cls::kEpochAboveClock);
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
  detail::carrier("replay");
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
      detail::tag(cls::kFixedPoint);
      return;
    }
  }
}

/// Duplicate positions in an index list.   Cost: O(n²) on the small lists generated
inline void classify(const std::vector<SomeIdx> &indices) {
  detail::carrier("support");
  for (std::size_t a = 0; a < indices.size(); ++a) {
    for (std::size_t b = a + 1; b < indices.size(); ++b) {
      if (indices[a].i == indices[b].i) {
        detail::tag(cls::kDuplicateSupport);
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
    detail::tag(cls::kEmptyPack);
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
