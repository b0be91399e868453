// Gradient contexts with the Lean theorems armed at run time, at a level chosen at compile time:
// `off` is the production type itself; `invariants` checks the structure fields and the
// Contributions obligations; `shadow` also runs the oracle's dense context alongside and checks
// each operation's theorem instance.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean (as run-time checks)
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/checked/Report.h"
#include "proofport/checked/Violation.h"
#include "proofport/core/Gradients.h"
#include "proofport/oracle/Dense.h"

namespace proofport::checked {

/// How much a checked context verifies; fixed at compile time so `off` costs nothing.
enum class CheckLevel {
  /// No check: the production `GradientContext<S>` itself.
  off,
  /// After every operation `covered`, `bounded` and the shape list; before every
  /// `addContributions` the obligations `correct` and `outside` of the contribution.
  invariants,
  /// `invariants`, plus the oracle's dense context kept alongside and, for a sample of
  /// operations, the operation's theorem instance checked against it.
  shadow,
};

template <Scalar S, CheckLevel L, class Context = GradientContext<S>>
class CheckedContext;

/// The gradient context checked at level `L`: exactly `GradientContext<S>` for `off` (no code,
/// no data), else `CheckedContext<S, L>`, which has the same member functions.
template <Scalar S, CheckLevel L = CheckLevel::off>
using CheckedGradientContext =
    std::conditional_t<L == CheckLevel::off, GradientContext<S>, CheckedContext<S, L>>;

static_assert(std::is_same_v<CheckedGradientContext<double>, GradientContext<double>>,
              "off must be the production type itself: no code, no data");

/// A production `GradientContext<S>` wrapped with run-time theorem checks (`invariants` or
/// `shadow`, see `CheckLevel`). Same operations, names and errors as the production context;
/// bad input is rejected by production first (typed error, object unchanged). A broken theorem
/// goes to `CheckOptions` (default: throw `TheoremViolation`, after the operation took effect).
/// `Context` is the implementation checked: `GradientContext<S>`, or any port with its member
/// functions (an engine's own context, a deliberately faulty one in tests). Value type.
/// Lean: Proofs.Autograd.Algebra.GradientContext (with its theorems as run-time checks)
template <Scalar S, CheckLevel L, class Context>
class CheckedContext {
  static_assert(L != CheckLevel::off, "CheckedGradientContext<S, off> is GradientContext<S>");

public:
  /// Whether this level keeps and checks against the oracle's dense context.
  static constexpr bool kShadow = L == CheckLevel::shadow;

  /// Checks an existing context from now on (nothing about its past is checked).
  /// Cost: O(1), plus for `shadow` the oracle's dense reading of `ctx` (O(elements × clock)).
  explicit CheckedContext(Context ctx = {}, CheckOptions options = {})
      : m_ctx(std::move(ctx)), m_options(std::move(options)), m_shapes(m_ctx.shapes()),
        m_sampler(m_options.seed) {
    if constexpr (kShadow) {
      resync();
    }
  }

  /// Stored = seed, epochs all 0, clock 0, empty history; checks `toPack_ofPack` (shadow).
  /// Cost: O(seed), doubled by the shadow.
  /// Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  static CheckedContext ofPack(TensorPack<S> seed, CheckOptions options = {}) {
    CheckedContext out(Context{}, std::move(options));
    const Guard guard(out);
    const bool sampled = out.sample();
    std::optional<TensorPack<S>> kept;
    if (sampled || out.reporting()) {
      kept = seed;
    }
    out.m_ctx = Context::ofPack(std::move(seed));
    out.m_shapes = out.m_ctx.shapes();
    auto arguments = [&](std::ostream &os) { report::writePack(os, "pack", *kept); };
    out.m_inSync = false;
    if (out.checkInvariants("GradientContext::ofPack", guard, arguments) && sampled) {
      out.m_shadow.emplace(*kept);
      out.m_inSync = true;
      out.checkPack("GradientContext.toPack_ofPack", "GradientContext::ofPack", guard, arguments);
    }
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
  const Context &production() const noexcept { return m_ctx; }
  /// The options this context checks and reports with.
  const CheckOptions &options() const noexcept { return m_options; }
  /// Violations found so far (only `ViolationPolicy::log` lets a context go past one).
  std::size_t violations() const noexcept { return m_violations; }
  /// Mutating operations run so far (each one's invariants checked).
  std::size_t operations() const noexcept { return m_operations; }
  /// Of those, the ones sampled for a shadow check of their theorem instance.
  std::size_t sampledOperations() const noexcept { return m_sampledOperations; }

