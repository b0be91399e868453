// Theorem declarations for GradientContext: the seed theorems and the definition of pop, and the
// listing of all its declarations (the structure invariants among them, declared in
// GradientInvariants.h).
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean
#pragma once

#include <algorithm>
#include <optional>
#include <utility>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "proofport/core/Gradients.h"
#include "proofport/generators/Contexts.h"
#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/GradientContextOps.h"
#include "proofport/properties/GradientStructure.h"
#include "proofport/properties/GradientInvariants.h"
#include "proofport/runner/Operation.h"
#include "proofport/properties/Sources.h"

namespace proofport::properties::GradientContext {

struct lookup_toPack {
  static constexpr Theorem theorem{.leanName =
                                       "Proofs.Autograd.Algebra.GradientContext.lookup_toPack",
                                   .statement = "TensorLookup.ofPack ctx.toPack = ctx.lookup",
                                   .source = sources::kGradients,
                                   .kind = Kind::Seed,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "15a15731633aa819"};

  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>());
    classify(ctx);
    const TensorPack<S> packed = ctx.toPack();
    check(ctx, packed, everywhere(ctx));
    PROOFPORT_CHECK_ORACLE(L<S>::ofPack(packed), dense(ctx).toPack());
  }

  /// `ofPack(packed)` and the context's lookup read the same at `at`.
  template <Scalar S>
  static void check(const G<S> &ctx, const TensorPack<S> &packed, std::span<const Idx> at) {
    const L<S> lhs = L<S>::ofPack(packed);
    for (const Idx &p : at) {
      requireIdentical(lhs.read(p), ctx.lookup().read(p),
                       "theorem: lhs vs rhs" + runner::PortDefaults<Port<S>>::where(at.size(), p));
    }
  }
};

struct lookup_ofPack {
  static constexpr Theorem theorem{.leanName =
                                       "Proofs.Autograd.Algebra.GradientContext.lookup_ofPack",
                                   .statement = "(ofPack seed).lookup = TensorLookup.ofPack seed",
                                   .source = sources::kGradients,
                                   .kind = Kind::Seed,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "5e815c1280997161"};
  using Operation = op::ofPack;
  static constexpr Side kSide = Side::Read;
  static constexpr bool kLocal = true;

  /// At `at`, by TensorLookup.ofPack's definition (its read is the seed's position `at.i`),
  /// read from the arguments (a lookup over the seed would copy its shape list first); a
  /// checked context compares every position ofPack creates, into one tensor.
  template <Scalar S, class Before>
  static Tensor<S> rhs(const Before &, const op::ofPack::Args<S> &a, const Idx &at) {
    return a.at(at.i);
  }
  template <Scalar S, class Before>
  static void rhsInto(const Before &, const op::ofPack::Args<S> &a, const Idx &at, Tensor<S> &out) {
    a.readInto(at.i, out);
  }

  template <Scalar S>
  static void property() {
    const auto seed = gen::pick("seed", gen::pack<S>());
    classify(seed);
    const G<S> start;
    checkOn<lookup_ofPack>(start, op::ofPack::Args<S>(seed), everywhere(G<S>::ofPack(seed)));
  }
};

struct toPack_ofPack {
  static constexpr Theorem theorem{.leanName =
                                       "Proofs.Autograd.Algebra.GradientContext.toPack_ofPack",
                                   .statement = "(ofPack seed).toPack = seed",
                                   .source = sources::kGradients,
                                   .kind = Kind::Seed,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "482d1d5edcd810ce"};
  using Operation = op::ofPack;
  static constexpr Side kSide = Side::Pack;
  static constexpr bool kLocal = true;

  template <Scalar S, class Before>
  static Tensor<S> rhs(const Before &, const op::ofPack::Args<S> &a, const Idx &at) {
    return a.at(at.i);
  }
  template <Scalar S, class Before>
  static void rhsInto(const Before &, const op::ofPack::Args<S> &a, const Idx &at, Tensor<S> &out) {
    a.readInto(at.i, out);
  }

  template <Scalar S>
  static void property() {
    const auto seed = gen::pick("seed", gen::pack<S>());
    classify(seed);
    const G<S> start;
    checkOn<toPack_ofPack>(start, op::ofPack::Args<S>(seed), everywhere(G<S>::ofPack(seed)));
  }
};

