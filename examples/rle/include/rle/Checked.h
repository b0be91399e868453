// The run-length encoded vector with the Lean theorems armed at run time, at a level chosen at
// compile time (proofport/checked/CheckLevel.h): `off` is rle::RleVector itself; `invariants`,
// `local` and `shadow` check what the declarations of rle/Theorems.h state, through proofport's
// checking engine (proofport/checked/Checker.h). No theorem is written a second time here: the
// engine runs the operation theorems' own `rhs`.
// Ports: lean/Rle.lean (as run-time checks)
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/port.h"
#include "rle/Operations.h"
#include "rle/Theorems.h"

namespace rle {

/// RleVector as a checked structure (see proofport::checked::Checker): positions are indices,
/// the model is the dense oracle, the declarations are those of lean/Rle.lean.
template <proofport::Scalar S>
struct RlePort {
  using Production = RleVector<S>;
  using Model = oracle::DenseVector<S>;
  using Position = std::size_t;
  using Theorems = properties::RleVector::Theorems;
  using Before = Reads<S>;

  static std::size_t size(const Production &v) { return v.size(); }
  static void position(const Production &, std::size_t i, std::size_t &out) { out = i; }
  static S read(const Production &v, std::size_t i) { return v.get(i); }
  static void read(const Production &v, std::size_t i, S &out) { out = v.get(i); }
  static std::vector<S> pack(const Production &v) { return v.toList(); }
  static Model model(const Production &v) { return dense(v); }
  static Model modelFromPack(const std::vector<S> &pack) { return Model{pack}; }
  static S modelRead(const Model &model, std::size_t i) { return model.items.at(i); }
  static std::size_t modelSize(const Model &model) { return model.items.size(); }
  static std::optional<proofport::Difference> difference(const S &lhs, const S &rhs) {
    return proofport::firstDifference(lhs, rhs);
  }
  static std::string scalar() { return std::string(proofport::ScalarTraits<S>::name); }
  /// Production reading unlike the oracle's list breaks `v.lookup i = v.toList[i]?`.
  static std::string_view modelTheorem() { return "Rle.RleVector.lookup_eq"; }

  /// What the runs guarantee after an operation: after `push`, the last two runs are canonical
  /// (`canonical_push`; O(1)); after `set`, every run is, and the counts add up to the size
  /// (the definition `set = ofList (…)`, canonical by `canonical_ofList`; O(runs), the cost of
  /// `set` itself).
  template <class Emit>
  static bool checkStructure(const Production &v, std::span<const std::size_t>, const Emit &emit) {
    const auto &runs = v.runs();
    const bool pushed = emit.operation == op::push::name;
    const std::size_t first = pushed && runs.size() > 2 ? runs.size() - 2 : 0;
    std::size_t total = 0;
    for (std::size_t k = first; k < runs.size(); ++k) {
      total += runs[k].count;
      const bool empty = runs[k].count == 0;
      const bool merges = k + 1 < runs.size() &&
                          proofport::ScalarTraits<S>::identical(runs[k].value, runs[k + 1].value);
      if (empty || merges) {
        proofport::checked::ViolationDetails d;
        d.position = k;
        d.expected = "canonical runs (none empty, neighbours not identical)";
        d.actual = empty ? "run " + std::to_string(k) + " is empty"
                         : "runs " + std::to_string(k) + " and " + std::to_string(k + 1) +
                               " both hold " + proofport::ScalarTraits<S>::show(runs[k].value);
        emit(pushed ? "Rle.RleVector.canonical_push" : "Rle.RleVector.set", std::move(d));
        return false;
      }
    }
    if (!pushed && total != v.size()) {
      proofport::checked::ViolationDetails d;
      d.expected = std::to_string(v.size()) + " positions in the runs (the size)";
      d.actual = std::to_string(total);
      emit("Rle.RleVector.size_eq_length", std::move(d));
      return false;
    }
    return true;
  }

  /// No replay file for this example's violations (the report carries the values).
  template <class Args>
  static std::string writeReport(const std::string &, const proofport::checked::ViolationDetails &,
                                 const Production &, std::string_view, const Args &) {
    return {};
  }
};

template <proofport::Scalar S, proofport::checked::CheckLevel L>
class CheckedVector;

/// The vector checked at level `L`: exactly `RleVector<S>` for `off` (no code, no data), else
/// `CheckedVector<S, L>`, which has the same member functions.
template <proofport::Scalar S,
          proofport::checked::CheckLevel L = proofport::checked::CheckLevel::off>
using CheckedRleVector =
    std::conditional_t<L == proofport::checked::CheckLevel::off, RleVector<S>, CheckedVector<S, L>>;

/// A production `RleVector<S>` checked at level `L` (`invariants`, `local` or `shadow`). Same
/// operations, names and errors as the vector; bad input is refused by the vector first
/// (proofport::IndexError, unchanged). A broken theorem goes to `CheckOptions` (default: throw
/// proofport::checked::TheoremViolation, after the operation took effect). Value type.
/// Cost per operation: the vector's, plus `invariants` the run check (O(1) for push, O(runs)
/// for set), `local` that and the operation theorem at the touched position and
/// `localSamples` seeded others (O(positions × runs)), `shadow` that and every position
/// against the dense oracle (O(size × runs)).
/// Lean: Rle.RleVector (with its theorems as run-time checks)
template <proofport::Scalar S, proofport::checked::CheckLevel L>
class CheckedVector {
  static_assert(L != proofport::checked::CheckLevel::off,
                "CheckedRleVector<S, off> is RleVector<S>");

public:
  /// Checks `v` from now on (nothing about its past is checked).
  /// Cost: O(1), plus for `shadow` the oracle's reading of `v` (O(size)).
  explicit CheckedVector(RleVector<S> v = {}, proofport::checked::CheckOptions options = {})
      : m_checker(std::move(v), std::move(options)) {}

  /// `xs` pushed one by one, each push checked.   Cost: O(n) pushes.
  /// Lean: Rle.RleVector.ofList
  static CheckedVector ofList(const std::vector<S> &xs,
                              proofport::checked::CheckOptions options = {}) {
    CheckedVector out({}, std::move(options));
    for (const S &x : xs) {
      out.push(x);
    }
    return out;
  }

  /// `RleVector::push`, checked.   Lean: Rle.RleVector.push
  void push(const S &a) { m_checker.template perform<op::push>(op::push::Args<S>{a}); }

  /// `RleVector::set`, checked.   Throws: proofport::IndexError if `i >= size()`, unchanged.
  /// Lean: Rle.RleVector.set
  void set(std::size_t i, const S &a) {
    m_checker.template perform<op::set>(op::set::Args<S>{i, a});
  }

  /// `RleVector::get` (reads are not checked).   Lean: Rle.RleVector.lookup
  const S &get(std::size_t i) const { return m_checker.production().get(i); }
  /// Lean: Rle.RleVector.toList
  std::vector<S> toList() const { return m_checker.production().toList(); }
  /// Lean: Rle.RleVector.size
  std::size_t size() const noexcept { return m_checker.production().size(); }
  /// Lean: Rle.RleVector.runs
  const auto &runs() const noexcept { return m_checker.production().runs(); }

  /// The vector being checked.
  const RleVector<S> &production() const noexcept { return m_checker.production(); }
  /// Violations found so far (only `ViolationPolicy::log` lets a vector go past one).
  std::size_t violations() const noexcept { return m_checker.violations(); }
  /// Mutating operations run so far.
  std::size_t operations() const noexcept { return m_checker.operations(); }

private:
  proofport::checked::Checker<RlePort<S>, L> m_checker;
};

}  // namespace rle
