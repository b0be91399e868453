// Micro-benchmarks of the deferred context: the fixed-point exit of a long zero run, O(1)
// addUniform, pop, reads with k pending runs, and toPack.
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "proofport/torchlean.h"

namespace {

using proofport::GradientContext;
using proofport::Idx;
using proofport::Tensor;
using proofport::TensorPack;

// A million consecutive `addUniform(+0.0f)` merge into one run; reading the 1000-element
// gradient back costs two tensor passes (fixed-point exit), not a million.
void BM_ReadAfterMillionZeroAdds(benchmark::State &state) {
  const auto additions = static_cast<std::size_t>(state.range(0));
  auto ctx = GradientContext<float>::ofPack(TensorPack<float>({Tensor<float>::full({1000}, 1.5F)}));
  for (std::size_t k = 0; k < additions; ++k) {
    ctx.addUniform(0.0F);
  }
  const Idx idx{0, {1000}};
  for (auto _ : state) {
    benchmark::DoNotOptimize(ctx.read(idx));
  }
  state.counters["runs"] = static_cast<double>(ctx.history().runs.size());
}
BENCHMARK(BM_ReadAfterMillionZeroAdds)->Arg(1'000'000)->Unit(benchmark::kMicrosecond);

// The same, including the million additions themselves (each O(1)).
void BM_MillionZeroAddsThenRead(benchmark::State &state) {
  for (auto _ : state) {
    auto ctx =
        GradientContext<float>::ofPack(TensorPack<float>({Tensor<float>::full({1000}, -0.0F)}));
    for (int k = 0; k < 1'000'000; ++k) {
      ctx.addUniform(0.0F);
    }
    benchmark::DoNotOptimize(ctx.toPack());
  }
}
BENCHMARK(BM_MillionZeroAddsThenRead)->Unit(benchmark::kMillisecond);

// A read with k pending distinct runs costs O(tensor × k). Compaction is off: it would
// re-materialize the only position once the history exceeds 2 runs.
void BM_ReadWithPendingRuns(benchmark::State &state) {
  const auto runs = static_cast<int>(state.range(0));
  auto ctx = GradientContext<float>::ofPack(TensorPack<float>({Tensor<float>::full({256}, 1.0F)}));
  ctx.setCompaction(false);
  for (int k = 0; k < runs; ++k) {
    ctx.addUniform(k % 2 == 0 ? 0.5F : 0.25F);
  }
  const Idx idx{0, {256}};
  for (auto _ : state) {
    benchmark::DoNotOptimize(ctx.read(idx));
  }
  state.SetComplexityN(runs);
}
BENCHMARK(BM_ReadWithPendingRuns)->RangeMultiplier(4)->Range(1, 1024)->Complexity();

// One addUniform on a context of 1024 positions of 256 elements, alternating two values so
// that every call starts a new run. Argument 0: compaction off, O(1) per call and an unbounded
// history. Argument 1: compaction on, the history stays within 1025 runs and every ~1024 calls
// all positions are re-materialized (the replay their next reads would have done).
void BM_AddUniform(benchmark::State &state) {
  auto ctx = GradientContext<float>::ofPack(
      TensorPack<float>::fill(std::vector<proofport::Shape>(1024, proofport::Shape{256}), 1.0F));
  ctx.setCompaction(state.range(0) != 0);
  bool odd = false;
  for (auto _ : state) {
    ctx.addUniform(odd ? 0.5F : 0.25F);
    odd = !odd;
  }
  state.counters["runs"] = static_cast<double>(ctx.history().runs.size());
}
BENCHMARK(BM_AddUniform)->Arg(0)->Arg(1);

// Popping every one of N positions of 256 elements (one pending zero run each): per pop,
// O(last tensor), independent of N.
void BM_Pop(benchmark::State &state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto start = GradientContext<float>::ofPack(
      TensorPack<float>::fill(std::vector<proofport::Shape>(n, proofport::Shape{256}), 1.0F));
  for (auto _ : state) {
    state.PauseTiming();
    auto ctx = start;
    ctx.addUniform(0.0F);
    state.ResumeTiming();
    while (ctx.size() > 0) {
      benchmark::DoNotOptimize(ctx.pop());
    }
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_Pop)->RangeMultiplier(4)->Range(64, 16384)->Complexity();

// toPack of N positions of 256 elements with 3 pending runs each: one traversal.
void BM_ToPack(benchmark::State &state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  auto ctx = GradientContext<float>::ofPack(
      TensorPack<float>::fill(std::vector<proofport::Shape>(n, proofport::Shape{256}), 1.0F));
  ctx.addUniform(0.5F);
  ctx.addUniform(0.25F);
  ctx.addUniform(0.5F);
  for (auto _ : state) {
    benchmark::DoNotOptimize(ctx.toPack());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_ToPack)->RangeMultiplier(4)->Range(64, 16384)->Complexity();

}  // namespace

BENCHMARK_MAIN();
