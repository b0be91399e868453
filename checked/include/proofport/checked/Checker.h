// The checking engine behind every checked structure: runs a production operation and checks
// the theorem declarations about it at the level chosen at compile time, from the declarations
// themselves (no second copy of any theorem).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/checked/CheckLevel.h"
#include "proofport/checked/Sampling.h"
#include "proofport/checked/Scratch.h"
#include "proofport/checked/Violation.h"
#include "proofport/runner/Check.h"
#include "proofport/runner/Operation.h"
#include "proofport/spec/Difference.h"

namespace proofport::checked {

/// The checking engine of port `P`'s structure at level `L` (see runner::Port for what a port
/// gives). Besides the port, a structure's declarations take part by kind: definitions about an
/// operation (Kind::Definition with `Operation`) provide `fields(p, all)` recorded before it and
/// `check(fields, p)` after; invariants (Kind::Invariant) `check(p, touched slots, operation)`;
/// obligations of an operation's arguments (Kind::Obligation with `Operation`, `kLocal`)
/// `argument(args, positions)`, checked before it; operation theorems (runner::OperationTheorem)
/// their `rhs` at the checked positions. `emit` (what a port's `checkStructure` reports through)
/// reports a violation: `emit(theorem, details)`, `emit.compare(theorem, position, expected,
/// actual)`, `emit.falsified(theorem, statement, falsified)`; `emit.operation` names the
/// operation. A structure's checked type is `Checked<P, L, Operations>` (below), whose
/// operations derive from this class.
template <runner::Port P, CheckLevel L>
class Checker {
  static_assert(L != CheckLevel::off, "at `off`, Checked<P, off, Operations> is P::Production");
  using Port = runner::PortDefaults<P>;

public:
  /// The port this checker checks through, and its level.
  using Ported = P;
  static constexpr CheckLevel kLevel = L;
  using Production = typename P::Production;
  using Model = typename P::Model;
  using Position = typename P::Position;

  /// Checks `production` from now on (nothing about its past is checked).
  /// Cost: O(1), plus for `shadow` the oracle's reading of `production`.
  explicit Checker(Production production = {}, CheckOptions options = {})
      : m_production(std::move(production)), m_options(std::move(options)),
        m_random(m_options.seed) {
    if constexpr (L == CheckLevel::shadow) {
      m_model.emplace(P::model(m_production));
      m_inSync = true;
    }
  }

  /// The structure being checked.
  const Production &production() const noexcept { return m_production; }
  /// The options this structure checks and reports with.
  const CheckOptions &options() const noexcept { return m_options; }
  /// Violations found so far (only `ViolationPolicy::log` lets a structure go past one).
  std::size_t violations() const noexcept { return m_violations; }
  /// Mutating operations run so far.
  std::size_t operations() const noexcept { return m_operations; }
  /// Of those, the ones sampled for a shadow check.
  std::size_t sampledOperations() const noexcept { return m_sampledOperations; }

protected:
  /// Runs operation `Op` with `args` on the production structure and checks it at level `L`:
  /// the obligations of `args` first (a violation there is found before anything changes),
  /// then the operation (bad input is production's to reject: typed error, unchanged), then
  /// the invariants, definitions and theorem equations about `Op`.
  /// Returns: what the operation returns.   Throws: production's errors; TheoremViolation
  /// under `ViolationPolicy::raise`.
  template <class Op, class Args>
  decltype(auto) perform(const Args &args) {
    return performImpl<Op>(args, static_cast<Args *>(nullptr));
  }

