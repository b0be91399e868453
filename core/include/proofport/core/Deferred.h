// Run-length history of deferred uniform additions and its exact replay.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Deferred.lean
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/spec/History.h"
#include "proofport/core/Mutants.h"
#include "proofport/spec/Tensor.h"

namespace proofport::Deferred {

namespace detail {
/// The tempting wrong comparison the identity rule forbids: numeric `==` where the type has it.
/// Only the mutants of a PROOFPORT_MUTANTS build call it.
template <class T>
bool numericallyEqual(const T &a, const T &b) {
  if constexpr (requires { a == b; }) {
    return static_cast<bool>(a == b);
  } else if constexpr (requires { a.values(); }) {
    if (a.shape() != b.shape()) {
      return false;
    }
    for (std::size_t k = 0; k < a.size(); ++k) {
      if (!numericallyEqual(a[k], b[k])) {
        return false;
      }
    }
    return true;
  } else {
    return identical(a, b);
  }
}
}  // namespace detail

/// Records one more addition of `u`: lengthens the newest run if its value is IDENTICAL to `u`
/// (never numeric ==: `-0.0` does not merge into `+0.0`), else starts a run `(u, 1)`.
/// Cost: O(1) amortized.   Lean: Proofs.Autograd.Algebra.Deferred.push
template <Scalar S>
void push(History<S> &h, const S &u) {
  if (PROOFPORT_MUTANT(push_merges_always) && !h.runs.empty()) {
    ++h.runs.back().n;
    return;
  }
  if (PROOFPORT_MUTANT(push_merges_by_equality) && !h.runs.empty() &&
      detail::numericallyEqual(h.runs.back().u, u)) {
    ++h.runs.back().n;
    return;
  }
  if (!h.runs.empty() && ScalarTraits<S>::identical(h.runs.back().u, u)) {
    ++h.runs.back().n;
  } else {
    h.runs.push_back(Run<S>{u, 1});
  }
}

/// `step` applied `count` times to `value`, each application to the previous result (`count`
/// 0 returns `value`): Lean's `iterateUpdates step count value`, the definition every replay of
/// a run is measured against (repeatStable_eq, applyRecent).
/// Cost: `count` applications of `step`.   Throws: whatever `step` throws.
/// Lean: Proofs.Autograd.Algebra.Deferred.iterateUpdates
template <class Step, class X>
X iterateUpdates(const Step &step, std::size_t count, X value) {
  const std::size_t times = PROOFPORT_MUTANT(iterate_one_extra) ? count + 1 : count;
  if (PROOFPORT_MUTANT(iterate_from_input)) {
    const X input = value;
    for (std::size_t j = 0; j < times; ++j) {
      value = step(input);
    }
    return value;
  }
  for (std::size_t j = 0; j < times; ++j) {
    value = step(value);
  }
  return value;
}

/// `step` applied up to `k` times, stopping as soon as one application returns a value
/// identical to its input (a checked fixed point). Equal to `step^k(x)` (repeatStable_eq).
/// Cost: at most k applications and k identity checks.
/// Lean: Proofs.Autograd.Algebra.Deferred.repeatStable
template <class Step, class X>
X repeatStable(const Step &step, std::size_t k, X x) {
  const std::size_t times = PROOFPORT_MUTANT(repeat_one_short) && k > 0 ? k - 1 : k;
  for (std::size_t j = 0; j < times; ++j) {
    X next = step(x);
    if (PROOFPORT_MUTANT(fixed_point_unchecked)) {
      return next;
    }
    bool fixed = identical(next, x);
    if (PROOFPORT_MUTANT(fixed_point_by_equality)) {
      fixed = detail::numericallyEqual(next, x);
    }
    if (fixed) {
      break;
    }
    x = std::move(next);
  }
  return x;
}

namespace detail {

/// Which runs the most recent `count` additions touch: runs [first, end) are pending, the
/// oldest of them (index `first`) contributes `firstTake` applications, the others all theirs.
/// Cost: O(pending runs).
template <Scalar S>
std::pair<std::size_t, std::size_t> pendingRuns(const History<S> &h, std::size_t count) {
  if (PROOFPORT_MUTANT(zero_count_means_all) && count == 0) {
    count = std::numeric_limits<std::size_t>::max();
  }
  std::size_t remaining = count;
  std::size_t first = h.runs.size();
  std::size_t firstTake = 0;
  while (first > 0 && remaining > 0) {
    --first;
    firstTake = PROOFPORT_MUTANT(pending_whole_oldest_run) ? h.runs[first].n
                                                           : std::min(remaining, h.runs[first].n);
    remaining -= firstTake;
  }
  return {first, firstTake};
}

template <Scalar S, class Step, class X, class Repeat>
X applyRecentWith(const Step &step, const History<S> &h, std::size_t count, X x,
                  const Repeat &repeat) {
  const auto [first, firstTake] = pendingRuns(h, count);
  for (std::size_t visit = first; visit < h.runs.size(); ++visit) {
    const std::size_t k =
        PROOFPORT_MUTANT(history_newest_first) ? h.runs.size() - 1 - (visit - first) : visit;
    const std::size_t times = k == first ? firstTake : h.runs[k].n;
    const S &u = h.runs[k].u;
    if (PROOFPORT_MUTANT(run_summed_first) && times > 0) {
      S sum = u;
      for (std::size_t j = 1; j < times; ++j) {
        sum = sum + u;
      }
      x = step(sum, x);
      continue;
    }
    x = repeat([&step, &u](const X &value) { return step(u, value); }, times, std::move(x));
  }
  return x;
}

}  // namespace detail

/// Applies the most recent `count` additions to `x`, oldest of them first: walking newest
/// first, a run `(u, n)` applies `step u` `min(count, n)` times after the older runs have been
/// applied with `count ∸ n`. A `count` beyond the history applies all of it.
/// Cost: O(pending runs) + one `step` per application.
/// Lean: Proofs.Autograd.Algebra.Deferred.applyRecent
template <Scalar S, class Step, class X>
X applyRecent(const Step &step, const History<S> &h, std::size_t count, X x) {
  return detail::applyRecentWith(step, h, count, std::move(x),
                                 [](const auto &f, std::size_t times, X value) {
                                   return iterateUpdates(f, times, std::move(value));
                                 });
}

struct AddUniformStep;

namespace detail {

/// One application of `addUniform u` read from `from`: `to[k] = from[k] + u` (uniform on the
/// right; `to` may be `from` itself, and with `kWrite` false nothing is written), answering
/// whether any element changed identity, i.e. whether `from` is NOT the checked fixed point
/// `repeatStable` stops at. Bits for float and double, so that the pass vectorizes (equal bits
/// are identical; a changed NaN payload answers true, and the caller's next pass is exact too,
/// since every further addition then returns an identical tensor: repeatStable_eq).
/// Shapes: to.size() == from.size() when writing   Cost: one pass, no allocation.
template <bool kWrite, Scalar S>
bool addUniformPass(const S &u, std::span<const S> from, std::span<S> to) {
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
    using Bits = std::conditional_t<std::is_same_v<S, float>, std::uint32_t, std::uint64_t>;
    Bits differs = 0;
    for (std::size_t k = 0; k < from.size(); ++k) {
      const S next = from[k] + u;
      differs |= std::bit_cast<Bits>(next) ^ std::bit_cast<Bits>(from[k]);
      if constexpr (kWrite) {
        to[k] = next;
      }
    }
    return differs != 0;
  } else {
    bool changed = false;
    for (std::size_t k = 0; k < from.size(); ++k) {
      S next = from[k] + u;
      changed = changed || !ScalarTraits<S>::identical(next, from[k]);
      if constexpr (kWrite) {
        to[k] = std::move(next);
      } else if (changed) {
        return true;
      }
    }
    return changed;
  }
}

/// `repeatStable(addUniform u, times, x)` in place: each pass sets every element to
/// `element + u` (uniform on the right) and notes whether any element changed identity (for
/// float and double: its bits); a pass that changes none is the checked fixed point. Same
/// additions in the same order as `repeatStable`; the result is identical to its result element
/// by element.
/// Cost: one pass per application until the fixed point, no allocation.
template <Scalar S>
void addUniformStableInPlace(const S &u, std::size_t times, Tensor<S> &x) {
  if (PROOFPORT_MUTANT(run_summed_first) && times > 0) {
    S sum = u;
    for (std::size_t j = 1; j < times; ++j) {
      sum = sum + u;
    }
    for (S &element : x.elements()) {
      element = element + sum;
    }
    return;
  }
  const std::size_t limit = PROOFPORT_MUTANT(repeat_one_short) && times > 0 ? times - 1 : times;
  for (std::size_t j = 0; j < limit; ++j) {
    bool changed = false;
    if (PROOFPORT_MUTANT(uniform_on_left) || PROOFPORT_MUTANT(fixed_point_by_equality)) {
      for (S &element : x.elements()) {
        S next = PROOFPORT_MUTANT(uniform_on_left) ? u + element : element + u;
        changed |= PROOFPORT_MUTANT(fixed_point_by_equality)
                       ? !numericallyEqual(next, element)
                       : !ScalarTraits<S>::identical(next, element);
        element = std::move(next);
      }
    } else {
      changed = addUniformPass<true>(u, std::span<const S>(x.values()), x.elements());
    }
    if (!changed || PROOFPORT_MUTANT(fixed_point_unchecked)) {
      break;
    }
  }
}

}  // namespace detail

