// The framework's overhead: one catalog property's body checked for 100 cases by proofport's
// runner (`properties::run`: the engine adapter, rounding guard, classification, result), and
// by a plain `rc::check` of the same body, with the same generators, seed and case count.
// Counters: cases per second of each, and their ratio paired in one benchmark (`bench/run`
// prints both).
#include <cstdlib>
#include <iostream>
#include <sstream>

#include <benchmark/benchmark.h>
#include <rapidcheck.h>

#include "Paired.h"
#include "proofport/properties/Gradients.h"
#include "proofport/runner/Instantiate.h"
#include "proofport/runner/Runner.h"

namespace {

namespace pp = proofport::properties;

constexpr int kCases = 100;

/// RapidCheck reads its default configuration once, from RC_PARAMS, when a plain `rc::check`
/// first runs: the same seed and sizes as the runner's, and no progress output.
const bool kConfigured = [] {
  return ::setenv("RC_PARAMS",
                  "seed=1 max_success=100 max_size=100 verbose_progress=0 verbose_shrinking=0",
                  1) == 0;
}();

/// `Proofs.Autograd.Algebra.GradientContext.lookup_addUniform` over float32, in a catalog of
/// its own (which names the entry).
const pp::Entry &entry() {
  static const pp::Catalog kCatalog = [] {
    pp::ScalarInfo info;
    info.name = "float32";
    info.family = "float";
    info.classes = proofport::classesOf<float>();
    info.claims = proofport::claimedClasses<float>();
    return pp::Catalog("Proofs.Autograd.Algebra.",
                       {pp::entryOf<pp::GradientContext::lookup_addUniform, float>(info)});
  }();
  return kCatalog.entries().front();
}

/// One check of the property's cases under proofport's runner; whether all of them passed.
bool proofportCheck() {
  pp::RunOptions options;
  options.seed = 1;
  options.cases = kCases;
  options.maxSize = 100;
  const pp::RunResult result = pp::run(entry(), options);
  return result.verdict == pp::RunResult::Verdict::Passed && result.cases == kCases;
}

/// One plain `rc::check` of the same body (configured by kConfigured); whether it passed. Its
/// report to std::cerr goes to `discard`: the report is not what is measured.
bool plainCheck(std::ostringstream &discard) {
  std::streambuf *const err = std::cerr.rdbuf(discard.rdbuf());
  const bool passed = rc::check([] { entry().body(); });
  std::cerr.rdbuf(err);
  discard.str({});
  return passed;
}

void setRate(benchmark::State &state) {
  state.counters["cases_per_second"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * kCases, benchmark::Counter::kIsRate);
}

void BM_Overhead_proofport(benchmark::State &state) {
  for (auto _ : state) {
    if (!proofportCheck()) {
      state.SkipWithError("the property did not pass its cases");
      break;
    }
  }
  setRate(state);
}

void BM_Overhead_rapidcheck(benchmark::State &state) {
  if (!kConfigured) {
    state.SkipWithError("RC_PARAMS could not be set");
    return;
  }
  std::ostringstream discard;
  for (auto _ : state) {
    if (!plainCheck(discard)) {
      state.SkipWithError("the property did not pass its cases");
      break;
    }
  }
  setRate(state);
}

// Both runners in every iteration, alternating which goes first (bench/Paired.h), the timer
// paused for rc::check: `x_rapidcheck` is the overhead itself, proofport's time over
// rc::check's, median over the pairs. Two separately timed benchmarks drift apart on a
// shared machine; a pair sees the same load.
void BM_OverheadPaired(benchmark::State &state) {
  if (!kConfigured) {
    state.SkipWithError("RC_PARAMS could not be set");
    return;
  }
  std::ostringstream discard;
  bool passed = true;
  proofport::bench::pairedPasses(
      state, "rapidcheck", [&] { passed = proofportCheck() && passed; },
      [&] { passed = plainCheck(discard) && passed; });
  if (!passed) {
    state.SkipWithError("the property did not pass its cases");
  }
  setRate(state);
}

}  // namespace

// Half a second per repetition whatever --benchmark_min_time says: at bench/run's 0.05 s a
// repetition is a handful of checks, and the ratio of two such medians drifted by 20%.
BENCHMARK(BM_Overhead_proofport)
    ->Name("BM_Overhead/proofport")
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(0.5);
BENCHMARK(BM_Overhead_rapidcheck)
    ->Name("BM_Overhead/rapidcheck")
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(0.5);
BENCHMARK(BM_OverheadPaired)
    ->Name("BM_OverheadPaired/lookup_addUniform/float32")
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(0.5);
