// Unit tests of the checked gradient contexts: off is the production type, invariants catch
// broken contributions and structure fields, shadow names each theorem on a wrong result.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "FaultyContext.h"
#include "UnitSupport.h"
#include "proofport/properties/CheckedContext.h"

namespace proofport {
namespace {

using checked::CheckLevel;
using checked::CheckOptions;
using checked::TheoremViolation;
using checked::ViolationPolicy;
using properties::CheckedContext;
using properties::CheckedGradientContext;
using unit::Fault;
using unit::Faulty;
using unit::samePack;
using unit::startContext;
using unit::tensor;

// ---------------------------------------------------------------- off

static_assert(std::is_same_v<CheckedGradientContext<float>, GradientContext<float>>);
static_assert(
    std::is_same_v<CheckedGradientContext<double, CheckLevel::off>, GradientContext<double>>);
static_assert(std::is_same_v<CheckedGradientContext<double, CheckLevel::shadow>,
                             CheckedContext<double, CheckLevel::shadow>>);
using OffAccumulator = properties::CheckedAccumulator<float, CheckLevel::off>;
static_assert(std::is_same_v<decltype(std::declval<OffAccumulator>().context()),
                             const GradientContext<float> &>);

// ---------------------------------------------------------------- helpers

using Shadow = CheckedContext<double, CheckLevel::shadow>;
using Invariants = CheckedContext<double, CheckLevel::invariants>;

const std::vector<Shape> kShapes{{2}, {}};

/// A contribution over kShapes whose parts are given directly (obligations not enforced).
Contributions<double> contributionOf(TensorPack<double> dense, TensorPack<double> lookup,
                                     double uniform, std::vector<SomeIdx> support) {
  return Contributions<double>([dense] { return dense; }, TensorLookup<double>::ofPack(lookup),
                               uniform, std::move(support));
}

/// Runs `action` and returns the violation it threw; fails the test if it threw none.
template <class F>
TheoremViolation violationOf(F &&action) {
  try {
    action();
  } catch (const TheoremViolation &v) {
    return v;
  }
  ADD_FAILURE() << "no TheoremViolation thrown";
  return TheoremViolation({});
}

template <Fault F>
using FaultyShadow = CheckedContext<double, CheckLevel::shadow, Faulty<F>>;

template <Fault F>
FaultyShadow<F> faultyStart() {
  return FaultyShadow<F>(Faulty<F>(startContext()));
}

/// A valid contribution: 1 at position 0 (support), uniform 0.25 elsewhere.
Contributions<double> validContribution() {
  const auto parts = unit::packOf<double>({tensor({2}, {1.0, 1.0}), tensor({}, {0.25})});
  return contributionOf(parts, parts, 0.25, {Idx{0, {2}}});
}

// ---------------------------------------------------------------- a correct port passes

TEST(CheckedContext, correctPortPassesEveryCheckAndMatchesProduction) {
  GradientContext<double> plain = startContext();
  Shadow shadow(startContext());
  Invariants invariants(startContext());
  auto both = [&](auto &&op) {
    op(plain);
    op(shadow);
    op(invariants);
  };
  both([](auto &c) { c.addUniform(-0.0); });
  both([](auto &c) { c.set(Idx{1, {}}, tensor({}, {7.0})); });
  both([](auto &c) { c.addContributions(validContribution()); });
  both([](auto &c) {
    c.setMany({Update<double>{Idx{0, {2}}, tensor({2}, {5.0, 6.0})},
               Update<double>{Idx{0, {2}}, tensor({2}, {5.0, 6.0})}});
  });
  both([](auto &c) {
    c.addDense(unit::packOf<double>({tensor({2}, {0.5, 0.5}), tensor({}, {-1.0})}));
  });
  both([](auto &c) { c.cast(kShapes); });
  const Tensor<double> last = plain.pop();
  EXPECT_TRUE(unit::sameTensor(last, shadow.pop()));
  EXPECT_TRUE(unit::sameTensor(last, invariants.pop()));
  EXPECT_TRUE(samePack(plain.toPack(), shadow.toPack()));
  EXPECT_TRUE(samePack(plain.toPack(), invariants.toPack()));
  EXPECT_EQ(shadow.violations(), 0U);
}

TEST(CheckedContext, badInputIsRejectedByProductionAndLeavesTheContextUnchanged) {
  Shadow ctx(startContext());
  const auto before = unit::capture(ctx.production());
  EXPECT_THROW(ctx.set(Idx{5, {2}}, tensor({2}, {1.0, 1.0})), IndexError);
  EXPECT_THROW(ctx.cast({{3}}), ShapeError);
  EXPECT_TRUE(unit::unchanged(before, ctx.production()));
  ctx.addUniform(1.0);  // the shadow still agrees afterwards
  EXPECT_EQ(ctx.violations(), 0U);
}

// ---------------------------------------------------------------- invariants: obligations

TEST(CheckedShadow, brokenCorrectObligationIsCaughtBeforeTheContextChanges) {
  Shadow ctx(startContext());
  const auto before = unit::capture(ctx.production());
  const auto dense = unit::packOf<double>({tensor({2}, {1.0, 1.0}), tensor({}, {0.25})});
  const auto lookup = unit::packOf<double>({tensor({2}, {1.0, -0.0}), tensor({}, {0.25})});
  const TheoremViolation v = violationOf([&] {
    ctx.addContributions(contributionOf(dense, lookup, 0.25, {Idx{0, {2}}}));
  });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.Contributions.correct");
  EXPECT_EQ(v.operation(), "GradientContext::addContributions");
  EXPECT_EQ(v.position(), std::optional<std::size_t>(0));
  EXPECT_EQ(v.element(), std::optional<std::size_t>(1));
  EXPECT_EQ(v.expectedValue(), show(1.0));
  EXPECT_EQ(v.actualValue(), show(-0.0));
  EXPECT_EQ(v.scalar(), "float64");
  EXPECT_EQ(std::string(v.what()),
            "GradientContext::addContributions: expected Proofs.Autograd.Algebra.Contributions."
            "correct to hold: position 0, element 1 reads " +
                show(1.0) + ", got " + show(-0.0));
  EXPECT_TRUE(unit::unchanged(before, ctx.production()));
}

TEST(CheckedShadow, brokenOutsideObligationNamesThePositionOutsideTheSupport) {
  Shadow ctx(startContext());
  const auto parts = unit::packOf<double>({tensor({2}, {1.0, 1.0}), tensor({}, {0.5})});
  const TheoremViolation v = violationOf([&] {
    ctx.addContributions(contributionOf(parts, parts, 0.25, {Idx{0, {2}}}));
  });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.Contributions.outside");
  EXPECT_EQ(v.position(), std::optional<std::size_t>(1));
  EXPECT_EQ(v.element(), std::optional<std::size_t>(0));
  EXPECT_EQ(v.expectedValue(), show(0.25));
  EXPECT_EQ(v.actualValue(), show(0.5));
}

TEST(CheckedShadow, denseOfOtherShapesBreaksCorrect) {
  Shadow ctx(startContext());
  const auto lookup = unit::packOf<double>({tensor({2}, {0.0, 0.0}), tensor({}, {0.0})});
  const auto dense = unit::packOf<double>({tensor({2}, {0.0, 0.0})});
  const TheoremViolation v =
      violationOf([&] { ctx.addContributions(contributionOf(dense, lookup, 0.0, {})); });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.Contributions.correct");
  EXPECT_EQ(v.position(), std::nullopt);
}

// ---------------------------------------------------------------- invariants: structure fields

TEST(CheckedInvariants, epochAboveTheClockBreaksBounded) {
  CheckedContext<double, CheckLevel::invariants, Faulty<Fault::epochsBounded>> ctx{
      Faulty<Fault::epochsBounded>(startContext())};
  const TheoremViolation v = violationOf([&] { ctx.set(Idx{1, {}}, tensor({}, {7.0})); });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.GradientContext.bounded");
  EXPECT_EQ(v.operation(), "GradientContext::set");
  EXPECT_EQ(v.position(), std::optional<std::size_t>(1));
  EXPECT_EQ(v.actualValue(), "99");
}

TEST(CheckedInvariants, fewerEpochsThanPositionsBreaksCovered) {
  CheckedContext<double, CheckLevel::invariants, Faulty<Fault::epochsCovered>> ctx{
      Faulty<Fault::epochsCovered>(startContext())};
  const TheoremViolation v = violationOf([&] { ctx.set(Idx{1, {}}, tensor({}, {7.0})); });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.GradientContext.covered");
  EXPECT_EQ(v.expectedValue(), "at least 2 epochs");
  EXPECT_EQ(v.actualValue(), "1 epochs");
}

TEST(CheckedInvariants, changedShapeListBreaksTheStoredField) {
  CheckedContext<double, CheckLevel::invariants, Faulty<Fault::storedShapes>> ctx{
      Faulty<Fault::storedShapes>(startContext())};
  const TheoremViolation v = violationOf([&] { ctx.set(Idx{1, {}}, tensor({}, {7.0})); });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.GradientContext.stored");
  EXPECT_EQ(v.expectedValue(), "shapes [[2],[]]");
  EXPECT_EQ(v.actualValue(), "[[2],[1]]");
}

// ---------------------------------------------------------------- the violation's kind

// A violation found after an operation took effect is its own kind: a proofport::Error, never a
// ContractError (whose promise is that the object is unchanged).
static_assert(std::is_base_of_v<Error, TheoremViolation>);
static_assert(!std::is_base_of_v<ContractError, TheoremViolation>);

TEST(CheckedInvariants, aViolationAfterTheOperationIsAnErrorButNotAContractError) {
  CheckedContext<double, CheckLevel::invariants, Faulty<Fault::epochsBounded>> ctx{
      Faulty<Fault::epochsBounded>(startContext())};
  bool caughtAsContract = false;
  bool caughtAsError = false;
  try {
    try {
      ctx.set(Idx{1, {}}, tensor({}, {7.0}));
    } catch (const ContractError &) {
      caughtAsContract = true;
    }
  } catch (const Error &e) {
    caughtAsError = dynamic_cast<const TheoremViolation *>(&e) != nullptr;
  }
  EXPECT_FALSE(caughtAsContract);
  EXPECT_TRUE(caughtAsError);
}

// ---------------------------------------------------------------- shadow: each theorem

/// Runs `op` on a shadow context over `Faulty<F>` and checks the violation's theorem.
template <Fault F, class Op>
void expectTheorem(const std::string &theorem, const std::string &operation, Op op) {
  FaultyShadow<F> ctx = faultyStart<F>();
  const TheoremViolation v = violationOf([&] { op(ctx); });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.GradientContext." + theorem);
  EXPECT_EQ(v.operation(), operation);
  EXPECT_TRUE(v.position().has_value());
}

TEST(CheckedShadow, namesEachTheoremOnAWrongResult) {
  expectTheorem<Fault::addUniform>("lookup_addUniform", "GradientContext::addUniform",
                                   [](auto &c) { c.addUniform(1.0); });
  expectTheorem<Fault::set>("lookup_set", "GradientContext::set", [](auto &c) {
    c.set(Idx{0, {2}}, tensor({2}, {4.0, 5.0}));
  });
  expectTheorem<Fault::setMany>("lookup_setMany_snapshot", "GradientContext::setMany", [](auto &c) {
    c.setMany({Update<double>{Idx{0, {2}}, tensor({2}, {4.0, 5.0})},
               Update<double>{Idx{1, {}}, tensor({}, {9.0})}});
  });
  expectTheorem<Fault::addContributions>("lookup_addContributions",
                                         "GradientContext::addContributions",
                                         [](auto &c) { c.addContributions(validContribution()); });
  expectTheorem<Fault::toPack>("toPack_addContributions", "GradientContext::addContributions",
                               [](auto &c) { c.addContributions(validContribution()); });
  expectTheorem<Fault::toPack>("toPack_addDense", "GradientContext::addDense", [](auto &c) {
    c.addDense(unit::packOf<double>({tensor({2}, {0.5, 0.5}), tensor({}, {-1.0})}));
  });
  expectTheorem<Fault::toPack>("toPack_cast", "GradientContext::cast",
                               [](auto &c) { c.cast(kShapes); });
  expectTheorem<Fault::toPack>("toPack_pop", "GradientContext::pop", [](auto &c) { c.pop(); });
  expectTheorem<Fault::pop>("toPack_pop", "GradientContext::pop", [](auto &c) { c.pop(); });
}

TEST(CheckedShadow, ofPackChecksToPackOfPack) {
  const TheoremViolation v = violationOf([] {
    (void)FaultyShadow<Fault::toPack>::ofPack(
        unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})}));
  });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.GradientContext.toPack_ofPack");
  EXPECT_EQ(v.expectedValue(), show(1.0));
  EXPECT_EQ(v.actualValue(), show(101.0));
}