  /// As `perform`, for arguments the caller gives up (no report directory): at `invariants`
  /// an operation with `applyTaking(p, args&&)` takes them (ofPack moves its seed into the
  /// structure instead of copying it); at `local` one with `applyKeeping(p, args&&)` takes what
  /// the structure keeps, leaving in `args` what the checks read (ofPack: the seed, flat).
  template <class Op, class Args>
  decltype(auto) performTaking(Args &&args) {
    static_assert(!std::is_lvalue_reference_v<Args>, "performTaking takes an rvalue");
    return performImpl<Op>(std::as_const(args), &args);
  }

private:
  template <class Op, class Args>
  decltype(auto) performImpl(const Args &args, Args *taken) {
    ++m_operations;
    const bool sampled = sample();
    std::optional<Production> guard;
    if (reporting()) {
      guard = m_production;
    }
    const Emit<Args> emit{*this, Op::name, guard, args};
    // Scratch vectors kept between operations: at the cheap levels an allocation per operation
    // is a visible share of the operation itself.
    std::vector<std::size_t> &touched = m_touched;
    touched.clear();
    Op::touched(m_production, args, touched);
    const std::size_t sizeBefore = P::size(m_production);
    // Checked at every position (a sampled shadow operation), or at the touched ones and
    // `localSamples` seeded others (local; invariants, for the argument obligations).
    const std::size_t samples =
        L == CheckLevel::local || L == CheckLevel::invariants ? m_options.localSamples : 0;
    // At `invariants` only the obligations of `Op`'s arguments read them.
    constexpr bool kPositions =
        L != CheckLevel::invariants || hasObligations<Op>(typename P::Theorems{});
    const std::vector<std::size_t> &positions =
        kPositions ? m_checked.before(sizeBefore, touched, sampled, samples, m_random,
                                      m_options.localWindow)
                   : m_none;
    const bool argumentsHold =
        checkArguments<Op>(args, positions, sampled, emit, typename P::Theorems{});
    if (!argumentsHold) {
      m_inSync = false;
    }
    // The reads before, in storage kept from one operation to the next.
    const typename Port::Before *before = nullptr;
    if ((L == CheckLevel::local || (sampled && m_inSync)) && argumentsHold) {
      const std::span<const std::size_t> at(positions);
      if (m_before) {
        m_before->assign(m_production, at);
      } else {
        m_before.emplace(m_production, at);
      }
      before = &*m_before;
    }
    auto definitions = recordDefinitions<Op>();
    // The positions after the operation: only the theorem checks (local, a sampled shadow)
    // read them.
    const auto afterPositions = [&]() -> const std::vector<std::size_t> & {
      return L == CheckLevel::local || sampled
                 ? m_checked.after(P::size(m_production), touched, sizeBefore, sampled)
                 : m_none;
    };
    if constexpr (std::is_void_v<decltype(Op::apply(m_production, args))>) {
      applyGiven<Op>(args, taken);
      after<Op>(args, touched, afterPositions(), before, definitions, emit,
                static_cast<const std::nullptr_t *>(nullptr), sampled);
    } else {
      auto result = Op::apply(m_production, args);
      after<Op>(args, touched, afterPositions(), before, definitions, emit, &result, sampled);
      return result;
    }
  }

  /// `Op` on production with `args`, or with what `taken` gives up (performTaking).
  template <class Op, class Args>
  void applyGiven(const Args &args, Args *taken) {
    if (taken != nullptr && !reporting()) {
      if constexpr (L == CheckLevel::invariants &&
                    requires { Op::applyTaking(m_production, std::move(*taken)); }) {
        Op::applyTaking(m_production, std::move(*taken));
        return;
      } else if constexpr (L == CheckLevel::local &&
                           requires { Op::applyKeeping(m_production, std::move(*taken)); }) {
        Op::applyKeeping(m_production, std::move(*taken));
        return;
      }
    }
    Op::apply(m_production, args);
  }

