// Benchmarks of the deferred context's cheap paths: the fixed-point exit of a long zero run,
// O(1) addUniform, and reads with pending runs.
#include <cstdint>

#include <benchmark/benchmark.h>

#include "proofport/proofport.h"

namespace {

using proofport::GradientContext;
using proofport::Idx;
using proofport::Tensor;
using proofport::TensorPack;

// A million consecutive `addUniform(+0.0f)` merge into one run; reading the 1000-element
// gradient back costs two tensor passes (fixed-point exit), not a million.
void BM_ReadAfterMillionZeroAdds(benchmark::State &state) {
  const auto additions = static_cast<std::size_t>(state.range(0));
  auto ctx = GradientContext<float>::ofPack(
      TensorPack<float>({Tensor<float>::full({1000}, 1.5F)}));
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
    auto ctx = GradientContext<float>::ofPack(
        TensorPack<float>({Tensor<float>::full({1000}, -0.0F)}));
    for (int k = 0; k < 1'000'000; ++k) {
      ctx.addUniform(0.0F);
    }
    benchmark::DoNotOptimize(ctx.toPack());
  }
}
BENCHMARK(BM_MillionZeroAddsThenRead)->Unit(benchmark::kMillisecond);

// A read with k pending distinct runs costs O(tensor × k).
void BM_ReadWithPendingRuns(benchmark::State &state) {
  const auto runs = static_cast<int>(state.range(0));
  auto ctx = GradientContext<float>::ofPack(TensorPack<float>({Tensor<float>::full({256}, 1.0F)}));
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

} // namespace

BENCHMARK_MAIN();
