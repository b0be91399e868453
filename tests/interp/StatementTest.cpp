// Statements given as Lean text, elaborated against the toy port and evaluated on chosen
// values: true statements hold on every case, false ones fail on some, and statements outside
// the language get their typed reason with its position.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "ToyMap.h"
#include "proofport/interp/Elaborate.h"
#include "proofport/interp/Evaluate.h"
#include "proofport/lean/Term.h"

namespace proofport::interp {
namespace {

using toy::AssocMap;

class InterpStatement : public ::testing::Test {
protected:
  InterpStatement() {
    toy::registerToy(registry);
    // An operation that fails in C++, and a key type that claims less than Int.
    registry.operation("Std.HashMap.boom", "HashMap α β → Nat", [](const AssocMap<int> &) {
      throw std::runtime_error("boom");
      return std::size_t{0};
    });
  }

  /// `theorem t <signature> := sorry` in namespace Std.HashMap with Lemmas.lean's variables: the
  /// signature starts at line 4, column 11 (after `theorem t `), where reasons point.
  static lean::Statement statement(const std::string &signature) {
    const std::string text = "namespace Std.HashMap\n"
                             "variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}\n"
                             "variable {m : HashMap α β}\n"
                             "theorem t " +
                             signature + " := sorry\nend Std.HashMap\n";
    return lean::readStatements(text, "test.lean").at(0);
  }

  Elaboration elaborated(const std::string &signature) {
    return elaborate(statement(signature), registry, toy::intInt(registry));
  }

  /// The reason a statement is not interpreted, or "elaborated".
  std::string reason(const std::string &signature) {
    const Elaboration e = elaborated(signature);
    return e.reason ? e.reason->toString() : std::string("elaborated");
  }

  Value map(std::vector<std::pair<int, int>> entries) const {
    return registry.toValue(AssocMap<int>{std::move(entries)});
  }
  Value integer(int x) const { return registry.toValue(x); }

  /// Evaluates on values given by binder name (binders not named get a default: the empty
  /// map, 0, the empty list).
  Evaluation run(const ElaboratedStatement &s, const std::map<std::string, Value> &values) {
    std::vector<Value> ordered;
    for (const ValueBinder &binder : s.binders) {
      auto it = values.find(binder.name);
      ordered.push_back(it != values.end()
                            ? it->second
                            : *registry.defaultValue(binder.type, toy::intInt(registry)));
    }
    return evaluate(s, ordered);
  }

  /// The cases every statement is tried on: maps empty, one entry, three; keys in and out.
  std::vector<std::map<std::string, Value>> cases() const {
    std::vector<std::map<std::string, Value>> out;
    const std::vector<Value> maps = {map({}), map({{1, 10}}), map({{1, 10}, {2, 20}, {3, 30}})};
    for (const Value &m : maps) {
      for (int k : {1, 2, 5}) {
        for (int a : {1, 3}) {
          out.push_back(
              {{"m", m},
               {"k", integer(k)},
               {"a", integer(a)},
               {"b", integer(a)},
               {"v", integer(7)},
               {"fallback", integer(-1)},
               {"l", registry.toValue(std::vector<std::pair<int, int>>{{k, 8}, {k, 9}})},
               {"ks", registry.toValue(std::vector<int>{a, k})},
               {"f", registry.toValue(std::function<int(int)>([](int x) { return x + 1; }))},
               {"c", Value::nat(4)}});
        }
      }
    }
    return out;
  }

  /// How many cases hold, and the first failure's report.
  std::pair<std::size_t, std::string> tally(const std::string &signature) {
    const Elaboration e = elaborated(signature);
    if (!e.statement) {
      return {0, e.reason->toString()};
    }
    std::size_t held = 0;
    std::string first;
    for (const auto &values : cases()) {
      const Evaluation r = run(*e.statement, values);
      held += r.holds ? 1 : 0;
      if (!r.holds && first.empty()) {
        first = r.failure.empty()
                    ? r.lhs.value_or("?") + " " + r.relation + " " + r.rhs.value_or("?")
                    : r.failure;
      }
    }
    return {held, first};
  }

