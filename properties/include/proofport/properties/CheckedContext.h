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

/// GradientContext (or a port of it with the same member functions, `Context`) as a checked
/// structure (see Checker): positions are `Idx`, the model is the oracle's dense context, the
/// declarations are those of GradientContext and of the Contributions obligations.
template <Scalar S, class Context = ::proofport::GradientContext<S>>
struct GradientPort {
  using Production = Context;
  using Model = oracle::DenseContext<S>;
  using Position = Idx;
  using Theorems = properties::ConcatTheorems<properties::GradientContext::Theorems,
                                              properties::Contributions::Theorems>;
  using Before = properties::GradientContext::Reads<S>;

  static std::size_t size(const Context &ctx) { return ctx.size(); }
  /// Position `i` assigned to `out` (its shape's memory reused).
  static void position(const Context &ctx, std::size_t i, Idx &out) {
    assignIdx(ctx.shapeList(), i, out, "GradientPort::position");
  }
  static Tensor<S> read(const Context &ctx, const Idx &at) { return ctx.read(at); }
  /// The read at `at` assigned to `out`, in its storage (no allocation once it has the room).
  static void read(const Context &ctx, const Idx &at, Tensor<S> &out) {
    if constexpr (requires { ctx.readInto(at.i, out); }) {
      ctx.readInto(at.i, out);  // `at` comes from position(): nothing to check
    } else {
      ctx.readInto(at, out);
    }
  }
  static TensorPack<S> pack(const Context &ctx) { return ctx.toPack(); }
  static Model model(const Context &ctx) {
    return Model::fromParts(ctx.stored().toPack(), ctx.epochs(), ctx.clock(), ctx.history());
  }
  static Model modelFromPack(const TensorPack<S> &pack) { return Model(pack); }
  static Tensor<S> modelRead(const Model &model, const Idx &at) { return model.read(at.i); }
  static std::size_t modelSize(const Model &model) { return model.size(); }
  static std::optional<Difference> difference(const Tensor<S> &lhs, const Tensor<S> &rhs) {
    if (identical(lhs, rhs)) {  // the usual answer, without building an optional
      return std::nullopt;
    }
    return firstDifference(lhs, rhs);
  }
  static std::string scalar() { return std::string(ScalarTraits<S>::name); }
  /// A difference from the model alone breaks the model-based statement that production and
  /// the dense context agree after every operation.
  static std::string_view modelTheorem() { return "Model.stateful_dense"; }

  /// What the shape index guarantees: one stored tensor per shape, of that shape at every
  /// touched position.   Cost: O(touched)
  template <class Emit>
  static bool checkStructure(const Context &ctx, std::span<const std::size_t> touched,
                             const Emit &emit) {
    const ShapeList &shapes = ctx.shapeList();
    const auto &values = ctx.stored().values();
    bool same = values.size() == shapes.size();
    for (std::size_t k = 0; same && k < touched.size(); ++k) {
      const std::size_t i = touched[k];
      same = i >= values.size() || values[i].shape() == shapes[i];
    }
    if (same) {
      return true;
    }
    std::vector<Shape> actual;
    for (const Tensor<S> &t : values) {
      actual.push_back(t.shape());
    }
    ViolationDetails d;
    d.expected = "shapes " + showShapes(std::vector<Shape>(shapes));
    d.actual = showShapes(actual);
    emit("Proofs.Autograd.Algebra.GradientContext.stored", std::move(d));
    return false;
  }

  /// A replayable report (`proofport replay FILE`) of operation `op` on `before`.
  template <class Args>
  static std::string writeReport(const std::string &dir, const ViolationDetails &details,
                                 const Context &before, std::string_view op, const Args &args) {
    return report::writeReport<S>(dir, details, before,
                                  [&](std::ostream &os) { report::writeArguments(os, op, args); });
  }
};

/// The checked operations of GradientContext (properties/GradientContextOps.h).
namespace ops = GradientContext::op;

