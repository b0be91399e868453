// The production deferred gradient context: array gradients plus one shared run-length
// history of uniform additions, each tensor tagged with the history version it has seen.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/core/Deferred.h"

namespace proofport {

/// A materialized update: a position and the tensor to install there.
/// Lean: Proofs.Autograd.Algebra.GradientContext.Update
template <Scalar S>
struct Update {
  SomeIdx idx;
  Tensor<S> value;
};

/// Gradients of the active positions with uniform additions deferred in a shared history.
/// Invariants (Lean fields `covered`, `bounded`): `stored.size() <= epochs.size()` and every
/// `epochs[i] <= clock`. Value type; mutating operations work in place and give the strong
/// guarantee on bad input.
/// Lean: Proofs.Autograd.Algebra.GradientContext
template <Scalar S>
class GradientContext {
public:
  /// The empty context over no positions.
  GradientContext() = default;

  /// Stored = seed, epochs all 0, clock 0, empty history.   Cost: O(seed) (moves)
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  static GradientContext ofPack(TensorPack<S> seed) {
    GradientContext out;
    out.m_epochs.assign(seed.size(), 0);
    out.m_stored = TensorContext<S>::ofPack(std::move(seed));
    return out;
  }

  /// A context from raw parts, rejected unless `covered` and `bounded` hold.
  /// Cost: O(epochs)   Throws: ContractError naming the broken invariant.
  static GradientContext fromParts(TensorPack<S> stored, std::vector<std::size_t> epochs,
                                   std::size_t clock, Deferred::History<S> history) {
    if (stored.size() > epochs.size()) {
      throw ContractError("GradientContext::fromParts (covered)",
                          "at least " + std::to_string(stored.size()) + " epochs",
                          std::to_string(epochs.size()) + " epochs");
    }
    for (std::size_t i = 0; i < epochs.size(); ++i) {
      if (epochs[i] > clock) {
        throw ContractError("GradientContext::fromParts (bounded)",
                            "epochs[" + std::to_string(i) + "] <= clock " + std::to_string(clock),
                            std::to_string(epochs[i]));
      }
    }
    GradientContext out;
    out.m_stored = TensorContext<S>::ofPack(std::move(stored));
    out.m_epochs = std::move(epochs);
    out.m_clock = clock;
    out.m_history = std::move(history);
    return out;
  }

  /// Last materialized tensor of each active position.
  const TensorContext<S> &stored() const noexcept { return m_stored; }
  /// History version already applied to each tensor; may outlive popped positions.
  const std::vector<std::size_t> &epochs() const noexcept { return m_epochs; }
  /// Number of uniform additions issued so far.
  std::size_t clock() const noexcept { return m_clock; }
  /// Run-length history of the uniform additions.
  const Deferred::History<S> &history() const noexcept { return m_history; }
  /// Number of active positions.
  std::size_t size() const noexcept { return m_stored.size(); }
  /// The shape list of the active positions.   Cost: O(total rank)
  std::vector<Shape> shapes() const { return m_stored.shapes(); }

  /// One gradient, replaying exactly the additions since its saved version:
  /// `applyRecentStable(addUniform, history, clock ∸ epochs[i], stored[i])`.
  /// Cost: O(tensor × pending runs)   Throws: IndexError / ShapeError for a bad index.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.lookup (its `read`)
  Tensor<S> read(const Idx &idx) const {
    m_stored.checkIndex(idx, "GradientContext::read");
    return materialized(idx.i);
  }

  /// The context as a reader; it owns a copy, so later mutation does not affect it.
  /// Cost: O(contexts) copy; each read as `read`.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.lookup
  TensorLookup<S> lookup() const {
    auto self = std::make_shared<const GradientContext>(*this);
    return TensorLookup<S>(shapes(), [self](const Idx &idx) { return self->read(idx); });
  }

  /// Materializes every active position in one traversal:
  /// `materializePack(history, clock, epochs, stored, 0)`.
  /// Cost: O(Σ tensor × pending runs)   Lean: Proofs.Autograd.Algebra.GradientContext.toPack
  TensorPack<S> toPack() const {
    return Deferred::materializePack(m_history, m_clock, m_epochs, m_stored.values(), 0);
  }

