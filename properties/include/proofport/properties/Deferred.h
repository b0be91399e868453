// Theorem declarations for the Deferred namespace: materializePack, applyRecent, repeatStable.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Deferred.lean (and Gradients.lean, which reopens the
// namespace for materializePack)
#pragma once

#include <cstddef>
#include <vector>

#include "proofport/core/Context.h"
#include "proofport/core/Deferred.h"
#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/Sources.h"

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

/// The history, raw epochs and pack a materializePack property reads, with each position's
/// pending replay.
template <Scalar S>
void classifyMaterialize(const D::History<S> &history, std::size_t clock,
                         const std::vector<std::size_t> &epochs, const TensorPack<S> &xs) {
  classify(history);
  classifyEpochs(clock, epochs);
  classify(xs);
}

struct getIdx_materializePack {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Deferred.getIdx_materializePack",
      .statement = "getIdx (materializePack history clock epochs xs offset) idx = "
                   "applyRecentStable addUniform history (clock - epochs[offset + ↑idx.i]?.getD "
                   "0) (getIdx xs idx)",
      .source = sources::kGradients,
      .kind = Kind::Seed,
      .needs = kAddDecidableEq,
      .fingerprint = "65e478456ef33452"};

  template <Scalar S>
  static void property() {
    const auto history = gen::pick("history", gen::history<S>());
    const auto clock = gen::pick("clock", gen::clock(history));
    const auto epochs = gen::pick("epochs", gen::rawEpochs(clock));
    const auto xs = gen::pick("xs", gen::pack<S>(1, 6));
    const auto offset = gen::pick("offset", gen::offset());
    const auto idx = gen::pick("idx", gen::idx(xs.shapes()));
    classifyMaterialize(history, clock, epochs, xs);
    const bool present = offset < epochs.size() && idx.i < epochs.size() - offset;
    const std::size_t epoch = present ? epochs[offset + idx.i] : 0;
    classifyReplay(history, clock > epoch ? clock - epoch : 0, xs[idx.i]);
    check(history, clock, epochs, xs, offset, idx);
  }

  template <Scalar S>
  static void check(const D::History<S> &history, std::size_t clock,
                    const std::vector<std::size_t> &epochs, const TensorPack<S> &xs,
                    std::size_t offset, const Idx &idx) {
    const Tensor<S> lhs = getIdx(D::materializePack(history, clock, epochs, xs, offset), idx);
    const Tensor<S> rhs = D::applyRecentStable(
        D::AddUniformStep{}, history, leanPending(clock, epochs, offset, idx.i), getIdx(xs, idx));
    PROOFPORT_CHECK_EQ(lhs, rhs);
    const Tensor<S> dense = oracle::materialize(history, clock, epochs, xs, offset)[idx.i];
    PROOFPORT_CHECK_ORACLE(lhs, dense);
    PROOFPORT_CHECK_ORACLE(rhs, dense);
  }
};

struct materializePack_snoc {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Deferred.materializePack_snoc",
      .statement = "materializePack history clock epochs (xs.snoc value) offset = "
                   "(materializePack history clock epochs xs offset).snoc (applyRecentStable "
                   "addUniform history (clock - epochs[offset + shapes.length]?.getD 0) value)",
      .source = sources::kGradients,
      .kind = Kind::Seed,
      .needs = kAddDecidableEq,
      .fingerprint = "4bc0f1cd08547676"};

  template <Scalar S>
  static void property() {
    const auto history = gen::pick("history", gen::history<S>());
    const auto clock = gen::pick("clock", gen::clock(history));
    const auto epochs = gen::pick("epochs", gen::rawEpochs(clock));
    const auto xs = gen::pick("xs", gen::pack<S>(0, 5));
    const auto offset = gen::pick("offset", gen::offset());
    const auto value = gen::pick("value", gen::tensor<S>());
    classifyMaterialize(history, clock, epochs, xs);
    classify(value);
    check(history, clock, epochs, xs, offset, value);
  }

  template <Scalar S>
  static void check(const D::History<S> &history, std::size_t clock,
                    const std::vector<std::size_t> &epochs, const TensorPack<S> &xs,
                    std::size_t offset, const Tensor<S> &value) {
    const TensorPack<S> lhs = D::materializePack(history, clock, epochs, xs.snoc(value), offset);
    const TensorPack<S> rhs =
        D::materializePack(history, clock, epochs, xs, offset)
            .snoc(D::applyRecentStable(D::AddUniformStep{}, history,
                                       leanPending(clock, epochs, offset, xs.size()), value));
    PROOFPORT_CHECK_EQ(lhs, rhs);
    const TensorPack<S> dense = oracle::materialize(history, clock, epochs, xs.snoc(value), offset);
    PROOFPORT_CHECK_ORACLE(lhs, dense);
    PROOFPORT_CHECK_ORACLE(rhs, dense);
  }
};

