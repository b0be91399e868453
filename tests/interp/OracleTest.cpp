// Oracle models of interpreted statements: a port whose erase is wrong where no statement looks
// passes every statement alone and fails as soon as its oracle model is compared, naming the
// operation, its arguments and both results; a correct port's run is unchanged by the model.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "ToyOracle.h"
#include "proofport/interp/Suite.h"
#include "proofport/runner/Runner.h"

namespace proofport::interp {
namespace {

using runner::RunResult;

std::string oracleFile() { return std::string(PROOFPORT_INTERP_DATA) + "/Oracle.lean"; }

/// Every entry's result at `seed`, by short name.
std::map<std::string, RunResult> runAll(const Porting &porting, const std::string &file,
                                        std::uint64_t seed = 1) {
  const std::unique_ptr<Suite> suite = Suite::fromFile(file, porting);
  std::map<std::string, RunResult> out;
  for (const runner::Entry &e : suite->catalog().entries()) {
    runner::RunOptions options;
    options.seed = seed;
    out.emplace(e.shortName, runner::run(e, options));
  }
  return out;
}

TEST(InterpOracle, aCorrectPortPassesWithItsModelCompared) {
  const auto porting = toy::sortedPorting("sorted", {false, true});
  const auto results = runAll(*porting, oracleFile());
  ASSERT_EQ(results.size(), 5U);
  for (const auto &[name, result] : results) {
    EXPECT_EQ(result.verdict, RunResult::Verdict::Passed) << name << ": " << result.description;
    EXPECT_EQ(result.cases, 100) << name;
  }
}

TEST(InterpOracle, aBrokenOperationNoStatementObservesPassesWithoutTheModel) {
  const auto porting = toy::sortedPorting("sorted-broken-unchecked", {true, false});
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    for (const auto &[name, result] : runAll(*porting, oracleFile(), seed)) {
      EXPECT_EQ(result.verdict, RunResult::Verdict::Passed) << name << ": " << result.description;
    }
  }
}

TEST(InterpOracle, theModelCatchesItNamingTheOperationArgumentsAndBothResults) {
  const auto porting = toy::sortedPorting("sorted-broken", {true, true});
  const auto results = runAll(*porting, oracleFile());
  for (const char *name : {"size_erase_le", "getD_erase_self", "contains_erase_self"}) {
    const RunResult &result = results.at(name);
    ASSERT_EQ(result.verdict, RunResult::Verdict::Falsified) << name;
    // Shrunk: a one-entry map at 0 and the smallest key not in it.
    EXPECT_NE(result.description.find("could not be evaluated: Std.HashMap.erase {0 ↦ 0} (-1): "
                                      "the port gives {}, the model {0 ↦ 0}"),
              std::string::npos)
        << name << ": " << result.description;
  }
  // Statements that erase nothing, and filter (which the model does not register), still hold.
  EXPECT_EQ(results.at("getElem?_insert_self").verdict, RunResult::Verdict::Passed);
  EXPECT_EQ(results.at("size_filter_all").verdict, RunResult::Verdict::Passed)
      << results.at("size_filter_all").description;
}

TEST(InterpOracle, aWrongAbstractionShowsThePortsResultAsTheModelSawIt) {
  const auto porting = toy::sortedPorting("sorted-wrong-abstraction", {false, false});
  porting->registry->oracle<toy::SortedMap, toy::AssocMap<int>>([](const toy::SortedMap &m) {
    toy::AssocMap<int> out = toy::toAssoc(m);
    if (!out.entries.empty()) {
      out.entries.pop_back();
    }
    return out;
  });
  const RunResult result = runAll(*porting, oracleFile()).at("getElem?_insert_self");
  ASSERT_EQ(result.verdict, RunResult::Verdict::Falsified);
  EXPECT_NE(result.description.find("Std.HashMap.insert {} 0 0: the port gives {0 ↦ 0} "
                                    "(abstracted: {}), the model {0 ↦ 0}"),
            std::string::npos)
      << result.description;
}

TEST(InterpOracle, theModelLeavesACorrectPortsRunUnchanged) {
  // The same cases, verdicts and tokens with and without the model (Toy.lean's statements).
  const std::string toy = std::string(PROOFPORT_INTERP_DATA) + "/Toy.lean";
  const auto checked = runAll(*toy::sortedPorting("sorted", {false, true}), toy);
  const auto plain = runAll(*toy::sortedPorting("sorted-unchecked", {false, false}), toy);
  ASSERT_EQ(checked.size(), plain.size());
  for (const auto &[name, result] : checked) {
    const RunResult &other = plain.at(name);
    EXPECT_EQ(result.verdict, other.verdict) << name;
    EXPECT_EQ(result.cases, other.cases) << name;
    EXPECT_EQ(result.shrinks, other.shrinks) << name;
    EXPECT_EQ(result.classes, other.classes) << name;
    EXPECT_EQ(result.reproduceToken, other.reproduceToken) << name;
    EXPECT_EQ(result.description, other.description) << name;
  }
}

TEST(InterpOracle, registrationIsChecked) {
  Registry r;
  toy::registerToy(r);
  toy::registerSorted(r, {false, false});
  auto abstraction = std::function<toy::AssocMap<int>(const toy::SortedMap &)>(toy::toAssoc);
  // The model must be another registered realization of the same Lean type.
  EXPECT_THROW(
      (r.oracle<toy::SortedMap, toy::SortedMap>([](const toy::SortedMap &m) { return m; })),
      ContractError);
  EXPECT_THROW((r.oracle<toy::SortedMap, toy::AssocMap<std::monostate>>(
                   [](const toy::SortedMap &) { return toy::AssocMap<std::monostate>{}; })),
               ContractError);
  EXPECT_THROW(
      (r.oracle<int, toy::AssocMap<int>>([](const int &) { return toy::AssocMap<int>{}; })),
      ContractError);
  EXPECT_THROW((r.oracle<toy::SortedMap, toy::AssocMap<int>>({})), ContractError);
  EXPECT_EQ(r.realizationOf(typeid(toy::SortedMap))->oracle, nullptr);
  r.oracle<toy::SortedMap, toy::AssocMap<int>>(abstraction);
  EXPECT_EQ(r.realizationOf(typeid(toy::SortedMap))->oracle,
            r.realizationOf(typeid(toy::AssocMap<int>))->opaque);
  EXPECT_THROW((r.oracle<toy::SortedMap, toy::AssocMap<int>>(abstraction)), ContractError);
}

}  // namespace
}  // namespace proofport::interp
