// Claimed classes checked by their laws: a lawful type keeps every claim; each broken instance
// (not reflexive, not symmetric, not transitive, `==` coarser than `=`, a hash that splits `==`
// values) has its claim refused with the refuting values, and a statement that needs the
// refused class is not admissible, saying why.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "proofport/interp/Laws.h"
#include "proofport/interp/Suite.h"
#include "proofport/lean/Term.h"

namespace proofport::interp {
namespace {

/// An integer key whose instances the test chooses.
struct Key {
  int value = 0;
  friend bool operator==(const Key &a, const Key &b) noexcept = default;
};

/// A porting of one value type `Key` (Lean `Key`) with `beq` and `hash`, claiming `classes`,
/// drawn in -3..3, instantiated at `key` (α := Key).
std::unique_ptr<Porting> keyPorting(std::function<bool(const Key &, const Key &)> beq,
                                    std::function<std::uint64_t(const Key &)> hash,
                                    std::vector<std::string> classes) {
  auto out = std::make_unique<Porting>();
  out->name = "key";
  ValueTypeSpec<Key> spec;
  spec.print = [](const Key &k) { return std::to_string(k.value); };
  spec.beq = std::move(beq);
  spec.hash = std::move(hash);
  spec.classes = std::move(classes);
  spec.defaultValue = Key{};
  out->registry->valueType<Key>("Key", spec);
  out->drawings.valueType<Key>(*out->registry,
                               rc::gen::map(rc::gen::inRange(-3, 4), [](int v) { return Key{v}; }),
                               [](const Key &k) { return std::vector<Key>{Key{k.value + 10}}; });
  out->instantiations.push_back(
      Instantiation{"key", {{"α", out->registry->parseType("Key")}}, {}, std::nullopt});
  return out;
}

std::uint64_t byValue(const Key &k) { return static_cast<std::uint64_t>(k.value); }

/// The verdict of `cls`; fails the test when there is none.
const ClaimVerdict &verdictOf(const Porting &porting, const std::string &cls) {
  for (const ClaimVerdict &v : porting.claims) {
    if (v.cls == cls) {
      return v;
    }
  }
  ADD_FAILURE() << "no verdict about " << cls;
  static const ClaimVerdict none;
  return none;
}

TEST(ClaimLaws, aLawfulTypeKeepsEveryClaim) {
  auto porting = keyPorting([](const Key &a, const Key &b) { return a == b; }, byValue,
                            {"BEq", "Hashable", "ReflBEq", "PartialEquivBEq", "EquivBEq",
                             "LawfulBEq", "LawfulHashable", "DecidableEq", "Inhabited"});
  checkClaims(*porting);
  ASSERT_TRUE(porting->claimsChecked);
  // BEq, Hashable and Inhabited have no laws here: six verdicts, all held.
  ASSERT_EQ(porting->claims.size(), 6U);
  for (const ClaimVerdict &v : porting->claims) {
    EXPECT_TRUE(v.held) << v.cls << ": " << v.counterexample;
    EXPECT_EQ(v.type, "Key");
    EXPECT_GE(v.values, 64U);
  }
  EXPECT_EQ(verdictOf(*porting, "EquivBEq").laws, "refl, symm, trans");
  EXPECT_EQ(claimsLine(porting->claims, "Key"),
            "DecidableEq held, EquivBEq held, LawfulBEq held, LawfulHashable held, "
            "PartialEquivBEq held, ReflBEq held");
}

TEST(ClaimLaws, aNonReflexiveBeqLosesReflBEqAndEquivBEq) {
  // `==` false at 0 (as NaN's).
  auto porting = keyPorting([](const Key &a, const Key &b) { return a == b && a.value != 0; },
                            byValue, {"BEq", "Hashable", "ReflBEq", "EquivBEq", "LawfulHashable"});
  checkClaims(*porting);
  EXPECT_FALSE(verdictOf(*porting, "EquivBEq").held);
  EXPECT_EQ(verdictOf(*porting, "EquivBEq").counterexample, "refl: 0 == 0 is false");
  EXPECT_FALSE(verdictOf(*porting, "ReflBEq").held);
  EXPECT_TRUE(verdictOf(*porting, "LawfulHashable").held);
  const Type key = porting->registry->parseType("Key");
  const Instantiation &at = porting->instantiations[0];
  EXPECT_FALSE(porting->registry->claims(key, "EquivBEq", at));
  EXPECT_TRUE(porting->registry->claims(key, "LawfulHashable", at));
  EXPECT_EQ(porting->registry->refusal(key, "EquivBEq", at),
            "EquivBEq of Key refused: refl: 0 == 0 is false");
  // Through a component type too.
  EXPECT_EQ(porting->registry->refusal(Type::list(key), "EquivBEq", at),
            "EquivBEq of Key refused: refl: 0 == 0 is false");
  EXPECT_EQ(porting->registry->refusal(key, "LawfulHashable", at), "");
}

TEST(ClaimLaws, aNonSymmetricBeqLosesPartialEquivBEq) {
  auto porting = keyPorting([](const Key &a, const Key &b) { return a.value <= b.value; }, byValue,
                            {"BEq", "PartialEquivBEq"});
  checkClaims(*porting);
  const ClaimVerdict &v = verdictOf(*porting, "PartialEquivBEq");
  EXPECT_FALSE(v.held);
  EXPECT_EQ(v.counterexample.rfind("symm: ", 0), 0U) << v.counterexample;
  EXPECT_NE(v.counterexample.find(" is true but "), std::string::npos) << v.counterexample;
}

TEST(ClaimLaws, aNonTransitiveBeqLosesEquivBEq) {
  // Neighbours are `==`: reflexive and symmetric, not transitive.
  auto porting =
      keyPorting([](const Key &a, const Key &b) { return std::abs(a.value - b.value) <= 1; },
                 [](const Key &) { return std::uint64_t{0}; }, {"BEq", "EquivBEq"});
  checkClaims(*porting);
  const ClaimVerdict &v = verdictOf(*porting, "EquivBEq");
  EXPECT_FALSE(v.held);
  EXPECT_EQ(v.counterexample.rfind("trans: ", 0), 0U) << v.counterexample;
}

TEST(ClaimLaws, aBeqCoarserThanIdentityLosesLawfulBEq) {
  // Equivalents (k + 10) are `==` to k, not identical: found because the drawing lists them.
  auto porting = keyPorting([](const Key &a, const Key &b) { return a.value % 10 == b.value % 10; },
                            [](const Key &k) { return static_cast<std::uint64_t>(k.value % 10); },
                            {"BEq", "Hashable", "EquivBEq", "LawfulBEq", "LawfulHashable"});
  checkClaims(*porting);
  const ClaimVerdict &v = verdictOf(*porting, "LawfulBEq");
  EXPECT_FALSE(v.held);
  EXPECT_NE(v.counterexample.find("eq_of_beq: "), std::string::npos) << v.counterexample;
  EXPECT_TRUE(verdictOf(*porting, "EquivBEq").held);
  EXPECT_TRUE(verdictOf(*porting, "LawfulHashable").held);
}

TEST(ClaimLaws, aHashThatSplitsEqualValuesLosesLawfulHashable) {
  auto porting = keyPorting([](const Key &a, const Key &b) { return a.value % 10 == b.value % 10; },
                            byValue, {"BEq", "Hashable", "EquivBEq", "LawfulHashable"});
  checkClaims(*porting);
  const ClaimVerdict &v = verdictOf(*porting, "LawfulHashable");
  EXPECT_FALSE(v.held);
  EXPECT_EQ(v.counterexample.rfind("hash_eq: ", 0), 0U) << v.counterexample;
  EXPECT_NE(v.counterexample.find(" but hash "), std::string::npos) << v.counterexample;
  EXPECT_EQ(claimsLine(porting->claims, "Key").find("LawfulHashable REFUSED (hash_eq: "),
            claimsLine(porting->claims, "Key").find("LawfulHashable"));
}

TEST(ClaimLaws, theSameSeedGivesTheSameVerdictsAndASecondCheckIsRefused) {
  auto make = [] {
    return keyPorting([](const Key &a, const Key &b) { return a.value <= b.value; }, byValue,
                      {"BEq", "EquivBEq"});
  };
  auto first = make();
  auto second = make();
  checkClaims(*first);
  checkClaims(*second);
  EXPECT_EQ(verdictOf(*first, "EquivBEq").counterexample,
            verdictOf(*second, "EquivBEq").counterexample);
  EXPECT_THROW(checkClaims(*first), ContractError);
}

constexpr const char *kStatements = R"(variable {α : Type u} [BEq α]
theorem beq_self [EquivBEq α] (a : α) : (a == a) = true := sorry
theorem beq_comm (a b : α) : (a == b) = (b == a) := sorry
)";

TEST(ClaimLaws, aStatementNeedingARefusedClassIsNotAdmissibleSayingWhy) {
  auto porting = keyPorting([](const Key &a, const Key &b) { return a == b && a.value != 0; },
                            byValue, {"BEq", "Hashable", "EquivBEq"});
  // Unchecked, a porting is refused.
  EXPECT_THROW(Suite(lean::readStatements(kStatements, "laws.lean"), "laws.lean", *porting),
               ContractError);
  checkClaims(*porting);
  const Suite suite(lean::readStatements(kStatements, "laws.lean"), "laws.lean", *porting);
  const runner::Entry *refused = suite.catalog().find(*suite.catalog().find("beq_self"), "key");
  ASSERT_NE(refused, nullptr);
  EXPECT_FALSE(refused->admissible());
  EXPECT_EQ(refused->missingNames(), "EquivBEq of Key refused: refl: 0 == 0 is false");
  const runner::Entry *runs = suite.catalog().find(*suite.catalog().find("beq_comm"), "key");
  ASSERT_NE(runs, nullptr);
  EXPECT_TRUE(runs->runs());
  EXPECT_NE(runs->scalar.detects.find("Key claims EquivBEq REFUSED (refl: 0 == 0 is false)"),
            std::string::npos)
      << runs->scalar.detects;
}

}  // namespace
}  // namespace proofport::interp