  /// As `GradientContext::stored`.
  const TensorContext<S> &stored() const noexcept { return m_ctx.stored(); }
  /// As `GradientContext::epochs`.
  const std::vector<std::size_t> &epochs() const noexcept { return m_ctx.epochs(); }
  /// As `GradientContext::clock`.
  std::size_t clock() const noexcept { return m_ctx.clock(); }
  /// As `GradientContext::history`.
  const Deferred::History<S> &history() const noexcept { return m_ctx.history(); }
  /// As `GradientContext::size`.
  std::size_t size() const noexcept { return m_ctx.size(); }
  /// As `GradientContext::shapes`.   Cost: O(total rank)
  std::vector<Shape> shapes() const { return m_ctx.shapes(); }

  /// As `GradientContext::read`.   Lean: Proofs.Autograd.Algebra.GradientContext.lookup
  Tensor<S> read(const Idx &idx) const { return m_ctx.read(idx); }
  /// As `GradientContext::lookup`.   Lean: Proofs.Autograd.Algebra.GradientContext.lookup
  TensorLookup<S> lookup() const { return m_ctx.lookup(); }
  /// As `GradientContext::toPack`.   Lean: Proofs.Autograd.Algebra.GradientContext.toPack
  TensorPack<S> toPack() const { return m_ctx.toPack(); }
  /// As `GradientContext::snapshot` (a pure function of `source`; nothing to check).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.snapshot
  static std::vector<Update<S>> snapshot(const std::vector<SomeIdx> &indices,
                                         const TensorLookup<S> &source) {
    return GradientContext<S>::snapshot(indices, source);
  }

  /// As `GradientContext::addUniform`; shadow checks `lookup_addUniform` at every position.
  /// Cost: O(1) + invariants O(epochs); shadow O(all elements).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addUniform
  void addUniform(const S &uniform) {
    const Guard guard(*this);
    const bool sampled = prepare();
    m_ctx.addUniform(uniform);
    auto arguments = [&](std::ostream &os) {
      os << "uniform\n  " << ScalarTraits<S>::show(uniform) << '\n';
    };
    if (checkInvariants("GradientContext::addUniform", guard, arguments) && sampled) {
      m_shadow->addUniform(uniform);
      checkReads("GradientContext.lookup_addUniform",
                 "GradientContext::addUniform", guard, arguments);
    }
  }

  /// As `GradientContext::set`; shadow checks `lookup_set` at every position.
  /// Throws: IndexError / ShapeError (from production; context unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.set
  void set(const Idx &idx, Tensor<S> value) {
    const Guard guard(*this);
    const bool sampled = prepare();
    std::optional<Tensor<S>> kept;
    if (sampled || reporting()) {
      kept = value;
    }
    m_ctx.set(idx, std::move(value));
    auto arguments = [&](std::ostream &os) {
      report::writeIndex(os, idx);
      report::writeTensor(os, *kept);
    };
    if (checkInvariants("GradientContext::set", guard, arguments) && sampled) {
      m_shadow->set(idx.i, *kept);
      checkReads("GradientContext.lookup_set", "GradientContext::set", guard, arguments);
    }
  }

