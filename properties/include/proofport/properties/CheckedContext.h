// Gradient contexts with the Lean theorems armed at run time, at a level chosen at compile time:
// `off` is the production type itself; `invariants`, `local` and `shadow` check what the
// declarations listed in properties/Gradients.h (the invariants of GradientInvariants.h among
// them) and properties/Contributions.h state, through the checking engine (Checker.h).
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean (as run-time checks)
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/checked/Checker.h"
#include "proofport/properties/ViolationReport.h"
#include "proofport/checked/Violation.h"
#include "proofport/core/Gradients.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Contributions.h"
#include "proofport/properties/GradientContextOps.h"
#include "proofport/properties/Gradients.h"

namespace proofport::properties {

// The framework's checked-level names, as this folder uses them.
using checked::CheckedPositions;
using checked::Checker;
using checked::CheckLevel;
using checked::CheckOptions;
using checked::TheoremViolation;
using checked::ViolationDetails;
using checked::ViolationPolicy;

/// The declarations a checked gradient context checks (GradientContext::Port::Theorems).
struct GradientContext::CheckedTheorems
    : properties::ConcatTheorems<properties::GradientContext::Theorems,
                                 properties::Contributions::Theorems> {};

/// GradientContext (or a port of it with the same member functions, `Context`) as a ported
/// structure: the name this folder gave it before the port served properties too.
template <Scalar S, class Context = ::proofport::GradientContext<S>>
using GradientPort = GradientContext::Port<S, Context>;

/// The checked operations of GradientContext (properties/GradientContextOps.h).
namespace ops = GradientContext::op;

/// The operations of a checked gradient context (checked::Checked's `Operations`): `Base` is the
/// checker of a GradientContext::Port at level `invariants`, `local` or `shadow` (see
/// CheckLevel); the checker's own members (production(), options(), violations(),
/// operations(), sampledOperations(), perform) come with it. Same operations, names and errors as
/// the production context; bad input is rejected by production first (typed error, object
/// unchanged). A broken theorem goes to `CheckOptions` (default: throw `TheoremViolation`, after
/// the operation took effect; a broken obligation of a contribution is found before). `Context` is
/// the implementation checked: `GradientContext<S>`, or any port with its member functions (an
/// engine's own context, a deliberately faulty one in tests). Value type. Cost per operation:
/// production's, plus `invariants` O(touched), `local` O(touched + localSamples) reads, `shadow`
/// O(all positions) on sampled operations. Lean: Proofs.Autograd.Algebra.GradientContext (with its
/// theorems as run-time checks)
template <class Base>
class CheckedGradientOperations : public Base {
  using Port = typename Base::Ported;
  using S = typename Port::Scalar;
  using Context = typename Port::Production;
  template <class Op>
  using Args = typename Op::template Args<S>;

public:
  /// Whether this level keeps and checks against the oracle's dense context.
  static constexpr bool kShadow = Base::kLevel == CheckLevel::shadow;

  /// Checks an existing context from now on (nothing about its past is checked).
  /// Cost: O(1), plus for `shadow` the oracle's dense reading of `ctx` (O(elements × clock)).
  using Base::Base;

  /// Stored = seed, epochs all 0, clock 0, empty history; checks the ofPack theorems.
  /// Cost: O(seed), doubled by the checks.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  static CheckedGradientOperations ofPack(TensorPack<S> seed, CheckOptions options = {}) {
    CheckedGradientOperations out(Context{}, std::move(options));
    out.template performTaking<ops::ofPack>(Args<ops::ofPack>(std::move(seed)));
    return out;
  }

