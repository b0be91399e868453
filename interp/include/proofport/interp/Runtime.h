// Run-time checks from interpreted statements: the theorems of a Lean file about an operation,
// checked after each call of that operation on a live structure of a production build (the
// `local` check level, CheckLevel.h), with no statement written twice.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proofport/checked/Violation.h"
#include "proofport/interp/Elaborate.h"
#include "proofport/interp/Registry.h"
#include "proofport/interp/Value.h"
#include "proofport/lean/Term.h"

namespace proofport::interp {

/// How many theorems a run-time check evaluates, and at which values.
struct RuntimeOptions {
  /// Theorems checked after each call of an operation, taken in turn among the theorems about
  /// it, so that consecutive calls check all of them; 0 checks every one each call.
  std::size_t theoremsPerOperation = 1;
  /// Evaluations of each checked theorem besides the first: the first binds the statement's
  /// other binders (`a` of `(m.insert k v)[a]? = …`) to the operation's own arguments where their
  /// types agree (the touched key), each further one to values drawn from the pool.
  std::size_t samples = 1;
  /// Recent arguments kept per Lean type (a ring), the values sampled binders are drawn from.
  std::size_t pool = 16;
  /// Seed of the sampling stream: same seed, same operations, same values checked.
  std::uint64_t seed = 0;
  /// One call in `period` is checked (due() says which: the 1st, the (period+1)th, …); 0 or 1
  /// checks every call. On average theoremsPerOperation / period theorems per call. The
  /// defaults (one theorem, one sample, every 256th call) keep a checked std::unordered_map
  /// near 3x a plain one on small operations (bench/HashMapCheckedBench.cpp); a test that
  /// wants every call checked sets 1.
  std::size_t period = 256;
};

/// A theorem a RuntimeChecks evaluates after each call of `operation`.
struct RuntimeTheorem {
  /// Full Lean name.
  std::string name;
  /// The operation whose call the statement is about (`Std.HashMap.insert`).
  std::string operation;
  /// Where the statement is: `FILE:LINE`.
  std::string where;
  /// The conclusion, as written.
  std::string conclusion;
};

/// A theorem of the file a RuntimeChecks does not use, and why (`not elaborated: …`, `no call
/// of a checked operation on a structure binder`, `whole-structure operation
/// Std.HashMap.toList`, `binder l : List (Int × Int) is not drawn at run time`, …).
struct RuntimeUnused {
  std::string name;
  std::string reason;
};

/// The statements of a Lean source about a structure's operations, ready to check after each
/// call of an operation on a live structure. The statements are read and elaborated when it is
/// built (at start-up of the checked program: the Lean file is read then, not compiled in), and
/// only the theorems usable at run time are kept.
///
/// A theorem is about operation `op` when its conclusion or a hypothesis calls `op`, an
/// operation whose result is or holds a structure (insert, erase, containsThenInsert; not a
/// query), on a binder `m` of a structure type with binders (or literals) as the other
/// arguments: `(m.insert k v)[a]?
/// = if k == a then some v else m[a]?` is about `Std.HashMap.insert`. After a call of `op` on a
/// live structure, `m` is the structure before the call, the operation's arguments its binders
/// (`k`, `v`), and the call's result is the structure after. Every subterm that reads `m` but
/// not the call (`m[a]?`) is evaluated before the call, the rest after it, so no copy of the
/// structure is made. A theorem is used only when:
///  - `m` is read outside the call only by subterms closed over the binders (not inside a
///    `fun` or quantifier that binds something they read);
///  - no other call takes a structure and returns a structure or a list (each would copy or
///    list the whole structure: `toList`, `keys`, `erase` of the result) and no quantifier
///    ranges over a structure's elements: the work per check stays that of a few lookups;
///  - every other value binder has a Bool, Nat, Option or argument type (drawn from the pool).
/// Cost: building: O(statements × elaboration); a call: O(theoremsPerOperation × (1 + samples)
/// × the statement's evaluation), queries on the live structure included.
/// Not thread-safe: one per structure, or per thread.
class RuntimeChecks {
public:
  /// Selects, among `statements` (from `source`, for messages), the theorems usable at run time
  /// over `instantiation` of `registry` (which must outlive this). `report` says what a
  /// violation does (raise, abort, log; its handler), as for any checked structure.
  /// Cost: O(statements × elaboration)
  /// Throws: ContractError if `registry` has no operation named by `operations` (when not
  /// empty: only theorems about these are kept) or an instantiation type is unknown.
  RuntimeChecks(const std::vector<lean::Statement> &statements, std::string source,
                const Registry &registry, Instantiation instantiation, RuntimeOptions options = {},
                checked::CheckOptions report = {}, std::vector<std::string> operations = {});