  /// Reports violations of the current operation: fills in the details, writes the report,
  /// dispatches; afterwards (log policy) the model follows production again.
  template <class Args>
  struct EmitImpl {
    Checker &self;
    std::string_view operation;
    const std::optional<Production> &before;
    const Args &args;
    void operator()(std::string_view theorem, ViolationDetails d) const {
      d.theorem = std::string(theorem);
      d.operation = std::string(operation);
      d.scalar = Port::scalar();
      if (self.reporting() && before) {
        d.reportPath =
            Port::writeReport(self.m_options.reportDirectory, d, *before, operation, args);
      }
      ++self.m_violations;
      self.m_inSync = false;
      if constexpr (L == CheckLevel::shadow) {
        self.m_model.emplace(P::model(self.m_production));
        self.m_inSync = true;
      }
      dispatchViolation(TheoremViolation(std::move(d)), self.m_options);
    }
    /// A Falsified from a declaration's body: its message is what production did.
    void falsified(std::string_view theorem, std::string_view statement,
                   const runner::Falsified &f) const {
      ViolationDetails d;
      d.position = f.position();
      d.element = f.element();
      d.expected = f.expected().empty() ? std::string(statement) : f.expected();
      d.actual = f.actual().empty() ? std::string(f.what()) : f.actual();
      (*this)(theorem, std::move(d));
    }
    /// The first difference between production's `actual` and the theorem's `expected` at
    /// `position`, reported as a violation of `theorem`; false if there was one.
    template <class Value>
    bool compare(std::string_view theorem, std::size_t position, const Value &expected,
                 const Value &actual) const {
      const auto diff = Port::difference(expected, actual);
      if (!diff) {
        return true;
      }
      ViolationDetails d;
      d.position = position;
      d.element = diff->element;
      d.expected = diff->left;
      d.actual = diff->right;
      if (diff->shapes()) {
        d.expected = "shape " + diff->left;
        d.actual = "shape " + diff->right;
      }
      (*this)(theorem, std::move(d));
      return false;
    }
  };
  template <class Args>
  using Emit = EmitImpl<Args>;

  bool reporting() const noexcept { return !m_options.reportDirectory.empty(); }

  /// Whether the operation about to run gets a shadow check (shadow level, at the sample
  /// rate). A sampled operation after unsampled ones starts the model from production's
  /// materialized pack (the theorems' right sides are stated over the structure before).
  bool sample() {
    if constexpr (L != CheckLevel::shadow) {
      return false;
    } else {
      const double rate = m_options.sampleRate;
      const bool sampled = rate >= 1.0 || (rate > 0.0 && m_random.unit() < rate);
      m_sampledOperations += sampled ? 1 : 0;
      if (sampled && !m_inSync) {
        m_model.emplace(Port::modelFromPack(P::pack(m_production)));
        m_inSync = true;
      }
      if (!sampled) {
        m_inSync = false;
      }
      return sampled;
    }
  }

  /// The fields each definition about `Op` records before it (Kind::Definition declarations).
  template <class Op>
  auto recordDefinitions() {
    return recordDefinitionsOf<Op>(typename P::Theorems{});
  }
  template <class Op, class... Ts>
  auto recordDefinitionsOf(runner::Theorems<Ts...>) {
    return std::tuple<decltype(recordOne<Op, Ts>())...>{recordOne<Op, Ts>()...};
  }
  template <class Op, class T>
  auto recordOne() {
    if constexpr (requires { typename T::Operation; } &&
                  T::theorem.kind == runner::Kind::Definition) {
      if constexpr (std::is_same_v<typename T::Operation, Op>) {
        const bool full = L == CheckLevel::shadow;
        return std::optional(T::fields(m_production, full));
      } else {
        return std::optional<int>();
      }
    } else {
      return std::optional<int>();
    }
  }

  /// Everything checked after the operation.
  template <class Op, class Args, class Definitions, class Result>
  void after(const Args &args, const std::vector<std::size_t> &touched,
             const std::vector<std::size_t> &positions, const typename Port::Before *before,
             const Definitions &definitions, const Emit<Args> &emit, const Result *result,
             bool sampled) {
    if (!Port::checkStructure(m_production, std::span<const std::size_t>(touched), emit) ||
        !checkInvariants(touched, emit, typename P::Theorems{})) {
      return;
    }
    if (!checkDefinitions<Op>(definitions, emit, typename P::Theorems{})) {
      return;
    }
    if constexpr (L == CheckLevel::local) {
      if (before != nullptr) {
        checkTheorems<Op, true>(args, positions, *before, emit, result, typename P::Theorems{});
      }
    } else if constexpr (L == CheckLevel::shadow) {
      if (sampled && before != nullptr && m_inSync) {
        if (checkTheorems<Op, false>(args, positions, *before, emit, result,
                                     typename P::Theorems{})) {
          checkModel<Op>(args, emit, result);
        }
      }
    }
  }

