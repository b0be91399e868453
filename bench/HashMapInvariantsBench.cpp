// Checked hash maps at `invariants` on 10^5 random operations (HashMapOperations.h), each paired
// with the plain map in one run (target ≤ 1.3x plain), and the floor of a bucket-walking level.
// In a translation unit of their own: the `local` level's benchmarks (HashMapCheckedBench.cpp)
// instantiate the interpreter's registry, whose size exhausts GCC's inlining budget for the unit
// (`--param inline-unit-growth`), after which whether the map's own operations are inlined into
// a pass depends on the order the compiler meets the passes, not on the checks (bench/README.md).
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "HashMapOperations.h"
#include "Paired.h"
#include "proofport/hashmap/Adapters.h"
#include "proofport/hashmap/Checked.h"

namespace proofport::bench {
namespace {

using checked::CheckLevel;
using hashmap::CheckedHashMap;

/// `invariants` paired with the plain map; range 1 the number of keys.
template <class A>
void BM_Invariants(benchmark::State &state) {
  const std::vector<Op> &ops = operations(static_cast<int>(state.range(1)));
  const auto measured = [&] {
    CheckedHashMap<A, CheckLevel::invariants> map(A::empty(8));
    apply(map, ops);
    benchmark::DoNotOptimize(map.size());
    if (map.violations() != 0) {
      state.SkipWithError("a violation on a correct map");
    }
  };
  const auto plain = [&] { plainPass<A>(ops); };
  pairedPasses(state, "plain", measured, plain, kStackStride);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kOperations));
}

/// The least work a bucket-walking `invariants` can do, paired with the plain map: the touched
/// key's bucket before each operation, and after it that bucket's keys, each compared with the
/// touched key (a BucketedAdapter's walk through the map's public interface, with no count,
/// no distinctness and no report). Its ratio is the floor of `invariants` on that map: for
/// std::unordered_map, libstdc++'s `bucket(k)` and each step of a bucket's local iterator
/// compute `hash % bucket_count`, a division.
template <class A>
void BM_BucketWalkFloor(benchmark::State &state) {
  const std::vector<Op> &ops = operations(static_cast<int>(state.range(1)));
  struct Walked {
    typename A::Map m = A::empty(8);
    std::size_t buckets = 0;
    std::size_t bucket = 0;
    std::size_t seen = 0;
    void before(int k) {
      buckets = A::bucketCount(m);
      bucket = buckets == 0 ? 0 : A::bucketOf(m, k);
    }
    void after(int k) {
      if (A::bucketCount(m) == 0) {
        return;
      }
      if (A::bucketCount(m) != buckets) {  // resized: the key's bucket in the new array
        bucket = A::bucketOf(m, k);
      }
      A::forEachInBucket(m, bucket, [&](const int &key) { seen += key == k ? 1 : 0; });
    }
    void insert(int k, int v) {
      before(k);
      A::insert(m, k, v);
      after(k);
    }
    void insertIfNew(int k, int v) {
      before(k);
      A::insertIfNew(m, k, v);
      after(k);
    }
    void erase(int k) {
      before(k);
      A::erase(m, k);
      after(k);
    }
  };
  const auto measured = [&] {
    Walked map;
    apply(map, ops);
    benchmark::DoNotOptimize(map.seen);
  };
  const auto plain = [&] { plainPass<A>(ops); };
  pairedPasses(state, "plain", measured, plain, kStackStride);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kOperations));
}

using Unordered = hashmap::UnorderedMapAdapter<int, int>;
using Port = hashmap::LeanHashMapAdapter<int, int>;

BENCHMARK(BM_Invariants<Unordered>)
    ->Name("BM_CheckedHashMap/unordered_map/invariants")
    ->Apply(defaults);
BENCHMARK(BM_Invariants<Port>)->Name("BM_CheckedHashMap/lean_hashmap/invariants")->Apply(defaults);
BENCHMARK(BM_BucketWalkFloor<Unordered>)->Name("BM_BucketWalkFloor/unordered_map")->Apply(defaults);
BENCHMARK(BM_BucketWalkFloor<Port>)->Name("BM_BucketWalkFloor/lean_hashmap")->Apply(defaults);

}  // namespace
}  // namespace proofport::bench
