// The production deferred gradient context: array gradients plus one shared run-length
// history of uniform additions, each tensor tagged with the history version it has seen.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <span>
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
///
/// History compaction (on by default, `setCompaction`): after `addUniform` or `pop`, once the
/// history holds more than `size() + 1` runs, the runs no active position still replays are
/// dropped (oldest first; the newest run is always kept, so `push` merges as before), and if
/// that leaves more than `size() / 2 + 1` runs, every active position whose pending additions
/// reach beyond the newest run is re-materialized first (read exactly, stored at the current
/// clock). Reads, `toPack`, `pop` and `lookup` are unchanged by it (replaying a prefix of the
/// additions, then the rest, is replaying them all), and the history never exceeds
/// `size() + 1` runs after an `addUniform` or `pop`: O(active positions) memory, O(1)
/// amortized time per operation. Compaction is visible only through the raw accessors:
/// `history()` is then a suffix of every run recorded, `clock()` still counts every addition
/// ever made, `epochs()` stay absolute clock values, and a re-materialized position has its
/// tensor in `stored()` and its epoch moved to the clock at which it was re-materialized.
/// `fromParts(stored().toPack(), epochs(), clock(), history())` reads the same as the context.
/// Lean: Proofs.Autograd.Algebra.GradientContext
template <Scalar S>
class GradientContext {
public:
  /// The empty context over no positions.
  GradientContext() = default;

  /// Stored = seed, epochs all 0, clock 0, empty history.   Cost: O(seed) (moves)
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  static GradientContext ofPack(TensorPack<S> seed) {
    ShapeList shapes(seed.shapes());
    return ofPack(std::move(seed), std::move(shapes));
  }

