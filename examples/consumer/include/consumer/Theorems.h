// A theorem of this project's own about proofport's production deferred context, declared with
// proofport's framework: deferring a uniform addition and then materializing equals adding it
// to the materialized pack, position by position, by identity, and equals the dense oracle.
#pragma once

#include "proofport/generators/Generators.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/GradientContextOps.h"

namespace consumer::GradientContext {

using proofport::GradientContext;
using proofport::Scalar;
using proofport::TensorPack;

/// (ctx.addUniform u).toPack = ctx.toPack.add (TensorPack.fill ctx.shapes u)
struct toPack_addUniform {
  static constexpr proofport::properties::Theorem theorem{
      .leanName = "Consumer.GradientContext.toPack_addUniform",
      .statement = "(ctx.addUniform u).toPack = ctx.toPack.add (TensorPack.fill ctx.shapes u)",
      .source = "Consumer/Gradients.lean",
      .kind = proofport::properties::Kind::Lemma,
      .needs = proofport::kAddDecidableEq};

  template <Scalar S>
  static void property() {
    const auto ctx = *proofport::gen::gradientContext<S>();
    const auto uniform = *proofport::gen::exact<S>();
    proofport::properties::classify(ctx);
    proofport::properties::classifyScalar(uniform.value);
    check(ctx, uniform.value);
  }

  template <Scalar S>
  static void check(const GradientContext<S> &ctx, const S &uniform) {
    GradientContext<S> after = ctx;
    after.addUniform(uniform);
    const TensorPack<S> lhs = after.toPack();
    const TensorPack<S> rhs = ctx.toPack().add(TensorPack<S>::fill(ctx.shapes(), uniform));
    PROOFPORT_CHECK_EQ(lhs, rhs);
    // The oracle's dense reading of the same context, one addition at a time.
    auto oracle = proofport::properties::GradientContext::dense(ctx);
    oracle.addUniform(uniform);
    PROOFPORT_CHECK_ORACLE(lhs, oracle.toPack());
  }
};

/// This project's catalog.
using Theorems = proofport::properties::Theorems<toPack_addUniform>;

}  // namespace consumer::GradientContext