struct lookup_addUniform {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.GradientContext.lookup_addUniform",
      .statement = "(ctx.addUniform uniform).lookup.read idx = Deferred.addUniform uniform "
                   "(ctx.lookup.read idx)",
      .source = sources::kGradients,
      .kind = Kind::Seed,
      .needs = kAddDecidableEq,
      .fingerprint = "6627b7ac6c31ea11"};
  using Operation = op::addUniform;
  static constexpr Side kSide = Side::Read;
  static constexpr bool kLocal = true;

  template <Scalar S, class Before>
  static Tensor<S> rhs(const Before &before, const op::addUniform::Args<S> &a, const Idx &idx) {
    return ::proofport::Deferred::addUniform(a.uniform, before.lookup().read(idx));
  }

  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>(1));
    const auto uniform = gen::pick("uniform", gen::exact<S>());
    const auto idx = gen::pick("idx", gen::idx(ctx.shapes()));
    classify(ctx);
    classifyScalar(uniform.value);
    checkOn<lookup_addUniform>(ctx, op::addUniform::Args<S>{uniform.value},
                               std::span<const Idx>(&idx, 1));
  }
};

struct lookup_set {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.GradientContext.lookup_set",
                                   .statement =
                                       "(ctx.set idx value).lookup = ctx.lookup.set idx value",
                                   .source = sources::kGradients,
                                   .kind = Kind::Seed,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "de7a4d57af1aec1e"};
  using Operation = op::set;
  static constexpr Side kSide = Side::Read;
  static constexpr bool kLocal = true;

  template <Scalar S, class Before>
  static L<S> rhs(const Before &before, const op::set::Args<S> &a) {
    return before.lookup().set(a.idx, a.value);
  }

  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>(1));
    const auto idx = gen::pick("idx", gen::idx(ctx.shapes()));
    const auto value = gen::pick("value", gen::tensor<S>(idx.shape));
    classify(ctx);
    classify(value);
    checkOn<lookup_set>(ctx, op::set::Args<S>{idx, value}, everywhere(ctx));
  }
};

struct lookup_setMany_snapshot {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.GradientContext.lookup_setMany_snapshot",
      .statement = "(ctx.setMany (snapshot indices source)).lookup.read other = if ↑other.i ∈ "
                   "List.map (fun (entry : SomeIdx shapes) => ↑entry.snd.i) indices then "
                   "source.read other else ctx.lookup.read other",
      .source = sources::kGradients,
      .kind = Kind::Seed,
      .needs = kAddDecidableEq,
      .fingerprint = "1160c036968341a8"};
  using Operation = op::setMany;
  static constexpr Side kSide = Side::Read;
  static constexpr bool kLocal = true;

  template <Scalar S, class Before>
  static Tensor<S> rhs(const Before &before, const op::setMany::Args<S> &a, const Idx &other) {
    const bool member = std::any_of(a.indices.begin(), a.indices.end(),
                                    [&other](const SomeIdx &e) { return e.i == other.i; });
    return member ? a.source.read(other) : before.lookup().read(other);
  }

  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>(1));
    const auto shapes = ctx.shapes();
    const auto indices = gen::pick("indices", gen::indices(shapes));
    // Half the time the source is what addContributions snapshots: ctx.lookup + source.right.
    const bool sum = gen::pick("source.addsCtx", rc::gen::arbitrary<bool>());
    const auto drawn = gen::pick(sum ? "source.right" : "source", gen::lookup<S>(shapes));
    const auto source = sum ? L<S>::add(ctx.lookup(), drawn) : drawn;
    const auto other = gen::pick("other", gen::idx(shapes));
    classify(ctx);
    classify(indices);
    checkOn<lookup_setMany_snapshot>(ctx, op::setMany::Args<S>{indices, source},
                                     std::span<const Idx>(&other, 1));
  }
};