  /// `ofPack(seed)` sharing `shapes`, a list the caller holds (Lean's implicit `shapes`), not
  /// building one: a backward pass allocates no shape for it, compares later lists in O(1).
  /// Shapes: seed.shapes() == shapes   Cost: O(seed) comparison and moves, no allocation
  /// Throws: ShapeError unless the seed's shapes are `shapes`.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  static GradientContext ofPack(TensorPack<S> seed, ShapeList shapes) {
    if (!seed.hasShapes(std::as_const(shapes))) {
      throwShapeError("GradientContext::ofPack", "a seed of shapes " + showShapes(shapes),
                      showShapes(seed.shapes()));
    }
    if (PROOFPORT_MUTANT(ofPack_zero_fills)) {
      seed = TensorPack<S>::fill(seed.shapes(), ScalarTraits<S>::zero());
    }
    GradientContext out;
    out.m_epochs.assign(seed.size(), 0);
    out.m_shapes = std::move(shapes);
    out.m_stored = TensorContext<S>::ofPack(std::move(seed));
    return out;
  }

  /// A context from raw parts, rejected unless `covered` and `bounded` hold.
  /// Cost: O(epochs)   Throws: ContractError naming the broken invariant.
  static GradientContext fromParts(TensorPack<S> stored, std::vector<std::size_t> epochs,
                                   std::size_t clock, Deferred::History<S> history) {
    if (stored.size() > epochs.size()) {
      throwContractError("GradientContext::fromParts (covered)",
                         "at least " + std::to_string(stored.size()) + " epochs",
                         std::to_string(epochs.size()) + " epochs");
    }
    for (std::size_t i = 0; i < epochs.size(); ++i) {
      if (epochs[i] > clock) {
        throwContractError("GradientContext::fromParts (bounded)",
                           "epochs[" + std::to_string(i) + "] <= clock " + std::to_string(clock),
                           std::to_string(epochs[i]));
      }
    }
    GradientContext out;
    out.m_shapes = stored.shapes();
    out.m_stored = TensorContext<S>::ofPack(std::move(stored));
    out.m_epochs = std::move(epochs);
    out.m_clock = clock;
    out.m_history = std::move(history);
    return out;
  }

  /// Last materialized tensor of each active position.
  const TensorContext<S> &stored() const noexcept { return m_stored; }
  /// History version (an absolute clock value) already applied to each tensor; may outlive
  /// popped positions.
  const std::vector<std::size_t> &epochs() const noexcept { return m_epochs; }
  /// Number of uniform additions issued so far (compaction does not change it).
  std::size_t clock() const noexcept { return m_clock; }
  /// Run-length history of the uniform additions; after compaction, the newest runs only.
  const Deferred::History<S> &history() const noexcept { return m_history; }
  /// Whether the history is compacted after `addUniform` and `pop` (see the class comment).
  bool compaction() const noexcept { return m_compaction; }
  /// Turns history compaction on (the default) or off; copies keep the setting.   Cost: O(1)
  void setCompaction(bool on) noexcept { m_compaction = on; }
  /// Number of active positions.
  std::size_t size() const noexcept { return m_stored.size(); }
  /// The shape list of the active positions.   Cost: O(total rank)
  std::vector<Shape> shapes() const { return m_stored.shapes(); }
  /// The same list, shared: compares in O(1) with the lists it was cut from.   Cost: O(1)
  const ShapeList &shapeList() const noexcept { return m_shapes; }

  /// One gradient, replaying exactly the additions since its saved version:
  /// `applyRecentStable(addUniform, history, clock ∸ epochs[i], stored[i])`.
  /// Cost: O(tensor × pending runs)   Throws: IndexError / ShapeError for a bad index.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.lookup (its `read`)
  Tensor<S> read(const Idx &idx) const {
    m_stored.checkIndex(idx, "GradientContext::read");
    return materialized(idx.i);
  }

  /// `read(idx)` assigned to `out`, in `out`'s storage: no allocation once `out` has the
  /// capacity (a checked context reads position after position into one tensor).
  /// Cost: O(tensor × pending runs)   Throws: IndexError / ShapeError for a bad index (`out`
  /// unchanged).   Lean: Proofs.Autograd.Algebra.GradientContext.lookup (its `read`)
  void readInto(const Idx &idx, Tensor<S> &out) const {
    m_stored.checkIndex(idx, "GradientContext::readInto");
    materializeInto(idx.i, out);
  }

  /// Position `i` read into `out`, whatever its shape: `readInto(Idx{i, shapes[i]}, out)`
  /// without building or comparing a shape (a checked context reads position after position).
  /// Cost: O(tensor × pending runs)   Throws: IndexError if `i >= size()` (`out` unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.lookup (its `read`)
  void readInto(std::size_t i, Tensor<S> &out) const {
    if (i >= size()) {
      throwIndexError("GradientContext::readInto", "position < " + std::to_string(size()),
                      std::to_string(i));
    }
    materializeInto(i, out);
  }

  /// The context as a reader; it owns a copy, so later mutation does not affect it.
  /// Cost: O(contexts) copy; each read as `read`.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.lookup
  TensorLookup<S> lookup() const {
    auto self = std::make_shared<const GradientContext>(*this);
    return TensorLookup<S>(
        m_shapes, [self](const Idx &idx) { return self->read(idx); },
        [self](const Idx &idx, Tensor<S> &out) { self->readInto(idx, out); });
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
    compactIfLong();
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
      if (!fits(updates[k].idx, updates[k].value)) {  // name the update only when reporting it
        const std::string operation = "GradientContext::setMany (update " + std::to_string(k) + ")";
        checkUpdate(updates[k].idx, updates[k].value, operation.c_str());
      }
    }
    for (Update<S> &update : updates) {
      install(update.idx, std::move(update.value));
    }
  }

  /// Accumulates a node's complete local contribution, keeping every dense addition in order:
  /// `updates = snapshot(c.support, add(lookup, c.lookup))`, then `addUniform(c.uniform)`,
  /// then `setMany(updates)`. Positions outside the support are touched only through history.
  /// Shapes: c.shapes() == shapes()   Cost: O(Σ_{support} tensor × pending runs), no pass
  /// over tensors outside the support (the shape lists are compared in O(1) when they share
  /// storage, else shape by shape once, after which this context shares the contribution's);
  /// each sum is computed in the contribution's read, so a support position costs no
  /// allocation of its own.
  /// Throws: ShapeError on a shape-list mismatch, what `c.lookup` throws; context unchanged.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addContributions
  void addContributions(const Contributions<S> &c) {
    // Pointer first: a list cut from this context's storage needs no comparison. An equal list
    // in other storage is shared once every read and sum has succeeded (the next is O(1) too).
    const bool adopt = !m_shapes.sameStorage(c.shapes());
    if (adopt) {
      checkShapes(c.shapes(), "GradientContext::addContributions");
    }
    if (PROOFPORT_MUTANT(snapshot_after_uniform)) {
      addUniform(c.uniform());
    }
    // The contribution's reads first (each may throw; nothing has changed yet). A support rarely
    // has over two positions (a node's parents): their updates live on the stack.
    const std::vector<SomeIdx> &support = c.support();
    std::array<Pending, 2> few;
    std::vector<Pending> many(support.size() > few.size() ? support.size() : 0);
    const std::span<Pending> updates =
        many.empty() ? std::span<Pending>(few).first(support.size()) : std::span<Pending>(many);
    for (std::size_t k = 0; k < support.size(); ++k) {
      m_stored.checkIndex(support[k], "GradientContext::addContributions");
      updates[k] = Pending{&support[k], c.lookup().read(support[k])};
    }
    // Then each snapshot `mine + contribution`, in the contribution's storage: in one pass where
    // the replay allows (Deferred::addReplayedInto), else via this thread's scratch tensor.
    const bool fused = !PROOFPORT_MUTANT(contribution_on_left) &&
                       !PROOFPORT_MUTANT(duplicates_applied_twice) &&
                       !PROOFPORT_MUTANT(setMany_before_snapshot);
    for (std::size_t k = 0; k < updates.size(); ++k) {
      Pending &update = updates[k];
      const std::size_t i = update.idx->i;
      if (fused &&
          Deferred::addReplayedInto(m_history, pending(i), m_stored.values()[i], *update.value)) {
        continue;
      }
      detail::Scratch<S> scratch;
      Tensor<S> &mine = scratch.tensor();
      materializeInto(i, mine);
      if (PROOFPORT_MUTANT(duplicates_applied_twice)) {
        for (std::size_t e = 0; e < k; ++e) {
          if (updates[e].idx->i == update.idx->i) {
            mine = *updates[e].value;
          }
        }
      }
      Tensor<S> &sum = *update.value;
      if (PROOFPORT_MUTANT(contribution_on_left)) {
        addSpecInto(sum, mine, sum);
      } else {
        addSpecInto(mine, sum, sum);
      }
      if (PROOFPORT_MUTANT(setMany_before_snapshot)) {
        install(*update.idx, sum);
      }
    }
    if (adopt) {  // the first write: nothing before it has changed this context
      m_shapes = c.shapes();
    }
    if (PROOFPORT_MUTANT(uniform_to_parents_too)) {
      installAll(updates);
      addUniform(c.uniform());
      return;
    }
    if (!PROOFPORT_MUTANT(snapshot_after_uniform)) {
      addUniform(c.uniform());
    }
    installAll(updates);  // setMany, its updates checked above
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
    const bool compaction = m_compaction;
    *this = ofPack(toPack().add(contribution));
    m_compaction = compaction;
    if (PROOFPORT_MUTANT(addDense_clears_epochs)) {
      m_epochs.clear();
    }
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
      throwIndexError("GradientContext::pop", "a non-empty context", "an empty context");
    }
    const bool popped = kNothrowAddition && !PROOFPORT_MUTANT(pop_wrong_slot_epoch);
    Tensor<S> last = popped ? materializedLast() : materialized(m_stored.size() - 1);
    if (PROOFPORT_MUTANT(pop_wrong_slot_epoch)) {
      last = Deferred::applyRecentStable(
          Deferred::AddUniformStep{}, m_history,
          Deferred::pendingCount(m_clock, m_epochs, m_epochs.size() - 1, 0),
          m_stored.values().back());
    }
    if (!popped) {
      m_stored.pop();
    }
    if (PROOFPORT_MUTANT(pop_truncates_epochs)) {
      m_epochs.resize(m_stored.size());
    }
    m_shapes = m_shapes.prefix(m_stored.size());
    compactIfLong();
    return last;
  }

