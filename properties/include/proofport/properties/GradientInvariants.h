// The structure invariants of GradientContext as declarations: `covered` and `bounded`, checked
// after every operation of a generated script (and, in a checked context, at the slots an
// operation wrote).
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean (the structure's fields)
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "proofport/generators/Contexts.h"
#include "proofport/gen/Named.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/GradientContextOps.h"
#include "proofport/properties/Sources.h"

namespace proofport::properties::GradientContext {

/// A structure invariant as a declaration: `check(ctx, slots, after)` requires it of `ctx`
/// at the epoch slots `slots` (all of them in the property; the ones an operation wrote in a
/// checked context), naming `after` in the failure.
template <class Invariant>
struct InvariantProperty {
  template <Scalar S>
  static void property() {
    const auto ctx = gen::pick("ctx", gen::gradientContext<S>());
    const auto script = gen::pick(
        "script", rc::gen::container<std::vector<gen::Operation<S>>>(gen::operation<S>()));
    classify(ctx);
    G<S> state = ctx;
    Invariant::check(state, allSlots(state), "the start");
    for (std::size_t k = 0; k < script.size(); ++k) {
      gen::apply(state, script[k], 0);
      Invariant::check(state, allSlots(state), "operation " + std::to_string(k));
    }
  }
  template <Scalar S>
  static std::vector<std::size_t> allSlots(const G<S> &ctx) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < ctx.epochs().size(); ++i) {
      out.push_back(i);
    }
    return out;
  }
};

struct covered : InvariantProperty<covered> {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.GradientContext.covered",
                                   .statement = "self.stored.values.size ≤ self.epochs.size",
                                   .source = sources::kGradients,
                                   .kind = Kind::Invariant,
                                   .needs = kAddDecidableEq};

  /// Cost: O(1)
  template <class C>
  static void check(const C &ctx, std::span<const std::size_t>, std::string_view after) {
    if (ctx.stored().size() > ctx.epochs().size()) {
      fail("covered broken after " + std::string(after) + ": " +
               std::to_string(ctx.stored().size()) + " stored tensors, " +
               std::to_string(ctx.epochs().size()) + " epochs",
           std::nullopt, "at least " + std::to_string(ctx.stored().size()) + " epochs",
           std::to_string(ctx.epochs().size()) + " epochs");
    }
  }
};

struct bounded : InvariantProperty<bounded> {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.GradientContext.bounded",
      .statement = "∀ (i : ℕ) (bound : i < self.epochs.size), self.epochs[i] ≤ self.clock",
      .source = sources::kGradients,
      .kind = Kind::Invariant,
      .needs = kAddDecidableEq};

  /// Cost: O(slots)
  template <class C>
  static void check(const C &ctx, std::span<const std::size_t> slots, std::string_view after) {
    for (const std::size_t i : slots) {
      if (i < ctx.epochs().size() && ctx.epochs()[i] > ctx.clock()) {
        fail("bounded broken after " + std::string(after) + ": epochs[" + std::to_string(i) +
                 "] = " + std::to_string(ctx.epochs()[i]) + " > clock " +
                 std::to_string(ctx.clock()),
             i, "epochs[" + std::to_string(i) + "] <= clock " + std::to_string(ctx.clock()),
             std::to_string(ctx.epochs()[i]));
      }
    }
  }
};

}  // namespace proofport::properties::GradientContext