struct lookup_addContributions {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.GradientContext.lookup_addContributions",
      .statement =
          "(ctx.addContributions contribution).lookup = ctx.lookup.add contribution.lookup",
      .source = sources::kGradients,
      .kind = Kind::Seed,
      .needs = kAddDecidableEq,
      .fingerprint = "90d288ead7c604a4"};
  using Operation = op::addContributions;
  static constexpr Side kSide = Side::Read;
  static constexpr bool kLocal = true;

  /// At `at`, by TensorLookup.add's definition: `addSpec (ctx.lookup.read at)
  /// (contribution.lookup.read at)`, computed in `out`'s storage (a checked context evaluates
  /// it after every addContributions, at the touched and sampled positions).
  template <Scalar S, class Before>
  static void rhsInto(const Before &before, const op::addContributions::Args<S> &a, const Idx &at,
                      Tensor<S> &out) {
    a.contribution.lookup().readInto(at, out);
    addSpecInto(readBefore(before, at), out, out);
  }
  template <Scalar S, class Before>
  static Tensor<S> rhs(const Before &before, const op::addContributions::Args<S> &a,
                       const Idx &at) {
    Tensor<S> out = readBefore(before, at);
    rhsInto(before, a, at, out);
    return out;
  }

  template <Scalar S>
  static void property() {
    addContributionsProperty<lookup_addContributions, S>();
  }
};

struct toPack_addContributions {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.GradientContext.toPack_addContributions",
      .statement =
          "(ctx.addContributions contribution).toPack = ctx.toPack.add (contribution.dense ())",
      .source = sources::kGradients,
      .kind = Kind::Seed,
      .needs = kAddDecidableEq,
      .fingerprint = "074377863d7bf030"};
  using Operation = op::addContributions;
  static constexpr Side kSide = Side::Pack;
  /// Its right side needs the contribution's whole dense pack.
  static constexpr bool kLocal = false;

  template <Scalar S, class Before>
  static Tensor<S> rhs(const Before &before, const op::addContributions::Args<S> &a,
                       const Idx &at) {
    return addSpec(before.lookup().read(at), a.dense()[at.i]);
  }

  template <Scalar S>
  static void property() {
    addContributionsProperty<toPack_addContributions, S>();
  }
};

struct toPack_addDense {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.GradientContext.toPack_addDense",
      .statement = "(ctx.addDense contribution).toPack = ctx.toPack.add contribution",
      .source = sources::kGradients,
      .kind = Kind::Seed,
      .needs = kAddDecidableEq,
      .fingerprint = "f33700b803d17c00"};
  using Operation = op::addDense;
  static constexpr Side kSide = Side::Pack;
  static constexpr bool kLocal = true;

  template <Scalar S, class Before>
  static Tensor<S> rhs(const Before &before, const op::addDense::Args<S> &a, const Idx &at) {
    return addSpec(before.lookup().read(at), a.contribution[at.i]);
  }

  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>());
    const auto contribution = gen::pick("contribution", gen::pack<S>(ctx.shapes()));
    classify(ctx);
    classify(contribution);
    checkOn<toPack_addDense>(ctx, op::addDense::Args<S>{contribution}, everywhere(ctx));
  }
};

struct toPack_cast {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.GradientContext.toPack_cast",
      .statement = "(cast same ctx).toPack = TorchLean.TensorPack.cast same ctx.toPack",
      .source = sources::kGradients,
      .kind = Kind::Seed,
      .needs = kAddDecidableEq,
      .fingerprint = "ddc05ea4e219c538"};
  using Operation = op::cast;
  static constexpr Side kSide = Side::Pack;
  static constexpr bool kLocal = true;

  template <Scalar S, class Before>
  static L<S> rhs(const Before &before, const op::cast::Args<S> &) {
    return before.lookup();
  }

  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>());
    classify(ctx);
    checkOn<toPack_cast>(ctx, op::cast::Args<S>{ctx.shapes()}, everywhere(ctx));
  }
};