TEST(CheckedShadow, setViolationCarriesPositionElementAndExactValues) {
  FaultyShadow<Fault::set> ctx = faultyStart<Fault::set>();
  const TheoremViolation v = violationOf([&] { ctx.set(Idx{0, {2}}, tensor({2}, {0.0, 5.0})); });
  EXPECT_EQ(v.position(), std::optional<std::size_t>(0));
  EXPECT_EQ(v.element(), std::optional<std::size_t>(0));
  EXPECT_EQ(v.expectedValue(), "0 (0x0p+0)");
  EXPECT_EQ(v.actualValue(), "-0 (-0x0p+0)");
}

TEST(CheckedShadow, invariantsLevelDoesNotRunTheShadow) {
  CheckedContext<double, CheckLevel::invariants, Faulty<Fault::set>> ctx{
      Faulty<Fault::set>(startContext())};
  ctx.set(Idx{0, {2}}, tensor({2}, {4.0, 5.0}));
  EXPECT_EQ(ctx.violations(), 0U);
}

// ---------------------------------------------------------------- local: the touched positions

template <Fault F>
using FaultyLocal = CheckedContext<double, CheckLevel::local, Faulty<F>>;

/// Runs `op` on a local-level context over `Faulty<F>` and checks the violation's theorem.
template <Fault F, class Op>
void expectLocalTheorem(const std::string &theorem, const std::string &operation, Op op) {
  FaultyLocal<F> ctx{Faulty<F>(startContext())};
  const TheoremViolation v = violationOf([&] { op(ctx); });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.GradientContext." + theorem);
  EXPECT_EQ(v.operation(), operation);
  EXPECT_TRUE(v.position().has_value());
}

