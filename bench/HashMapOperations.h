// The random operations the checked hash map benchmarks run (HashMapCheckedBench.cpp,
// HashMapInvariantsBench.cpp), and the plain pass each level is paired with: 10^5 inserts,
// insertIfNews and erases (5:2:3) over 1024 keys, a map small enough for the cache, or over 2^20
// keys, a map of about 7 * 10^4 entries.
#pragma once

#include <cstddef>
#include <map>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

namespace proofport::bench {

struct Op {
  int what;  // 0 insert, 1 insertIfNew, 2 erase
  int key;
  int value;
};

constexpr std::size_t kOperations = 100000;

/// The operations over keys 0 … keys - 1, drawn once per key count.
inline const std::vector<Op> &operations(int keys) {
  static std::map<int, std::vector<Op>> drawn;
  auto [at, fresh] = drawn.try_emplace(keys);
  if (fresh) {
    std::mt19937_64 random(7);
    std::uniform_int_distribution<int> key(0, keys - 1);
    std::uniform_int_distribution<int> what(0, 9);
    for (std::size_t i = 0; i < kOperations; ++i) {
      const int w = what(random);
      at->second.push_back({w < 5 ? 0 : w < 7 ? 1 : 2, key(random), static_cast<int>(i % 97)});
    }
  }
  return at->second;
}

// apply and plainPass have internal linkage, so that a unit's checked and plain passes are both
// functions of that unit, treated alike by the compiler. As inline templates, the linker kept the
// first linked unit's plain pass for every unit, compiled under another unit's inlining budget
// (bench/README.md, "Where the code lands").
template <class M>
static void apply(M &map, const std::vector<Op> &ops) {
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
static void plainPass(const std::vector<Op> &ops) {
  struct Plain {
    typename A::Map m = A::empty(8);
    void insert(int k, int v) { A::insert(m, k, v); }
    void insertIfNew(int k, int v) { A::insertIfNew(m, k, v); }
    void erase(int k) { A::erase(m, k); }
  } map;
  apply(map, ops);
  benchmark::DoNotOptimize(A::size(map.m));
}

/// The stack stride of the hash map benchmarks' pairs (Paired.h): 9 cache lines, so that 64
/// pairs in turn put the stack at each of the 64 cache lines of a page.
constexpr std::size_t kStackStride = 9 * 64;

constexpr int kFewKeys = 1024;
constexpr int kManyKeys = 1 << 20;

/// The level's defaults over few and many keys, in milliseconds per pass of 10^5 operations.
inline void defaults(benchmark::internal::Benchmark *b) {
  b->ArgNames({"period", "keys"})->Unit(benchmark::kMillisecond)->MinTime(1.0);
  b->Args({0, kFewKeys})->Args({0, kManyKeys});
}

}  // namespace proofport::bench
