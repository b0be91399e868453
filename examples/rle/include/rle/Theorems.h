// The theorem declarations of Rle.RleVector (lean/Rle.lean), one struct per Lean theorem: its
// name, statement and fingerprint, how its inputs are generated, and its check. Each check
// evaluates both sides with the port (rle/RleVector.h), requires them identical, and checks
// them against the dense oracle (rle/Dense.h). The theorems about one operation (toList_push,
// toList_set) are stated position by position (`Operation`, `rhs`), so the same statement is
// also the checked vector's run-time check (rle/Checked.h).
#pragma once

#include <cstddef>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "proofport/port.h"
#include "rle/Dense.h"
#include "rle/Operations.h"
#include "rle/RleVector.h"

namespace rle::properties {

using proofport::Scalar;
using proofport::ScalarTraits;
using proofport::Shape;
using proofport::Tensor;
namespace pp = proofport::runner;

/// `[DecidableEq α]`, the section variable of lean/Rle.lean: every scalar type has it.
inline constexpr proofport::ClassSet kDecidableEq{proofport::LeanClass::DecidableEq};
inline constexpr std::string_view kSource = "lean/Rle.lean";

/// A list of `minLength` to 8 values, classified (signed zeros, NaN, …), drawn as `name` after
/// its length (as `name.length`).
template <Scalar S>
std::vector<S> list(const std::string &name, std::size_t minLength = 0) {
  const auto n =
      proofport::gen::pick(name + ".length", rc::gen::inRange<std::size_t>(minLength, 9));
  const Tensor<S> xs = proofport::gen::pick(name, proofport::gen::tensor<S>(Shape{n}));
  pp::classify(xs);
  return xs.values();
}

/// A vector of at least `minLength` positions reached by `ofList` then a few `set`s, beside the
/// oracle after the same operations; its draws are named as parts of the binder `v`
/// (`v.ofList`, `v.sets`, then `v.set.i` and `v.set.a` per set).
template <Scalar S>
struct Reached {
  RleVector<S> v;
  oracle::DenseVector<S> dense;
};

template <Scalar S>
Reached<S> reached(std::size_t minLength = 0) {
  const std::vector<S> xs = list<S>("v.ofList", minLength);
  Reached<S> r{RleVector<S>::ofList(xs), oracle::DenseVector<S>{xs}};
  const auto sets =
      proofport::gen::pick("v.sets", rc::gen::inRange<std::size_t>(0, xs.empty() ? 1 : 4));
  for (std::size_t k = 0; k < sets; ++k) {
    const auto i = proofport::gen::pick("v.set.i", rc::gen::inRange<std::size_t>(0, xs.size()));
    const auto a = proofport::gen::pick("v.set.a", proofport::gen::exact<S>());
    r.v.set(i, a.value);
    r.dense.set(i, a.value);
  }
  return r;
}

/// Fails unless the runs are canonical: no empty run, no neighbours of identical values.
template <Scalar S>
void requireCanonical(const RleVector<S> &v, std::string_view what,
                      pp::Location where = pp::Location::current()) {
  const auto &runs = v.runs();
  for (std::size_t k = 0; k < runs.size(); ++k) {
    if (runs[k].count == 0) {
      pp::fail(std::string(what) + ": run " + std::to_string(k) + " is empty", where);
    }
    if (k + 1 < runs.size() && ScalarTraits<S>::identical(runs[k].value, runs[k + 1].value)) {
      pp::fail(std::string(what) + ": runs " + std::to_string(k) + " and " + std::to_string(k + 1) +
                   " both hold " + ScalarTraits<S>::show(runs[k].value),
               where);
    }
  }
}

namespace RleVector {

template <Scalar S>
using V = ::rle::RleVector<S>;

struct toList_ofList {
  static constexpr pp::Theorem theorem{.leanName = "Rle.RleVector.toList_ofList",
                                       .statement = "(ofList xs).toList = xs",
                                       .source = kSource,
                                       .kind = pp::Kind::Lemma,
                                       .needs = kDecidableEq,
                                       .fingerprint = "5f86b56305591e50"};
  template <Scalar S>
  static void property() {
    const std::vector<S> xs = list<S>("xs");
    PROOFPORT_CHECK_EQ(V<S>::ofList(xs).toList(), xs);
  }
};

/// Stated at each position `i` of the vector after: `(v.toList ++ [a])[i]`.
struct toList_push {
  static constexpr pp::Theorem theorem{.leanName = "Rle.RleVector.toList_push",
                                       .statement = "(v.push a).toList = v.toList ++ [a]",
                                       .source = kSource,
                                       .kind = pp::Kind::Lemma,
                                       .needs = kDecidableEq,
                                       .fingerprint = "3d2cc1925eb5123a"};
  using Operation = op::push;
  static constexpr pp::Side kSide = pp::Side::Read;
  static constexpr bool kLocal = true;