TEST(CheckedLocal, namesEachTheoremOnAWrongReadAtATouchedPosition) {
  expectLocalTheorem<Fault::addUniform>("lookup_addUniform", "GradientContext::addUniform",
                                        [](auto &c) { c.addUniform(1.0); });
  expectLocalTheorem<Fault::set>("lookup_set", "GradientContext::set", [](auto &c) {
    c.set(Idx{0, {2}}, tensor({2}, {4.0, 5.0}));
  });
  expectLocalTheorem<Fault::setMany>(
      "lookup_setMany_snapshot", "GradientContext::setMany", [](auto &c) {
        c.setMany({Update<double>{Idx{0, {2}}, tensor({2}, {4.0, 5.0})},
                   Update<double>{Idx{1, {}}, tensor({}, {9.0})}});
      });
  expectLocalTheorem<Fault::addContributions>(
      "lookup_addContributions", "GradientContext::addContributions",
      [](auto &c) { c.addContributions(validContribution()); });
  expectLocalTheorem<Fault::pop>("toPack_pop", "GradientContext::pop", [](auto &c) { c.pop(); });
}

TEST(CheckedLocal, ofPackIsCheckedAtEveryPositionItCreates) {
  // ofPack touches every position of the seed; the wrong one is the last.
  const TheoremViolation v = violationOf([] {
    (void)FaultyLocal<Fault::ofPack>::ofPack(
        unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})}));
  });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.GradientContext.lookup_ofPack");
  EXPECT_EQ(v.operation(), "GradientContext::ofPack");
  EXPECT_EQ(v.position(), std::optional<std::size_t>(1));
  EXPECT_EQ(v.expectedValue(), show(3.0));
  EXPECT_EQ(v.actualValue(), show(0.0));
  // With the caller's list (as a backward pass starts): the seed moves into the context, which
  // zeroes it in place; the elements kept before the move still show the fault.
  const TheoremViolation shared = violationOf([] {
    (void)FaultyLocal<Fault::ofPack>::ofPack(
        unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})}),
        ShapeList(std::vector<Shape>{{2}, {}}), {});
  });
  EXPECT_EQ(shared.theorem(), "Proofs.Autograd.Algebra.GradientContext.lookup_ofPack");
  EXPECT_EQ(shared.position(), std::optional<std::size_t>(1));
  EXPECT_EQ(shared.expectedValue(), show(3.0));
  // The invariants level moves the seed into the context and checks only its structure.
  const auto seed = unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})});
  const auto checked = CheckedContext<double, CheckLevel::invariants>::ofPack(seed);
  EXPECT_TRUE(samePack(seed, checked.toPack()));
}