  void expectTrue(const std::string &signature) {
    const auto [held, first] = tally(signature);
    EXPECT_EQ(held, cases().size()) << signature << "\n  first failure: " << first;
  }
  void expectFalse(const std::string &signature) {
    const auto [held, first] = tally(signature);
    EXPECT_LT(held, cases().size()) << signature;
    EXPECT_NE(first.find(' '), std::string::npos) << signature << ": " << first;
  }

  Registry registry;
};

TEST_F(InterpStatement, hashMapLemmasInOwnWordsHold) {
  expectTrue("{k a : α} {v : β} : (m.insert k v)[a]? = if k == a then some v else m[a]?");
  expectTrue("{k : α} : (m.erase k).size = if k ∈ m then m.size - 1 else m.size");
  expectTrue(": m.isEmpty = false ↔ ∃ a, a ∈ m");
  expectTrue(": m.isEmpty = true ↔ ∀ a, ¬a ∈ m");
  expectTrue("{k : α} {v : β} : (m.insert k v).getKey k mem_insert_self = k");
  expectTrue("{k a : α} {v : β} : (m.insert k v).contains a = (k == a || m.contains a)");
  expectTrue(": m.toList.map Prod.fst = m.keys");
  expectTrue(": m.keys.Pairwise (fun a b => (a == b) = false)");
  expectTrue(": m.toList.Pairwise (fun a b => (a.1 == b.1) = false)");
  expectTrue("{k : α} {fallback : β} : m.getD k fallback = m[k]?.getD fallback");
  expectTrue("{a : α} (h : a ∈ m) : m[a]? = some (m[a]'h)");
  expectTrue("{a : α} {h'} : m[a]'h' = m.getD a 0");
  expectTrue("{a : α} {fallback : β} {h} : m.get a h = m.getD a fallback");
  expectTrue("{f : β → β} {k : α} : (m.modify k f).size = m.size");
  expectTrue("{f : β → β} {k : α} : (m.modify k f)[k]? = m[k]?.map f");
  expectTrue("{l : List (α × β)} : (m.insertMany l).size ≤ m.size + l.length");
  expectTrue(": (∅ : HashMap α β).isEmpty");
  expectTrue("{c : Nat} : (empty c : HashMap α β).size = 0");
  expectTrue("{c} : (empty c : HashMap α β).isEmpty = true");
  expectTrue("{k : α} {v : β} : m.isEmpty → (m.insert k v).size = 1");
  expectTrue(": ∀ a, a ∈ m → m.contains a");
  expectTrue("{k : α} : (m.containsThenInsert k 5).1 = m.contains k");
  expectTrue("{k : α} : (m.containsThenInsert k 5).2 = m.insert k 5");
  expectTrue("[Inhabited β] {k : α} : m[k]! = m.getD k default");
  expectTrue(": (m.insert 3 4)[3]? = some 4");
  expectTrue("{a b : α} (hab : a == b) : m.contains a = m.contains b");
  expectTrue("{p : α × β} : Insert.insert p m = m.insert p.1 p.2");
  expectTrue("{p : α × β} : Singleton.singleton p = (∅ : HashMap α β).insert p.1 p.2");
  expectTrue("{k : α} : getKey? m k = if k ∈ m then some k else none");
  expectTrue("{k : α} : m.toList.find? (·.1 == k) = none ↔ ¬ k ∈ m");
  expectTrue("{k a : α} : (m.alter k (fun _ => none)).contains a = (!(k == a) && m.contains a)");
  expectTrue("{k : α} : m.getKey? k = (m.keys.find? (· == k))");
  expectTrue("{k : α} : ofList (m.toList) = m");
  expectTrue("{ks : List α} {k : α} : (unitOfList ks).contains k = ks.contains k");
  expectTrue("{k : α} : (m.getKey? k).all (· == k)");
  expectTrue("{k : α} : (if h : k ∈ m then m[k]'h else 0) = m.getD k 0");
  expectTrue("{k : α} : (haveI h : k ∈ m.insert k 3 := proof; (m.insert k 3)[k]'h) = 3");
}

TEST_F(InterpStatement, theRestOfTheLanguageHolds) {
  expectTrue("{k : α} {v : β} {h} : (m.insert k v).getKey k h = k");
  expectTrue(": ∀ b : Bool, (b || !b) = true");
  expectTrue(": ∀ o : Option Bool, o.isSome = !o.isNone");
  expectTrue(": ∃ p : Bool × Bool, p.1 && !p.2");
  expectTrue("{k : α} : (bif m.contains k then 1 else 0) ≤ m.size");
  expectTrue("{k : α} : m.size ≥ (m.erase k).size");
  expectTrue("{k : α} : k ∉ m ↔ m.contains k = false");
  expectTrue("{k : α} : decide (k ∈ m) = m.contains k");
  expectTrue(": (let n := m.size; n + n) = 2 * m.size");
  expectTrue(": (fun x => x + 1) m.size = m.size + 1");
  expectTrue(": m.keys.map id = m.keys ∧ m.keys.map (fun k => k) = m.keys");
  expectTrue(": [m.size, 1].length = 2 ∧ (m.size, 1).2 = 1 ∧ () = ()");
  expectTrue(": (List.map (Prod.fst) m.toList).length = m.size");
  expectTrue("{k : α} : ((m.insert k 1).toList.lookup k).isSome");
  expectTrue(": (∅ : HashMap α β) = ∅ ∧ ([] : List Nat) = []");
  expectTrue("{a b : α} : (a == b) = (b == a)");
  expectTrue(": 7 / 2 = 3 ∧ 7 % 2 = 1 ∧ 2 - 3 = 0 ∧ (2 : Int) ≠ 3");
}

// A quantifier bounded by a collection (`∀ x ∈ c`, `∃ x ∈ c`, or the same written as an
// implication or a conjunction) ranges over that collection's elements, even one computed in the
// statement, whose elements are no value in scope.
TEST_F(InterpStatement, aQuantifierBoundedByACollectionRangesOverItsElements) {
  expectTrue("{k : α} {v : β} : ∃ p ∈ (m.insert k v).toList, p.1 == k");
  expectTrue("{k : α} {v : β} : ∃ p, p ∈ (m.insert k v).toList ∧ p.1 == k ∧ p.2 = v");
  expectTrue("{k : α} {v : β} : ∀ p ∈ (m.insert k v).toList, p.1 == k ∨ p ∈ m.toList");
  expectTrue("{ks : List α} : ∀ x ∈ ks.map (fun a => (a, a)), x.1 = x.2");
  expectTrue("{k : α} : ∃ x ∈ [k, k], ∃ y ∈ [x], y == k");
  expectFalse("{k : α} {v : β} : ∀ p ∈ (m.insert k v).toList, p ∈ m.toList");
  expectFalse("{k : α} {v : β} : ∀ p, p ∈ (m.insert k v).toList → (p.1 == k) = false");
  expectFalse(": ∀ x ∈ [m.size + 1], x = m.size");
}

// A binder over the proofs of a proposition in a quantifier is that proposition as a premise
// (∀) or a conjunct (∃), its name in scope for the body; it bounds the quantifier as `→` does.
TEST_F(InterpStatement, aQuantifiersBinderOverProofsIsAHypothesis) {
  expectTrue("{k : α} {v : β} : ∀ (p : α × β) (_ : p ∈ (m.insert k v).toList), p.1 == k ∨ p ∈ "
             "m.toList");
  expectTrue("{k : α} {v : β} : ∃ (p : α × β) (_ : p ∈ (m.insert k v).toList), p.1 == k");
  expectTrue(": ∀ (a : α) (h : a ∈ m), m[a]? = some (m[a]'h)");
  expectTrue(": ∀ (h : m.isEmpty = true), m.size = 0");
  expectFalse("{k : α} {v : β} : ∀ (p : α × β) (_ : p ∈ (m.insert k v).toList), p ∈ m.toList");
  expectFalse(
      "{k : α} {v : β} : ∃ (p : α × β) (_ : p ∈ (m.insert k v).toList), (p.1 == k) = false");
  expectFalse(": ∀ (a : α) (h : a ∈ m), m[a]'h = m.size");
}

/// A quantifier over an unbounded type ranges over the values in scope, a sample: where its
/// default would count against the statement (an ∃ without a witness in a conclusion, a ∀
/// without a counterexample in a premise or under ¬, either under ↔), exhausting the sample
/// decides nothing, and the case is undecided (discarded), not falsified.
TEST_F(InterpStatement, aSampledQuantifierThatFindsNothingDecisiveLeavesTheCaseUndecided) {
  struct Expected {
    std::string signature;
    std::map<std::string, Value> values;
    bool undecided;
    bool holds;
  };
  const std::vector<Expected> table = {
      // True for Int keys (2 is absent from {1 ↦ 1}); the sample, the map's key and value 1,
      // holds no witness.
      {": ∃ a, m.contains a = false", {{"m", map({{1, 1}})}}, true, true},
      {": ∃ a, m.contains a = false", {{"m", map({})}}, true, true},
      // A key in scope is a witness, and so is a value of the map (Int too).
      {"{k : α} : ∃ a, m.contains a = false",
       {{"m", map({{1, 1}})}, {"k", integer(2)}},
       false,
       true},
      {": ∃ a, m.contains a = false", {{"m", map({{1, 10}})}}, false, true},
      // A premise that the sample cannot refute is not taken as true.
      {": (∀ a : α, m.contains a = true) → m.size = 100", {{"m", map({{1, 1}})}}, true, true},
      // ... nor as a hypothesis binder, which is read as the arrow's premise is.
      {"(h : ∀ a : α, m.contains a = true) : m.size = 100", {{"m", map({{1, 1}})}}, true, true},
      {"{k : α} (h : ∀ a : α, m.contains a = true) : m.size = 100",
       {{"m", map({{1, 1}})}, {"k", integer(2)}},
       false,
       true},
      {"(h : ∀ a : α, a ∈ m → m.contains a = true) : m.size = 100",
       {{"m", map({{1, 1}})}},
       false,
       false},
      {"(h : ∀ a, a ∈ m → m.contains a = true) : m.size = 100",
       {{"m", map({{1, 1}})}},
       false,
       false},
      {"(h : ∀ a ∈ m, m.contains a = false) : m.size = 100", {{"m", map({})}}, false, false},
      {"{k : α} : (∀ a : α, m.contains a = true) → m.size = 100",
       {{"m", map({{1, 1}})}, {"k", integer(2)}},
       false,
       true},
      {": ¬∀ a, m.contains a = true", {{"m", map({{1, 1}})}}, true, true},
      {": m.isEmpty = true ↔ ∀ a, m.contains a = false", {{"m", map({})}}, true, true},
      // ... and refuted it is decided: a counterexample in the sample.
      {": m.isEmpty = true ↔ ∀ a, m.contains a = false", {{"m", map({{1, 10}})}}, false, true},
      // In the conclusion a ∀ over the sample counts as the case's test of it, as before.
      {": ∀ a, m.contains a = true", {{"m", map({{1, 1}})}}, false, true},
      // Kleene's connectives: the other operand decides when it alone can.
      {": (∃ a, m.contains a = false) ∨ m.size < 100", {{"m", map({{1, 1}})}}, false, true},
      {": (∃ a, m.contains a = false) ∧ m.size > 100", {{"m", map({{1, 1}})}}, false, false},
      {": m.size < 100 → ∃ a, m.contains a = false", {{"m", map({{1, 1}})}}, true, true},
      {": (∃ a, m.contains a = false) → m.size < 100", {{"m", map({{1, 1}})}}, false, true},
      // A membership bounds the variable, a pair's component too: the domain is complete.
      {": m.isEmpty = false ↔ ∃ a, a ∈ m", {{"m", map({})}}, false, true},
      {"{k : α} {v : β} : m[k]? = some v ↔ ∃ (k' : α), k == k' ∧ (k', v) ∈ m.toList",
       {{"m", map({{1, 10}})}, {"k", integer(1)}, {"v", integer(7)}},
       false,
       true},
      {"{k : α} {v : β} : m[k]? = some v ↔ ∃ (k' : α), k == k' ∧ (k', v) ∈ m.toList",
       {{"m", map({{1, 10}})}, {"k", integer(1)}, {"v", integer(10)}},
       false,
       true},
      // An operand that fails after an undecided one (a domain its premise would rule out)
      // leaves the connective undecided, not failed.
      {"{n : Nat} {o : Option Nat} : n = n ∧ ((∀ a : Nat, a ≠ n + 1) → o.get sorry = 0)",
       {{"n", Value::nat(5)}},
       true,
       true},
      // ... where the statement's constants (1, 0: n + 1 at n := 0) decide it.
      {"{n : Nat} {o : Option Nat} : n = n ∧ ((∀ a : Nat, a ≠ n + 1) → o.get sorry = 0)",
       {{"n", Value::nat(0)}},
       false,
       true},
      // An equality with the variable bounds it as a membership does: a complete domain.
      {"{k : α} : ∃ k', k' = k ∧ m.contains k' = true",
       {{"m", map({})}, {"k", integer(1)}},
       false,
       false},
      {"{k : α} : (∀ a, a = k → m.contains a = false) → m.isEmpty",
       {{"m", map({{1, 1}})}, {"k", integer(2)}},
       false,
       false},
      // A bounding collection that cannot be evaluated where its quantifier is adds nothing.
      {"{k : α} : ∀ b, k ∈ m → b ∈ [m[k]'sorry] → m[k]? = some b",
       {{"m", map({})}, {"k", integer(1)}},
       false,
       true},
      // The statement's constants join the sample: 0 is a witness.
      {": ∃ a, m.contains a = false ∨ a = 0", {{"m", map({{1, 1}})}}, false, true},
      // A Nat past 2^64 is Lean's, not the interpreter's: that case decides nothing either.
      {": m.size + 18446744073709551615 > m.size", {{"m", map({{1, 10}})}}, true, true},
      {": m.size + 18446744073709551615 > m.size", {{"m", map({})}}, false, true},
  };
  for (const Expected &row : table) {
    const Elaboration e = elaborated(row.signature);
    ASSERT_TRUE(e.statement) << row.signature << ": " << e.reason->toString();
    const Evaluation r = run(*e.statement, row.values);
    EXPECT_EQ(r.failure, "") << row.signature;
    EXPECT_EQ(!r.undecided.empty(), row.undecided) << row.signature << ": " << r.undecided;
    EXPECT_EQ(r.holds, row.holds) << row.signature;
  }
  const Evaluation r =
      run(*elaborated(": ∃ a, m.contains a = false").statement, {{"m", map({{1, 1}})}});
  EXPECT_EQ(r.undecided, "no witness of ∃ at 4:15 among the values in scope of Int");
}

TEST_F(InterpStatement, falseStatementsFailOnSomeCase) {
  expectFalse("{k : α} {v : β} : (m.insert k v).size = m.size + 1");
  expectFalse("{k : α} : (m.erase k).size = m.size - 1");
  expectFalse("{k a : α} {v : β} : (m.insert k v)[a]? = some v");
  expectFalse(": m.isEmpty = true ↔ ∃ a, a ∈ m");
  expectFalse("{k : α} : m.contains k = !(k ∈ m)");
  expectFalse(": m.keys.length = m.size + 1");
  expectFalse("{k : α} {v : β} : (m.insertIfNew k v)[k]? = some v");
  expectFalse(": ∀ a, m.contains a");
  expectFalse("{l : List (α × β)} : (m.insertMany l).size = m.size + l.length");
  expectFalse("{k : α} {fallback : β} : m.getD k fallback = fallback");
  expectFalse("{a : α} (h : a ∈ m) : m[a]'h = 0");
  expectFalse("{k : α} : (m.containsThenInsert k 5).1 = true");
  expectFalse("{f : β → β} {k : α} : (m.modify k f)[k]? = m[k]?");
  expectFalse(": m.keys.Pairwise (fun a b => (a == b) = true)");
}

TEST_F(InterpStatement, aStatementFailsWhereTheDomainOfAnIndexIsNotMet) {
  const Elaboration e = elaborated("{a : α} : m[a]'(proof a) = m.getD a 0");
  ASSERT_TRUE(e.statement) << e.reason->toString();
  const Evaluation r = run(*e.statement, {{"m", map({{1, 10}})}, {"a", integer(2)}});
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.failure, "domain of GetElem.getElem not met at 4:21 (a ∈ m)");
  EXPECT_TRUE(run(*e.statement, {{"m", map({{1, 10}})}, {"a", integer(1)}}).holds);
}

TEST_F(InterpStatement, anExceptionOfAnOperationFailsTheCase) {
  const Elaboration e = elaborated(": m.boom = 0");
  ASSERT_TRUE(e.statement) << e.reason->toString();
  const Evaluation r = run(*e.statement, {{"m", map({})}});
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.failure, "Std.HashMap.boom at 4:13 threw: boom");
}