  /// The right side at position `i`, from `before` (the vector, or its Reads).
  template <Scalar S, class Before>
  static S rhs(const Before &before, const op::push::Args<S> &a, std::size_t i) {
    return i < before.size() ? before.get(i) : a.value;
  }

  template <Scalar S>
  static void property() {
    const Reached<S> r = reached<S>();
    const auto a = proofport::gen::pick("a", proofport::gen::exact<S>());
    pp::classifyScalar(a.value);
    pp::requireIdentical(r.v.toList(), r.dense.items,
                         "hypothesis (a reached vector) vs dense oracle");
    std::vector<std::size_t> at = Structure::positions(r.v);
    at.push_back(r.v.size());
    pp::checkOperation<Structure, toList_push>(r.v, op::push::Args<S>{a.value},
                                               std::span<const std::size_t>(at));
  }
};

struct size_eq_length {
  static constexpr pp::Theorem theorem{.leanName = "Rle.RleVector.size_eq_length",
                                       .statement = "v.size = v.toList.length",
                                       .source = kSource,
                                       .kind = pp::Kind::Lemma,
                                       .needs = kDecidableEq,
                                       .fingerprint = "692621f4b0b52cf2"};
  template <Scalar S>
  static void property() {
    const Reached<S> r = reached<S>();
    pp::require(r.v.size() == r.v.toList().size(), "theorem: size " + std::to_string(r.v.size()) +
                                                       " vs toList length " +
                                                       std::to_string(r.v.toList().size()));
    pp::require(r.v.size() == r.dense.items.size(), "size " + std::to_string(r.v.size()) +
                                                        " vs dense oracle length " +
                                                        std::to_string(r.dense.items.size()));
  }
};

struct lookup_eq {
  static constexpr pp::Theorem theorem{.leanName = "Rle.RleVector.lookup_eq",
                                       .statement = "v.lookup i = v.toList[i]?",
                                       .source = kSource,
                                       .kind = pp::Kind::Lemma,
                                       .needs = kDecidableEq,
                                       .fingerprint = "b4d1b763df55b937"};
  template <Scalar S>
  static void property() {
    const Reached<S> r = reached<S>();
    const auto i =
        proofport::gen::pick("i", rc::gen::inRange<std::size_t>(0, r.dense.items.size() + 2));
    const std::vector<S> list = r.v.toList();
    if (i >= list.size()) {
      // `none` on both sides: the port refuses the position, and the list has none.
      try {
        (void)r.v.get(i);
      } catch (const proofport::IndexError &) {
        return;
      }
      pp::fail("theorem: lookup " + std::to_string(i) + " past the end found a value, " +
               "toList[i]? is none");
    }
    const S lhs = r.v.get(i);
    const std::string at = " at " + std::to_string(i);
    pp::requireIdentical(lhs, list[i], "theorem: lookup vs toList[i]" + at);
    pp::requireIdentical(lhs, r.dense.items[i], "lookup vs dense oracle" + at);
  }
};

/// Stated at each position `j` of the vector after: `v.toList[j]`, or `a` at `j = i`.
struct toList_set {
  static constexpr pp::Theorem theorem{.leanName = "Rle.RleVector.toList_set",
                                       .statement = "(v.set i a).toList = v.toList.set i a",
                                       .source = kSource,
                                       .kind = pp::Kind::Lemma,
                                       .needs = kDecidableEq,
                                       .fingerprint = "85703a29532a9c1d"};
  using Operation = op::set;
  static constexpr pp::Side kSide = pp::Side::Read;
  static constexpr bool kLocal = true;

  /// The right side at position `j`, from `before` (the vector, or its Reads).
  template <Scalar S, class Before>
  static S rhs(const Before &before, const op::set::Args<S> &a, std::size_t j) {
    return j == a.i ? a.value : before.get(j);
  }