TEST(CheckedLocal, aWrongPackAloneNeedsTheShadow) {
  // Reads are right and only the materialized pack is wrong: the local level evaluates both
  // sides through reads, so the pack theorems are the shadow level's to check.
  FaultyLocal<Fault::toPack> ctx{Faulty<Fault::toPack>(startContext())};
  ctx.addContributions(validContribution());
  ctx.cast(kShapes);
  EXPECT_EQ(ctx.violations(), 0U);
}

TEST(CheckedInvariants, brokenOutsideObligationAtASampledPositionIsCaughtBeforeTheChange) {
  CheckOptions options;
  options.localSamples = 8;  // over 2 positions: position 1 is drawn
  Invariants ctx(startContext(), options);
  const auto before = unit::capture(ctx.production());
  const auto parts = unit::packOf<double>({tensor({2}, {1.0, 1.0}), tensor({}, {0.5})});
  const TheoremViolation v = violationOf([&] {
    ctx.addContributions(contributionOf(parts, parts, 0.25, {Idx{0, {2}}}));
  });
  EXPECT_EQ(v.theorem(), "Proofs.Autograd.Algebra.Contributions.outside");
  EXPECT_EQ(v.position(), std::optional<std::size_t>(1));
  EXPECT_TRUE(unit::unchanged(before, ctx.production()));
}

