// Whole backward passes over chain, residual, fan-in and MLP tapes of N nodes, through three
// accumulators (dense, deferred, sparse), and the deferred history's peak length per tape kind.
#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "Paired.h"
#include "proofport/tape/Models.h"
#include "proofport/tape/Tape.h"
#include "proofport/tape/TapeOps.h"

namespace {

using proofport::Contributions;
using proofport::GradientContext;
using proofport::Tensor;
using proofport::TensorPack;
using proofport::tape::TapeBuilder;

/// The ideal floor, not an exact accumulator: adds each node's contribution at its support only
/// and skips the uniform, assuming 0 is an additive identity. That is false for IEEE `-0.0`
/// (`-0.0 + 0.0` is `+0.0`), so its gradients can differ from the dense program's in the sign of
/// zeros; it is shown only as the lower bound the deferred context is measured against.
template <class S>
class SparseAccumulator {
public:
  void start(TensorPack<S> seed, const proofport::ShapeList & /*shapes*/) {
    m_tensors = std::move(seed).takeTensors();
  }
  Tensor<S> pop() {
    Tensor<S> last = std::move(m_tensors.back());
    m_tensors.pop_back();
    return last;
  }
  void add(const Contributions<S> &c) {
    const auto &support = c.support();
    for (std::size_t k = 0; k < support.size(); ++k) {
      const std::size_t i = support[k].i;
      const auto earlier = support.begin() + static_cast<std::ptrdiff_t>(k);
      if (std::none_of(support.begin(), earlier, [i](const auto &e) { return e.i == i; })) {
        m_tensors[i] = addSpec(m_tensors[i], c.lookup().read(support[k]));
      }
    }
  }
  TensorPack<S> finish() const { return TensorPack<S>(m_tensors); }

private:
  std::vector<Tensor<S>> m_tensors;
};

/// The production accumulator with compaction on or off, recording the history's peak length
/// and its largest excess over `live positions + 1` after every step.
template <class S>
class TrackingAccumulator {
public:
  explicit TrackingAccumulator(bool compaction) : m_compaction(compaction) {}
  void start(TensorPack<S> seed, const proofport::ShapeList &shapes) {
    m_ctx = GradientContext<S>::ofPack(std::move(seed), shapes);
    m_ctx.setCompaction(m_compaction);
  }
  Tensor<S> pop() {
    Tensor<S> last = m_ctx.pop();
    record();
    return last;
  }
  void add(const Contributions<S> &c) {
    m_ctx.addContributions(c);
    record();
  }
  TensorPack<S> finish() const { return m_ctx.toPack(); }
  std::size_t peakRuns = 0;
  std::size_t liveAtPeak = 0;
  long long maxExcess = -1'000'000'000;

private:
  void record() {
    const std::size_t runs = m_ctx.history().runs.size();
    if (runs > peakRuns) {
      peakRuns = runs;
      liveAtPeak = m_ctx.size();
    }
    maxExcess = std::max(maxExcess,
                         static_cast<long long>(runs) - static_cast<long long>(m_ctx.size() + 1));
  }
  bool m_compaction;
  GradientContext<S> m_ctx;
};

constexpr std::size_t kChainElements = 256;  // the target: 256-element tensors
constexpr std::size_t kModelWidth = 16;      // [1,16] activations, [16,16] = 256-element weights
constexpr std::size_t kFaninInputs = 16;

constexpr std::size_t kMillionElements = 16;  // the million-node chain: 16-element tensors

/// `x` of `kElements` elements, then N - 1 nodes `h ← scale(h, -1)` and the loss `sum(h)`: N
/// nodes.
template <class S, std::size_t kElements>
TapeBuilder<S> chainWith(std::size_t nodes) {
  TapeBuilder<S> builder;
  std::vector<S> x(kElements);
  for (std::size_t k = 0; k < x.size(); ++k) {
    x[k] = static_cast<S>(static_cast<int>(k % 7) - 3) / static_cast<S>(4);
  }
  std::size_t h = builder.input(Tensor<S>({kElements}, std::move(x)));
  for (std::size_t k = 1; k < nodes; ++k) {
    h = builder.scale(h, static_cast<S>(-1));
  }
  builder.sum(h);
  return builder;
}

/// The chain over a 256-element input.
template <class S>
TapeBuilder<S> chainOf(std::size_t nodes) {
  return chainWith<S, kChainElements>(nodes);
}

/// The residual stack with about N nodes (3 per block, plus the loss), width 16.
template <class S>
TapeBuilder<S> residualOf(std::size_t nodes) {
  TapeBuilder<S> builder;
  proofport::tape::residual(builder, std::max<std::size_t>(nodes / 3, 1), kModelWidth);
  return builder;
}

/// The MLP with about N nodes (3 per layer, plus the loss), width 16.
template <class S>
TapeBuilder<S> mlpOf(std::size_t nodes) {
  TapeBuilder<S> builder;
  proofport::tape::mlp(builder, std::max<std::size_t>(nodes / 3, 1), kModelWidth);
  return builder;
}

/// N/2 readers `add(inputs[a], inputs[b])` of 16 inputs of 256 elements, summed in a chain: N
/// nodes.
template <class S>
TapeBuilder<S> faninOf(std::size_t nodes) {
  TapeBuilder<S> builder;
  proofport::tape::fanin(builder, std::max<std::size_t>(nodes / 2, 1), kChainElements, 1, {},
                         kFaninInputs);
  return builder;
}

/// A random DAG of N nodes; one node in three has a non-zero uniform, so the history has runs.
template <class S>
TapeBuilder<S> randomOf(std::size_t nodes) {
  TapeBuilder<S> builder;
  proofport::tape::randomDag(builder, nodes);
  return builder;
}

template <class S>
using Model = TapeBuilder<S> (*)(std::size_t);

template <class S>
void setCounters(benchmark::State &state, const TapeBuilder<S> &builder) {
  state.counters["nodes"] = static_cast<double>(builder.tape().nodes.size());
  state.SetComplexityN(state.range(0));
}

// One backward pass per iteration over a tape built once, N = requested node count.
template <class S, class Accumulator>
void backwardPass(benchmark::State &state, Model<S> model) {
  const TapeBuilder<S> builder = model(static_cast<std::size_t>(state.range(0)));
  const Tensor<S> seed = Tensor<S>::full({}, static_cast<S>(1));
  for (auto _ : state) {
    Accumulator accumulator;
    benchmark::DoNotOptimize(
        proofport::tape::backward(builder.tape(), seed, static_cast<S>(0), accumulator));
  }
  setCounters(state, builder);
}

// A deferred and a sparse pass per iteration over one tape, alternating which goes first
// (bench/Paired.h), the timer paused for the sparse pass: the time is the deferred pass,
// `x_sparse` the median ratio of the two.
template <class S>
void pairedPass(benchmark::State &state, Model<S> model) {
  const TapeBuilder<S> builder = model(static_cast<std::size_t>(state.range(0)));
  const Tensor<S> seed = Tensor<S>::full({}, static_cast<S>(1));
  const auto pass = [&]<class Accumulator>(Accumulator accumulator) {
    benchmark::DoNotOptimize(
        proofport::tape::backward(builder.tape(), seed, static_cast<S>(0), accumulator));
  };
  proofport::bench::pairedPasses(
      state, "sparse", [&] { pass(proofport::tape::DeferredAccumulator<S>()); },
      [&] { pass(SparseAccumulator<S>()); });
  setCounters(state, builder);
}

// The history's peak length in one backward pass, with and without compaction.
template <class S>
void historyPeak(benchmark::State &state, Model<S> model) {
  const TapeBuilder<S> builder = model(static_cast<std::size_t>(state.range(0)));
  const Tensor<S> seed = Tensor<S>::full({}, static_cast<S>(1));
  TrackingAccumulator<S> compacted(true);
  TrackingAccumulator<S> uncompacted(false);
  for (auto _ : state) {
    compacted = TrackingAccumulator<S>(true);
    benchmark::DoNotOptimize(
        proofport::tape::backward(builder.tape(), seed, static_cast<S>(0), compacted));
  }
  (void)proofport::tape::backward(builder.tape(), seed, static_cast<S>(0), uncompacted);
  state.counters["peak_runs"] = static_cast<double>(compacted.peakRuns);
  state.counters["live_at_peak"] = static_cast<double>(compacted.liveAtPeak);
  state.counters["max_excess"] = static_cast<double>(compacted.maxExcess);
  state.counters["peak_runs_uncompacted"] = static_cast<double>(uncompacted.peakRuns);
  setCounters(state, builder);
}

struct Kind {
  const char *name;
  Model<float> f32;
  Model<double> f64;
};

// Dense accumulation is quadratic: it stops at 4096 nodes (16384 would take minutes).
constexpr long kMaxDense = 4096;

template <class S>
void registerType(const char *type, const char *kind, Model<S> model) {
  const std::string prefix = std::string("BM_Backward/") + kind + "/" + type + "/";
  // The fast accumulators run 9 times (bench/run reads the medians), dense once.
  auto shape = [](benchmark::internal::Benchmark *b, long max, int repetitions) {
    for (long n = 64; n <= max; n *= 4) {
      b->Arg(n);
    }
    b->Unit(benchmark::kMillisecond)->Complexity()->Repetitions(repetitions);
  };
  shape(benchmark::RegisterBenchmark((prefix + "dense").c_str(),
                                     backwardPass<S, proofport::tape::DenseAccumulator<S>>, model),
        kMaxDense, 1);
  shape(benchmark::RegisterBenchmark((prefix + "deferred").c_str(),
                                     backwardPass<S, proofport::tape::DeferredAccumulator<S>>,
                                     model),
        16384, 9);
  shape(benchmark::RegisterBenchmark((prefix + "sparse").c_str(),
                                     backwardPass<S, SparseAccumulator<S>>, model),
        16384, 9);
  // The target sizes, paired: 9 repetitions (bench/run reads the medians), each at least half a
  // second, so that each has several pairs in both orders (bench/Paired.h).
  benchmark::RegisterBenchmark((std::string("BM_BackwardPaired/") + kind + "/" + type).c_str(),
                               pairedPass<S>, model)
      ->Arg(4096)
      ->Arg(16384)
      ->Unit(benchmark::kMillisecond)
      ->MinTime(0.5)
      ->Repetitions(9);
  benchmark::RegisterBenchmark((std::string("BM_HistoryPeak/") + kind + "/" + type).c_str(),
                               historyPeak<S>, model)
      ->Arg(4096)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

const bool kRegistered = [] {
  const Kind kinds[] = {{"chain", chainOf<float>, chainOf<double>},
                        {"residual", residualOf<float>, residualOf<double>},
                        {"fanin", faninOf<float>, faninOf<double>},
                        {"mlp", mlpOf<float>, mlpOf<double>}};
  for (const Kind &k : kinds) {
    registerType<float>("float32", k.name, k.f32);
    registerType<double>("float64", k.name, k.f64);
  }
  benchmark::RegisterBenchmark("BM_HistoryPeak/random/float32", historyPeak<float>, randomOf<float>)
      ->Arg(4096)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  // A million nodes: bench/run runs each accumulator in a process of its own, so that the
  // process's peak memory (max RSS) is that accumulator's pass over the same tape.
  using Pass = void (*)(benchmark::State &, Model<float>);
  const std::pair<const char *, Pass> passes[] = {
      {"deferred", backwardPass<float, proofport::tape::DeferredAccumulator<float>>},
      {"sparse", backwardPass<float, SparseAccumulator<float>>}};
  for (const auto &[name, pass] : passes) {
    benchmark::RegisterBenchmark((std::string("BM_Million/chain16/float32/") + name).c_str(), pass,
                                 chainWith<float, kMillionElements>)
        ->Arg(1'000'000)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1)
        ->Repetitions(5);
  }
  // Its time, paired in one process (the memory needs a process per accumulator).
  benchmark::RegisterBenchmark("BM_MillionPaired/chain16/float32", pairedPass<float>,
                               chainWith<float, kMillionElements>)
      ->Arg(1'000'000)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(5)
      ->Repetitions(1);
  return true;
}();

}  // namespace