template <Scalar S, CheckLevel L, class Context = ::proofport::GradientContext<S>>
class CheckedContext;

/// The gradient context checked at level `L`: exactly `GradientContext<S>` for `off` (no code,
/// no data), else `CheckedContext<S, L>`, which has the same member functions.
template <Scalar S, CheckLevel L = CheckLevel::off>
using CheckedGradientContext =
    std::conditional_t<L == CheckLevel::off, ::proofport::GradientContext<S>, CheckedContext<S, L>>;

static_assert(std::is_same_v<CheckedGradientContext<double>, ::proofport::GradientContext<double>>,
              "off must be the production type itself: no code, no data");

/// A production `GradientContext<S>` checked at level `L` (`invariants`, `local` or `shadow`,
/// see CheckLevel). Same operations, names and errors as the production context; bad input is
/// rejected by production first (typed error, object unchanged). A broken theorem goes to
/// `CheckOptions` (default: throw `TheoremViolation`, after the operation took effect; a broken
/// obligation of a contribution is found before). `Context` is the implementation checked:
/// `GradientContext<S>`, or any port with its member functions (an engine's own context, a
/// deliberately faulty one in tests). Value type.
/// Cost per operation: production's, plus `invariants` O(touched), `local` O(touched +
/// localSamples) reads, `shadow` O(all positions) on sampled operations.
/// Lean: Proofs.Autograd.Algebra.GradientContext (with its theorems as run-time checks)
template <Scalar S, CheckLevel L, class Context>
class CheckedContext {
  static_assert(L != CheckLevel::off,
                "CheckedGradientContext<S, off> is ::proofport::GradientContext<S>");
  using Port = GradientPort<S, Context>;
  template <class Op>
  using Args = typename Op::template Args<S>;

public:
  /// Whether this level keeps and checks against the oracle's dense context.
  static constexpr bool kShadow = L == CheckLevel::shadow;

  /// Checks an existing context from now on (nothing about its past is checked).
  /// Cost: O(1), plus for `shadow` the oracle's dense reading of `ctx` (O(elements × clock)).
  explicit CheckedContext(Context ctx = {}, CheckOptions options = {})
      : m_checker(std::move(ctx), std::move(options)) {}