// ---------------------------------------------------------------- policies and sampling

TEST(CheckedPolicy, logContinuesCountsCallsTheHandlerAndRechecksLaterOperationsAlone) {
  std::ostringstream log;
  std::vector<std::string> seen;
  CheckOptions options;
  options.policy = ViolationPolicy::log;
  options.log = &log;
  options.handler = [&](const TheoremViolation &v) { seen.push_back(v.theorem()); };
  FaultyShadow<Fault::set> ctx(Faulty<Fault::set>(startContext()), options);
  ctx.set(Idx{0, {2}}, tensor({2}, {4.0, 5.0}));
  ctx.addUniform(1.0);  // correct on its own: no second violation
  ctx.set(Idx{1, {}}, tensor({}, {2.0}));
  EXPECT_EQ(ctx.violations(), 2U);
  EXPECT_EQ(seen, (std::vector<std::string>{"Proofs.Autograd.Algebra.GradientContext.lookup_set",
                                            "Proofs.Autograd.Algebra.GradientContext.lookup_set"}));
  EXPECT_NE(log.str().find("theorem violation over float64: GradientContext::set"),
            std::string::npos)
      << log.str();
}

TEST(CheckedPolicy, loggedBrokenContributionLeavesLaterOperationsCheckedAlone) {
  std::ostringstream log;
  CheckOptions options;
  options.policy = ViolationPolicy::log;
  options.log = &log;
  Shadow ctx(startContext(), options);
  const auto dense = unit::packOf<double>({tensor({2}, {1.0, 1.0}), tensor({}, {0.25})});
  const auto lookup = unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {0.25})});
  ctx.addContributions(contributionOf(dense, lookup, 0.25, {Idx{0, {2}}}));
  EXPECT_EQ(ctx.violations(), 1U);
  ctx.addUniform(1.0);
  ctx.set(Idx{1, {}}, tensor({}, {2.0}));
  EXPECT_EQ(ctx.violations(), 1U) << log.str();
}