/// `x` becomes `applyRecentStable(AddUniformStep{}, h, count, x)`, each run replayed in place
/// (`detail::addUniformStableInPlace`): no allocation, so a reader that materializes position
/// after position into one tensor (`GradientContext::readInto`) allocates nothing.
/// Cost: O(pending runs) + one pass over `x` per application until each run's fixed point.
/// Lean: Proofs.Autograd.Algebra.Deferred.applyRecentStable (with the step addUniform)
template <Scalar S>
void applyRecentStableInPlace(const History<S> &h, std::size_t count, Tensor<S> &x) {
  const auto [first, firstTake] = detail::pendingRuns(h, count);
  for (std::size_t visit = first; visit < h.runs.size(); ++visit) {
    const std::size_t k =
        PROOFPORT_MUTANT(history_newest_first) ? h.runs.size() - 1 - (visit - first) : visit;
    detail::addUniformStableInPlace(h.runs[k].u, k == first ? firstTake : h.runs[k].n, x);
  }
}

namespace detail {

/// Whether the mutant build replays runs through a faulty `addUniformStableInPlace` or
/// `applyRecentStableInPlace`: the fused replay below then steps aside, so that each of those
/// mutants reaches every read. A constant false without PROOFPORT_MUTANTS.
inline bool replayMutated() {
  return PROOFPORT_MUTANT(run_summed_first) || PROOFPORT_MUTANT(repeat_one_short) ||
         PROOFPORT_MUTANT(uniform_on_left) || PROOFPORT_MUTANT(fixed_point_by_equality) ||
         PROOFPORT_MUTANT(fixed_point_unchecked) || PROOFPORT_MUTANT(history_newest_first);
}

/// Whether one addition of `u` leaves every element of `x` identical: the checked fixed point
/// `repeatStable` stops at (a changed NaN payload answers false, and the caller then replays
/// in full, which is exact too).   Cost: one read-only pass over `x`.
template <Scalar S>
bool fixedUnder(const S &u, const Tensor<S> &x) {
  return !addUniformPass<false>(u, std::span<const S>(x.values()), std::span<S>());
}

}  // namespace detail