  /// Whether some declaration is an obligation of `Op`'s arguments.
  template <class Op, class... Ts>
  static constexpr bool hasObligations(runner::Theorems<Ts...>) {
    return (isObligationOf<Op, Ts>() || ...);
  }
  template <class Op, class T>
  static constexpr bool isObligationOf() {
    if constexpr (requires { typename T::Operation; } &&
                  T::theorem.kind == runner::Kind::Obligation) {
      return std::is_same_v<typename T::Operation, Op>;
    } else {
      return false;
    }
  }

  /// The obligations of `Op`'s arguments (Kind::Obligation declarations with `Operation` and
  /// `argument(args, positions)`): the sampled ones at `positions` below shadow, every one at
  /// every position for a sampled shadow operation.
  template <class Op, class Args, class... Ts>
  bool checkArguments(const Args &args, const std::vector<std::size_t> &positions, bool sampled,
                      const Emit<Args> &emit, runner::Theorems<Ts...>) {
    return (checkArgument<Op, Ts>(args, positions, sampled, emit) && ...);
  }
  template <class Op, class T, class Args>
  bool checkArgument(const Args &args, const std::vector<std::size_t> &positions, bool sampled,
                     const Emit<Args> &emit) {
    if constexpr (requires { typename T::Operation; } &&
                  T::theorem.kind == runner::Kind::Obligation) {
      if constexpr (std::is_same_v<typename T::Operation, Op>) {
        if (sampled || (T::kLocal && L != CheckLevel::off)) {
          try {
            T::argument(args, std::span<const std::size_t>(positions));
          } catch (const runner::Falsified &f) {
            emit.falsified(T::theorem.leanName, T::theorem.statement, f);
            return false;
          }
        }
      }
    }
    return true;
  }

  /// The structure invariants (Kind::Invariant declarations, `check(p, slots, after)`) at the
  /// slots the operation touched.
  template <class Args, class... Ts>
  bool checkInvariants(const std::vector<std::size_t> &touched, const Emit<Args> &emit,
                       runner::Theorems<Ts...>) {
    return (checkInvariant<Ts>(touched, emit) && ...);
  }
  template <class T, class Args>
  bool checkInvariant(const std::vector<std::size_t> &touched, const Emit<Args> &emit) {
    if constexpr (T::theorem.kind == runner::Kind::Invariant) {
      try {
        T::check(m_production, std::span<const std::size_t>(touched), emit.operation);
      } catch (const runner::Falsified &f) {
        emit.falsified(T::theorem.leanName, T::theorem.statement, f);
        return false;
      }
    }
    return true;
  }

  template <class Op, class Definitions, class Args, class... Ts>
  bool checkDefinitions(const Definitions &definitions, const Emit<Args> &emit,
                        runner::Theorems<Ts...>) {
    return checkDefinitionsAt<Op, 0>(definitions, emit, runner::Theorems<Ts...>{});
  }
  template <class Op, std::size_t K, class Definitions, class Args, class T, class... Ts>
  bool checkDefinitionsAt(const Definitions &definitions, const Emit<Args> &emit,
                          runner::Theorems<T, Ts...>) {
    const auto &recorded = std::get<K>(definitions);
    if constexpr (!std::is_same_v<std::decay_t<decltype(recorded)>, std::optional<int>>) {
      try {
        T::check(*recorded, m_production);
      } catch (const runner::Falsified &f) {
        emit.falsified(T::theorem.leanName, T::theorem.statement, f);
        return false;
      }
    }
    return checkDefinitionsAt<Op, K + 1>(definitions, emit, runner::Theorems<Ts...>{});
  }
  template <class Op, std::size_t K, class Definitions, class Args>
  bool checkDefinitionsAt(const Definitions &, const Emit<Args> &, runner::Theorems<>) {
    return true;
  }

  /// Every operation theorem about `Op` (only the local ones when `kLocalOnly`) at `positions`.
  template <class Op, bool kLocalOnly, class Args, class Result, class... Ts>
  bool checkTheorems(const Args &args, const std::vector<std::size_t> &positions,
                     const typename Port::Before &before, const Emit<Args> &emit,
                     const Result *result, runner::Theorems<Ts...>) {
    return (checkTheorem<Op, kLocalOnly, Ts>(args, positions, before, emit, result) && ...);
  }