  /// Stored = seed, epochs all 0, clock 0, empty history; checks the ofPack theorems.
  /// Cost: O(seed), doubled by the checks.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  static CheckedContext ofPack(TensorPack<S> seed, CheckOptions options = {}) {
    CheckedContext out(Context{}, std::move(options));
    out.m_checker.template performTaking<ops::ofPack>(Args<ops::ofPack>(std::move(seed)));
    return out;
  }

  /// `ofPack(seed)` sharing `shapes`, a list the caller holds (GradientContext::ofPack(seed,
  /// shapes)): the backward pass's list, as for the unchecked context.
  /// Throws: ShapeError unless the seed's shapes are `shapes`.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  static CheckedContext ofPack(TensorPack<S> seed, ShapeList shapes, CheckOptions options) {
    CheckedContext out(Context{}, std::move(options));
    out.m_checker.template performTaking<ops::ofPack>(
        Args<ops::ofPack>(std::move(seed), std::move(shapes)));
    return out;
  }

  /// A context from raw parts (`GradientContext::fromParts`), checked from now on.
  /// Throws: ContractError naming the broken invariant.
  static CheckedContext fromParts(TensorPack<S> stored, std::vector<std::size_t> epochs,
                                  std::size_t clock, Deferred::History<S> history,
                                  CheckOptions options = {}) {
    return CheckedContext(
        Context::fromParts(std::move(stored), std::move(epochs), clock, std::move(history)),
        std::move(options));
  }

  /// The production context being checked.
  const Context &production() const noexcept { return m_checker.production(); }
  /// The options this context checks and reports with.
  const CheckOptions &options() const noexcept { return m_checker.options(); }
  /// Violations found so far (only `ViolationPolicy::log` lets a context go past one).
  std::size_t violations() const noexcept { return m_checker.violations(); }
  /// Mutating operations run so far.
  std::size_t operations() const noexcept { return m_checker.operations(); }
  /// Of those, the ones sampled for a shadow check of their theorem instance.
  std::size_t sampledOperations() const noexcept { return m_checker.sampledOperations(); }

  /// As `GradientContext::stored`.
  const TensorContext<S> &stored() const noexcept { return production().stored(); }
  /// As `GradientContext::epochs`.
  const std::vector<std::size_t> &epochs() const noexcept { return production().epochs(); }
  /// As `GradientContext::clock`.
  std::size_t clock() const noexcept { return production().clock(); }
  /// As `GradientContext::history`.
  const Deferred::History<S> &history() const noexcept { return production().history(); }
  /// As `GradientContext::size`.
  std::size_t size() const noexcept { return production().size(); }
  /// As `GradientContext::shapes`.   Cost: O(total rank)
  std::vector<Shape> shapes() const { return production().shapes(); }
  /// As `GradientContext::shapeList`.
  const ShapeList &shapeList() const noexcept { return production().shapeList(); }

  /// As `GradientContext::read`.   Lean: Proofs.Autograd.Algebra.GradientContext.lookup
  Tensor<S> read(const Idx &idx) const { return production().read(idx); }
  /// As `GradientContext::lookup`.   Lean: Proofs.Autograd.Algebra.GradientContext.lookup
  TensorLookup<S> lookup() const { return production().lookup(); }
  /// As `GradientContext::toPack`.   Lean: Proofs.Autograd.Algebra.GradientContext.toPack
  TensorPack<S> toPack() const { return production().toPack(); }
  /// As `GradientContext::snapshot` (a pure function of `source`; nothing to check).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.snapshot
  static std::vector<Update<S>> snapshot(const std::vector<SomeIdx> &indices,
                                         const TensorLookup<S> &source) {
    return ::proofport::GradientContext<S>::snapshot(indices, source);
  }

  /// As `GradientContext::addUniform`.   Lean: Proofs.Autograd.Algebra.GradientContext.addUniform
  void addUniform(const S &uniform) {
    m_checker.template perform<ops::addUniform>(Args<ops::addUniform>{uniform});
  }

  /// As `GradientContext::set`.   Throws: IndexError / ShapeError (from production; context
  /// unchanged).   Lean: Proofs.Autograd.Algebra.GradientContext.set
  void set(const Idx &idx, Tensor<S> value) {
    m_checker.template perform<ops::set>(Args<ops::set>{idx, std::move(value)});
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
    m_checker.template perform<ops::setMany>(Args<ops::setMany>{std::move(indices), source});
  }

  /// As `GradientContext::addContributions`; the contribution's obligations are checked before
  /// it is added.   Throws: ShapeError (from production; context unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addContributions
  void addContributions(const ::proofport::Contributions<S> &c) {
    m_checker.template perform<ops::addContributions>(Args<ops::addContributions>{c});
  }

  /// As `GradientContext::addDense`.   Throws: ShapeError (from production; unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addDense
  void addDense(const TensorPack<S> &contribution) {
    m_checker.template perform<ops::addDense>(Args<ops::addDense>{contribution});
  }

  /// As `GradientContext::cast`.   Throws: ShapeError unless `other == shapes()` (unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.cast
  CheckedContext &cast(const std::vector<Shape> &other) {
    m_checker.template perform<ops::cast>(Args<ops::cast>{other});
    return *this;
  }

  /// As `GradientContext::pop`.   Throws: IndexError on an empty context (unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.pop
  Tensor<S> pop() { return m_checker.template perform<ops::pop>(Args<ops::pop>{}); }

private:
  Checker<Port, L> m_checker;
};

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