/// `out = applyRecentStable(AddUniformStep{}, h, count, x)` in `out`'s storage, the copy of `x`
/// fused into the first pass of the oldest pending run (`out[k] = x[k] + u`, then that run's
/// further passes and the newer runs in place, as `applyRecentStableInPlace`): the same
/// additions in the same order, one pass fewer than copying first. When `out` has another
/// shape than `x`, or nothing is pending, `x` is copied first (`out` then takes its shape).
/// Cost: O(pending runs) + one pass per application until each run's fixed point; no
/// allocation once `out` has `x`'s shape.
/// Lean: Proofs.Autograd.Algebra.Deferred.applyRecentStable (with the step addUniform)
template <Scalar S>
void applyRecentStableInto(const History<S> &h, std::size_t count, const Tensor<S> &x,
                           Tensor<S> &out) {
  const auto [first, firstTake] = detail::pendingRuns(h, count);
  std::size_t oldest = first;  // the oldest pending run with an addition to replay
  while (oldest < h.runs.size() && (oldest == first ? firstTake : h.runs[oldest].n) == 0) {
    ++oldest;
  }
  if (detail::replayMutated() || !sameShape(x.shape(), out.shape())) {
    out = x;
    applyRecentStableInPlace(h, count, out);
    return;
  }
  if (oldest == h.runs.size()) {  // nothing to replay
    out = x;
    return;
  }
  const S &u = h.runs[oldest].u;
  const bool changed =
      detail::addUniformPass<true>(u, std::span<const S>(x.values()), out.elements());
  const std::size_t take = oldest == first ? firstTake : h.runs[oldest].n;
  if (changed) {  // not yet the run's fixed point: its remaining passes
    detail::addUniformStableInPlace(u, take - 1, out);
  }
  for (std::size_t k = oldest + 1; k < h.runs.size(); ++k) {
    detail::addUniformStableInPlace(h.runs[k].u, h.runs[k].n, out);
  }
}