struct toPack_pop {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.GradientContext.toPack_pop",
                                   .statement = "(ctx.pop.1.toPack, ctx.pop.2) = ctx.toPack.unsnoc",
                                   .source = sources::kGradients,
                                   .kind = Kind::Seed,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "89b29b81f09092a9"};
  using Operation = op::pop;
  static constexpr Side kSide = Side::Pack;
  static constexpr bool kLocal = true;

  /// A remaining position reads as before (`ctx.toPack.unsnoc.1`).
  template <Scalar S, class Before>
  static decltype(auto) rhs(const Before &before, const op::pop::Args<S> &, const Idx &at) {
    return readBefore(before, at);
  }
  /// The popped gradient is the last position as it read before.
  template <Scalar S, class Before>
  static void result(const Before &before, const op::pop::Args<S> &, const Tensor<S> &popped) {
    const ShapeList &shapes = before.shapeList();
    const Idx last{shapes.size() - 1, shapes[shapes.size() - 1]};
    requireIdentical(popped, readBefore(before, last), "theorem: popped gradient", last.i);
  }

  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>(1));
    classify(ctx);
    std::vector<Idx> remaining = everywhere(ctx);
    remaining.pop_back();
    checkOn<toPack_pop>(ctx, op::pop::Args<S>{}, remaining);
  }
};

/// The definition of pop, unfolded: the remaining context keeps `epochs` (its length too: the
/// popped slot stays, with its epoch) and `clock`. History compaction may drop runs and
/// re-materialize LIVE positions (refreshing their epochs), which `toPack_pop` shows to be
/// unobservable; the fields it cannot touch are checked here.
struct pop {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.GradientContext.pop",
      .statement = "ctx.pop = ({ stored := ctx.stored.pop.1, epochs := ctx.epochs, clock := "
                   "ctx.clock, history := ctx.history }, ctx.toPack.unsnoc.2)",
      .source = sources::kGradients,
      .kind = Kind::Definition,
      .needs = kAddDecidableEq};

  using Operation = op::pop;

  /// What `pop` may not change, recorded before it: the size, the clock, the epoch slot count
  /// and the epochs of the popped slot and (with `all`) every finalized slot after it.
  struct Fields {
    std::size_t size = 0;
    std::size_t clock = 0;
    std::size_t slots = 0;
    std::size_t from = 0;
    /// The popped slot's epoch, when there is such a slot.
    std::optional<std::size_t> popped;
    /// With `all`: the epochs of the finalized slots after it.
    std::vector<std::size_t> later;
  };
  /// Records `ctx`'s fields.   Cost: O(1) (no allocation: a checked context records them
  /// before every pop), or O(finalized slots) with `all`.
  template <class C>
  static Fields fields(const C &ctx, bool all) {
    const std::size_t from = ctx.size() == 0 ? 0 : ctx.size() - 1;
    Fields out{ctx.size(), ctx.clock(), ctx.epochs().size(), from, std::nullopt, {}};
    if (from < ctx.epochs().size()) {
      out.popped = ctx.epochs()[from];
    }
    for (std::size_t k = from + 1; all && k < ctx.epochs().size(); ++k) {
      out.later.push_back(ctx.epochs()[k]);
    }
    return out;
  }

  /// `after` is `pop` of a context with fields `before`.
  template <class C>
  static void check(const Fields &before, const C &after) {
    // Messages are built only for a failure: a checked context runs this after every pop.
    if (after.epochs().size() != before.slots) {
      fail("definition: pop keeps epochs, expected " + std::to_string(before.slots) +
           " slots, got " + std::to_string(after.epochs().size()));
    }
    const auto keeps = [&after](std::size_t slot, std::size_t expected) {
      if (after.epochs()[slot] != expected) {
        fail("definition: pop keeps the epoch of slot " + std::to_string(slot) + ", expected " +
             std::to_string(expected) + ", got " + std::to_string(after.epochs()[slot]));
      }
    };
    if (before.popped) {  // `later` is recorded only after a popped slot
      keeps(before.from, *before.popped);
    }
    for (std::size_t k = 0; k < before.later.size(); ++k) {
      keeps(before.from + 1 + k, before.later[k]);
    }
    require(after.clock() == before.clock, "definition: pop keeps the clock");
    require(after.size() + 1 == before.size, "definition: pop removes exactly one position");
  }

  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>(1));
    classify(ctx);
    G<S> rest = ctx;
    rest.pop();
    check(fields(ctx, true), rest);
  }
};

/// The declarations of GradientContext, in listing order.
using Theorems =
    properties::Theorems<lookup_toPack, lookup_ofPack, toPack_ofPack, lookup_addUniform, lookup_set,
                         lookup_setMany_snapshot, lookup_addContributions, toPack_addContributions,
                         toPack_addDense, toPack_cast, toPack_pop, pop, covered, bounded>;

}  // namespace proofport::properties::GradientContext