TEST_F(InterpStatement, premisesAreDecidedBeforeTheConclusion) {
  const Elaboration e =
      elaborated("{k : α} {v : β} (h : k ∈ m) : m.isEmpty → (m.insert k v).size = 1");
  ASSERT_TRUE(e.statement) << e.reason->toString();
  ASSERT_EQ(e.statement->premises.size(), 2u);
  EXPECT_EQ(e.statement->premises[0].name, "h");
  EXPECT_EQ(e.statement->premises[0].text, "k ∈ m");
  EXPECT_EQ(e.statement->premises[1].text, "m.isEmpty");
  const Evaluation vacuous = run(*e.statement, {{"m", map({})}, {"k", integer(1)}});
  EXPECT_TRUE(vacuous.holds);
  EXPECT_FALSE(vacuous.premisesHold);
  EXPECT_EQ(vacuous.premises, std::vector<bool>{false});
  EXPECT_FALSE(vacuous.conclusion.has_value());
}

TEST_F(InterpStatement, bothSidesAndBranchesAreReported) {
  const Elaboration e =
      elaborated("{k a : α} {v : β} : (m.insert k v)[a]? = if k == a then some v else m[a]?");
  ASSERT_TRUE(e.statement) << e.reason->toString();
  ASSERT_EQ(e.statement->branches.size(), 1u);
  const Evaluation r =
      run(*e.statement,
          {{"m", map({{3, 30}})}, {"k", integer(1)}, {"a", integer(3)}, {"v", integer(7)}});
  EXPECT_TRUE(r.holds);
  EXPECT_EQ(r.relation, "=");
  EXPECT_EQ(r.lhs, "some 30");
  EXPECT_EQ(r.rhs, "some 30");
  ASSERT_EQ(r.branches.size(), 1u);
  EXPECT_FALSE(r.branches[0].thenTaken);
  EXPECT_TRUE(r.branches[0].elseTaken);
  const Elaboration order = elaborated("{k : α} : m.size ≤ (m.erase k).size");
  ASSERT_TRUE(order.statement);
  const Evaluation o = run(*order.statement, {{"m", map({{1, 10}})}, {"k", integer(1)}});
  EXPECT_FALSE(o.holds);
  EXPECT_EQ(o.relation, "≤");
  EXPECT_EQ(o.lhs, "1");
  EXPECT_EQ(o.rhs, "0");
  const Value printed = map({{1, 10}, {2, 20}});
  EXPECT_EQ(print(printed), "{1 ↦ 10, 2 ↦ 20}");
}

