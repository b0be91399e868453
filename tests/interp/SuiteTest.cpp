// Interpreted statements as catalog entries: true statements hold over drawn binders, false ones
// are falsified with shrunk counterexamples named by their binders that a token replays, premises
// are met by aimed draws, and what the interpreter cannot read is an unsupported entry.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "ToyMap.h"
#include "proofport/interp/Suite.h"
#include "proofport/runner/Runner.h"

namespace proofport::interp {
namespace {

using runner::RunResult;

constexpr const char *kText = R"(namespace Std.HashMap
variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}
variable {m : HashMap α β}
theorem size_insert_le [EquivBEq α] {k : α} {v : β} : (m.insert k v).size ≤ m.size + 1 := sorry
theorem getElem?_insert_self {k : α} {v : β} : (m.insert k v)[k]? = some v := sorry
theorem contains_of_mem {k : α} (h : k ∈ m) : m.contains k := sorry
theorem size_erase_keeps {k : α} : (m.erase k).size = m.size := sorry
theorem getElem?_insert_any {k a : α} {v : β} : (m.insert k v)[a]? = some v := sorry
theorem by_match {k : α} : (match k with | _ => true) = true := sorry
end Std.HashMap
)";

class InterpSuite : public ::testing::Test {
protected:
  InterpSuite()
      : porting(toy::porting()),
        suite(lean::readStatements(kText, "toy.lean"), "toy.lean", *porting) {}

  const runner::Entry &entry(const std::string &shortName) const {
    const runner::Theorem *t = suite.catalog().find(shortName);
    EXPECT_NE(t, nullptr) << shortName;
    return *suite.catalog().find(*t, "toy-int-int");
  }

  static RunResult run(const runner::Entry &e, std::uint64_t seed = 1) {
    runner::RunOptions options;
    options.seed = seed;
    return runner::run(e, options);
  }

  std::unique_ptr<Porting> porting;
  Suite suite;
};

TEST_F(InterpSuite, trueStatementsHoldOverDrawnBinders) {
  for (const char *name : {"size_insert_le", "getElem?_insert_self"}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const RunResult result = run(entry(name), seed);
      EXPECT_EQ(result.verdict, RunResult::Verdict::Passed) << name << ": " << result.description;
      EXPECT_EQ(result.cases, 100) << name;
    }
  }
}

TEST_F(InterpSuite, aPremiseIsMetByDrawsAimedAtIt) {
  // `k ∈ m` holds only when k is drawn among m's keys: without aiming, most cases are discarded
  // and the run gives up.
  const RunResult result = run(entry("contains_of_mem"));
  EXPECT_EQ(result.verdict, RunResult::Verdict::Passed) << result.description;
  EXPECT_EQ(result.cases, 100);
}

TEST_F(InterpSuite, falseStatementsAreFalsifiedWithNamedShrunkCounterexamples) {
  const RunResult erased = run(entry("size_erase_keeps"));
  ASSERT_EQ(erased.verdict, RunResult::Verdict::Falsified);
  // The smallest: a one-entry map and its key.
  ASSERT_EQ(erased.counterexample.size(), 2U);
  EXPECT_EQ(erased.counterexample[0].name, "m");
  EXPECT_EQ(erased.counterexample[1].name, "k");
  EXPECT_NE(erased.description.find("(m.erase k).size = m.size"), std::string::npos)
      << erased.description;
  EXPECT_NE(erased.description.find("left:  0"), std::string::npos) << erased.description;
  EXPECT_NE(erased.description.find("right: 1"), std::string::npos) << erased.description;
  EXPECT_NE(erased.description.find("toy.lean:7"), std::string::npos) << erased.description;

  const RunResult any = run(entry("getElem?_insert_any"));
  ASSERT_EQ(any.verdict, RunResult::Verdict::Falsified);
  ASSERT_EQ(any.counterexample.size(), 4U);
  EXPECT_EQ(any.counterexample[0].name, "m");
  EXPECT_EQ(any.counterexample[0].value.front(), '{');
  EXPECT_EQ(any.counterexample[1].name, "k");
  EXPECT_EQ(any.counterexample[2].name, "a");
  EXPECT_EQ(any.counterexample[3].name, "v");
}