  /// As `GradientContext::setMany`; shadow checks `lookup_setMany_snapshot` at every position
  /// (an update position reads its last update, the others read as before).
  /// Throws: IndexError / ShapeError (from production; context unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.setMany
  void setMany(std::vector<Update<S>> updates) {
    const Guard guard(*this);
    const bool sampled = prepare();
    std::optional<std::vector<Update<S>>> kept;
    if (sampled || reporting()) {
      kept = updates;
    }
    m_ctx.setMany(std::move(updates));
    auto arguments = [&](std::ostream &os) {
      os << "updates " << kept->size() << '\n';
      for (const Update<S> &u : *kept) {
        report::writeIndex(os, u.idx);
        report::writeTensor(os, u.value);
      }
    };
    if (checkInvariants("GradientContext::setMany", guard, arguments) && sampled) {
      for (const Update<S> &u : *kept) {
        m_shadow->set(u.idx.i, u.value);
      }
      checkReads("GradientContext.lookup_setMany_snapshot",
                 "GradientContext::setMany", guard, arguments);
    }
  }

  /// As `GradientContext::addContributions`. First (invariants) the obligations `correct` and
  /// `outside` of `c`: a violation is found before the context changes. Then shadow checks
  /// `lookup_addContributions` (every position reads `old + c.lookup`) and
  /// `toPack_addContributions` (`toPack = old.toPack.add (c.dense ())`).
  /// Cost: production's, plus O(all elements) for the obligations and the shadow.
  /// Throws: ShapeError (from production; context unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addContributions
  void addContributions(const Contributions<S> &c) {
    const Guard guard(*this);
    auto arguments = [&](std::ostream &os) {
      os << "uniform\n  " << ScalarTraits<S>::show(c.uniform()) << "\nsupport "
         << c.support().size() << '\n';
      for (const SomeIdx &idx : c.support()) {
        report::writeIndex(os, idx);
      }
      report::writePack(os, "dense", c.dense());
      report::writePack(os, "lookup", c.lookup().toPack());
    };
    std::optional<TensorPack<S>> dense;
    bool obligationsHold = false;
    if (c.shapes() == m_shapes) {
      dense = c.dense();
      obligationsHold = checkObligations(c, *dense, guard, arguments);
    }
    const bool sampled = prepare() && obligationsHold;
    if (!sampled) {
      m_inSync = false;  // the shadow will not follow this operation
    }
    std::vector<Tensor<S>> expected;
    if (sampled) {
      for (std::size_t j = 0; j < m_shadow->size() && j < c.shapes().size(); ++j) {
        const Tensor<S> theirs = c.lookup().read(Idx{j, c.shapes()[j]});
        expected.push_back(oracle::add(m_shadow->read(j), theirs));
      }
    }
    m_ctx.addContributions(c);
    if (checkInvariants("GradientContext::addContributions", guard, arguments) && sampled &&
        checkReadsAgainst(expected, "GradientContext.lookup_addContributions",
                          "GradientContext::addContributions", guard, arguments)) {
      m_shadow->addPack(*dense);
      checkPack("GradientContext.toPack_addContributions",
                "GradientContext::addContributions", guard, arguments);
    }
  }

  /// As `GradientContext::addDense`; shadow checks `toPack_addDense`.
  /// Throws: ShapeError (from production; context unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addDense
  void addDense(const TensorPack<S> &contribution) {
    const Guard guard(*this);
    const bool sampled = prepare();
    m_ctx.addDense(contribution);
    auto arguments = [&](std::ostream &os) { report::writePack(os, "pack", contribution); };
    if (checkInvariants("GradientContext::addDense", guard, arguments) && sampled) {
      m_shadow->addPack(contribution);
      checkPack("GradientContext.toPack_addDense", "GradientContext::addDense", guard, arguments);
    }
  }