TEST_F(InterpStatement, onlyTheVariablesAStatementMentionsAreBinders) {
  const Elaboration e = elaborated("{k : α} : (k == k) = true");
  ASSERT_TRUE(e.statement) << e.reason->toString();
  ASSERT_EQ(e.statement->binders.size(), 1u);
  EXPECT_EQ(e.statement->binders[0].name, "k");
  // The class variables over α come with it; β's type is not needed.
  EXPECT_EQ(e.statement->classes.at("α"), (std::set<std::string>{"BEq", "Hashable"}));
  EXPECT_EQ(e.statement->classes.count("β"), 0u);
}

TEST_F(InterpStatement, premisesStopAtTheFirstThatFails) {
  const Elaboration e = elaborated("{a : α} (h₁ : a ∈ m) (h₂ : m[a]'h₁ = 0) : m.size > 0");
  ASSERT_TRUE(e.statement) << e.reason->toString();
  const Evaluation r = run(*e.statement, {{"m", map({{1, 5}})}, {"a", integer(2)}});
  EXPECT_TRUE(r.holds);
  EXPECT_TRUE(r.failure.empty()) << r.failure;
  EXPECT_EQ(r.premises, std::vector<bool>{false});
  const Evaluation both = run(*e.statement, {{"m", map({{1, 5}})}, {"a", integer(1)}});
  EXPECT_EQ(both.premises, (std::vector<bool>{true, false}));
}

