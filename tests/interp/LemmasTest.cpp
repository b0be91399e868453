// Every theorem of Lean core's Std.HashMap lemmas (read at run time from the path the build
// gives) elaborated against the toy port over (Int, Int): each gets exactly one verdict, the
// tally of reasons is printed, and each statement that elaborates is evaluated on a grid of
// small values, where it must hold (the toy port is a correct map).
#include <gtest/gtest.h>

#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "ToyMap.h"
#include "proofport/interp/Elaborate.h"
#include "proofport/interp/Evaluate.h"
#include "proofport/lean/Term.h"

#ifndef PROOFPORT_LEMMAS_FILE
#error "PROOFPORT_LEMMAS_FILE names the Lean file to read"
#endif

namespace proofport::interp {
namespace {

using toy::AssocMap;

/// A few values of each type the lemmas' binders have, or none for a type the grid lacks.
std::vector<Value> samples(const Registry &r, const Type &type) {
  const std::string t = toString(type);
  if (t == "Int") {
    return {r.toValue(1), r.toValue(2), r.toValue(0)};
  }
  if (t == "Unit") {
    return {Value::unit()};
  }
  if (t == "Nat") {
    return {Value::nat(0), Value::nat(3)};
  }
  if (t == "Std.HashMap Int Int") {
    return {r.toValue(AssocMap<int>{}), r.toValue(AssocMap<int>{{{1, 10}}}),
            r.toValue(AssocMap<int>{{{2, 20}, {0, 5}, {1, 10}}})};
  }
  if (t == "Std.HashMap Int Unit") {
    return {r.toValue(AssocMap<std::monostate>{}),
            r.toValue(AssocMap<std::monostate>{{{1, {}}, {2, {}}}})};
  }
  if (t == "List Int") {
    return {r.toValue(std::vector<int>{}), r.toValue(std::vector<int>{1, 3}),
            r.toValue(std::vector<int>{2, 2, 0})};
  }
  if (t == "List (Int × Int)") {
    using Pairs = std::vector<std::pair<int, int>>;
    return {r.toValue(Pairs{}), r.toValue(Pairs{{1, 7}, {3, 8}}),
            r.toValue(Pairs{{2, 1}, {2, 6}, {0, 4}})};
  }
  if (t == "Int × Int") {
    return {r.toValue(std::make_pair(1, 7)), r.toValue(std::make_pair(5, 0))};
  }
  if (t == "Option Int → Option Int") {
    using F = std::function<std::optional<int>(std::optional<int>)>;
    return {r.toValue(F([](std::optional<int> o) { return o ? std::optional(*o + 1) : o; })),
            r.toValue(F([](std::optional<int>) { return std::optional<int>(); })),
            r.toValue(F([](std::optional<int> o) { return o ? o : std::optional(9); }))};
  }
  if (t == "Int → Int") {
    return {r.toValue(std::function<int(int)>([](int x) { return x + 1; }))};
  }
  return {};
}

/// Calls `each` on every combination of the binders' samples (false if a type has none).
bool forEachCase(const Registry &r, const ElaboratedStatement &s,
                 const std::function<void(const std::vector<Value> &)> &each) {
  std::vector<std::vector<Value>> choices;
  for (const ValueBinder &b : s.binders) {
    choices.push_back(samples(r, b.type));
    if (choices.back().empty()) {
      return false;
    }
  }
  std::vector<std::size_t> at(choices.size(), 0);
  while (true) {
    std::vector<Value> values;
    for (std::size_t i = 0; i < choices.size(); ++i) {
      values.push_back(choices[i][at[i]]);
    }
    each(values);
    std::size_t i = 0;
    while (i < at.size() && ++at[i] == choices[i].size()) {
      at[i++] = 0;
    }
    if (i == at.size()) {
      return true;
    }
  }
}

TEST(InterpLemmas, everyTheoremGetsOneVerdict) {
  Registry registry;
  toy::registerToy(registry);
  const std::vector<lean::Statement> statements = lean::readStatementsFile(PROOFPORT_LEMMAS_FILE);
  std::set<std::string> theorems;
  for (const lean::Statement &s : statements) {
    theorems.insert(s.name);
    theorems.insert(s.name.substr(s.name.rfind('.') + 1));
  }
  registry.refuseTheoremNames(theorems);
  const Instantiation instantiation = toy::intInt(registry);
  std::map<std::string, std::size_t> byKind;
  std::map<std::string, std::size_t> bySubject;
  std::size_t elaborated = 0;
  std::size_t evaluated = 0;
  std::size_t cases = 0;
  std::size_t vacuous = 0;
  std::vector<std::string> failures;
  std::vector<std::string> unevaluated;
  for (const lean::Statement &statement : statements) {
    const Elaboration e = elaborate(statement, registry, instantiation);
    ASSERT_NE(e.statement.has_value(), e.reason.has_value()) << statement.name;
    if (e.reason) {
      const std::string kind(reasonKindName(e.reason->kind));
      ++byKind[kind];
      const std::string subject = e.reason->kind == ReasonKind::MissingRegistration
                                      ? e.reason->subject.substr(0, e.reason->subject.find(' '))
                                      : e.reason->subject;
      ++bySubject[kind + ": " + subject];
      continue;
    }
    ++elaborated;
    const bool ran = forEachCase(registry, *e.statement, [&](const std::vector<Value> &values) {
      const Evaluation r = evaluate(*e.statement, values);
      ++cases;
      vacuous += r.premisesHold ? 0 : 1;
      if (!r.holds) {
        std::string shown;
        for (std::size_t i = 0; i < values.size(); ++i) {
          shown += " " + e.statement->binders[i].name + " := " + print(values[i]);
        }
        failures.push_back(statement.name + ":" + shown + ": " +
                           (r.failure.empty()
                                ? r.lhs.value_or("") + " " + r.relation + " " + r.rhs.value_or("")
                                : r.failure));
      }
    });
    evaluated += ran ? 1 : 0;
    if (!ran) {
      unevaluated.push_back(statement.name);
    }
  }
  std::cout << statements.size() << " theorems: " << elaborated << " elaborated";
  for (const auto &[kind, count] : byKind) {
    std::cout << ", " << count << " " << kind;
  }
  std::cout << "\n";
  for (const auto &[subject, count] : bySubject) {
    std::cout << "  " << count << "  " << subject << "\n";
  }
  std::cout << evaluated << " evaluated on " << cases << " cases (" << vacuous << " vacuous), "
            << failures.size() << " failed\n";
  for (const std::string &name : unevaluated) {
    std::cout << "  not evaluated (a binder type without samples): " << name << "\n";
  }
  for (const std::string &failure : failures) {
    std::cout << "  FAILED " << failure << "\n";
  }
  std::size_t verdicts = elaborated;
  for (const auto &[kind, count] : byKind) {
    verdicts += count;
  }
  EXPECT_EQ(verdicts, statements.size());
  EXPECT_TRUE(failures.empty());
}

TEST(InterpLemmas, aRegistryWithoutThePortGivesEveryTheoremAReason) {
  // The prelude alone, and an instantiation that leaves β out: each theorem still gets one
  // verdict, never an exception.
  Registry bare;
  const Instantiation partial{"bare/nat", {{"α", Type::nat()}}, {}, std::nullopt};
  std::size_t reasons = 0;
  const std::vector<lean::Statement> statements = lean::readStatementsFile(PROOFPORT_LEMMAS_FILE);
  for (const lean::Statement &statement : statements) {
    Elaboration e;
    EXPECT_NO_THROW(e = elaborate(statement, bare, partial)) << statement.name;
    EXPECT_NE(e.statement.has_value(), e.reason.has_value()) << statement.name;
    reasons += e.reason ? 1 : 0;
  }
  EXPECT_EQ(reasons, statements.size());
}

}  // namespace
}  // namespace proofport::interp