TEST(CheckedPolicyDeathTest, abortPrintsTheViolationAndAborts) {
  CheckOptions options;
  options.policy = ViolationPolicy::abort;
  EXPECT_DEATH(
      {
        FaultyShadow<Fault::set> ctx(Faulty<Fault::set>(startContext()), options);
        ctx.set(Idx{0, {2}}, tensor({2}, {4.0, 5.0}));
      },
      "theorem violation over float64: .*lookup_set");
}

/// How many of 200 faulty `set`s a shadow context with `rate` and `seed` catches.
std::size_t caught(double rate, std::uint64_t seed) {
  CheckOptions options;
  options.policy = ViolationPolicy::log;
  std::ostringstream log;
  options.log = &log;
  options.sampleRate = rate;
  options.seed = seed;
  FaultyShadow<Fault::set> ctx(Faulty<Fault::set>(startContext()), options);
  for (int k = 0; k < 200; ++k) {
    ctx.set(Idx{1, {}}, tensor({}, {static_cast<double>(k + 1)}));
  }
  return ctx.violations();
}

TEST(CheckedSampling, rateDecidesHowManyOperationsAreCheckedDeterministically) {
  EXPECT_EQ(caught(1.0, 0), 200U);
  EXPECT_EQ(caught(0.0, 0), 0U);
  const std::size_t half = caught(0.5, 7);
  EXPECT_GT(half, 60U);
  EXPECT_LT(half, 140U);
  EXPECT_EQ(caught(0.5, 7), half);
}

// ---------------------------------------------------------------- reads and positions

TEST(CheckedReads, assignReadsAgainAndAnEarlierLookupKeepsItsReads) {
  using Reads = properties::GradientContext::Reads<double>;
  GradientContext<double> ctx = startContext();
  const std::vector<std::size_t> both{1, 0, 1};  // any order, repeats read once
  Reads reads(ctx, both);
  const auto earlier = reads.lookup();
  ctx.addUniform(1.0);
  const std::vector<std::size_t> first{0};
  reads.assign(ctx, first);
  EXPECT_TRUE(unit::sameTensor(ctx.read(Idx{0, {2}}), reads.read(Idx{0, {2}})));
  EXPECT_TRUE(unit::throwsError<ContractError>(
      [&] {
        (void)reads.read(Idx{1, {}});
      },
      "Reads::read", "a position read before the operation", "position 1"));
  EXPECT_TRUE(unit::sameTensor(tensor({}, {3.5}), earlier.read(Idx{1, {}})));
  EXPECT_TRUE(unit::sameTensor(tensor({2}, {1.5, 2.5}), earlier.read(Idx{0, {2}})));
  const std::vector<std::size_t> past{0, 2};
  EXPECT_TRUE(unit::throwsError<IndexError>([&] { reads.assign(ctx, past); }, "Reads::assign",
                                            "position < 2", "2"));
}