  template <Scalar S>
  static void property() {
    const Reached<S> r = reached<S>();
    const auto i =
        proofport::gen::pick("i", rc::gen::inRange<std::size_t>(0, r.dense.items.size() + 2));
    const auto a = proofport::gen::pick("a", proofport::gen::exact<S>());
    pp::classifyScalar(a.value);
    pp::requireIdentical(r.v.toList(), r.dense.items,
                         "hypothesis (a reached vector) vs dense oracle");
    if (i < r.v.size()) {
      pp::checkOperation<Structure, toList_set>(
          r.v, op::set::Args<S>{i, a.value},
          std::span<const std::size_t>(Structure::positions(r.v)));
      return;
    }
    // Past the end Lean's `List.set` changes nothing; the port refuses, unchanged.
    V<S> updated = r.v;
    try {
      updated.set(i, a.value);
      pp::fail("theorem: set " + std::to_string(i) + " past the end was accepted");
    } catch (const proofport::IndexError &) {
    }
    pp::requireIdentical(updated.toList(), r.v.toList(), "theorem: lhs vs rhs (set past the end)");
  }
};

struct canonical_ofList {
  static constexpr pp::Theorem theorem{.leanName = "Rle.RleVector.canonical_ofList",
                                       .statement = "(ofList xs).Canonical",
                                       .source = kSource,
                                       .kind = pp::Kind::Lemma,
                                       .needs = kDecidableEq,
                                       .fingerprint = "d3b7bd4b714d8287"};
  template <Scalar S>
  static void property() {
    requireCanonical(V<S>::ofList(list<S>("xs")), "theorem");
  }
};

struct canonical_push {
  static constexpr pp::Theorem theorem{.leanName = "Rle.RleVector.canonical_push",
                                       .statement = "v.Canonical → (v.push a).Canonical",
                                       .source = kSource,
                                       .kind = pp::Kind::Lemma,
                                       .needs = kDecidableEq,
                                       .fingerprint = "27705bcece29a1a3"};
  template <Scalar S>
  static void property() {
    const Reached<S> r = reached<S>();
    const auto a = proofport::gen::pick("a", proofport::gen::exact<S>());
    requireCanonical(r.v, "hypothesis (a reached vector)");
    V<S> pushed = r.v;
    pushed.push(a.value);
    requireCanonical(pushed, "theorem");
  }
};

/// Lean defines `set` as `ofList (v.toList.set i a)`; the port updates the runs in place. The
/// definition unfolded: the in-place runs are exactly the runs `ofList` builds.
struct set {
  static constexpr pp::Theorem theorem{.leanName = "Rle.RleVector.set",
                                       .statement = "v.set i a = ofList (v.toList.set i a)",
                                       .source = kSource,
                                       .kind = pp::Kind::Definition,
                                       .needs = kDecidableEq};
  template <Scalar S>
  static void property() {
    // A position to set needs a non-empty vector.
    const Reached<S> r = reached<S>(1);
    const auto i =
        proofport::gen::pick("i", rc::gen::inRange<std::size_t>(0, r.dense.items.size()));
    const auto a = proofport::gen::pick("a", proofport::gen::exact<S>());
    V<S> updated = r.v;
    updated.set(i, a.value);
    std::vector<S> list = r.v.toList();
    list[i] = a.value;
    const V<S> built = V<S>::ofList(list);
    pp::require(updated.runs().size() == built.runs().size(),
                "definition: " + std::to_string(updated.runs().size()) + " runs in place, " +
                    std::to_string(built.runs().size()) + " built by ofList");
    for (std::size_t k = 0; k < built.runs().size(); ++k) {
      const auto &lhs = updated.runs()[k];
      const auto &rhs = built.runs()[k];
      pp::require(ScalarTraits<S>::identical(lhs.value, rhs.value) && lhs.count == rhs.count,
                  "definition: run " + std::to_string(k) + " is (" +
                      ScalarTraits<S>::show(lhs.value) + ", " + std::to_string(lhs.count) +
                      ") in place, (" + ScalarTraits<S>::show(rhs.value) + ", " +
                      std::to_string(rhs.count) + ") built by ofList");
    }
  }
};

/// The declarations of lean/Rle.lean, in listing order.
using Theorems = pp::Theorems<toList_ofList, toList_push, size_eq_length, lookup_eq, toList_set,
                              canonical_ofList, canonical_push, set>;

}  // namespace RleVector

}  // namespace rle::properties
