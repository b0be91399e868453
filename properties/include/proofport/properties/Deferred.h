// Properties for the Deferred namespace: materializePack, applyRecent, repeatStable.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Deferred.lean
#pragma once

#include <cstddef>
#include <vector>

#include "proofport/core/Deferred.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"

namespace proofport::properties::Deferred {

namespace D = ::proofport::Deferred;

/// Lean's `clock - epochs[offset + i]?.getD 0` on naturals, written out independently of core:
/// a slot past the array (or past size_t) reads 0, subtraction floors at 0.
inline std::size_t leanPending(std::size_t clock, const std::vector<std::size_t> &epochs,
                               std::size_t offset, std::size_t i) {
  const bool fits = offset <= static_cast<std::size_t>(-1) - i;
  const std::size_t epoch = fits && offset + i < epochs.size() ? epochs[offset + i] : 0;
  return clock >= epoch ? clock - epoch : 0;
}

/// getIdx (materializePack history clock epochs xs offset) idx
///   = applyRecentStable addUniform history (clock - epochs[offset + idx.i]?.getD 0) (getIdx xs idx)
template <Scalar S>
void getIdx_materializePack(const D::History<S> &history, std::size_t clock,
                            const std::vector<std::size_t> &epochs, const TensorPack<S> &xs,
                            std::size_t offset, const Idx &idx) {
  classify(history);
  classifyEpochs(clock, epochs);
  classify(xs);
  const bool present = offset < epochs.size() && idx.i < epochs.size() - offset;
  const std::size_t epoch = present ? epochs[offset + idx.i] : 0;
  classifyReplay(history, clock > epoch ? clock - epoch : 0, xs[idx.i]);
  const Tensor<S> lhs = getIdx(D::materializePack(history, clock, epochs, xs, offset), idx);
  const Tensor<S> rhs = D::applyRecentStable(D::AddUniformStep{}, history,
                                             leanPending(clock, epochs, offset, idx.i),
                                             getIdx(xs, idx));
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  const Tensor<S> dense = oracle::materialize(history, clock, epochs, xs, offset)[idx.i];
  requireIdentical(lhs, dense, "lhs vs dense oracle");
  requireIdentical(rhs, dense, "rhs vs dense oracle");
}

/// materializePack history clock epochs (xs.snoc value) offset
///   = (materializePack history clock epochs xs offset).snoc
///       (applyRecentStable addUniform history (clock - epochs[offset + shapes.length]?.getD 0) value)
template <Scalar S>
void materializePack_snoc(const D::History<S> &history, std::size_t clock,
                          const std::vector<std::size_t> &epochs, const TensorPack<S> &xs,
                          std::size_t offset, const Tensor<S> &value) {
  classify(history);
  classifyEpochs(clock, epochs);
  classify(xs);
  classify(value);
  const TensorPack<S> lhs = D::materializePack(history, clock, epochs, xs.snoc(value), offset);
  const TensorPack<S> rhs = D::materializePack(history, clock, epochs, xs, offset)
                                .snoc(D::applyRecentStable(
                                    D::AddUniformStep{}, history,
                                    leanPending(clock, epochs, offset, xs.size()), value));
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  const TensorPack<S> dense = oracle::materialize(history, clock, epochs, xs.snoc(value), offset);
  requireIdentical(lhs, dense, "lhs vs dense oracle");
  requireIdentical(rhs, dense, "rhs vs dense oracle");
}

/// repeatStable step k x = step^[k] x   (step = addUniform u)
template <Scalar S>
void repeatStable_eq(const S &u, std::size_t k, const Tensor<S> &x) {
  classifyScalar(u);
  classify(x);
  classifyReplay(D::History<S>{{D::Run<S>{u, k}}}, k, x);
  const Tensor<S> lhs =
      D::repeatStable([&u](const Tensor<S> &t) { return D::addUniform(u, t); }, k, x);
  const Tensor<S> rhs = oracle::iterate(u, k, x);
  requireIdentical(lhs, rhs, "theorem: repeatStable vs k dense applications");
}

/// applyRecent step history 0 x = x   (and likewise applyRecentStable)
template <Scalar S>
void applyRecent_zero(const D::History<S> &history, const Tensor<S> &x) {
  classify(history);
  classify(x);
  requireIdentical(D::applyRecent(D::AddUniformStep{}, history, 0, x), x,
                   "theorem: applyRecent with count 0 vs x");
  requireIdentical(D::applyRecentStable(D::AddUniformStep{}, history, 0, x), x,
                   "applyRecentStable with count 0 vs x");
}

/// applyRecent step (push history u) (count + 1) x = step u (applyRecent step history count x)
template <Scalar S>
void applyRecent_push(const D::History<S> &history, const S &u, std::size_t count,
                      const Tensor<S> &x) {
  classify(history);
  classifyScalar(u);
  classify(x);
  classifyReplay(history, count, x);
  D::History<S> pushed = history;
  D::push(pushed, u);
  const Tensor<S> lhs = D::applyRecent(D::AddUniformStep{}, pushed, count + 1, x);
  const Tensor<S> rhs = D::addUniform(u, D::applyRecent(D::AddUniformStep{}, history, count, x));
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  std::vector<S> flat = oracle::uniforms(history);
  flat.push_back(u);
  const Tensor<S> dense = oracle::applyRecent(flat, count + 1, x);
  requireIdentical(lhs, dense, "lhs vs dense oracle");
  requireIdentical(rhs, dense, "rhs vs dense oracle");
}

/// applyRecentStable step history count x = applyRecent step history count x
template <Scalar S>
void applyRecentStable_eq(const D::History<S> &history, std::size_t count, const Tensor<S> &x) {
  classify(history);
  classify(x);
  classifyReplay(history, count, x);
  const Tensor<S> lhs = D::applyRecentStable(D::AddUniformStep{}, history, count, x);
  const Tensor<S> rhs = D::applyRecent(D::AddUniformStep{}, history, count, x);
  requireIdentical(lhs, rhs, "theorem: applyRecentStable vs applyRecent");
  const Tensor<S> dense = oracle::applyRecent(history, count, x);
  requireIdentical(lhs, dense, "lhs vs dense oracle");
  requireIdentical(rhs, dense, "rhs vs dense oracle");
}

} // namespace proofport::properties::Deferred