TEST(CheckedPositions, touchedAndConsecutiveSamplesAscendingEachOnce) {
  checked::CheckedPositions positions;
  checked::SplitMix64 random(3);
  const std::vector<std::size_t> touched{5, 2, 5, 40};
  const std::vector<std::size_t> &before = positions.before(10, touched, false, 4, random);
  // 2 and 5 touched (40 does not exist), then 4 consecutive positions from a seeded start,
  // wrapping at 10.
  ASSERT_GE(before.size(), 4U);
  ASSERT_LE(before.size(), 6U);
  EXPECT_TRUE(std::is_sorted(before.begin(), before.end()));
  EXPECT_EQ(std::adjacent_find(before.begin(), before.end()), before.end());
  EXPECT_NE(std::find(before.begin(), before.end(), 2U), before.end());
  EXPECT_NE(std::find(before.begin(), before.end(), 5U), before.end());
  const std::vector<std::size_t> kept(before.begin(), before.end());
  // After a pop to 9 positions, the checked ones that remain; after ofPack-like growth, the
  // touched positions created too.
  const std::vector<std::size_t> &after = positions.after(9, {}, 10, false);
  std::vector<std::size_t> expected;
  std::copy_if(kept.begin(), kept.end(), std::back_inserter(expected),
               [](std::size_t i) { return i < 9; });
  EXPECT_EQ(after, expected);
  EXPECT_EQ(positions.before(3, touched, true, 4, random), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(positions.after(5, {3, 4}, 3, false), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(CheckedPositions, longAndShortListsSortedTheSameWay) {
  // Up to 16 positions are sorted by insertion, more by std::sort: both ascending, each once.
  for (const std::size_t count : {0U, 1U, 2U, 15U, 16U, 17U, 40U}) {
    std::vector<std::size_t> touched;
    for (std::size_t k = 0; k < count; ++k) {
      touched.push_back((k * 7919U) % 23U);  // repeats and any order
    }
    checked::CheckedPositions positions;
    checked::SplitMix64 random(5);
    const std::vector<std::size_t> &before = positions.before(23, touched, false, 0, random);
    std::vector<std::size_t> expected = touched;
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    EXPECT_EQ(before, expected) << count << " touched";
  }
  // Samples wrap at the end: 3 consecutive of 2 positions are the 2 positions once each.
  checked::CheckedPositions positions;
  checked::SplitMix64 random(7);
  EXPECT_EQ(positions.before(2, {}, false, 3, random), (std::vector<std::size_t>{0, 1}));
}

TEST(CheckedPositions, aWindowOfOperationsSharesOneSampledStretch) {
  // With a window of 3, three operations check the stretch drawn for the first; the fourth
  // draws anew (from the same stream as without a window); a structure shrunk below the
  // stretch's start draws anew at once.
  checked::CheckedPositions windowed;
  checked::CheckedPositions fresh;
  checked::SplitMix64 a(11);
  checked::SplitMix64 b(11);
  const std::vector<std::size_t> first = windowed.before(1000, {}, false, 2, a, 3);
  EXPECT_EQ(first, fresh.before(1000, {}, false, 2, b));
  EXPECT_EQ(windowed.before(1000, {}, false, 2, a, 3), first);
  EXPECT_EQ(windowed.before(1000, {}, false, 2, a, 3), first);
  const std::vector<std::size_t> fourth = windowed.before(1000, {}, false, 2, a, 3);
  EXPECT_EQ(fourth, fresh.before(1000, {}, false, 2, b));
  ASSERT_EQ(fourth.size(), 2U);
  EXPECT_EQ(fourth[1], fourth[0] + 1);
  const std::size_t below = fourth[0];  // a size at the stretch's start: it no longer fits
  ASSERT_GT(below, 0U);                 // seed 11 draws a start past 0
  const std::vector<std::size_t> &shrunk = windowed.before(below, {}, false, 2, a, 3);
  ASSERT_FALSE(shrunk.empty());
  EXPECT_LT(shrunk.back(), below);
  EXPECT_EQ(shrunk, fresh.before(below, {}, false, 2, b));
}

TEST(CheckedOfPackArgs, takeMovesTheSeed) {
  using Args = properties::GradientContext::op::ofPack::Args<double>;
  const TensorPack<double> seed =
      unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})});
  Args args(seed);
  const double *storage = args.seed()[0].values().data();
  const TensorPack<double> moved = std::move(args).take();
  EXPECT_TRUE(unit::samePack(seed, moved));
  EXPECT_EQ(storage, moved[0].values().data());
}