private:
  /// Stores an already checked update at the current history version.
  void install(const Idx &idx, Tensor<S> value) {
    m_stored.set(idx, std::move(value));
    if (PROOFPORT_MUTANT(set_keeps_epoch)) {
      return;
    }
    m_epochs[idx.i] = PROOFPORT_MUTANT(set_epoch_ahead) ? m_clock + 1 : m_clock;
  }

  // An update of addContributions: the support index it is for, and the tensor to install.
  struct Pending {
    const SomeIdx *idx = nullptr;
    std::optional<Tensor<S>> value;  // engaged once read (a Tensor has no empty state)
  };

  // setMany of checked updates: each installed in turn, a later one over an earlier one.
  void installAll(std::span<Pending> updates) {
    for (Pending &update : updates) {
      install(*update.idx, std::move(*update.value));
    }
  }

  // With a scalar addition that cannot throw (IEEE), pop replays the last tensor in its own
  // storage instead of a copy: the strong guarantee holds without the copy.
  static constexpr bool kNothrowAddition =
      noexcept(std::declval<const S &>() + std::declval<const S &>());

  // Removes the last position and returns it materialized, without copying it.
  Tensor<S> materializedLast() {
    const std::size_t count = pending(m_stored.size() - 1);
    return Deferred::applyRecentStable(Deferred::AddUniformStep{}, m_history, count,
                                       m_stored.pop());
  }

  // The additions position `i` has still to replay: clock ∸ its epoch.
  std::size_t pending(std::size_t i) const {
    return Deferred::pendingCount(m_clock, m_epochs, 0, i);
  }

  Tensor<S> materialized(std::size_t i) const {
    return Deferred::applyRecentStable(Deferred::AddUniformStep{}, m_history, pending(i),
                                       m_stored.values()[i]);
  }

  // materialized(i), in `out`'s storage.
  void materializeInto(std::size_t i, Tensor<S> &out) const {
    Deferred::applyRecentStableInto(m_history, pending(i), m_stored.values()[i], out);
  }

  // What checkUpdate checks, without building a message.
  bool fits(const Idx &idx, const Tensor<S> &value) const {
    return idx.i < m_stored.size() && m_stored.values()[idx.i].shape() == idx.shape &&
           value.shape() == idx.shape;
  }

  void checkUpdate(const Idx &idx, const Tensor<S> &value, const char *operation) const {
    m_stored.checkIndex(idx, operation);
    if (value.shape() != idx.shape) {
      throwShapeError(operation, "a value of shape " + showShape(idx.shape),
                      showShape(value.shape()));
    }
  }

  // Drops the runs no active position replays; re-materializes (see the class comment) when
  // that is not enough. Triggered only above size() + 1 runs and leaving at most
  // size() / 2 + 1, so its O(size()) scan is amortized O(1) per operation.
  void compactIfLong() {
    auto &runs = m_history.runs;
    const std::size_t live = m_stored.size();
    if (!m_compaction || runs.size() <= live + 1) {
      return;
    }
    std::size_t keep = runsReplayed(maxPending());
    if (keep > live / 2 + 1) {
      for (std::size_t i = 0; i < live; ++i) {
        if (pending(i) > runs.back().n) {
          Tensor<S> value = materialized(i);
          install(Idx{i, m_shapes[i]}, std::move(value));
        }
      }
      keep = 1;
    }
    runs.erase(runs.begin(), runs.end() - static_cast<std::ptrdiff_t>(keep));
  }

  // The largest number of additions an active position still has to replay.
  std::size_t maxPending() const {
    std::size_t most = 0;
    for (std::size_t i = 0; i < m_stored.size(); ++i) {
      most = std::max(most, pending(i));
    }
    return most;
  }

  // How many of the newest runs replaying `count` additions touches (as applyRecent walks
  // them), at least 1 when there are runs.
  std::size_t runsReplayed(std::size_t count) const {
    const std::size_t runs = m_history.runs.size();
    const std::size_t first = Deferred::detail::pendingRuns(m_history, count).first;
    return std::max<std::size_t>(runs - first, runs == 0 ? 0 : 1);
  }

  void checkShapes(std::span<const Shape> other, const char *operation) const {
    const auto &values = m_stored.values();
    bool same = values.size() == other.size();
    for (std::size_t i = 0; same && i < other.size(); ++i) {
      same = values[i].shape() == other[i];
    }
    if (!same) {
      throwShapeError(operation, "shapes " + showShapes(shapes()),
                      showShapes(std::vector<Shape>(other.begin(), other.end())));
    }
  }

  TensorContext<S> m_stored;
  ShapeList m_shapes;  // the shapes of m_stored, shared
  bool m_compaction = true;
  std::vector<std::size_t> m_epochs;
  std::size_t m_clock = 0;
  Deferred::History<S> m_history;
};

/// `ctx(stored=…, epochs=[…], clock=…, history[…])` with exact scalars.
template <Scalar S>
std::string showContext(const GradientContext<S> &ctx) {
  std::string out = "GradientContext(stored=" + showPack(ctx.stored().toPack()) + ", epochs=[";
  for (std::size_t i = 0; i < ctx.epochs().size(); ++i) {
    out += i == 0 ? "" : ",";
    out += std::to_string(ctx.epochs()[i]);
  }
  out +=
      "], clock=" + std::to_string(ctx.clock()) + ", " + Deferred::showHistory(ctx.history()) + ")";
  return out;
}

template <Scalar S>
void showValue(const GradientContext<S> &ctx, std::ostream &os) {
  os << showContext(ctx);
}

}  // namespace proofport
