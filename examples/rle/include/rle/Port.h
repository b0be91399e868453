// Rle.RleVector as a ported structure: its operations and the one adapter (proofport::runner::Port)
// its properties (rle/Theorems.h) and its checked vector (rle/Checked.h) read it through.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proofport/port.h"
#include "rle/RleVector.h"

namespace rle {
namespace oracle {

/// The dense oracle: a plain array of every position, plain loops, no code of the port's.
template <class S>
struct DenseVector {
  std::vector<S> items;
  void push(const S &a) { items.push_back(a); }
  /// Lean's `List.set`: past the end nothing changes.
  void set(std::size_t i, const S &a) {
    if (i < items.size()) {
      items[i] = a;
    }
  }
};

}  // namespace oracle

/// The operations theorems constrain: `name`, `Args<S>`, `apply(v, args)` (production),
/// `dense(model, args)` (the oracle), `touched(v, args, out)` (the positions it may write).
namespace op {

/// `v.push a`.   Lean: Rle.RleVector.push
struct push {
  static constexpr std::string_view name = "rle::RleVector::push";
  template <proofport::Scalar S>
  struct Args {
    S value;
  };
  static void apply(auto &v, const auto &a) { v.push(a.value); }
  static void dense(auto &model, const auto &a) { model.push(a.value); }
  static void touched(const auto &v, const auto &, auto &out) { out.push_back(v.size()); }
};

/// `v.set i a`.   Lean: Rle.RleVector.set
struct set {
  static constexpr std::string_view name = "rle::RleVector::set";
  template <proofport::Scalar S>
  struct Args {
    std::size_t i;
    S value;
  };
  static void apply(auto &v, const auto &a) { v.set(a.i, a.value); }
  static void dense(auto &model, const auto &a) { model.set(a.i, a.value); }
  static void touched(const auto &, const auto &a, auto &out) { out.push_back(a.i); }
};

}  // namespace op

/// The first way the runs of `v` from run `first` on are not canonical (an empty run, or
/// neighbours of identical values: Lean's `Canonical`), if any.   Cost: O(runs - first)
template <proofport::Scalar S>
std::optional<std::string> nonCanonical(const RleVector<S> &v, std::size_t first = 0) {
  const auto &runs = v.runs();
  for (std::size_t k = first; k < runs.size(); ++k) {
    if (runs[k].count == 0) {
      return "run " + std::to_string(k) + " is empty";
    }
    if (k + 1 < runs.size() &&
        proofport::ScalarTraits<S>::identical(runs[k].value, runs[k + 1].value)) {
      return "runs " + std::to_string(k) + " and " + std::to_string(k + 1) + " both hold " +
             proofport::ScalarTraits<S>::show(runs[k].value);
    }
  }
  return std::nullopt;
}

/// Prints `v` as Lean's `⟨runs⟩`, each value exact (`⟨[(1 (0x1p+0), 2)]⟩`), and the port's
/// `size()` where it is not the runs' (a broken port).   Cost: O(runs)
template <proofport::Scalar S>
void showValue(const RleVector<S> &v, std::ostream &os) {
  std::size_t total = 0;
  os << "⟨[";
  for (const auto &run : v.runs()) {
    os << (&run == v.runs().data() ? "(" : ", (") << proofport::ScalarTraits<S>::show(run.value)
       << ", " << run.count << ")";
    total += run.count;
  }
  os << "]⟩" << (total == v.size() ? "" : " with size() = " + std::to_string(v.size()));
}

namespace properties::RleVector {
struct CheckedTheorems;  // the declarations the checked vector checks (rle/Theorems.h)
}

/// The vector as a ported structure: positions are indices, reads `get`, the pack `toList`, the
/// model the dense oracle read off the raw runs by a plain loop (never the port's `toList`).
template <proofport::Scalar S>
struct RlePort {
  using Scalar = S;
  using Production = RleVector<S>;
  using Model = oracle::DenseVector<S>;
  using Position = std::size_t;
  using Theorems = properties::RleVector::CheckedTheorems;
  static std::size_t size(const Production &v) { return v.size(); }
  static S read(const Production &v, std::size_t i) { return v.get(i); }
  static std::vector<S> pack(const Production &v) { return v.toList(); }
  static Model model(const Production &v) {
    Model out;
    for (const auto &run : v.runs()) {
      for (std::size_t k = 0; k < run.count; ++k) {
        out.items.push_back(run.value);
      }
    }
    return out;
  }
  static S modelRead(const Model &model, std::size_t i) { return model.items.at(i); }
  static std::size_t modelSize(const Model &model) { return model.items.size(); }
  /// Production reading unlike the oracle's list breaks `v.lookup i = v.toList[i]?`.
  static std::string_view modelTheorem() { return "Rle.RleVector.lookup_eq"; }

  /// What the runs guarantee: after `push`, the last two are canonical (`canonical_push`; O(1));
  /// after `set`, every run is and the counts add up to the size (O(runs), as `set` itself).
  template <class Emit>
  static bool checkStructure(const Production &v, std::span<const std::size_t>, const Emit &emit) {
    const bool pushed = emit.operation == op::push::name;
    const std::size_t runs = v.runs().size();
    std::size_t total = 0;
    for (std::size_t k = 0; !pushed && k < runs; ++k) {
      total += v.runs()[k].count;
    }
    const auto broken = nonCanonical(v, pushed && runs > 2 ? runs - 2 : 0);
    proofport::checked::ViolationDetails d;
    if (broken) {
      d.expected = "canonical runs (none empty, neighbours not identical)";
      d.actual = *broken;
      emit(pushed ? "Rle.RleVector.canonical_push" : "Rle.RleVector.set", std::move(d));
    } else if (!pushed && total != v.size()) {
      d.expected = std::to_string(v.size()) + " positions in the runs (the size)";
      d.actual = std::to_string(total);
      emit("Rle.RleVector.size_eq_length", std::move(d));
    }
    return !broken && (pushed || total == v.size());
  }
};
static_assert(proofport::runner::Port<RlePort<float>>);

}  // namespace rle