TEST_F(InterpStatement, bindersAreSorted) {
  const Elaboration e =
      elaborated("[EquivBEq α] [LawfulHashable α] {k : α} {h} : (m.erase k)[k]! = m[k]'h");
  ASSERT_TRUE(e.statement) << e.reason->toString();
  const ElaboratedStatement &s = *e.statement;
  std::vector<std::string> binders;
  for (const ValueBinder &b : s.binders) {
    binders.push_back(b.name + " : " + toString(b.type));
  }
  EXPECT_EQ(binders, (std::vector<std::string>{"m : Std.HashMap Int Int", "k : Int"}));
  ASSERT_EQ(s.premises.size(), 1u);
  EXPECT_EQ(s.premises[0].name, "h");
  EXPECT_EQ(s.classes.at("α"),
            (std::set<std::string>{"BEq", "EquivBEq", "Hashable", "LawfulHashable"}));
}

TEST_F(InterpStatement, reasonsNameTheConstructAndWhere) {
  EXPECT_EQ(reason("{k : α} : (match k with | _ => m.size) = m.size"),
            "unsupported: match at 4:22");
  EXPECT_EQ(reason(": m.foo = 0"), "missing registration: Std.HashMap.foo at 4:13");
  EXPECT_EQ(reason(": frobnicate m = 0"),
            "missing registration: frobnicate (as Std.HashMap.frobnicate or frobnicate) at 4:13");
  EXPECT_EQ(reason(": True ∧ ¬False ∧ Not False"), "elaborated");
  EXPECT_EQ(reason(": ∀ x : γ, x = x"), "missing registration: type γ at 4:19");
  EXPECT_EQ(reason(": ∀ h : True, m.size = m.size"), "elaborated");
  EXPECT_EQ(reason("(h : Nat → m.size = 0) : m.size = 0"),
            "unsupported: an arrow from the type Nat to a proposition at 4:16");
  EXPECT_EQ(reason(": m.size = 0 → Nat → m.size = 0"),
            "unsupported: an arrow from the type Nat to a proposition at 4:26");
  EXPECT_EQ(reason(": m.size = true"), "type error: expected Nat, got Bool at 4:22");
  EXPECT_EQ(reason(": ∃ n : Nat, n = m.size + n"),
            "unsupported: ∃ over Nat with no values of it in scope at 4:15");
  EXPECT_EQ(reason("{δ : Type} {x : δ} : x = x"),
            "not admissible: type variable δ has no type in toy-int-int");
  EXPECT_EQ(reason("{f g : β → β} : f = g"), "unsupported: an equality of functions at 4:27");
  EXPECT_EQ(reason(": \"a\" = \"b\""), "unsupported: a string literal at 4:13");
  EXPECT_EQ(reason(": m.keys.map (· + 1) = m.keys"),
            "missing registration: HAdd.hAdd for Int at 4:25");
  EXPECT_EQ(reason("{l : List Nat} : l.foldl (· + ·) 0 = l.sum"), "elaborated");
  EXPECT_EQ(reason("{«my key» : α} : m.contains «my key» = m.contains «my key»"),
            "unsupported: a binder name of over 64 bytes, or with a space, a control, : or = "
            "(«my key») at 4:11");
  EXPECT_EQ(reason("{" + std::string(65, 'k') + " : α} : m.size = m.size"),
            "unsupported: a binder name of over 64 bytes, or with a space, a control, : or = (" +
                std::string(65, 'k') + ") at 4:11");
  EXPECT_EQ(reason("{" + std::string(64, 'k') + " : α} : m.size = m.size"), "elaborated");
}

