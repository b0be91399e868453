// Unit tests of the property engine's shrink: RapidCheck's greedy order to the smallest failing
// case, a token that replays it, and a shrink cut short at its deadline with the smallest case
// found by then.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include <rapidcheck.h>

#include "proofport/runner/Check.h"
#include "proofport/runner/Engine.h"
#include "proofport/runner/Runner.h"
#include "proofport/spec/Error.h"

namespace proofport::runner {
namespace {

using Clock = std::chrono::steady_clock;

/// Fails for every x of at least 10 (smallest failing case: 10), sleeping `pause` in each
/// failing evaluation.
Body atLeastTen(std::chrono::milliseconds pause = std::chrono::milliseconds(0)) {
  return [pause] {
    const int x = *rc::gen::inRange(0, 1'000'000);
    if (x >= 10) {
      std::this_thread::sleep_for(pause);
      throw Falsified("x = " + std::to_string(x) + " is at least 10");
    }
  };
}

engine::Params paramsWithSeed(std::uint64_t seed) {
  engine::Params params;
  params.seed = seed;
  params.maxSuccess = 100;
  return params;
}

TEST(EngineShrink, reachesTheSmallestFailingCaseAndItsTokenReplaysIt) {
  const engine::Outcome found =
      engine::search(atLeastTen(), "unit/atLeastTen", paramsWithSeed(3), std::nullopt);
  ASSERT_EQ(found.type, engine::Outcome::Type::Falsified);
  ASSERT_EQ(found.example.size(), 1U);
  EXPECT_EQ(found.example[0].value, "10");
  EXPECT_GT(found.shrinks, 0);
  EXPECT_FALSE(found.shrinkCutShort);
  const engine::Outcome again = engine::replay(atLeastTen(), "unit/atLeastTen", found.token);
  EXPECT_EQ(again.type, engine::Outcome::Type::Falsified);
  EXPECT_EQ(again.example, found.example);
  EXPECT_EQ(again.description, found.description);
}

TEST(EngineShrink, aTokenWithTextPastItsEndIsRefused) {
  const engine::Outcome found =
      engine::search(atLeastTen(), "unit/atLeastTen", paramsWithSeed(3), std::nullopt);
  ASSERT_EQ(found.type, engine::Outcome::Type::Falsified);
  for (const std::string extra : {"A", "AAAA", "Zz"}) {
    try {
      engine::replay(atLeastTen(), "unit/atLeastTen", found.token + extra);
      ADD_FAILURE() << "accepted the token with '" << extra << "' past its end";
    } catch (const FormatError &e) {
      // Refused as text that decodes to no case, or (`AAAA`, which RapidCheck's decoding
      // skips) as text that is not the token of the case it decodes to.
      const std::string what = e.what();
      EXPECT_NE(what.find("expected a token printed by a failed run"), std::string::npos) << what;
      if (extra == std::string("AAAA")) {
        EXPECT_NE(what.find("not the token of the case it decodes to"), std::string::npos) << what;
      }
    }
  }
}

TEST(EngineShrink, aDeadlineCutsItShortWithTheSmallestCaseFoundByThen) {
  engine::Params params = paramsWithSeed(3);
  const auto pause = std::chrono::milliseconds(20);
  params.shrinkUntil = Clock::now() + std::chrono::milliseconds(150);
  const auto start = Clock::now();
  const engine::Outcome found =
      engine::search(atLeastTen(pause), "unit/atLeastTen", params, std::nullopt);
  const auto took = Clock::now() - start;
  ASSERT_EQ(found.type, engine::Outcome::Type::Falsified);
  EXPECT_TRUE(found.shrinkCutShort);
  // Stopped before the end (10), after the deadline plus one evaluation at most.
  ASSERT_EQ(found.example.size(), 1U);
  EXPECT_NE(found.example[0].value, "10");
  EXPECT_LT(took, std::chrono::milliseconds(150) + 3 * pause + std::chrono::milliseconds(200));
  // The token replays exactly the case reported.
  const engine::Outcome again = engine::replay(atLeastTen(), "unit/atLeastTen", found.token);
  EXPECT_EQ(again.type, engine::Outcome::Type::Falsified);
  EXPECT_EQ(again.example, found.example);
  EXPECT_EQ(again.description, found.description);
}

TEST(EngineShrink, aDeadlineAlreadyPastReportsTheFirstFailureUnshrunk) {
  engine::Params params = paramsWithSeed(5);
  params.shrinkUntil = Clock::now();
  const engine::Outcome found =
      engine::search(atLeastTen(), "unit/atLeastTen", params, std::nullopt);
  ASSERT_EQ(found.type, engine::Outcome::Type::Falsified);
  EXPECT_TRUE(found.shrinkCutShort);
  EXPECT_EQ(found.shrinks, 0);
  const engine::Outcome again = engine::replay(atLeastTen(), "unit/atLeastTen", found.token);
  EXPECT_EQ(again.example, found.example);
}

/// An entry of `theorem` over a scalar named `unit` whose body fails every case (so a verdict
/// other than FALSIFIED shows that nothing ran).
Entry failingEntry(const Theorem &theorem) {
  Entry e;
  e.theorem = &theorem;
  e.scalar.name = "unit";
  e.body = [] { throw Falsified("ran"); };
  return e;
}

constexpr Theorem kStatement{.leanName = "Unit.statement",
                             .statement = "x = x",
                             .source = "Unit.lean",
                             .kind = Kind::Lemma,
                             .needs = {},
                             .lawOf = LeanClass::Add,
                             .fingerprint = {}};

TEST(RunVerdicts, anUnsupportedEntryRunsNothingAndSaysWhy) {
  Entry e = failingEntry(kStatement);
  e.unsupported = "match at 3:9";
  EXPECT_FALSE(e.runs());
  RunOptions options;
  options.seed = 1;
  const RunResult result = run(e, options);
  EXPECT_EQ(result.verdict, RunResult::Verdict::Unsupported);
  EXPECT_EQ(result.description, "unsupported: match at 3:9");
  EXPECT_EQ(result.cases, 0);
  EXPECT_TRUE(nothingRan(result.verdict));
  EXPECT_EQ(verdictName(result.verdict), "unsupported");
  // Unsupported wins over missing classes: the statement cannot run over any instantiation.
  e.missingClasses = {"EquivBEq"};
  EXPECT_EQ(run(e, options).verdict, RunResult::Verdict::Unsupported);
}

TEST(RunVerdicts, classesMissingByNameMakeAnEntryNotAdmissible) {
  Entry e = failingEntry(kStatement);
  e.missing = {LeanClass::Mul};
  e.missingClasses = {"EquivBEq", "LawfulHashable"};
  EXPECT_FALSE(e.admissible());
  EXPECT_EQ(e.missingNames(), "Mul, EquivBEq, LawfulHashable");
  RunOptions options;
  options.seed = 1;
  const RunResult result = run(e, options);
  EXPECT_EQ(result.verdict, RunResult::Verdict::NotAdmissible);
  EXPECT_EQ(result.description,
            "unit does not model Mul, EquivBEq, LawfulHashable, which Unit.statement needs");
  e.missing = {};
  e.missingClasses = {"Int does not claim EquivBEq"};
  EXPECT_EQ(run(e, options).description,
            "unit is not admissible for Unit.statement: Int does not claim EquivBEq");
  e.missingClasses.clear();
  EXPECT_EQ(run(e, options).verdict, RunResult::Verdict::Falsified);
}

}  // namespace
}  // namespace proofport::runner