  /// Defers one uniform addition to every active position: clock + 1, `push(history, u)`.
  /// Touches no tensor.   Cost: O(1) amortized.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addUniform
  void addUniform(const S &uniform) {
    Deferred::push(m_history, uniform);
    ++m_clock;
  }

  /// Saves an already materialized gradient at the current history version.
  /// Shapes: value.shape() == idx.shape   Cost: O(rank) + move
  /// Throws: IndexError / ShapeError; context unchanged.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.set
  void set(const Idx &idx, Tensor<S> value) {
    checkUpdate(idx, value, "GradientContext::set");
    install(idx, std::move(value));
  }

  /// `(idx, source.read(idx))` for every index, all computed before anything is written.
  /// Cost: one read per index   Throws: what `source.read` throws.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.snapshot
  static std::vector<Update<S>> snapshot(const std::vector<SomeIdx> &indices,
                                         const TensorLookup<S> &source) {
    std::vector<Update<S>> out;
    out.reserve(indices.size());
    for (const SomeIdx &idx : indices) {
      out.push_back(Update<S>{idx, source.read(idx)});
    }
    return out;
  }

  /// `set` each update in order (duplicate positions carry identical values).
  /// Cost: O(#updates × rank) + moves   Throws: IndexError / ShapeError if any update is bad;
  /// every update is checked before the first write, so the context is unchanged.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.setMany
  void setMany(std::vector<Update<S>> updates) {
    for (std::size_t k = 0; k < updates.size(); ++k) {
      const std::string operation = "GradientContext::setMany (update " + std::to_string(k) + ")";
      checkUpdate(updates[k].idx, updates[k].value, operation.c_str());
    }
    for (Update<S> &update : updates) {
      install(update.idx, std::move(update.value));
    }
  }

  /// Accumulates a node's complete local contribution, keeping every dense addition in order:
  /// `updates = snapshot(c.support, add(lookup, c.lookup))`, then `addUniform(c.uniform)`,
  /// then `setMany(updates)`. Positions outside the support are touched only through history.
  /// Shapes: c.shapes() == shapes()   Cost: O(Σ_{support} tensor × pending runs), no pass
  /// over tensors outside the support (the shape lists are compared: O(positions) shapes).
  /// Throws: ShapeError on a shape-list mismatch, what `c.lookup` throws; context unchanged.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addContributions
  void addContributions(const Contributions<S> &c) {
    checkShapes(c.shapes(), "GradientContext::addContributions");
    if (PROOFPORT_MUTANT(snapshot_after_uniform)) {
      addUniform(c.uniform());
    }
    std::vector<Update<S>> updates;
    updates.reserve(c.support().size());
    for (const SomeIdx &idx : c.support()) {
      m_stored.checkIndex(idx, "GradientContext::addContributions");
      Tensor<S> mine = materialized(idx.i);
      if (PROOFPORT_MUTANT(duplicates_applied_twice)) {
        for (const Update<S> &earlier : updates) {
          if (earlier.idx.i == idx.i) {
            mine = earlier.value;
          }
        }
      }
      Tensor<S> sum = PROOFPORT_MUTANT(contribution_on_left) ? addSpec(c.lookup().read(idx), mine)
                                                             : addSpec(mine, c.lookup().read(idx));
      if (PROOFPORT_MUTANT(setMany_before_snapshot)) {
        install(idx, sum);
      }
      updates.push_back(Update<S>{idx, std::move(sum)});
    }
    if (PROOFPORT_MUTANT(uniform_to_parents_too)) {
      setMany(std::move(updates));
      addUniform(c.uniform());
      return;
    }
    if (!PROOFPORT_MUTANT(snapshot_after_uniform)) {
      addUniform(c.uniform());
    }
    setMany(std::move(updates));
  }

  /// Exact materializing adapter for dense VJPs: `ofPack(add(toPack(), p))`.
  /// Shapes: p.shapes() == shapes()   Cost: O(all elements × pending runs)
  /// Throws: ShapeError on a mismatch; context unchanged.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addDense
  void addDense(const TensorPack<S> &contribution) {
    checkShapes(contribution.shapes(), "GradientContext::addDense");
    if (PROOFPORT_MUTANT(addDense_forgets_history)) {
      *this = ofPack(m_stored.toPack().add(contribution));
      return;
    }
    *this = ofPack(toPack().add(contribution));
  }