  /// As `GradientContext::cast`; shadow checks `toPack_cast`.
  /// Throws: ShapeError unless `other == shapes()` (context unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.cast
  CheckedContext &cast(const std::vector<Shape> &other) {
    const Guard guard(*this);
    const bool sampled = prepare();
    m_ctx.cast(other);
    m_shapes = other;
    auto arguments = [&](std::ostream &os) { os << "shapes " << showShapes(other) << '\n'; };
    if (checkInvariants("GradientContext::cast", guard, arguments) && sampled) {
      checkPack("GradientContext.toPack_cast", "GradientContext::cast", guard, arguments);
    }
    return *this;
  }

  /// As `GradientContext::pop`; shadow checks `toPack_pop` (the popped tensor is the old
  /// pack's last, the rest its prefix).
  /// Throws: IndexError on an empty context (unchanged).
  /// Lean: Proofs.Autograd.Algebra.GradientContext.pop
  Tensor<S> pop() {
    const Guard guard(*this);
    const bool sampled = prepare();
    Tensor<S> last = m_ctx.pop();
    m_shapes.pop_back();
    auto arguments = [](std::ostream &) {};
    if (checkInvariants("GradientContext::pop", guard, arguments) && sampled) {
      const Tensor<S> expected = m_shadow->pop();
      if (auto d = difference(expected, last, m_shapes.size())) {
        violated("GradientContext.toPack_pop",
                 "GradientContext::pop", std::move(*d), guard, arguments);
      } else {
        checkPack("GradientContext.toPack_pop", "GradientContext::pop", guard, arguments);
      }
    }
    return last;
  }

private:
  /// The context before the current operation, kept only while reports are written.
  struct Guard {
    explicit Guard(const CheckedContext &self) {
      if (self.reporting()) {
        before = self.m_ctx;
      }
    }
    std::optional<Context> before;
  };

  bool reporting() const noexcept { return !m_options.reportDirectory.empty(); }

  /// Counts the operation about to run and says whether it is sampled.
  bool sample() {
    ++m_operations;
    const bool sampled = draw();
    m_sampledOperations += sampled ? 1 : 0;
    return sampled;
  }

  /// One sampling decision: a splitmix64 draw compared with the rate.
  bool draw() {
    if constexpr (!kShadow) {
      return false;
    } else {
      if (m_options.sampleRate >= 1.0) {
        return true;
      }
      if (!(m_options.sampleRate > 0.0)) {
        return false;
      }
      m_sampler += 0x9e3779b97f4a7c15ULL;
      std::uint64_t z = m_sampler;
      z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
      z ^= z >> 31U;
      return static_cast<double>(z >> 11U) * 0x1.0p-53 < m_options.sampleRate;
    }
  }

  /// Samples the operation about to run. A sampled one that follows unsampled ones starts
  /// from production's own `toPack` (the theorems' right-hand sides are stated over
  /// `ctx.lookup` / `ctx.toPack` of the context before): one fast materialization, where the
  /// oracle's replay of the whole history, one addition at a time, would cost more than the
  /// checks saved. At rate 1 the shadow is the oracle's from the start and never re-read.
  bool prepare() {
    const bool sampled = sample();
    if constexpr (kShadow) {
      if (sampled && !m_inSync) {
        m_shadow.emplace(m_ctx.toPack());
        m_inSync = true;
      }
    }
    if (!sampled) {
      m_inSync = false;
    }
    return sampled;
  }

  /// The shadow re-read from production's raw parts by the oracle (never by production).
  void resync() {
    if constexpr (kShadow) {
      m_shadow.emplace(oracle::DenseContext<S>::fromParts(
          m_ctx.stored().toPack(), m_ctx.epochs(), m_ctx.clock(), m_ctx.history()));
      m_inSync = true;
    }
  }

  /// The first difference between two tensors at `position`, or nothing.
  static std::optional<ViolationDetails> difference(const Tensor<S> &expected,
                                                    const Tensor<S> &actual,
                                                    std::size_t position) {
    ViolationDetails d;
    d.position = position;
    if (expected.shape() != actual.shape()) {
      d.expected = "shape " + showShape(expected.shape());
      d.actual = "shape " + showShape(actual.shape());
      return d;
    }
    for (std::size_t k = 0; k < expected.size(); ++k) {
      if (!ScalarTraits<S>::identical(expected[k], actual[k])) {
        d.element = k;
        d.expected = ScalarTraits<S>::show(expected[k]);
        d.actual = ScalarTraits<S>::show(actual[k]);
        return d;
      }
    }
    return std::nullopt;
  }