  /// `ofPack(seed)` sharing `shapes`, a list the caller holds (GradientContext::ofPack(seed,
  /// shapes)): the backward pass's list, as for the unchecked context.
  /// Throws: ShapeError unless the seed's shapes are `shapes`.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  static CheckedGradientOperations ofPack(TensorPack<S> seed, ShapeList shapes,
                                          CheckOptions options) {
    CheckedGradientOperations out(Context{}, std::move(options));
    out.template performTaking<ops::ofPack>(Args<ops::ofPack>(std::move(seed), std::move(shapes)));
    return out;
  }

  /// A context from raw parts (`GradientContext::fromParts`), checked from now on.
  /// Throws: ContractError naming the broken invariant.
  static CheckedGradientOperations fromParts(TensorPack<S> stored, std::vector<std::size_t> epochs,
                                             std::size_t clock, Deferred::History<S> history,
                                             CheckOptions options = {}) {
    return CheckedGradientOperations(
        Context::fromParts(std::move(stored), std::move(epochs), clock, std::move(history)),
        std::move(options));
  }

  /// As `GradientContext::stored`.
  const TensorContext<S> &stored() const noexcept { return this->production().stored(); }
  /// As `GradientContext::epochs`.
  const std::vector<std::size_t> &epochs() const noexcept { return this->production().epochs(); }
  /// As `GradientContext::clock`.
  std::size_t clock() const noexcept { return this->production().clock(); }
  /// As `GradientContext::history`.
  const Deferred::History<S> &history() const noexcept { return this->production().history(); }
  /// As `GradientContext::size`.
  std::size_t size() const noexcept { return this->production().size(); }
  /// As `GradientContext::shapes`.   Cost: O(total rank)
  std::vector<Shape> shapes() const { return this->production().shapes(); }
  /// As `GradientContext::shapeList`.
  const ShapeList &shapeList() const noexcept { return this->production().shapeList(); }

  /// As `GradientContext::read`.   Lean: Proofs.Autograd.Algebra.GradientContext.lookup
  Tensor<S> read(const Idx &idx) const { return this->production().read(idx); }
  /// As `GradientContext::lookup`.   Lean: Proofs.Autograd.Algebra.GradientContext.lookup
  TensorLookup<S> lookup() const { return this->production().lookup(); }
  /// As `GradientContext::toPack`.   Lean: Proofs.Autograd.Algebra.GradientContext.toPack
  TensorPack<S> toPack() const { return this->production().toPack(); }
  /// As `GradientContext::snapshot` (a pure function of `source`; nothing to check).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.snapshot
  static std::vector<Update<S>> snapshot(const std::vector<SomeIdx> &indices,
                                         const TensorLookup<S> &source) {
    return ::proofport::GradientContext<S>::snapshot(indices, source);
  }

  /// As `GradientContext::addUniform`.   Lean: Proofs.Autograd.Algebra.GradientContext.addUniform
  void addUniform(const S &uniform) {
    this->template perform<ops::addUniform>(Args<ops::addUniform>{uniform});
  }

  /// As `GradientContext::set`.   Throws: IndexError / ShapeError (from production; context
  /// unchanged).   Lean: Proofs.Autograd.Algebra.GradientContext.set
  void set(const Idx &idx, Tensor<S> value) {
    this->template perform<ops::set>(Args<ops::set>{idx, std::move(value)});
  }

  /// As `GradientContext::setMany`, checked as `setMany (snapshot indices source)` with the
  /// updates' positions and a source reading each position's (last) update.
  /// Throws: IndexError / ShapeError (from production; context unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.setMany
  void setMany(std::vector<Update<S>> updates) {
    std::vector<SomeIdx> indices;
    for (const Update<S> &u : updates) {
      indices.push_back(u.idx);
    }
    auto kept = std::make_shared<const std::vector<Update<S>>>(std::move(updates));
    TensorLookup<S> source(shapeList(), [kept](const Idx &idx) {
      for (auto it = kept->rbegin(); it != kept->rend(); ++it) {
        if (it->idx.i == idx.i) {
          return it->value;
        }
      }
      throwIndexError("CheckedContext::setMany", "a position with an update",
                      "position " + std::to_string(idx.i));
    });
    this->template perform<ops::setMany>(Args<ops::setMany>{std::move(indices), source});
  }

  /// As `GradientContext::addContributions`; the contribution's obligations are checked before
  /// it is added.   Throws: ShapeError (from production; context unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addContributions
  void addContributions(const ::proofport::Contributions<S> &c) {
    this->template perform<ops::addContributions>(Args<ops::addContributions>{c});
  }

  /// As `GradientContext::addDense`.   Throws: ShapeError (from production; unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addDense
  void addDense(const TensorPack<S> &contribution) {
    this->template perform<ops::addDense>(Args<ops::addDense>{contribution});
  }

  /// As `GradientContext::cast`.   Throws: ShapeError unless `other == shapes()` (unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.cast
  CheckedGradientOperations &cast(const std::vector<Shape> &other) {
    this->template perform<ops::cast>(Args<ops::cast>{other});
    return *this;
  }

  /// As `GradientContext::pop`.   Throws: IndexError on an empty context (unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.pop
  Tensor<S> pop() { return this->template perform<ops::pop>(Args<ops::pop>{}); }
};

/// A production `GradientContext<S>` (or `Context`, a port with its member functions: an
/// engine's own context, a deliberately faulty one in tests) checked at level `L` (not `off`).
template <Scalar S, CheckLevel L, class Context = ::proofport::GradientContext<S>>
using CheckedContext = CheckedGradientOperations<Checker<GradientPort<S, Context>, L>>;

/// The gradient context checked at level `L`: exactly `GradientContext<S>` for `off` (no code,
/// no data), else `CheckedContext<S, L>`, which has the same member functions.
template <Scalar S, CheckLevel L = CheckLevel::off>
using CheckedGradientContext = checked::Checked<GradientPort<S>, L, CheckedGradientOperations>;

static_assert(std::is_same_v<CheckedGradientContext<double>, ::proofport::GradientContext<double>>,
              "off must be the production type itself: no code, no data");

/// A `tape::backward` accumulator over `CheckedGradientContext<S, L>`: for `off` it is the
/// production accumulator's code on the production type.
template <Scalar S, CheckLevel L>
class CheckedAccumulator {
public:
  /// Name shown next to timings, like the other accumulators' `kName`.
  static constexpr const char *kName = "checked";
  /// Every context this accumulator starts is built with `options` (ignored for `off`).
  explicit CheckedAccumulator(CheckOptions options = {}) : m_options(std::move(options)) {}
  /// The seed pack, typed by `shapes`, becomes the context.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  void start(TensorPack<S> seed, const ShapeList &shapes) {
    if constexpr (L == CheckLevel::off) {
      m_ctx = ::proofport::GradientContext<S>::ofPack(std::move(seed), shapes);
    } else {
      m_ctx = CheckedContext<S, L>::ofPack(std::move(seed), shapes, m_options);
    }
  }
  /// Lean: Proofs.Autograd.Algebra.GradientContext.pop
  Tensor<S> pop() { return m_ctx.pop(); }
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addContributions
  void add(const ::proofport::Contributions<S> &c) { m_ctx.addContributions(c); }
  /// Lean: Proofs.Autograd.Algebra.GradientContext.toPack
  TensorPack<S> finish() const { return m_ctx.toPack(); }
  /// The context.
  const CheckedGradientContext<S, L> &context() const { return m_ctx; }

private:
  CheckOptions m_options;
  CheckedGradientContext<S, L> m_ctx;
};

}  // namespace proofport::properties