  /// Relabels the active prefix as `other`; storage untouched.
  /// Cost: O(total rank) check   Throws: ShapeError unless `other == shapes()`.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.cast
  GradientContext &cast(const std::vector<Shape> &other) {
    checkShapes(other, "GradientContext::cast");
    if (PROOFPORT_MUTANT(cast_reorders) && size() >= 2 && other[0] == other[1]) {
      Tensor<S> first = m_stored.values()[0];
      m_stored.set(Idx{0, other[0]}, m_stored.values()[1]);
      m_stored.set(Idx{1, other[1]}, std::move(first));
      std::swap(m_epochs[0], m_epochs[1]);
    }
    return *this;
  }

  /// Finalizes the last position: removes it and returns it materialized with the epoch of
  /// ITS slot. `epochs` keeps its length (the slot stays as a finalized suffix entry).
  /// Cost: O(last tensor × pending runs); the rest is not copied.
  /// Throws: IndexError on an empty context; context unchanged.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.pop
  Tensor<S> pop() {
    if (m_stored.size() == 0) {
      throw IndexError("GradientContext::pop", "a non-empty context", "an empty context");
    }
    Tensor<S> last = materialized(m_stored.size() - 1);
    if (PROOFPORT_MUTANT(pop_wrong_slot_epoch)) {
      last = Deferred::applyRecentStable(
          Deferred::AddUniformStep{}, m_history,
          Deferred::pendingCount(m_clock, m_epochs, m_epochs.size() - 1, 0),
          m_stored.values().back());
    }
    m_stored.pop();
    if (PROOFPORT_MUTANT(pop_truncates_epochs)) {
      m_epochs.resize(m_stored.size());
    }
    return last;
  }

private:
  /// Stores an already checked update at the current history version.
  void install(const Idx &idx, Tensor<S> value) {
    m_stored.set(idx, std::move(value));
    if (PROOFPORT_MUTANT(set_keeps_epoch)) {
      return;
    }
    m_epochs[idx.i] = m_clock;
  }

  Tensor<S> materialized(std::size_t i) const {
    return Deferred::applyRecentStable(Deferred::AddUniformStep{}, m_history,
                                       Deferred::pendingCount(m_clock, m_epochs, 0, i),
                                       m_stored.values()[i]);
  }

  void checkUpdate(const Idx &idx, const Tensor<S> &value, const char *operation) const {
    m_stored.checkIndex(idx, operation);
    if (value.shape() != idx.shape) {
      throw ShapeError(operation, "a value of shape " + showShape(idx.shape),
                       showShape(value.shape()));
    }
  }

  void checkShapes(const std::vector<Shape> &other, const char *operation) const {
    const auto &values = m_stored.values();
    bool same = values.size() == other.size();
    for (std::size_t i = 0; same && i < other.size(); ++i) {
      same = values[i].shape() == other[i];
    }
    if (!same) {
      throw ShapeError(operation, "shapes " + showShapes(shapes()), showShapes(other));
    }
  }

  TensorContext<S> m_stored;
  std::vector<std::size_t> m_epochs;
  std::size_t m_clock = 0;
  Deferred::History<S> m_history;
};

/// `ctx(stored=…, epochs=[…], clock=…, history[…])` with exact scalars.
template <Scalar S>
std::string showContext(const GradientContext<S> &ctx) {
  std::string out = "GradientContext(stored=" + showPack(ctx.stored().toPack()) + ", epochs=[";
  for (std::size_t i = 0; i < ctx.epochs().size(); ++i) {
    out += (i == 0 ? "" : ",") + std::to_string(ctx.epochs()[i]);
  }
  out += "], clock=" + std::to_string(ctx.clock()) + ", " + Deferred::showHistory(ctx.history()) + ")";
  return out;
}

template <Scalar S>
void showValue(const GradientContext<S> &ctx, std::ostream &os) {
  os << showContext(ctx);
}

} // namespace proofport