/// `out = addSpec(applyRecentStable(AddUniformStep{}, h, count, x), out)` in one pass over `x`
/// and `out`, where that is exact: nothing pending (`x[k] + out[k]`), or one pending run
/// `(u, m)` whose first application is its last (`m == 1`, or a checked fixed point, found by
/// a read-only pass over `x`): `(x[k] + u) + out[k]`, each addition rounded to S, the replay's
/// additions and then the sum's, in the same order, on the same sides. Any other case (several
/// pending runs, a run that needs more passes, shapes that differ) returns false with `out`
/// unchanged, for the caller's general replay. A node's gradient is replayed and summed with its
/// contribution this way: no copy of the stored tensor, no scratch. Cost: O(pending runs) + one or
/// two passes over `x`, one over `out`; no allocation. Throws: what the scalar addition throws
/// (`out` then partly summed). Lean: Proofs.Autograd.Algebra.Deferred.applyRecentStable (with the
/// step addUniform), then TorchLean.Tensor.addSpec
template <Scalar S>
bool addReplayedInto(const History<S> &h, std::size_t count, const Tensor<S> &x, Tensor<S> &out) {
  if (detail::replayMutated() || !sameShape(x.shape(), out.shape())) {
    return false;
  }
  const auto [first, firstTake] = detail::pendingRuns(h, count);
  const std::span<const S> from(x.values());
  const std::span<S> sum = out.elements();
  if (first + 1 < h.runs.size()) {
    return false;
  }
  if (first == h.runs.size() || firstTake == 0) {  // no addition pending (a run may be empty)
    for (std::size_t k = 0; k < sum.size(); ++k) {
      sum[k] = from[k] + sum[k];
    }
    return true;
  }
  const S &u = h.runs[first].u;
  if (firstTake > 1 && !PROOFPORT_MUTANT(fused_replay_unchecked) && !detail::fixedUnder(u, x)) {
    return false;
  }
  for (std::size_t k = 0; k < sum.size(); ++k) {
    // Each addition rounded to S: a type whose `+` computes wider (Imath's half adds as float)
    // must round the replay's result before the sum, as the two passes did.
    const S replayed = from[k] + u;
    sum[k] = replayed + sum[k];
  }
  return true;
}

