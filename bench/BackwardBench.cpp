// Benchmarks of whole backward passes over model tapes: deferred vs dense accumulation.
#include <cstddef>
#include <cstdint>

#include <benchmark/benchmark.h>

#include "proofport/core/Models.h"
#include "proofport/core/Tape.h"
#include "proofport/core/TapeOps.h"

namespace {

using proofport::Tensor;
using proofport::tape::TapeBuilder;

constexpr std::size_t kWidth = 4;

/// The residual stack with about `nodes` nodes (3 per block, plus the loss).
TapeBuilder<float> residualOf(std::size_t nodes) {
  TapeBuilder<float> builder;
  proofport::tape::residual(builder, nodes / 3, kWidth);
  return builder;
}

/// The MLP with about `nodes` nodes (3 per layer, plus the loss).
TapeBuilder<float> mlpOf(std::size_t nodes) {
  TapeBuilder<float> builder;
  proofport::tape::mlp(builder, nodes / 3, kWidth);
  return builder;
}

// One backward pass per iteration over a tape built once, N = node count. Both passes are
// quadratic here, with very different constants: each node's Contributions carries the whole
// prefix shape list (one O(N) copy and compare in the deferred pass), while the dense pass adds
// a whole pack of O(N) freshly allocated tensors per node.
template <class Accumulator, TapeBuilder<float> (*Model)(std::size_t)>
void BM_Backward(benchmark::State &state) {
  const TapeBuilder<float> builder = Model(static_cast<std::size_t>(state.range(0)));
  const Tensor<float> seed = Tensor<float>::full({}, 1.0F);
  for (auto _ : state) {
    Accumulator accumulator;
    benchmark::DoNotOptimize(proofport::tape::backward(builder.tape(), seed, 0.0F, accumulator));
  }
  state.counters["nodes"] = static_cast<double>(builder.tape().nodes.size());
  state.SetComplexityN(state.range(0));
}

using Deferred = proofport::tape::DeferredAccumulator<float>;
using Dense = proofport::tape::DenseAccumulator<float>;

BENCHMARK(BM_Backward<Deferred, residualOf>)
    ->Name("BM_Backward/residual/deferred")
    ->Arg(250)
    ->Arg(1000)
    ->Arg(4000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();
BENCHMARK(BM_Backward<Dense, residualOf>)
    ->Name("BM_Backward/residual/dense")
    ->Arg(250)
    ->Arg(1000)
    ->Arg(4000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();
BENCHMARK(BM_Backward<Deferred, mlpOf>)
    ->Name("BM_Backward/mlp/deferred")
    ->Arg(250)
    ->Arg(1000)
    ->Arg(4000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();
BENCHMARK(BM_Backward<Dense, mlpOf>)
    ->Name("BM_Backward/mlp/dense")
    ->Arg(250)
    ->Arg(1000)
    ->Arg(4000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();

} // namespace
