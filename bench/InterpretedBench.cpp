// Interpreted Lean statements against hand-written declarations of the same theorems, paired in
// one run: the same drawings of the same binders (maps of at most 12 entries), the same number
// of cases; the hand-written side checks the statement with C++ calls of the toy port.
// Target: the interpreted side runs at least half as many cases per second (x_handwritten ≤ 2).
#include <benchmark/benchmark.h>

#include <memory>
#include <optional>
#include <string>

#include "Paired.h"
#include "ToyMap.h"
#include "proofport/gen/Named.h"
#include "proofport/interp/Suite.h"
#include "proofport/runner/Check.h"
#include "proofport/runner/Runner.h"
#include "proofport/spec/Error.h"

namespace proofport::bench {
namespace {

using interp::Value;
using Map = interp::toy::AssocMap<int>;

constexpr const char *kText = R"(namespace Std.HashMap
variable {α : Type u} {β : Type v} {_ : BEq α} {_ : Hashable α}
variable {m : HashMap α β}
theorem getElem?_insert {k a : α} {v : β} :
    (m.insert k v)[a]? = if k == a then some v else m[a]? := sorry
theorem size_erase {k : α} : (m.erase k).size = if k ∈ m then m.size - 1 else m.size := sorry
theorem contains_insert {k a : α} {v : β} :
    (m.insert k v).contains a = (k == a || m.contains a) := sorry
end Std.HashMap
)";

/// The toy porting, its suite over kText, and what a hand-written property draws with.
struct World {
  std::unique_ptr<interp::Porting> porting = interp::toy::porting();
  interp::Suite suite{lean::readStatements(kText, "bench.lean"), "bench.lean", *porting};
  interp::Instantiation instantiation = interp::toy::intInt(*porting->registry);
  interp::Type mapType = porting->registry->parseType("Std.HashMap Int Int");
  interp::Type intType = porting->registry->parseType("Int");

  /// A binder drawn as the interpreter draws it: by its type, among earlier values half the time.
  Value draw(const char *name, const interp::Type &type, const std::vector<Value> &earlier,
             const std::vector<interp::Type> &types) const {
    const interp::Candidates candidates = interp::candidatesOf(
        type, earlier, types, *porting->registry, instantiation, porting->drawings);
    return gen::pick(name, interp::aimedAt(interp::generatorOf(type, *porting->registry,
                                                               instantiation, porting->drawings),
                                           candidates));
  }
};

const World &world() {
  static const World w;
  return w;
}

/// The hand-written property of each theorem, drawing m, k, (a, v) as the interpreter does.
runner::Body handWritten(const std::string &name) {
  return [name] {
    const World &w = world();
    std::vector<Value> values;
    std::vector<interp::Type> types;
    const auto next = [&](const char *binder, const interp::Type &type) -> const Value & {
      values.push_back(w.draw(binder, type, values, types));
      types.push_back(type);
      return values.back();
    };
    const Map &m = next("m", w.mapType).as<Map>();
    const int k = next("k", w.intType).as<int>();
    if (name == "size_erase") {
      const std::size_t lhs = interp::toy::erase(m, k).entries.size();
      const std::size_t rhs = interp::toy::find(m, k) ? m.entries.size() - 1 : m.entries.size();
      runner::requireIdentical(lhs, rhs, "(m.erase k).size = if k ∈ m then m.size - 1 else m.size");
      return;
    }
    const int a = next("a", w.intType).as<int>();
    const int v = next("v", w.intType).as<int>();
    const Map inserted = interp::toy::insert(m, k, v);
    if (name == "getElem?_insert") {
      const int *found = interp::toy::find(inserted, a);
      const int *before = interp::toy::find(m, a);
      const std::optional<int> lhs = found ? std::optional<int>(*found) : std::nullopt;
      const std::optional<int> rhs =
          k == a ? std::optional<int>(v) : (before ? std::optional<int>(*before) : std::nullopt);
      if (lhs != rhs) {
        runner::fail("(m.insert k v)[a]? = if k == a then some v else m[a]?");
      }
      return;
    }
    const bool lhs = interp::toy::find(inserted, a) != nullptr;
    const bool rhs = k == a || interp::toy::find(m, a) != nullptr;
    if (lhs != rhs) {
      runner::fail("(m.insert k v).contains a = (k == a || m.contains a)");
    }
  };
}

void BM_InterpretedPaired(benchmark::State &state, const std::string &name) {
  const World &w = world();
  const runner::Theorem *theorem = w.suite.catalog().find(name);
  const runner::Entry &interpreted = *w.suite.catalog().find(*theorem, w.instantiation.name);
  runner::Entry hand = interpreted;
  hand.body = handWritten(name);
  runner::RunOptions options;
  options.seed = 1;
  options.cases = 1000;
  const auto pass = [&options](const runner::Entry &e) {
    const runner::RunResult result = runner::run(e, options);
    if (result.verdict != runner::RunResult::Verdict::Passed) {
      throwContractError("BM_InterpretedPaired " + e.shortName, "every case passing",
                         result.description);
    }
    benchmark::DoNotOptimize(result.cases);
  };
  pairedPasses(
      state, "handwritten", [&] { pass(interpreted); }, [&] { pass(hand); });
  state.SetItemsProcessed(state.iterations() * *options.cases);
}

BENCHMARK_CAPTURE(BM_InterpretedPaired, getElem?_insert, std::string("getElem?_insert"))
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK_CAPTURE(BM_InterpretedPaired, size_erase, std::string("size_erase"))
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK_CAPTURE(BM_InterpretedPaired, contains_insert, std::string("contains_insert"))
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);

}  // namespace
}  // namespace proofport::bench