/// `applyRecent` with every run executed by `repeatStable` (applyRecentStable_eq): a run of a
/// million additions that reach a fixed point costs two passes, not a million. With the step
/// `AddUniformStep` over a tensor, each run is replayed in place
/// (`detail::addUniformStableInPlace`), without a tensor allocation per application.
/// Cost: O(pending runs) + one `step` per application until each run's fixed point.
/// Lean: Proofs.Autograd.Algebra.Deferred.applyRecentStable
template <Scalar S, class Step, class X>
X applyRecentStable(const Step &step, const History<S> &h, std::size_t count, X x) {
  if constexpr (std::is_same_v<Step, AddUniformStep> && std::is_same_v<X, Tensor<S>>) {
    applyRecentStableInPlace(h, count, x);
    return x;
  } else {
    return detail::applyRecentWith(step, h, count, std::move(x),
                                   [](const auto &f, std::size_t times, X value) {
                                     return repeatStable(f, times, std::move(value));
                                   });
  }
}

/// `addSpec(value, full(shape, uniform))`: the uniform on the RIGHT, as in dense accumulation.
/// Cost: O(elements)   Lean: Proofs.Autograd.Algebra.Deferred.addUniform
template <Scalar S>
Tensor<S> addUniform(const S &uniform, const Tensor<S> &value) {
  Tensor<S> out = value;
  for (S &element : out.elements()) {
    element = PROOFPORT_MUTANT(uniform_on_left) ? uniform + element : element + uniform;
  }
  return out;
}

/// The step `addUniform` as a callable, for `applyRecent*`.
struct AddUniformStep {
  template <Scalar S>
  Tensor<S> operator()(const S &uniform, const Tensor<S> &value) const {
    return addUniform(uniform, value);
  }
};

/// `clock ∸ epochs[slot]` with a missing slot read as 0; natural subtraction never wraps.
/// Cost: O(1)
inline std::size_t pendingCount(std::size_t clock, const std::vector<std::size_t> &epochs,
                                std::size_t offset, std::size_t i) {
  const bool present = offset < epochs.size() && i < epochs.size() - offset;
  if (PROOFPORT_MUTANT(missing_epoch_as_clock) && !present) {
    return 0;
  }
  const std::size_t epoch = present ? epochs[offset + i] : 0;
  if (PROOFPORT_MUTANT(pending_wraps)) {
    return clock - epoch;
  }
  return clock > epoch ? clock - epoch : 0;
}

/// Element `i` becomes `applyRecentStable(addUniform, history, clock ∸ e, pack[i])` with
/// `e = epochs[offset + i]` where that slot exists, else 0.
/// Cost: one traversal, O(Σ tensor × pending runs).
/// Lean: Proofs.Autograd.Algebra.Deferred.materializePack
template <Scalar S>
TensorPack<S> materializePack(const History<S> &history, std::size_t clock,
                              const std::vector<std::size_t> &epochs,
                              const std::vector<Tensor<S>> &tensors, std::size_t offset) {
  std::vector<Tensor<S>> out;
  out.reserve(tensors.size());
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const std::size_t from = PROOFPORT_MUTANT(materialize_ignores_offset) ? 0 : offset;
    out.push_back(applyRecentStable(AddUniformStep{}, history, pendingCount(clock, epochs, from, i),
                                    tensors[i]));
  }
  return TensorPack<S>(std::move(out));
}

/// The same over a pack.   Lean: Proofs.Autograd.Algebra.Deferred.materializePack
template <Scalar S>
TensorPack<S> materializePack(const History<S> &history, std::size_t clock,
                              const std::vector<std::size_t> &epochs, const TensorPack<S> &pack,
                              std::size_t offset) {
  return materializePack(history, clock, epochs, pack.tensors(), offset);
}

}  // namespace proofport::Deferred
