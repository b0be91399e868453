// Checked hash maps on 10^5 random operations (inserts, insertIfNews, erases over 1024 keys, a
// map small enough for the cache, and over 2^20 keys, a map of about 7 * 10^4 entries), each
// level paired with the plain map in one run: `invariants` (target ≤ 1.3x plain) and `local`
// (target ≤ 3x at its default, interp::RuntimeOptions{}: one theorem every 256 operations), and
// the curve of `local` over how many theorems it checks per operation.
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <unordered_map>
#include <vector>

#include <benchmark/benchmark.h>

#include "Paired.h"
#include "proofport/hashmap/Adapters.h"
#include "proofport/hashmap/Checked.h"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::bench {
namespace {

using checked::CheckLevel;
using hashmap::CheckedHashMap;

struct Op {
  int what;  // 0 insert, 1 insertIfNew, 2 erase
  int key;
  int value;
};

constexpr std::size_t kOperations = 100000;

/// The operations over keys 0 … keys - 1, drawn once per key count.
const std::vector<Op> &operations(int keys) {
  static std::map<int, std::vector<Op>> drawn;
  auto [at, fresh] = drawn.try_emplace(keys);
  if (fresh) {
    std::mt19937_64 random(7);
    std::uniform_int_distribution<int> key(0, keys - 1);
    std::uniform_int_distribution<int> what(0, 9);
    std::vector<Op> out;
    for (std::size_t i = 0; i < kOperations; ++i) {
      const int w = what(random);
      at->second.push_back({w < 5 ? 0 : w < 7 ? 1 : 2, key(random), static_cast<int>(i % 97)});
    }
  }
  return at->second;
}

template <class M>
void apply(M &map, const std::vector<Op> &ops) {
  for (const Op &op : ops) {
    if (op.what == 0) {
      map.insert(op.key, op.value);
    } else if (op.what == 1) {
      map.insertIfNew(op.key, op.value);
    } else {
      map.erase(op.key);
    }
  }
}

/// The operations on adapter `A`'s map itself, unchecked: the pass each level is paired with.
template <class A>
void plainPass(const std::vector<Op> &ops) {
  struct Plain {
    typename A::Map m = A::empty(8);
    void insert(int k, int v) { A::insert(m, k, v); }
    void insertIfNew(int k, int v) { A::insertIfNew(m, k, v); }
    void erase(int k) { A::erase(m, k); }
  } map;
  apply(map, ops);
  benchmark::DoNotOptimize(A::size(map.m));
}

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
  pairedPasses(state, "plain", measured, plain);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kOperations));
  if (shared) {
    state.counters["theorems_per_op"] =
        static_cast<double>(options.theoremsPerOperation) / static_cast<double>(options.period);
  }
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
  pairedPasses(state, "plain", measured, plain);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kOperations));
}

using Unordered = hashmap::UnorderedMapAdapter<int, int>;
using Port = hashmap::LeanHashMapAdapter<int, int>;

constexpr int kFewKeys = 1024;
constexpr int kManyKeys = 1 << 20;

/// The level's defaults over few and many keys, in milliseconds per pass of 10^5 operations.
void defaults(benchmark::internal::Benchmark *b) {
  b->ArgNames({"period", "keys"})->Unit(benchmark::kMillisecond)->MinTime(1.0);
  b->Args({0, kFewKeys})->Args({0, kManyKeys});
}

/// The defaults, then one theorem every N operations for N = 256 … 1 over few keys: the curve
/// of `local`.
void curve(benchmark::internal::Benchmark *b) {
  defaults(b);
  for (const int period : {256, 64, 16, 4, 1}) {
    b->Args({period, kFewKeys});
  }
}

BENCHMARK(BM_CheckedHashMap<Unordered, CheckLevel::invariants>)
    ->Name("BM_CheckedHashMap/unordered_map/invariants")
    ->Apply(defaults);
BENCHMARK(BM_CheckedHashMap<Port, CheckLevel::invariants>)
    ->Name("BM_CheckedHashMap/lean_hashmap/invariants")
    ->Apply(defaults);
BENCHMARK(BM_BucketWalkFloor<Unordered>)->Name("BM_BucketWalkFloor/unordered_map")->Apply(defaults);
BENCHMARK(BM_BucketWalkFloor<Port>)->Name("BM_BucketWalkFloor/lean_hashmap")->Apply(defaults);
BENCHMARK(BM_CheckedHashMap<Unordered, CheckLevel::local>)
    ->Name("BM_CheckedHashMap/unordered_map/local")
    ->Apply(curve);
BENCHMARK(BM_CheckedHashMap<Port, CheckLevel::local>)
    ->Name("BM_CheckedHashMap/lean_hashmap/local")
    ->Apply(curve);

}  // namespace
}  // namespace proofport::bench