  template <class Op, bool kLocalOnly, class T, class Args, class Result>
  bool checkTheorem(const Args &args, const std::vector<std::size_t> &positions,
                    const typename Port::Before &before, const Emit<Args> &emit,
                    const Result *result) {
    if constexpr (!runner::OperationTheorem<T>) {
      return true;
    } else if constexpr (!std::is_same_v<typename T::Operation, Op>) {
      return true;
    } else if constexpr (kLocalOnly && !T::kLocal) {
      return true;
    } else {
      if constexpr (!std::is_same_v<Result, std::nullptr_t> &&
                    requires { T::result(before, args, *result); }) {
        try {
          T::result(before, args, *result);
        } catch (const runner::Falsified &f) {
          emit.falsified(T::theorem.leanName, T::theorem.statement, f);
          return false;
        }
      }
      const std::size_t size = P::size(m_production);
      std::optional<std::remove_cvref_t<decltype(P::pack(m_production))>> packed;
      const auto rhs = runner::rightSide<T>(before, args);
      for (const std::size_t i : positions) {
        if (i >= size) {
          continue;
        }
        const Position &at = m_scratch.positionAt(m_production, i);
        const auto &expected = m_scratch.expectedAt(rhs, at);
        if (T::kSide == runner::Side::Pack && !kLocalOnly) {
          if (!packed) {
            packed.emplace(P::pack(m_production));
          }
          if (!emit.compare(T::theorem.leanName, i, expected, (*packed)[i])) {
            return false;
          }
        } else if (!emit.compare(T::theorem.leanName, i, expected,
                                 m_scratch.readAt(m_production, at))) {
          return false;
        }
      }
      return true;
    }
  }

  /// The model follows the operation; production reads like the model at every position.
  template <class Op, class Args, class Result>
  void checkModel(const Args &args, const Emit<Args> &emit, const Result *result) {
    Model &model = *m_model;
    if constexpr (std::is_same_v<Result, std::nullptr_t>) {
      Op::dense(model, args);
    } else {
      const auto modelResult = Op::dense(model, args);
      if (!emit.compare(P::modelTheorem(), P::modelSize(model), modelResult, *result)) {
        return;
      }
    }
    const std::size_t size = P::size(m_production);
    if (size != P::modelSize(model)) {
      ViolationDetails d;
      d.expected = std::to_string(P::modelSize(model)) + " positions";
      d.actual = std::to_string(size) + " positions";
      emit(P::modelTheorem(), std::move(d));
      return;
    }
    for (std::size_t i = 0; i < size; ++i) {
      const Position &at = m_scratch.positionAt(m_production, i);
      if (!emit.compare(P::modelTheorem(), i, P::modelRead(model, at),
                        m_scratch.readAt(m_production, at))) {
        return;
      }
    }
  }

  Production m_production;
  CheckOptions m_options;
  SplitMix64 m_random;
  std::optional<Model> m_model;
  bool m_inSync = false;
  std::size_t m_violations = 0;
  std::size_t m_operations = 0;
  std::size_t m_sampledOperations = 0;
  std::vector<std::size_t> m_touched;
  CheckedPositions m_checked;
  std::vector<std::size_t> m_none;  // stays empty
  Scratch<P> m_scratch;
  std::optional<typename Port::Before> m_before;
};

/// Port `P`'s structure checked at level `L`: exactly `P::Production` at `off` (no code, no
/// data), else `Operations<Checker<P, L>>`, the structure's checked operations. `Operations` is
/// the one thing a porter writes for run-time checks: a class template deriving from the checker
/// it is given (`using Base::Base;` takes its constructor `(production, CheckOptions)`), with the
/// production type's member functions, each mutating one calling `this->template
/// perform<Op>(args)`, each reading one `this->production()`'s. Cost: the checker's (above).
/// Lean: the structure the port ports, with its theorems as run-time checks.
template <runner::Port P, CheckLevel L, template <class> class Operations>
using Checked =
    std::conditional_t<L == CheckLevel::off, typename P::Production, Operations<Checker<P, L>>>;

}  // namespace proofport::checked
