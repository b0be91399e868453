// A theorem of this project's own, checked against proofport's production deferred context:
// deferring a uniform addition and then materializing equals adding it to the materialized
// pack, position by position, by identity, and equals the dense oracle.
#include <string>

#include <gtest/gtest.h>

#include "proofport/spec/FloatEnvironment.h"
#include "proofport/core/Gradients.h"
#include "proofport/scalars/Rational.h"
#include "proofport/generators/Generators.h"
#include "proofport/properties/Catalog.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Gradients.h"
#include "proofport/properties/Runner.h"

namespace consumer {

using proofport::GradientContext;
using proofport::Scalar;
using proofport::TensorPack;

/// (ctx.addUniform u).toPack = ctx.toPack.add (TensorPack.fill ctx.shapes u)
/// Lean: Consumer.GradientContext.toPack_addUniform (a theorem of this project)
template <Scalar S>
void toPack_addUniform(const GradientContext<S> &ctx, const S &uniform) {
  GradientContext<S> after = ctx;
  after.addUniform(uniform);
  const TensorPack<S> lhs = after.toPack();
  const TensorPack<S> rhs = ctx.toPack().add(TensorPack<S>::fill(ctx.shapes(), uniform));
  proofport::properties::requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  // The oracle's dense reading of the same context, one addition at a time.
  auto oracle = proofport::properties::GradientContext::dense(ctx);
  oracle.addUniform(uniform);
  proofport::properties::requireIdentical(lhs, oracle.toPack(), "lhs vs dense oracle");
}

/// The theorem as proofport's runner reports it: name, statement, source.
const proofport::properties::Theorem kToPackAddUniform{
    "Consumer.GradientContext.toPack_addUniform",
    "(ctx.addUniform u).toPack = ctx.toPack.add (TensorPack.fill ctx.shapes u)",
    "Consumer/Gradients.lean", proofport::properties::Kind::Lemma};

/// Runs the property over `S` and fails the test with proofport's exact counterexample.
template <Scalar S>
void check(const std::string &scalarName) {
  proofport::properties::ScalarInfo scalar;
  scalar.name = scalarName;
  scalar.typeName = rc::detail::typeToString<S>();
  const proofport::properties::Entry entry{&kToPackAddUniform, scalar, [] {
    return rc::detail::toProperty([] {
      const auto ctx = *proofport::gen::gradientContext<S>();
      toPack_addUniform(ctx, (*proofport::gen::exact<S>()).value);
    });
  }};
  proofport::properties::RunOptions options;
  options.cases = 1000; // cheap here, and signed-zero corners need a few hundred cases
  const auto result = proofport::properties::run(entry, options);
  EXPECT_EQ(result.verdict, proofport::properties::RunResult::Verdict::Passed)
      << entry.id() << "\n  " << kToPackAddUniform.statement << "\n"
      << proofport::properties::describeFailure(result);
}

TEST(Consumer, toPack_addUniform_float32) {
  proofport::checkFloatEnvironment(FE_TONEAREST);
  check<float>("float32");
}

TEST(Consumer, toPack_addUniform_rational) { check<proofport::Rational>("rational"); }

} // namespace consumer
