// The declarations of lean/Rle.lean, one struct per Lean theorem: name, statement, fingerprint,
// inputs drawn under the Lean binders' names, both sides required identical (and the oracle's).
// Theorems about one operation, stated position by position, are also run-time checks.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

#include "proofport/port.h"
#include "rle/Port.h"

namespace rle::properties {

using proofport::Scalar;
namespace pp = proofport::runner;
namespace gen = proofport::gen;

/// A theorem of lean/Rle.lean, under the section variable `[DecidableEq α]` (every scalar type
/// has it).
constexpr pp::Theorem lemma(std::string_view name, std::string_view statement,
                            std::string_view fingerprint, pp::Kind kind = pp::Kind::Lemma) {
  return {.leanName = name,
          .statement = statement,
          .source = "lean/Rle.lean",
          .kind = kind,
          .needs = proofport::ClassSet{proofport::LeanClass::DecidableEq},
          .fingerprint = fingerprint};
}

template <Scalar S>
using V = ::rle::RleVector<S>;

/// `v`: `ofList` of a gen::list (shrinking keeps values), then a few `set`s; classified.
template <Scalar S>
V<S> pickVector(std::size_t minLength = 0) {
  const auto reached = [minLength] {
    V<S> out = V<S>::ofList(gen::values(*gen::list<S>(minLength, 8)));
    const auto sets = *rc::gen::inRange<std::size_t>(0, out.size() == 0 ? 1 : 4);
    for (std::size_t k = 0; k < sets; ++k) {
      out.set(*rc::gen::inRange<std::size_t>(0, out.size()), (*gen::exact<S>()).value);
    }
    return out;
  };
  V<S> v = gen::pick("v", rc::gen::exec(reached));
  pp::classify(RlePort<S>::model(v).items);
  return v;
}

namespace RleVector {

struct toList_ofList {
  static constexpr pp::Theorem theorem =
      lemma("Rle.RleVector.toList_ofList", "(ofList xs).toList = xs", "5f86b56305591e50");
  template <Scalar S>
  static void property() {
    const auto xs = gen::pickList<S>("xs", 0, 8);
    PROOFPORT_CHECK_EQ(V<S>::ofList(xs).toList(), xs);
  }
};

/// Stated at each position `i` after (`rhs`, from `before`: the vector or its reads before):
/// `(v.toList ++ [a])[i]`.
struct toList_push {
  static constexpr pp::Theorem theorem =
      lemma("Rle.RleVector.toList_push", "(v.push a).toList = v.toList ++ [a]", "3d2cc1925eb5123a");
  using Operation = op::push;
  static constexpr pp::Side kSide = pp::Side::Read;
  static constexpr bool kLocal = true;
  static auto rhs(const auto &before, const auto &a, std::size_t i) {
    return i < before.size() ? before.get(i) : a.value;
  }
  template <Scalar S>
  static void property() {
    const V<S> v = pickVector<S>();
    const S a = gen::pickScalar<S>("a");
    pp::checkOperation<RlePort<S>, toList_push>(v, op::push::Args<S>{a});
  }
};

struct size_eq_length {
  static constexpr pp::Theorem theorem =
      lemma("Rle.RleVector.size_eq_length", "v.size = v.toList.length", "692621f4b0b52cf2");
  template <Scalar S>
  static void property() {
    const V<S> v = pickVector<S>();
    PROOFPORT_CHECK_EQ(v.size(), v.toList().size(), RlePort<S>::model(v).items.size());
  }
};

struct lookup_eq {
  static constexpr pp::Theorem theorem =
      lemma("Rle.RleVector.lookup_eq", "v.lookup i = v.toList[i]?", "b4d1b763df55b937");
  template <Scalar S>
  static void property() {
    const V<S> v = pickVector<S>();
    const auto i = gen::pick("i", rc::gen::inRange<std::size_t>(0, v.size() + 2));
    const std::vector<S> list = v.toList();
    if (i < list.size()) {
      PROOFPORT_CHECK_EQ(v.get(i), list[i], RlePort<S>::model(v).items[i]);
    } else {  // `none` on both sides: the port refuses the position, and the list has none
      PROOFPORT_CHECK_THROWS(v.get(i), proofport::IndexError);
    }
  }
};

/// Stated at each position `j` after (`rhs`, from `before`: the vector or its reads before):
/// `v.toList[j]`, or `a` at `j = i`.
struct toList_set {
  static constexpr pp::Theorem theorem = lemma(
      "Rle.RleVector.toList_set", "(v.set i a).toList = v.toList.set i a", "85703a29532a9c1d");
  using Operation = op::set;
  static constexpr pp::Side kSide = pp::Side::Read;
  static constexpr bool kLocal = true;
  static auto rhs(const auto &before, const auto &a, std::size_t j) {
    return j == a.i ? a.value : before.get(j);
  }
  template <Scalar S>
  static void property() {
    const V<S> v = pickVector<S>();
    const auto i = gen::pick("i", rc::gen::inRange<std::size_t>(0, v.size() + 2));
    const S a = gen::pickScalar<S>("a");
    if (i < v.size()) {
      pp::checkOperation<RlePort<S>, toList_set>(v, op::set::Args<S>{i, a});
    } else {  // past the end Lean's `List.set` changes nothing; the port refuses, unchanged
      V<S> updated = v;
      PROOFPORT_CHECK_THROWS(updated.set(i, a), proofport::IndexError);
      PROOFPORT_CHECK_EQ(updated.toList(), v.toList());
    }
  }
};

struct canonical_ofList {
  static constexpr pp::Theorem theorem =
      lemma("Rle.RleVector.canonical_ofList", "(ofList xs).Canonical", "d3b7bd4b714d8287");
  template <Scalar S>
  static void property() {
    const auto broken = nonCanonical(V<S>::ofList(gen::pickList<S>("xs", 0, 8)));
    pp::require(!broken, "theorem: " + broken.value_or(""));
  }
};

struct canonical_push {
  static constexpr pp::Theorem theorem = lemma(
      "Rle.RleVector.canonical_push", "v.Canonical → (v.push a).Canonical", "27705bcece29a1a3");
  template <Scalar S>
  static void property() {
    const V<S> v = pickVector<S>();
    const S a = gen::pickScalar<S>("a");
    pp::require(!nonCanonical(v), "hypothesis (v.Canonical): " + nonCanonical(v).value_or(""));
    V<S> pushed = v;
    pushed.push(a);
    const auto broken = nonCanonical(pushed);
    pp::require(!broken, "theorem: " + broken.value_or(""));
  }
};

/// Lean defines `set` as `ofList (v.toList.set i a)`; the port updates the runs in place. The
/// definition unfolded: the in-place runs are exactly the runs `ofList` builds.
struct set {
  static constexpr pp::Theorem theorem =
      lemma("Rle.RleVector.set", "v.set i a = ofList (v.toList.set i a)", {}, pp::Kind::Definition);
  template <Scalar S>
  static void property() {
    const V<S> v = pickVector<S>(1);  // a position to set needs a non-empty vector
    const auto i = gen::pick("i", rc::gen::inRange<std::size_t>(0, v.size()));
    const S a = gen::pickScalar<S>("a");
    V<S> updated = v;
    updated.set(i, a);
    std::vector<S> list = v.toList();
    list[i] = a;
    const V<S> built = V<S>::ofList(list);
    PROOFPORT_CHECK_EQ(updated.runs().size(), built.runs().size());
    for (std::size_t k = 0; k < built.runs().size(); ++k) {
      PROOFPORT_CHECK_EQ(updated.runs()[k].value, built.runs()[k].value);
      PROOFPORT_CHECK_EQ(updated.runs()[k].count, built.runs()[k].count);
    }
  }
};

/// The declarations of lean/Rle.lean, in listing order.
using Theorems = pp::Theorems<toList_ofList, toList_push, size_eq_length, lookup_eq, toList_set,
                              canonical_ofList, canonical_push, set>;
struct CheckedTheorems : Theorems {};

}  // namespace RleVector

}  // namespace rle::properties