TEST_F(InterpStatement, aBinderOfATypeWithoutRealizationIsAMissingRegistration) {
  const Instantiation boolean{
      "toy/int/bool", {{"α", registry.parseType("Int")}, {"β", Type::boolean()}}, {}, std::nullopt};
  const Elaboration e = elaborate(statement(": m = m"), registry, boolean);
  ASSERT_TRUE(e.reason);
  EXPECT_EQ(e.reason->toString(),
            "missing registration: a realization of Std.HashMap Int Bool at 3:10");
}

TEST_F(InterpStatement, aTypeThatDoesNotClaimAClassIsNotAdmissible) {
  ValueTypeSpec<long> key;
  key.print = [](const long &x) { return std::to_string(x); };
  key.beq = [](const long &a, const long &b) { return a == b; };
  key.hash = [](const long &x) { return static_cast<std::uint64_t>(x); };
  key.classes = {"BEq", "Hashable"};
  registry.valueType<long>("Key", key);
  const Instantiation keyed{"toy-key",
                            {{"α", registry.parseType("Key")}, {"β", registry.parseType("Int")}},
                            {},
                            std::nullopt};
  const Elaboration e = elaborate(statement("[LawfulBEq α] {k : α} : k == k"), registry, keyed);
  ASSERT_TRUE(e.reason);
  EXPECT_EQ(e.reason->toString(), "not admissible: Key does not claim LawfulBEq");
  const Elaboration d = elaborate(statement("{k : α} : k = default"), registry, keyed);
  ASSERT_TRUE(d.reason);
  EXPECT_EQ(d.reason->toString(), "not admissible: Key does not claim Inhabited");
  // An instance binder inside the statement asks the same (`∀ [C α], P` holds vacuously where α
  // does not claim C, so P is not a test of it), in a premise too; `[C α] → P` is read as it.
  for (const char *inner : {"{k k' : α} : ∀ [LawfulBEq α], (k == k') = true → k = k'",
                            "{k k' : α} : [LawfulBEq α] → (k == k') = true → k = k'",
                            "(h : ∀ [LawfulBEq α], m.size = 0) : m.isEmpty = true"}) {
    const Elaboration i = elaborate(statement(inner), registry, keyed);
    ASSERT_TRUE(i.reason) << inner;
    EXPECT_EQ(i.reason->toString(), "not admissible: Key does not claim LawfulBEq") << inner;
  }
  const Elaboration claimed = elaborate(statement("{k : α} : ∀ [BEq α], k == k"), registry, keyed);
  EXPECT_TRUE(claimed.statement) << claimed.reason->toString();
}

TEST_F(InterpStatement, deepNestingIsUnsupportedNotACrash) {
  std::string deep = "0";
  for (int i = 0; i < 250; ++i) {
    deep += " + 0";
  }
  const std::string r = reason(": " + deep + " = 0");
  EXPECT_EQ(r, "unsupported: terms nested deeper than 200 at 4:13") << r;
}

TEST(InterpEvaluate, evaluationDeeperThanTheLimitFailsTheCase) {
  // Elaboration keeps trees shallower; a tree made by hand reaches the evaluator's own limit.
  auto node = std::make_shared<Expr>();
  node->kind = ExprKind::Literal;
  node->type = Type::prop();
  node->value = Value::boolean(true);
  for (std::size_t i = 0; i < kMaxEvaluationDepth + 10; ++i) {
    auto outer = std::make_shared<Expr>();
    outer->kind = ExprKind::Not;
    outer->type = Type::prop();
    outer->args.push_back(node);
    node = outer;
  }
  ElaboratedStatement s;
  s.name = "deep";
  s.conclusion = node;
  const Evaluation r = evaluate(s, {});
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.failure, "evaluation deeper than 1024 nested steps");
}

}  // namespace
}  // namespace proofport::interp