  /// Fills in the rest of `d`, writes the report, dispatches; afterwards (log policy) the
  /// shadow follows production again.
  template <class Arguments>
  void violated(const char *theorem, const char *operation, ViolationDetails d,
                const Guard &guard, const Arguments &arguments) {
    d.theorem = leanName(theorem);
    d.operation = operation;
    d.scalar = std::string(ScalarTraits<S>::name);
    if (reporting()) {
      d.reportPath = report::writeReport<S>(m_options.reportDirectory, d, *guard.before, arguments);
    }
    ++m_violations;
    m_shapes = m_ctx.shapes();
    resync();
    dispatchViolation(TheoremViolation(std::move(d)), m_options);
  }

  // Each check below returns whether it held; a violation has been dispatched when it did not
  // (and the shadow re-read from production), so the caller skips the checks that follow.

  /// `covered`, `bounded`, and the shape list the operations imply.   Cost: O(epochs + rank)
  template <class Arguments>
  bool checkInvariants(const char *operation, const Guard &guard, const Arguments &arguments) {
    if (m_ctx.size() > m_ctx.epochs().size()) {
      ViolationDetails d;
      d.expected = "at least " + std::to_string(m_ctx.size()) + " epochs";
      d.actual = std::to_string(m_ctx.epochs().size()) + " epochs";
      violated("GradientContext.covered", operation, std::move(d), guard, arguments);
      return false;
    }
    for (std::size_t i = 0; i < m_ctx.epochs().size(); ++i) {
      if (m_ctx.epochs()[i] > m_ctx.clock()) {
        ViolationDetails d;
        d.position = i;
        d.expected = "epochs[" + std::to_string(i) + "] <= clock " + std::to_string(m_ctx.clock());
        d.actual = std::to_string(m_ctx.epochs()[i]);
        violated("GradientContext.bounded", operation, std::move(d), guard, arguments);
        return false;
      }
    }
    const auto &values = m_ctx.stored().values();
    bool same = values.size() == m_shapes.size();
    for (std::size_t i = 0; same && i < values.size(); ++i) {
      same = values[i].shape() == m_shapes[i];
    }
    if (!same) {
      std::vector<Shape> actual;
      for (const Tensor<S> &t : values) {
        actual.push_back(t.shape());
      }
      ViolationDetails d;
      d.expected = "shapes " + showShapes(m_shapes);
      d.actual = showShapes(actual);
      violated("GradientContext.stored", operation, std::move(d), guard, arguments);
      return false;
    }
    return true;
  }

  /// `correct` (every position of `lookup` reads `dense`) and `outside` (positions not in the
  /// support read `full(shape, uniform)`).   Cost: O(all elements)
  template <class Arguments>
  bool checkObligations(const Contributions<S> &c, const TensorPack<S> &dense, const Guard &guard,
                        const Arguments &arguments) {
    constexpr const char *kOperation = "GradientContext::addContributions";
    if (dense.shapes() != m_shapes) {
      ViolationDetails d;
      d.expected = "dense () of shapes " + showShapes(m_shapes);
      d.actual = showShapes(dense.shapes());
      violated("Contributions.correct", kOperation, std::move(d), guard, arguments);
      return false;
    }
    std::vector<bool> inSupport(m_shapes.size(), false);
    for (const SomeIdx &idx : c.support()) {
      inSupport[idx.i] = true;
    }
    for (std::size_t i = 0; i < m_shapes.size(); ++i) {
      const Tensor<S> read = c.lookup().read(Idx{i, m_shapes[i]});
      if (auto d = difference(dense[i], read, i)) {
        violated("Contributions.correct", kOperation, std::move(*d), guard, arguments);
        return false;
      }
      if (!inSupport[i]) {
        if (auto d = difference(oracle::full(m_shapes[i], c.uniform()), read, i)) {
          violated("Contributions.outside", kOperation, std::move(*d), guard, arguments);
          return false;
        }
      }
    }
    return true;
  }

