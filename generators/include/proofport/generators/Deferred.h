// Generators for deferred histories, clocks, epochs and offsets: every shape of history the
// theorems quantify over (zero-length runs, adjacent identical runs, long runs).
#pragma once

#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/spec/History.h"
#include "proofport/gen/Scalars.h"
#include "proofport/gen/Shrink.h"

namespace proofport::gen {

/// A run length: mostly 1–3, with 0 (legal and a classic off-by-one) and long runs present.
inline rc::Gen<std::size_t> runLength() {
  return shrinkingWeightedOneOf<std::size_t>({
      {6, rc::gen::inRange<std::size_t>(1, 4)},
      {2, rc::gen::just<std::size_t>(0)},
      {2, rc::gen::inRange<std::size_t>(4, 10)},
      {1, rc::gen::inRange<std::size_t>(10, 200)},
  });
}

/// Any list of runs. Values come from a pool of 1–3 scalars so that adjacent identical runs
/// (which `push` never builds but the theorems allow) and repeated values are common.
template <Scalar S>
rc::Gen<Deferred::History<S>> history(std::size_t maxRuns = 6) {
  return rc::gen::exec([maxRuns] {
    const auto pool =
        *rc::gen::container<std::vector<S>>(*rc::gen::inRange<std::size_t>(1, 4), scalar<S>());
    const auto count = *rc::gen::inRange<std::size_t>(0, maxRuns + 1);
    Deferred::History<S> h;
    for (std::size_t k = 0; k < count; ++k) {
      const auto which = *rc::gen::inRange<std::size_t>(0, pool.size());
      h.runs.push_back(Deferred::Run<S>{pool[which], *runLength()});
    }
    return h;
  });
}

/// A clock for `h`: usually its length, sometimes shorter or longer (the theorems do not tie
/// the two together).
template <Scalar S>
rc::Gen<std::size_t> clock(const Deferred::History<S> &h) {
  const std::size_t length = h.length();
  return shrinkingWeightedOneOf<std::size_t>({
      {4, rc::gen::just(length)},
      {2, rc::gen::inRange<std::size_t>(0, length + 4)},
  });
}

/// One version slot: 0, the clock, below it, or ABOVE it (raw `materializePack` inputs only).
inline rc::Gen<std::size_t> epoch(std::size_t clock, bool allowAbove) {
  if (!allowAbove) {
    return shrinkingWeightedOneOf<std::size_t>({
        {2, rc::gen::just<std::size_t>(0)},
        {2, rc::gen::just(clock)},
        {3, rc::gen::inRange<std::size_t>(0, clock + 1)},
    });
  }
  return shrinkingWeightedOneOf<std::size_t>({
      {2, rc::gen::just<std::size_t>(0)},
      {2, rc::gen::just(clock)},
      {3, rc::gen::inRange<std::size_t>(0, clock + 1)},
      {1, rc::gen::inRange<std::size_t>(clock + 1, clock + 4)},
  });
}

/// A raw epochs array of 0–8 slots (shorter than the pack: missing slots read 0).
inline rc::Gen<std::vector<std::size_t>> rawEpochs(std::size_t clock) {
  return rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, 9), [clock](std::size_t count) {
    return rc::gen::container<std::vector<std::size_t>>(count, epoch(clock, true));
  });
}

/// An offset into epochs: small, or near SIZE_MAX (where `offset + i` must not wrap).
inline rc::Gen<std::size_t> offset() {
  constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
  return shrinkingWeightedOneOf<std::size_t>({
      {6, rc::gen::inRange<std::size_t>(0, 4)},
      {1, rc::gen::element<std::size_t>(std::size_t{kMax}, kMax - 1)},
  });
}

/// A count of recent additions to replay: within the history, zero, or beyond it.
template <Scalar S>
rc::Gen<std::size_t> count(const Deferred::History<S> &h) {
  return rc::gen::inRange<std::size_t>(0, h.length() + 4);
}

}  // namespace proofport::gen

namespace rc {

template <proofport::Scalar S>
struct Arbitrary<proofport::Deferred::History<S>> {
  static Gen<proofport::Deferred::History<S>> arbitrary() { return proofport::gen::history<S>(); }
};

}  // namespace rc
