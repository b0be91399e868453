// The C++ port of Rle.RleVector (lean/Rle.lean): runs of values identical by proofport's scalar
// identity (Lean's `DecidableEq α`; SEMANTICS §1: -0 and +0 are two runs, every NaN one value).
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "proofport/spec/Error.h"
#include "proofport/spec/Scalar.h"
#include "proofport/mutant/MutantList.h"

/// The mutants, X(name, site, fault): realistic faults below, compiled in only when RLE_MUTANTS
/// is defined (the `rle_mutant` program), armed by `RLE_MUTANT=<name>`.
#define RLE_MUTANT_LIST(X)                                                                         \
  X(push_merges_by_equality, "RleVector::push", "merges runs by numeric == instead of identity")   \
  X(set_skips_merge, "RleVector::set", "leaves the new run beside a run of the same value")        \
  X(get_reads_next_run, "RleVector::get", "reads the next run at the last position of a run")      \
  X(set_keeps_one_too_many, "RleVector::set", "keeps one position too many after the new run")     \
  X(push_never_merges, "RleVector::push", "starts a new run even after an identical value")

#ifndef RLE_MUTANTS
#define RLE_MUTANTS 0
#endif
PROOFPORT_DEFINE_MUTANTS(rle::mutant, RLE_MUTANT_LIST, "RLE_MUTANT", RLE_MUTANTS != 0)

namespace rle {

template <proofport::Scalar S>
class RleVector {
public:
  /// One run: `count` (> 0) copies of `value`. Lean: an element `(value, count)` of `runs`.
  struct Run {
    S value;
    std::size_t count = 0;
  };

  /// The empty vector. Lean: `RleVector.empty`.
  RleVector() = default;

  /// `xs` pushed one by one.   Shapes: any length   Cost: O(n)   Throws: std::bad_alloc only.
  /// Lean: `RleVector.ofList`.
  static RleVector ofList(const std::vector<S> &xs) {
    RleVector v;
    for (const S &x : xs) {
      v.push(x);
    }
    return v;
  }

  /// Appends `a`, lengthening the last run when its value is identical to `a`.
  /// Cost: O(1) amortized   Throws: nothing beyond std::bad_alloc.   Lean: `RleVector.push`.
  void push(const S &a) {
    const bool same = PROOFPORT_MUTANT_OF(rle::mutant, push_merges_by_equality)
                          ? !m_runs.empty() && m_runs.back().value == a
                          : !m_runs.empty() && identical(m_runs.back().value, a);
    if (same && !PROOFPORT_MUTANT_OF(rle::mutant, push_never_merges)) {
      ++m_runs.back().count;
    } else {
      m_runs.push_back(Run{a, 1});
    }
    ++m_size;
  }

  /// The value at position `i`, found by walking the runs.   Cost: O(runs)
  /// Throws: proofport::IndexError if `i >= size()` (Lean's `lookup` is `none` there).
  /// Lean: `RleVector.lookup`.
  const S &get(std::size_t i) const {
    return m_runs[locate(i, "rle::RleVector::get", true).first].value;
  }

  /// Position `i` replaced by `a`, in place: the run holding `i` splits into at most three and
  /// equal neighbours merge, so the runs stay canonical.   Cost: O(runs)
  /// Throws: proofport::IndexError if `i >= size()`, the vector unchanged (Lean's `set` past the
  /// end changes nothing); std::bad_alloc, the vector unchanged.
  /// Lean: `RleVector.set` (stated as `ofList (toList.set i a)`).
  void set(std::size_t i, const S &a) {
    const auto [run, offset] = locate(i, "rle::RleVector::set", false);
    const Run old = m_runs[run];
    if (identical(old.value, a)) {
      return;
    }
    // The run holding `i` splits into the part before, `a` and the part after, built aside and
    // swapped in, so a failed allocation leaves the vector as it was.
    std::vector<Run> next(m_runs.begin(), m_runs.begin() + static_cast<std::ptrdiff_t>(run));
    if (offset > 0) {
      next.push_back(Run{old.value, offset});
    }
    next.push_back(Run{a, 1});
    const std::size_t after = old.count - offset - 1;
    if (after > 0 || PROOFPORT_MUTANT_OF(rle::mutant, set_keeps_one_too_many)) {
      next.push_back(Run{old.value, after > 0 ? after : 1});
    }
    next.insert(next.end(), m_runs.begin() + static_cast<std::ptrdiff_t>(run + 1), m_runs.end());
    m_runs.swap(next);
    // Only the new run can equal a neighbour: the one before `run` (when offset is 0) or the
    // one after the middle runs (when the new run ends them).
    const std::size_t fresh = run + (offset > 0 ? 1 : 0);
    if (PROOFPORT_MUTANT_OF(rle::mutant, set_skips_merge)) {
      return;
    }
    mergeWithNext(fresh);
    if (fresh > 0) {
      mergeWithNext(fresh - 1);
    }
  }

  /// Every run expanded, in order.   Cost: O(size)   Throws: std::bad_alloc only.
  /// Lean: `RleVector.toList`.
  std::vector<S> toList() const {
    std::vector<S> out;
    out.reserve(m_size);
    for (const Run &r : m_runs) {
      out.insert(out.end(), r.count, r.value);
    }
    return out;
  }

  /// The number of positions.   Cost: O(1)   Lean: `RleVector.size`.
  std::size_t size() const noexcept { return m_size; }

  /// The runs, in order.   Cost: O(1)   Lean: `RleVector.runs`.
  const std::vector<Run> &runs() const noexcept { return m_runs; }

private:
  static bool identical(const S &a, const S &b) {
    return proofport::ScalarTraits<S>::identical(a, b);
  }

  /// The run holding position `i` and the offset of `i` inside it; `reading` for `get` (the
  /// only caller the get_reads_next_run mutant changes).
  /// Throws: proofport::IndexError naming `operation` if `i >= size()`.
  std::pair<std::size_t, std::size_t> locate(std::size_t i, const char *operation,
                                             bool reading) const {
    std::size_t start = 0;
    for (std::size_t k = 0; k < m_runs.size(); ++k) {
      if (i < start + m_runs[k].count) {
        if (PROOFPORT_MUTANT_OF(rle::mutant, get_reads_next_run) && reading &&
            i + 1 == start + m_runs[k].count && k + 1 < m_runs.size()) {
          return {k + 1, 0};
        }
        return {k, i - start};
      }
      start += m_runs[k].count;
    }
    proofport::throwIndexError(operation, "a position below " + std::to_string(m_size),
                               std::to_string(i));
  }

  /// Merges run `k + 1` into run `k` when their values are identical.
  void mergeWithNext(std::size_t k) {
    if (k + 1 < m_runs.size() && identical(m_runs[k].value, m_runs[k + 1].value)) {
      m_runs[k].count += m_runs[k + 1].count;
      m_runs.erase(m_runs.begin() + static_cast<std::ptrdiff_t>(k + 1));
    }
  }

  std::vector<Run> m_runs;
  std::size_t m_size = 0;
};

}  // namespace rle