TEST_F(InterpSuite, aTokenReplaysTheShrunkCase) {
  const runner::Entry &e = entry("getElem?_insert_any");
  const RunResult found = run(e, 5);
  ASSERT_EQ(found.verdict, RunResult::Verdict::Falsified);
  const RunResult again = runner::replay(e, found.reproduceToken);
  EXPECT_EQ(again.verdict, RunResult::Verdict::Falsified);
  EXPECT_EQ(again.counterexample, found.counterexample);
  EXPECT_EQ(again.description, found.description);
}

TEST_F(InterpSuite, whatTheInterpreterCannotReadIsUnsupportedWithItsPlace) {
  const runner::Entry &e = entry("by_match");
  EXPECT_FALSE(e.supported());
  const RunResult result = run(e);
  EXPECT_EQ(result.verdict, RunResult::Verdict::Unsupported);
  EXPECT_EQ(result.description, "unsupported: match at 9:29");
  EXPECT_EQ(suite.tally().interpreted, 5U);
  EXPECT_EQ(suite.tally().reasons.at("unsupported: match"), 1U);
}

TEST_F(InterpSuite, aBinderOfATypeWithoutAGeneratorIsMissingAtItsPlace) {
  const Suite predicates(lean::readStatements("theorem by_predicate {p : Nat → Prop} {k : Nat} : "
                                              "p k → p k := sorry\n",
                                              "predicate.lean"),
                         "predicate.lean", *porting);
  const runner::Theorem *t = predicates.catalog().find("by_predicate");
  ASSERT_NE(t, nullptr);
  const runner::Entry &e = *predicates.catalog().find(*t, "toy-int-int");
  EXPECT_FALSE(e.supported());
  EXPECT_EQ(run(e).description, "unsupported: missing registration: a generator of Prop at 1:22");
}

TEST_F(InterpSuite, aTheoremNameRegisteredAsAnOperationIsRefused) {
  Porting refusing;
  refusing.name = "refusing";
  toy::registerToy(*refusing.registry);
  refusing.instantiations.push_back(toy::intInt(*refusing.registry));
  refusing.registry->operation("Std.HashMap.size_erase_keeps", "HashMap α β → Nat",
                               [](const toy::AssocMap<int> &) { return std::size_t{0}; });
  checkClaims(refusing);
  EXPECT_THROW(Suite(lean::readStatements(kText, "toy.lean"), "toy.lean", refusing), ContractError);
}

TEST(InterpFalseStatements, eachIsFalsifiedWithNamedInputsThatItsTokenReplays) {
  const std::unique_ptr<Porting> porting = toy::porting();
  const std::unique_ptr<Suite> suite =
      Suite::fromFile(std::string(PROOFPORT_INTERP_DATA) + "/ToyFalse.lean", *porting);
  ASSERT_GE(suite->catalog().entries().size(), 10U);
  for (const runner::Entry &e : suite->catalog().entries()) {
    ASSERT_TRUE(e.runs()) << e.shortName << ": " << e.unsupported;
    std::set<std::string> binders = {"m"};
    for (const lean::Statement &s : suite->statements()) {
      if (s.name == e.theorem->leanName) {
        for (const lean::Binder &b : s.binders) {
          binders.insert(b.names.begin(), b.names.end());
        }
      }
    }
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      runner::RunOptions options;
      options.seed = seed;
      const RunResult found = runner::run(e, options);
      ASSERT_EQ(found.verdict, RunResult::Verdict::Falsified) << e.shortName << " seed " << seed;
      ASSERT_FALSE(found.counterexample.empty()) << e.shortName;
      for (const runner::Input &input : found.counterexample) {
        EXPECT_EQ(binders.count(input.name), 1U) << e.shortName << ": " << input.name;
      }
      const RunResult again = runner::replay(e, found.reproduceToken);
      EXPECT_EQ(again.verdict, RunResult::Verdict::Falsified) << e.shortName;
      EXPECT_EQ(again.counterexample, found.counterexample) << e.shortName;
    }
  }
}

}  // namespace
}  // namespace proofport::interp