/// The step `addUniform u` as a function of the tensor alone.
template <Scalar S>
auto addUniformBy(const S &u) {
  return [&u](const Tensor<S> &t) { return D::addUniform(u, t); };
}

/// A count of applications: mostly small, sometimes a few hundred.
inline rc::Gen<std::size_t> applications() {
  return gen::shrinkingWeightedOneOf<std::size_t>(
      {{4, rc::gen::inRange<std::size_t>(0, 8)}, {1, rc::gen::inRange<std::size_t>(8, 300)}});
}

/// (step = addUniform u)
struct iterateUpdates_zero {
  static constexpr Theorem theorem{.leanName =
                                       "Proofs.Autograd.Algebra.Deferred.iterateUpdates_zero",
                                   .statement = "iterateUpdates step 0 value = value",
                                   .source = sources::kDeferred,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "b167e4f519bdba7f"};

  template <Scalar S>
  static void property() {
    const auto u = gen::pick("u", gen::exact<S>());
    const auto value = gen::pick("value", gen::tensor<S>());
    classifyScalar(u.value);
    classify(value);
    check(u.value, value);
  }

  template <Scalar S>
  static void check(const S &u, const Tensor<S> &value) {
    const Tensor<S> lhs = D::iterateUpdates(addUniformBy(u), 0, value);
    PROOFPORT_CHECK_EQ(lhs, value, oracle::iterate(u, 0, value));
  }
};

/// (step = addUniform u)
struct iterateUpdates_succ {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Deferred.iterateUpdates_succ",
      .statement = "iterateUpdates step (count + 1) value = step (iterateUpdates step count value)",
      .source = sources::kDeferred,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "c8b6f2a4dea4c1c0"};

  template <Scalar S>
  static void property() {
    const auto u = gen::pick("u", gen::exact<S>());
    const auto count = gen::pick("count", applications());
    const auto value = gen::pick("value", gen::tensor<S>());
    classifyScalar(u.value);
    classify(value);
    classifyReplay(D::History<S>{{D::Run<S>{u.value, count + 1}}}, count + 1, value);
    check(u.value, count, value);
  }

  template <Scalar S>
  static void check(const S &u, std::size_t count, const Tensor<S> &value) {
    const auto step = addUniformBy(u);
    const Tensor<S> lhs = D::iterateUpdates(step, count + 1, value);
    const Tensor<S> rhs = step(D::iterateUpdates(step, count, value));
    PROOFPORT_CHECK_EQ(lhs, rhs);
    const Tensor<S> dense = oracle::iterate(u, count + 1, value);
    PROOFPORT_CHECK_ORACLE(lhs, dense);
    PROOFPORT_CHECK_ORACLE(rhs, dense);
  }
};

/// (step = reading `v` at `idx` through `TensorLookup.set`, over packs: a projection, so every
/// value it returns is a fixed point by construction, over every scalar type)
struct iterateUpdates_fixed {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Deferred.iterateUpdates_fixed",
      .statement = "step value = value → iterateUpdates step count value = value",
      .source = sources::kDeferred,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "709475d199e2aed3"};

  template <Scalar S>
  static void property() {
    const auto shapes = gen::pick("shapes", gen::shapes(1));
    const auto xs = gen::pick("xs", gen::pack<S>(shapes));
    const auto idx = gen::pick("idx", gen::idx(shapes));
    const auto v = gen::pick("v", gen::tensor<S>(idx.shape));
    const auto count = gen::pick("count", applications());
    classify(xs);
    classify(v);
    check(xs, idx, v, count);
  }

  /// `value` is `xs` with `v` at `idx`, written by the dense oracle: the fixed point of the step.
  template <Scalar S>
  static void check(const TensorPack<S> &xs, const Idx &idx, const Tensor<S> &v,
                    std::size_t count) {
    const auto step = [&idx, &v](const TensorPack<S> &p) {
      return ::proofport::TensorLookup<S>::ofPack(p).set(idx, v).toPack();
    };
    oracle::DenseContext<S> dense(xs);
    dense.set(idx.i, v);
    const TensorPack<S> value = dense.toPack();
    requireIdentical(step(value), value, "hypothesis: step value = value");
    PROOFPORT_CHECK_EQ(D::iterateUpdates(step, count, value), value);
  }
};

