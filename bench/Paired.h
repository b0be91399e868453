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

/// Runs `measured` and `baseline` once each per iteration, alternating which goes first, each
/// timed on the thread's CPU clock; the benchmark's own timer is paused for `baseline`, so its
/// times are `measured`'s. Counters: `<baseline>_ms` (median per pass) and `x_<baseline>`
/// (median of `measured` over median of `baseline`).
/// Both run once, untimed, before the first iteration, so the first timed pass does not pay
/// alone for loading an input that other benchmarks (random interleaving) pushed out of the
/// caches; and which goes first in the first pair changes from one call of this instantiation
/// to the next (every benchmark that instantiates it alike shares the count, so for one
/// benchmark the order is mixed, not strictly alternating): a repetition of a long pass may
/// have a single pair, which would otherwise always start with `measured`. Better, give such
/// benchmarks a `MinTime` long enough for several pairs in both orders.
template <class Measured, class Baseline>
void pairedPasses(benchmark::State &state, const char *baselineName, const Measured &measured,
                  const Baseline &baseline) {
  std::vector<double> ours;
  std::vector<double> theirs;
  const auto timed = [](const auto &pass) {
    const double start = threadSeconds();
    pass();
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
    ours.push_back(a);
    theirs.push_back(b);
  }
  const double base = median(theirs);
  state.counters[std::string(baselineName) + "_ms"] = base * 1e3;
  state.counters[std::string("x_") + baselineName] = base > 0.0 ? median(ours) / base : 0.0;
}

}  // namespace proofport::bench
