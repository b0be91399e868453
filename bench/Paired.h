// Paired timing: two passes over the same input, alternated within one benchmark, so that the
// load drifting on a shared machine hits both alike and their ratio is steadier than the ratio
// of two benchmarks' medians.
#pragma once

#include <algorithm>
#include <cstddef>
#include <ctime>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

namespace proofport::bench {

/// This thread's CPU time in seconds (CLOCK_THREAD_CPUTIME_ID): what the pass itself spent,
/// without the other processes' share of the core.
inline double threadSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

/// The median of `values` (the mean of the middle two for an even count); 0 for none.
inline double median(std::vector<double> values) {
  if (values.empty()) {
    return 0.0;
  }
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
  const double upper = values[mid];
  if (values.size() % 2 == 1) {
    return upper;
  }
  return (upper +
          *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid))) /
         2.0;
}

constexpr std::size_t kPage = 4096;

/// Calls `pass()` in a frame of its own, below the caller's (what belowStack moves).
template <class Pass>
[[gnu::noinline]] void inFrameOfItsOwn(const Pass &pass) {
  pass();
}

/// Calls `pass()` with the stack `bytes` lower (at most a page) than a plain call would have it.
template <class Pass>
[[gnu::noinline]] void belowStack(std::size_t bytes, const Pass &pass) {
  void *gap = __builtin_alloca(bytes % kPage + 1);
  benchmark::DoNotOptimize(gap);
  inFrameOfItsOwn(pass);
}

/// Runs `measured` and `baseline` once each per iteration, alternating which goes first, each
/// timed on the thread's CPU clock; the benchmark's own timer is paused for `baseline`, so its
/// times are `measured`'s. Counters: `<baseline>_ms` (median per pass), `x_<baseline>`
/// (median of `measured` over median of `baseline`) and `x_<baseline>_min` (the fastest pass of
/// `measured` over the fastest of `baseline`: another load on the machine only adds time, so
/// this ratio moves least with it).
/// Both run once, untimed, before the first iteration, so the first timed pass does not pay
/// alone for loading an input that other benchmarks (random interleaving) pushed out of the
/// caches; and which goes first in the first pair changes from one call of this instantiation
/// to the next (every benchmark that instantiates it alike shares the count, so for one
/// benchmark the order is mixed, not strictly alternating): a repetition of a long pass may
/// have a single pair, which would otherwise always start with `measured`. Better, give such
/// benchmarks a `MinTime` long enough for several pairs in both orders.
/// With `stackStride` non-zero, the k-th pair runs both passes with the stack moved down by
/// (k × stackStride) mod 4096 bytes (belowStack): the objects a pass keeps on the stack (a map,
/// its checker, the spills of the loop) land at every offset within a page in turn, alike for
/// both passes, where a fixed placement can make one pass faster than the other for reasons
/// of placement alone (bench/README.md, "Where the code lands").
template <class Measured, class Baseline>
void pairedPasses(benchmark::State &state, const char *baselineName, const Measured &measured,
                  const Baseline &baseline, std::size_t stackStride = 0) {
  std::vector<double> ours;
  std::vector<double> theirs;
  std::size_t shift = 0;
  const auto timed = [&shift, stackStride](const auto &pass) {
    const double start = threadSeconds();
    if (stackStride != 0) {
      belowStack(shift, pass);
    } else {
      pass();
    }
    return threadSeconds() - start;
  };
  measured();
  baseline();
  static std::size_t calls = 0;  // of this instantiation, whichever benchmark made them
  bool oursFirst = ++calls % 2 == 1;
  for (auto _ : state) {
    double a = 0.0;
    double b = 0.0;
    if (oursFirst) {
      a = timed(measured);
    }
    state.PauseTiming();
    b = timed(baseline);
    state.ResumeTiming();
    if (!oursFirst) {
      a = timed(measured);
    }
    oursFirst = !oursFirst;
    shift = (shift + stackStride) % kPage;
    ours.push_back(a);
    theirs.push_back(b);
  }
  const double base = median(theirs);
  state.counters[std::string(baselineName) + "_ms"] = base * 1e3;
  state.counters[std::string("x_") + baselineName] = base > 0.0 ? median(ours) / base : 0.0;
  const double fastest = ours.empty() ? 0.0 : *std::min_element(ours.begin(), ours.end());
  const double baseFastest = theirs.empty() ? 0.0 : *std::min_element(theirs.begin(), theirs.end());
  state.counters[std::string("x_") + baselineName + "_min"] =
      baseFastest > 0.0 ? fastest / baseFastest : 0.0;
}

}  // namespace proofport::bench
