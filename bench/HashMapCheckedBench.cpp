// Checked hash maps at `local` on 10^5 random operations (HashMapOperations.h), each paired with
// the plain map in one run: its default (target ≤ 3x, interp::RuntimeOptions{}: one theorem every
// 256 operations), and its curve over how many theorems it checks per operation. `invariants` is
// measured in HashMapInvariantsBench.cpp.
#include <cstdint>
#include <memory>
#include <vector>

#include <benchmark/benchmark.h>

#include "HashMapOperations.h"
#include "Paired.h"
#include "proofport/hashmap/Adapters.h"
#include "proofport/hashmap/Checked.h"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::bench {
namespace {

using checked::CheckLevel;
using hashmap::CheckedHashMap;

template <class A>
std::shared_ptr<interp::RuntimeChecks> checks(interp::RuntimeOptions options) {
  return hashmap::runtimeChecks<A>(
      PROOFPORT_STD_HASHMAP_LEMMAS, "checked", "Int", "Int",
      [](interp::Registry &r) { hashmap::registerValueTypes(r); }, options);
}

/// `level` paired with the plain map; range 0 is the default options, N > 0 one theorem every N
/// operations; range 1 the number of keys.
template <class A, CheckLevel L>
void BM_CheckedHashMap(benchmark::State &state) {
  interp::RuntimeOptions options;
  if (state.range(0) > 0) {
    options.theoremsPerOperation = 1;
    options.period = static_cast<std::size_t>(state.range(0));
  }
  std::shared_ptr<interp::RuntimeChecks> shared =
      L >= CheckLevel::local ? checks<A>(options) : nullptr;
  const std::vector<Op> &ops = operations(static_cast<int>(state.range(1)));
  const auto measured = [&] {
    CheckedHashMap<A, L> map(A::empty(8), shared);
    apply(map, ops);
    benchmark::DoNotOptimize(map.size());
    if (map.violations() != 0 || (shared && shared->violations() != 0)) {
      state.SkipWithError("a violation on a correct map");
    }
  };
  const auto plain = [&] { plainPass<A>(ops); };
  pairedPasses(state, "plain", measured, plain, kStackStride);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kOperations));
  if (shared) {
    state.counters["theorems_per_op"] =
        static_cast<double>(options.theoremsPerOperation) / static_cast<double>(options.period);
  }
}

using Unordered = hashmap::UnorderedMapAdapter<int, int>;
using Port = hashmap::LeanHashMapAdapter<int, int>;

/// The defaults, then one theorem every N operations for N = 256 … 1 over few keys: the curve
/// of `local`.
void curve(benchmark::internal::Benchmark *b) {
  defaults(b);
  for (const int period : {256, 64, 16, 4, 1}) {
    b->Args({period, kFewKeys});
  }
}

BENCHMARK(BM_CheckedHashMap<Unordered, CheckLevel::local>)
    ->Name("BM_CheckedHashMap/unordered_map/local")
    ->Apply(curve);
BENCHMARK(BM_CheckedHashMap<Port, CheckLevel::local>)
    ->Name("BM_CheckedHashMap/lean_hashmap/local")
    ->Apply(curve);

}  // namespace
}  // namespace proofport::bench
