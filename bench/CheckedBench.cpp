// Benchmarks of the checked gradient contexts on an MLP backward pass: `off` against the plain
// production context (the same type, so the same code), and the `invariants`, `local` and
// `shadow` (every operation, or a 5% sample) overheads.
#include <cstddef>
#include <type_traits>

#include <benchmark/benchmark.h>

#include "Paired.h"
#include "proofport/properties/CheckedContext.h"
#include "proofport/tape/Models.h"
#include "proofport/tape/Tape.h"
#include "proofport/tape/TapeOps.h"

namespace {

using proofport::Tensor;
using proofport::checked::CheckLevel;
using proofport::properties::CheckedAccumulator;
using proofport::tape::TapeBuilder;

constexpr std::size_t kCheckedWidth = 4;

/// The MLP with about `nodes` nodes (3 per layer, plus the loss).
TapeBuilder<float> checkedMlpOf(std::size_t nodes) {
  TapeBuilder<float> builder;
  proofport::tape::mlp(builder, nodes / 3, kCheckedWidth);
  return builder;
}

/// Shadow options checking a seeded `percent`% sample of the operations.
proofport::checked::CheckOptions sampled(int percent) {
  proofport::checked::CheckOptions options;
  options.sampleRate = percent / 100.0;
  options.seed = 1;
  return options;
}

using Plain = proofport::tape::DeferredAccumulator<float>;

// One backward pass per iteration over a tape built once, N = node count; a shadow
// accumulator samples `kPercent`% of the operations. A checked level's iteration also runs the
// plain pass, alternating which goes first (bench/Paired.h), with the timer paused: the time is
// the level's pass, the counter `x_plain` the median ratio of the two, which the machine's drifting
// load moves far less than the ratio of two benchmarks' medians.
template <class Accumulator, int kPercent = 100>
void BM_CheckedMlp(benchmark::State &state) {
  const TapeBuilder<float> builder = checkedMlpOf(static_cast<std::size_t>(state.range(0)));
  const Tensor<float> seed = Tensor<float>::full({}, 1.0F);
  const auto pass = [&]<class A>(A accumulator) {
    benchmark::DoNotOptimize(proofport::tape::backward(builder.tape(), seed, 0.0F, accumulator));
  };
  const auto measured = [&] {
    if constexpr (std::is_constructible_v<Accumulator, proofport::checked::CheckOptions>) {
      pass(Accumulator(sampled(kPercent)));
    } else {
      pass(Accumulator());
    }
  };
  if constexpr (std::is_same_v<Accumulator, Plain>) {
    for (auto _ : state) {
      measured();
    }
  } else {
    proofport::bench::pairedPasses(state, "plain", measured, [&] { pass(Plain()); });
  }
  state.counters["nodes"] = static_cast<double>(builder.tape().nodes.size());
}

// No repetition count here: it would add `/repeats:N` to each name, and
// `--benchmark_filter='BM_CheckedMlp/(plain|local)/1000$'` must match. bench/run passes
// `--benchmark_repetitions=9` with random interleaving and reads the medians.

/// N = 100 … 100 000 nodes for the levels whose cost grows with what an operation touches.
void linearSizes(benchmark::internal::Benchmark *b) {
  for (const int nodes : {100, 1000, 10000, 100000}) {
    b->Arg(nodes);
  }
  b->Unit(benchmark::kMicrosecond);
}

/// N = 100 and 1000 for the shadow, which is quadratic (O(all positions) per operation).
void shadowSizes(benchmark::internal::Benchmark *b) {
  b->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);
}

BENCHMARK(BM_CheckedMlp<Plain>)->Name("BM_CheckedMlp/plain")->Apply(linearSizes);
BENCHMARK(BM_CheckedMlp<CheckedAccumulator<float, CheckLevel::off>>)
    ->Name("BM_CheckedMlp/off")
    ->Apply(linearSizes);
BENCHMARK(BM_CheckedMlp<CheckedAccumulator<float, CheckLevel::invariants>>)
    ->Name("BM_CheckedMlp/invariants")
    ->Apply(linearSizes);
BENCHMARK(BM_CheckedMlp<CheckedAccumulator<float, CheckLevel::local>>)
    ->Name("BM_CheckedMlp/local")
    ->Apply(linearSizes);
BENCHMARK(BM_CheckedMlp<CheckedAccumulator<float, CheckLevel::shadow>>)
    ->Name("BM_CheckedMlp/shadow")
    ->Apply(shadowSizes);
// A sampled shadow re-reads the context from production's pack before each sampled operation
// that follows an unsampled one.
BENCHMARK(BM_CheckedMlp<CheckedAccumulator<float, CheckLevel::shadow>, 5>)
    ->Name("BM_CheckedMlp/shadow_5_percent")
    ->Apply(shadowSizes);

}  // namespace
