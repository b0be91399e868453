// Properties for GradientContext: the seed theorems and the structure invariants.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "proofport/core/Gradients.h"
#include "proofport/generators/Contexts.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"

namespace proofport::properties::GradientContext {

template <Scalar S>
using G = ::proofport::GradientContext<S>;
template <Scalar S>
using L = ::proofport::TensorLookup<S>;

/// The oracle's dense reading of a context's raw parts.
template <Scalar S>
oracle::DenseContext<S> dense(const G<S> &ctx) {
  return oracle::DenseContext<S>::fromParts(ctx.stored().toPack(), ctx.epochs(), ctx.clock(),
                                            ctx.history());
}

/// TensorLookup.ofPack ctx.toPack = ctx.lookup
template <Scalar S>
void lookup_toPack(const G<S> &ctx) {
  classify(ctx);
  const L<S> lhs = L<S>::ofPack(ctx.toPack());
  const L<S> rhs = ctx.lookup();
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  const TensorPack<S> oracle = dense(ctx).toPack();
  requireIdentical(lhs, oracle, "lhs vs dense oracle");
  requireIdentical(rhs, oracle, "rhs vs dense oracle");
}

/// (ofPack seed).lookup = TensorLookup.ofPack seed
template <Scalar S>
void lookup_ofPack(const TensorPack<S> &seed) {
  classify(seed);
  const L<S> lhs = G<S>::ofPack(seed).lookup();
  requireIdentical(lhs, L<S>::ofPack(seed), "theorem: lhs vs rhs");
  requireIdentical(lhs, seed, "lhs vs dense oracle");
}

/// (ofPack seed).toPack = seed
template <Scalar S>
void toPack_ofPack(const TensorPack<S> &seed) {
  classify(seed);
  requireIdentical(G<S>::ofPack(seed).toPack(), seed, "theorem: lhs vs rhs");
}

/// (ctx.addUniform uniform).lookup.read idx = Deferred.addUniform uniform (ctx.lookup.read idx)
template <Scalar S>
void lookup_addUniform(const G<S> &ctx, const S &uniform, const Idx &idx) {
  classify(ctx);
  classifyScalar(uniform);
  G<S> after = ctx;
  after.addUniform(uniform);
  const Tensor<S> lhs = after.lookup().read(idx);
  const Tensor<S> rhs = ::proofport::Deferred::addUniform(uniform, ctx.lookup().read(idx));
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  auto oracle = dense(ctx);
  oracle.addUniform(uniform);
  requireIdentical(lhs, oracle.read(idx.i), "lhs vs dense oracle");
  requireIdentical(rhs, oracle.read(idx.i), "rhs vs dense oracle");
}

/// (ctx.set idx value).lookup = ctx.lookup.set idx value
template <Scalar S>
void lookup_set(const G<S> &ctx, const Idx &idx, const Tensor<S> &value) {
  classify(ctx);
  classify(value);
  G<S> after = ctx;
  after.set(idx, value);
  const L<S> lhs = after.lookup();
  const L<S> rhs = ctx.lookup().set(idx, value);
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  auto oracle = dense(ctx);
  oracle.set(idx.i, value);
  requireIdentical(lhs, oracle.toPack(), "lhs vs dense oracle");
  requireIdentical(rhs, oracle.toPack(), "rhs vs dense oracle");
}

/// (ctx.setMany (snapshot indices source)).lookup.read other
///   = if other.i ∈ indices.map (·.i) then source.read other else ctx.lookup.read other
template <Scalar S>
void lookup_setMany_snapshot(const G<S> &ctx, const std::vector<SomeIdx> &indices,
                             const L<S> &source, const Idx &other) {
  classify(ctx);
  classify(indices);
  G<S> after = ctx;
  after.setMany(G<S>::snapshot(indices, source));
  const Tensor<S> lhs = after.lookup().read(other);
  const bool member = std::any_of(indices.begin(), indices.end(),
                                  [&other](const SomeIdx &e) { return e.i == other.i; });
  const Tensor<S> rhs = member ? source.read(other) : ctx.lookup().read(other);
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  auto oracle = dense(ctx);
  for (const SomeIdx &e : indices) {
    oracle.set(e.i, source.read(e));
  }
  requireIdentical(lhs, oracle.read(other.i), "lhs vs dense oracle");
  requireIdentical(rhs, oracle.read(other.i), "rhs vs dense oracle");
}

/// (ctx.addContributions contribution).lookup = ctx.lookup.add contribution.lookup
template <Scalar S>
void lookup_addContributions(const G<S> &ctx, const ::proofport::Contributions<S> &contribution) {
  classify(ctx);
  classify(contribution);
  G<S> after = ctx;
  after.addContributions(contribution);
  const L<S> lhs = after.lookup();
  const L<S> rhs = L<S>::add(ctx.lookup(), contribution.lookup());
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  auto oracle = dense(ctx);
  oracle.addPack(contribution.dense());
  requireIdentical(lhs, oracle.toPack(), "lhs vs dense oracle");
  requireIdentical(rhs, oracle.toPack(), "rhs vs dense oracle");
}

/// (ctx.addContributions contribution).toPack = ctx.toPack.add (contribution.dense ())
template <Scalar S>
void toPack_addContributions(const G<S> &ctx, const ::proofport::Contributions<S> &contribution) {
  classify(ctx);
  classify(contribution);
  G<S> after = ctx;
  after.addContributions(contribution);
  const TensorPack<S> lhs = after.toPack();
  const TensorPack<S> rhs = ctx.toPack().add(contribution.dense());
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  auto oracle = dense(ctx);
  oracle.addPack(contribution.dense());
  requireIdentical(lhs, oracle.toPack(), "lhs vs dense oracle");
  requireIdentical(rhs, oracle.toPack(), "rhs vs dense oracle");
}

/// (ctx.addDense contribution).toPack = ctx.toPack.add contribution
template <Scalar S>
void toPack_addDense(const G<S> &ctx, const TensorPack<S> &contribution) {
  classify(ctx);
  classify(contribution);
  G<S> after = ctx;
  after.addDense(contribution);
  const TensorPack<S> lhs = after.toPack();
  const TensorPack<S> rhs = ctx.toPack().add(contribution);
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  auto oracle = dense(ctx);
  oracle.addPack(contribution);
  requireIdentical(lhs, oracle.toPack(), "lhs vs dense oracle");
  requireIdentical(rhs, oracle.toPack(), "rhs vs dense oracle");
}

/// (cast same ctx).toPack = TensorPack.cast same ctx.toPack
template <Scalar S>
void toPack_cast(const G<S> &ctx) {
  classify(ctx);
  const std::vector<Shape> same = ctx.shapes();
  G<S> after = ctx;
  after.cast(same);
  const TensorPack<S> lhs = after.toPack();
  const TensorPack<S> rhs = ctx.toPack().cast(same);
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  requireIdentical(lhs, dense(ctx).toPack(), "lhs vs dense oracle");
}

/// (ctx.pop.1.toPack, ctx.pop.2) = ctx.toPack.unsnoc
template <Scalar S>
void toPack_pop(const G<S> &ctx) {
  classify(ctx);
  G<S> rest = ctx;
  const Tensor<S> last = rest.pop();
  const auto [packRest, packLast] = ctx.toPack().unsnoc();
  requireIdentical(rest.toPack(), packRest, "theorem: remaining context");
  requireIdentical(last, packLast, "theorem: popped gradient");
  auto oracle = dense(ctx);
  const Tensor<S> oracleLast = oracle.pop();
  requireIdentical(rest.toPack(), oracle.toPack(), "remaining context vs dense oracle");
  requireIdentical(last, oracleLast, "popped gradient vs dense oracle");
}

/// The definition of pop, unfolded: the remaining context keeps `epochs` (its length too: the
/// popped slot stays, with its epoch) and `clock`. History compaction may drop runs and
/// re-materialize LIVE positions (refreshing their epochs), which `toPack_pop` shows to be
/// unobservable; the fields it cannot touch are checked here.
template <Scalar S>
void pop(const G<S> &ctx) {
  classify(ctx);
  G<S> rest = ctx;
  rest.pop();
  require(rest.epochs().size() == ctx.epochs().size(),
          "definition: pop keeps epochs, expected " + std::to_string(ctx.epochs().size()) +
              " slots, got " + std::to_string(rest.epochs().size()));
  for (std::size_t k = rest.size(); k < ctx.epochs().size(); ++k) {
    require(rest.epochs()[k] == ctx.epochs()[k],
            "definition: pop keeps the epoch of slot " + std::to_string(k) + ", expected " +
                std::to_string(ctx.epochs()[k]) + ", got " + std::to_string(rest.epochs()[k]));
  }
  require(rest.clock() == ctx.clock(), "definition: pop keeps the clock");
  require(rest.size() + 1 == ctx.size(), "definition: pop removes exactly one position");
}

/// Checks `covered` and `bounded` on `ctx`, naming `after` in the message.
template <Scalar S>
void requireInvariants(const G<S> &ctx, const std::string &after, bool covered, bool bounded) {
  if (covered && ctx.stored().size() > ctx.epochs().size()) {
    fail("covered broken after " + after + ": " + std::to_string(ctx.stored().size()) +
         " stored tensors, " + std::to_string(ctx.epochs().size()) + " epochs");
  }
  for (std::size_t i = 0; bounded && i < ctx.epochs().size(); ++i) {
    if (ctx.epochs()[i] > ctx.clock()) {
      fail("bounded broken after " + after + ": epochs[" + std::to_string(i) + "] = " +
           std::to_string(ctx.epochs()[i]) + " > clock " + std::to_string(ctx.clock()));
    }
  }
}

/// covered: self.stored.values.size ≤ self.epochs.size, preserved by every operation.
template <Scalar S>
void covered(const G<S> &ctx, const std::vector<gen::Operation<S>> &script) {
  classify(ctx);
  G<S> state = ctx;
  requireInvariants(state, "the start", true, false);
  for (std::size_t k = 0; k < script.size(); ++k) {
    gen::apply(state, script[k], 0);
    requireInvariants(state, "operation " + std::to_string(k), true, false);
  }
}

/// bounded: ∀ i < self.epochs.size, self.epochs[i] ≤ self.clock, preserved by every operation.
template <Scalar S>
void bounded(const G<S> &ctx, const std::vector<gen::Operation<S>> &script) {
  classify(ctx);
  G<S> state = ctx;
  requireInvariants(state, "the start", false, true);
  for (std::size_t k = 0; k < script.size(); ++k) {
    gen::apply(state, script[k], 0);
    requireInvariants(state, "operation " + std::to_string(k), false, true);
  }
}

} // namespace proofport::properties::GradientContext