  /// Reads `path` with lean::readStatementsFile, then as the constructor.
  /// Throws: lean::ReadError if the file cannot be read or has a syntax error; as the
  /// constructor.
  static std::unique_ptr<RuntimeChecks> fromFile(const std::string &path, const Registry &registry,
                                                 Instantiation instantiation,
                                                 RuntimeOptions options = {},
                                                 checked::CheckOptions report = {},
                                                 std::vector<std::string> operations = {});

  RuntimeChecks(const RuntimeChecks &) = delete;
  RuntimeChecks &operator=(const RuntimeChecks &) = delete;
  ~RuntimeChecks();

  /// The theorems used, in file order.
  const std::vector<RuntimeTheorem> &theorems() const noexcept { return m_theorems; }
  /// The theorems not used, with why, in file order.
  const std::vector<RuntimeUnused> &unused() const noexcept { return m_unused; }
  /// How many theorems are about `operation`.   Cost: O(log operations)
  std::size_t theoremsAbout(std::string_view operation) const;
  /// Theorem evaluations done so far whose premises held, and violations found.
  std::size_t checks() const noexcept { return m_checks; }
  std::size_t violations() const noexcept { return m_violations; }

  /// Whether the next call is checked (RuntimeOptions::period), counting it: a checked
  /// structure calls it before each operation and before() only when it says so.
  /// Cost: O(1)   Throws: nothing.
  bool due() noexcept {
    const bool out = m_options.period <= 1 || m_calls % m_options.period == 0;
    ++m_calls;
    return out;
  }

  /// A call in progress: what before() evaluated, for after().
  class Pending {
  public:
    Pending() = default;

  private:
    friend class RuntimeChecks;
    std::string operation;
    /// Per checked (theorem, sample): the binder values and the subterms evaluated before.
    struct Sample {
      std::size_t theorem = 0;
      std::vector<Value> binders;
      std::vector<Value> before;
      std::vector<std::string> errors;
    };
    std::vector<Sample> samples;
    std::vector<Value> arguments;
  };

  /// Before a call of `operation` (full Lean name): `arguments` are its Lean arguments in order,
  /// the structure first (view() of the live one, not a copy). Evaluates what the chosen
  /// theorems read of the structure before the call.
  /// Cost: O(theoremsPerOperation × (1 + samples) × those subterms)
  /// Throws: ContractError if `arguments` do not fit the operation (count or types).
  Pending before(std::string_view operation, std::vector<Value> arguments);

  /// After the call: `result` is the Lean operation's result (for an operation returning the
  /// structure, view() of the live structure, now changed). Evaluates the chosen theorems; a
  /// false conclusion, or a case that fails (a domain not met, an operation throwing), is a
  /// violation reported through `report`: a checked::TheoremViolation naming the theorem, the
  /// operation, the instantiation, the binders and both sides.
  /// Cost: O(theoremsPerOperation × (1 + samples) × the statements' evaluation)
  /// Throws: checked::TheoremViolation under ViolationPolicy::raise (the call has taken effect).
  void after(Pending &pending, const Value &result);

  /// `x` as a Value that refers to it (no copy): valid while `x` lives and is not moved. For a
  /// structure's live value in before() and after().   Cost: O(1)
  /// Throws: ContractError if `T` is not a registered C++ type of the registry.
  template <class T>
  Value view(const T &x) const {
    const Realization *realization = m_registry.realizationOf(typeid(T));
    if (realization == nullptr) {
      throwMisuse("RuntimeChecks::view", "a registered C++ type", typeid(T).name());
    }
    return Value::opaque(std::shared_ptr<const void>(std::shared_ptr<const void>(), &x),
                         realization->opaque);
  }
  /// `x` as a Value (a copy), for an operation's arguments.   Cost: O(size of x)
  /// Throws: ContractError if `T` has no Lean type in the registry.
  template <class T>
  Value value(T x) const {
    return m_registry.toValue(std::move(x));
  }

  struct Selected;

private:
  void select(const ElaboratedStatement &statement, const lean::Statement &source,
              const std::vector<std::string> &operations);
  std::optional<Value> draw(const Type &type, const std::vector<Value> &touched, bool first);
  void remember(const Value &value, const Type &type);

  const Registry &m_registry;
  Instantiation m_instantiation;
  std::string m_source;
  RuntimeOptions m_options;
  checked::CheckOptions m_report;
  std::vector<RuntimeTheorem> m_theorems;
  std::vector<RuntimeUnused> m_unused;
  std::vector<std::unique_ptr<Selected>> m_selected;
  /// Operation name → its theorems (indexes into m_selected) and the next one's turn.
  std::map<std::string, std::pair<std::vector<std::size_t>, std::size_t>, std::less<>> m_about;
  /// Lean type (printed) → recent values, a ring, and its next slot.
  std::map<std::string, std::pair<std::vector<Value>, std::size_t>> m_pool;
  std::mt19937_64 m_random;
  std::size_t m_checks = 0;
  std::size_t m_violations = 0;
  std::size_t m_calls = 0;
};

}  // namespace proofport::interp