/// (step = addUniform u)
struct repeatStable_eq {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.Deferred.repeatStable_eq",
                                   .statement = "repeatStable step k x = step^[k] x",
                                   .source = sources::kDeferred,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "88f1755b1507280d"};

  template <Scalar S>
  static void property() {
    const auto u = gen::pick("u", gen::exact<S>());
    const auto k = gen::pick("count", applications());
    const auto x = gen::pick("value", gen::tensor<S>());
    classifyScalar(u.value);
    classify(x);
    classifyReplay(D::History<S>{{D::Run<S>{u.value, k}}}, k, x);
    check(u.value, k, x);
  }

  template <Scalar S>
  static void check(const S &u, std::size_t k, const Tensor<S> &x) {
    const Tensor<S> lhs = D::repeatStable(addUniformBy(u), k, x);
    const Tensor<S> rhs = oracle::iterate(u, k, x);
    requireIdentical(lhs, rhs, "theorem: repeatStable vs k dense applications");
  }
};

/// (and likewise applyRecentStable)
struct applyRecent_zero {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.Deferred.applyRecent_zero",
                                   .statement = "applyRecent step history 0 x = x",
                                   .source = sources::kDeferred,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "bd2612c9df0c020a"};

  template <Scalar S>
  static void property() {
    const auto history = gen::pick("history", gen::history<S>());
    const auto x = gen::pick("value", gen::tensor<S>());
    classify(history);
    classify(x);
    check(history, x);
  }

  template <Scalar S>
  static void check(const D::History<S> &history, const Tensor<S> &x) {
    requireIdentical(D::applyRecent(D::AddUniformStep{}, history, 0, x), x,
                     "theorem: applyRecent with count 0 vs x");
    requireIdentical(D::applyRecentStable(D::AddUniformStep{}, history, 0, x), x,
                     "applyRecentStable with count 0 vs x");
  }
};

struct applyRecent_push {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Deferred.applyRecent_push",
      .statement = "applyRecent step (push history u) (count + 1) x = step u (applyRecent step "
                   "history count x)",
      .source = sources::kDeferred,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "365ba00f80f13883"};

  template <Scalar S>
  static void property() {
    const auto history = gen::pick("history", gen::history<S>());
    const auto u = gen::pick("uniform", gen::exact<S>());
    const auto count = gen::pick("count", gen::count(history));
    const auto x = gen::pick("value", gen::tensor<S>());
    classify(history);
    classifyScalar(u.value);
    classify(x);
    classifyReplay(history, count, x);
    check(history, u.value, count, x);
  }

  template <Scalar S>
  static void check(const D::History<S> &history, const S &u, std::size_t count,
                    const Tensor<S> &x) {
    D::History<S> pushed = history;
    D::push(pushed, u);
    const Tensor<S> lhs = D::applyRecent(D::AddUniformStep{}, pushed, count + 1, x);
    const Tensor<S> rhs = D::addUniform(u, D::applyRecent(D::AddUniformStep{}, history, count, x));
    PROOFPORT_CHECK_EQ(lhs, rhs);
    std::vector<S> flat = oracle::uniforms(history);
    flat.push_back(u);
    const Tensor<S> dense = oracle::applyRecent(flat, count + 1, x);
    PROOFPORT_CHECK_ORACLE(lhs, dense);
    PROOFPORT_CHECK_ORACLE(rhs, dense);
  }
};

struct applyRecentStable_eq {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Deferred.applyRecentStable_eq",
      .statement = "applyRecentStable step history count x = applyRecent step history count x",
      .source = sources::kDeferred,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "83a067e520bd2424"};

  template <Scalar S>
  static void property() {
    const auto history = gen::pick("history", gen::history<S>());
    const auto count = gen::pick("count", gen::count(history));
    const auto x = gen::pick("value", gen::tensor<S>());
    classify(history);
    classify(x);
    classifyReplay(history, count, x);
    check(history, count, x);
  }

  template <Scalar S>
  static void check(const D::History<S> &history, std::size_t count, const Tensor<S> &x) {
    const Tensor<S> lhs = D::applyRecentStable(D::AddUniformStep{}, history, count, x);
    const Tensor<S> rhs = D::applyRecent(D::AddUniformStep{}, history, count, x);
    requireIdentical(lhs, rhs, "theorem: applyRecentStable vs applyRecent");
    const Tensor<S> dense = oracle::applyRecent(history, count, x);
    PROOFPORT_CHECK_ORACLE(lhs, dense);
    PROOFPORT_CHECK_ORACLE(rhs, dense);
  }
};

/// The declarations of this namespace, in listing order.
using Theorems =
    properties::Theorems<getIdx_materializePack, materializePack_snoc, iterateUpdates_zero,
                         iterateUpdates_succ, iterateUpdates_fixed, repeatStable_eq,
                         applyRecent_zero, applyRecent_push, applyRecentStable_eq>;

}  // namespace proofport::properties::Deferred