TEST(CheckedOfPackArgs, takeKeepingMovesTheSeedAndKeepsItsElementsFlat) {
  using Args = properties::GradientContext::op::ofPack::Args<double>;
  const TensorPack<double> seed =
      unit::packOf<double>({tensor({2}, {1.0, -0.0}), tensor({}, {3.0}), tensor({0}, {})});
  for (const bool listed : {false, true}) {
    Args args = listed ? Args(seed, ShapeList(seed.shapes())) : Args(seed);
    const double *storage = args.seed()[0].values().data();
    const TensorPack<double> moved = std::move(args).takeKeeping();
    EXPECT_EQ(storage, moved[0].values().data());
    EXPECT_TRUE(args.seed().empty());  // NOLINT(bugprone-use-after-move): kept, not moved
    Tensor<double> into = tensor({7}, {0, 0, 0, 0, 0, 0, 0});
    for (std::size_t i = 0; i < seed.size(); ++i) {
      EXPECT_TRUE(identical(args.at(i), seed[i])) << i;
      args.readInto(i, into);
      EXPECT_TRUE(identical(into, seed[i])) << i;
    }
  }
}

TEST(CheckedOfPackArgs, aGivenShapeListIsSharedAtEveryLevel) {
  const TensorPack<double> seed =
      unit::packOf<double>({tensor({2}, {1.0, -0.0}), tensor({}, {3.0})});
  const ShapeList shapes(std::vector<Shape>{{2}, {}});
  const Invariants invariants = Invariants::ofPack(seed, shapes, {});
  const Shadow shadow = Shadow::ofPack(seed, shapes, {});
  EXPECT_TRUE(invariants.production().shapeList().sameStorage(shapes));
  EXPECT_TRUE(shadow.production().shapeList().sameStorage(shapes));
  EXPECT_TRUE(unit::samePack(seed, invariants.toPack()));
  EXPECT_TRUE(unit::samePack(seed, shadow.toPack()));
  EXPECT_FALSE(Invariants::ofPack(seed).production().shapeList().sameStorage(shapes));
  EXPECT_TRUE(unit::throwsError<ShapeError>(
      [&] { (void)Invariants::ofPack(seed, ShapeList(std::vector<Shape>{{2}}), {}); },
      "GradientContext::ofPack", "a seed of shapes [[2]]", "[[2],[]]"));
}

TEST(CheckedPositions, splitMix64IsTheReferenceStream) {
  // splitmix64 from seed 0: the published first outputs.
  checked::SplitMix64 random(0);
  EXPECT_EQ(random.next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(random.next(), 0x6e789e6aa1b965f4ULL);
  checked::SplitMix64 unit(0);
  const double u = unit.unit();
  EXPECT_GE(u, 0.0);
  EXPECT_LT(u, 1.0);
}

}  // namespace
}  // namespace proofport