  /// Production's `read` at every position against `expected`.   Cost: O(all elements)
  template <class Arguments>
  bool checkReadsAgainst(const std::vector<Tensor<S>> &expected, const char *theorem,
                         const char *operation, const Guard &guard, const Arguments &arguments) {
    if (expected.size() != m_ctx.size()) {
      ViolationDetails d;
      d.expected = std::to_string(expected.size()) + " positions";
      d.actual = std::to_string(m_ctx.size()) + " positions";
      violated(theorem, operation, std::move(d), guard, arguments);
      return false;
    }
    const auto &values = m_ctx.stored().values();
    for (std::size_t j = 0; j < expected.size(); ++j) {
      if (auto d = difference(expected[j], m_ctx.read(Idx{j, values[j].shape()}), j)) {
        violated(theorem, operation, std::move(*d), guard, arguments);
        return false;
      }
    }
    return true;
  }

  /// Production's `read` at every position against the shadow.
  template <class Arguments>
  bool checkReads(const char *theorem, const char *operation, const Guard &guard,
                  const Arguments &arguments) {
    return checkReadsAgainst(m_shadow->toPack().tensors(), theorem, operation, guard, arguments);
  }

  /// Production's `toPack` against the shadow.   Cost: O(all elements)
  template <class Arguments>
  bool checkPack(const char *theorem, const char *operation, const Guard &guard,
                 const Arguments &arguments) {
    const TensorPack<S> actual = m_ctx.toPack();
    if (actual.size() != m_shadow->size()) {
      ViolationDetails d;
      d.expected = std::to_string(m_shadow->size()) + " positions";
      d.actual = std::to_string(actual.size()) + " positions";
      violated(theorem, operation, std::move(d), guard, arguments);
      return false;
    }
    for (std::size_t j = 0; j < actual.size(); ++j) {
      if (auto d = difference(m_shadow->read(j), actual[j], j)) {
        violated(theorem, operation, std::move(*d), guard, arguments);
        return false;
      }
    }
    return true;
  }

  Context m_ctx;
  CheckOptions m_options;
  /// The shape list every operation so far implies (Lean's type index).
  std::vector<Shape> m_shapes;
  std::size_t m_violations = 0;
  std::size_t m_operations = 0;
  std::size_t m_sampledOperations = 0;
  std::uint64_t m_sampler;
  /// The oracle's dense context (shadow level); valid for checking while `m_inSync`.
  std::optional<oracle::DenseContext<S>> m_shadow;
  bool m_inSync = false;
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
  /// The seed pack becomes the context.   Lean: Proofs.Autograd.Algebra.GradientContext.ofPack
  void start(TensorPack<S> seed) {
    if constexpr (L == CheckLevel::off) {
      m_ctx = GradientContext<S>::ofPack(std::move(seed));
    } else {
      m_ctx = CheckedContext<S, L>::ofPack(std::move(seed), m_options);
    }
  }
  /// Lean: Proofs.Autograd.Algebra.GradientContext.pop
  Tensor<S> pop() { return m_ctx.pop(); }
  /// Lean: Proofs.Autograd.Algebra.GradientContext.addContributions
  void add(const Contributions<S> &c) { m_ctx.addContributions(c); }
  /// Lean: Proofs.Autograd.Algebra.GradientContext.toPack
  TensorPack<S> finish() const { return m_ctx.toPack(); }
  /// The context.
  const CheckedGradientContext<S, L> &context() const { return m_ctx; }

private:
  CheckOptions m_options;
  CheckedGradientContext<S, L> m_ctx;
};

} // namespace proofport::checked
