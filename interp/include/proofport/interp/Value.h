// Dynamic values of the statement interpreter: Lean's Bool, Nat, Unit, Option, Prod, List,
// functions, and values of registered C++ types, with Lean's two equalities and its printer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <typeindex>
#include <vector>

namespace proofport::interp {

class Value;

/// What a Value holds.
enum class ValueKind : std::uint8_t {
  Bool,      ///< `true`, `false` (also a decided Prop)
  Nat,       ///< a natural number below 2^64
  Unit,      ///< `()`
  Option,    ///< `none`, `some v`
  Prod,      ///< `(a, b)`
  List,      ///< `[a, b, …]`
  Function,  ///< a closure: a Callable with some of its arguments already given
  Opaque,    ///< a value of a registered C++ type (OpaqueType)
};

/// `Bool`, `Nat`, …: the kind's spelling in this header.   Cost: O(1)
std::string_view valueKindName(ValueKind kind);

/// Something a Function value calls: a prelude function, a registered C++ operation, a lambda
/// of a statement. Immutable; shared by every Function value that calls it.
class Callable {
public:
  virtual ~Callable() = default;
  /// How many arguments a call takes; 0 for a constant (`none`, `∅`), which the evaluator calls
  /// at once and no Function value holds.
  virtual std::size_t arity() const = 0;
  /// Calls with exactly arity() arguments.
  /// Throws: whatever the function throws (a registered operation's own exceptions included);
  /// the evaluator reports them as the case failing.
  virtual Value call(std::span<const Value> args) const = 0;
  /// How it prints inside a value: its Lean name (`List.length`) or `fun`.
  virtual std::string describe() const = 0;
};

/// The registration of a C++ type whose values are opaque to the interpreter: its Lean type
/// and the instances the interpreter needs. Made by Registry (Registry.h); values point at it.
/// Every function receives pointers to objects of the type `cppType` names.
struct OpaqueType {
  /// The Lean type it realizes, as printed (`Int`, `Std.HashMap Int String`).
  std::string leanName;
  /// A realization's label (`unordered_map`); empty for a value type.
  std::string label;
  /// The C++ type of the data.
  std::type_index cppType = typeid(void);
  /// Lean syntax for a value (`-3`, `"a"`, `{1 ↦ 2}`).
  std::function<std::string(const void *)> print;
  /// The BEq instance (Lean `==`); empty when the type has none.
  std::function<bool(const void *, const void *)> beq;
  /// Lean `=`: the type's identity (for a float, -0.0 and +0.0 differ).
  std::function<bool(const void *, const void *)> identical;
  /// The Hashable instance; empty when the type has none.
  std::function<std::uint64_t(const void *)> hash;
  /// For a structure: the values it holds (a map's `(key, value)` pairs), which quantifiers
  /// range over; empty for a value type.
  std::function<std::vector<Value>(const void *)> elements;
};

/// A dynamic value. Cheap to copy: compound payloads are shared and immutable.
class Value {
public:
  /// `()`.
  Value() = default;

  /// A value of each kind: `true`/`false`, a Nat, `()`, `none`, `some v`, a pair, a list.
  /// Cost: O(1) each (a list's elements are moved in).
  static Value boolean(bool b);
  static Value nat(std::uint64_t n);
  static Value unit();
  static Value none();
  static Value some(Value v);
  static Value pair(Value first, Value second);
  static Value list(std::vector<Value> elements);
  /// A closure of `callable` with `bound` (fewer than its arity) given first.
  /// Throws: ContractError if `bound` has arity() or more arguments.
  static Value function(std::shared_ptr<const Callable> callable, std::vector<Value> bound = {});
  /// A value of a registered type: `data` points to an object of `type->cppType`.
  /// Throws: ContractError if `data` or `type` is null.
  static Value opaque(std::shared_ptr<const void> data, const OpaqueType *type);

  /// What it holds.   Cost: O(1)
  ValueKind kind() const noexcept { return m_kind; }

  /// The payload, checked. Cost: O(1)   Throws: ContractError if the kind differs.
  bool asBool() const;
  std::uint64_t asNat() const;
  /// The value inside `some`, or null for `none`.
  const Value *asOption() const;
  const Value &first() const;
  const Value &second() const;
  const std::vector<Value> &asList() const;
  /// A Function's callable and the arguments it already has.
  const std::shared_ptr<const Callable> &callable() const;
  const std::vector<Value> &bound() const;
  /// A Function's remaining arity.
  std::size_t arity() const;
  /// An Opaque value's registration and data.
  const OpaqueType &opaqueType() const;
  const void *opaqueData() const;
  /// An Opaque value's data as a `T`.
  /// Throws: ContractError if the value is not opaque or its C++ type is not `T`.
  template <class T>
  const T &as() const;

private:
  struct FunctionPayload;
  [[noreturn]] void wrongKind(ValueKind wanted) const;

  ValueKind m_kind = ValueKind::Unit;
  std::uint64_t m_word = 0;
  std::shared_ptr<const void> m_data;
  const OpaqueType *m_type = nullptr;
};

/// Lean `=` on values of one type: structural, opaque values through their registered identity.
/// Cost: O(size)   Throws: ContractError on functions (equality of functions is undecidable;
/// elaboration refuses it first) or on values of different kinds.
bool identical(const Value &a, const Value &b);

/// Lean `==`: the BEq instance. Option, Prod and List compare elementwise with their
/// components' `==`; opaque values through their registered beq.
/// Cost: O(size)   Throws: ContractError on functions, different kinds, or an opaque type
/// registered without BEq.
bool beq(const Value &a, const Value &b);

/// Lean syntax: `true`, `3`, `()`, `some (some 3)`, `(1, 2, 3)`, `[(1, 2)]`, `fun List.length`,
/// opaque values through their printer, parenthesized where an argument needs it
/// (`some (-3)`).   Cost: O(size)
std::string print(const Value &v);

/// A value printed as an argument of an application: parenthesized where Lean needs it
/// (`(-3)`, `(some 3)`), as is otherwise (`3`, `{1 ↦ 2}`, `[1]`).   Cost: O(size)
std::string printArgument(const Value &v);

/// Applies a function value to arguments: fewer than its arity makes a new closure, exactly its
/// arity calls it, more calls it and applies the result to the rest.
/// Cost: one call   Throws: ContractError if `f` is not a function (or its result, when more
/// arguments remain); whatever the callable throws.
Value applyValue(const Value &f, std::span<const Value> args);

/// Throws ContractError(operation, expected, actual): the interpreter's one helper for a value
/// or registration misused.
[[noreturn]] void throwMisuse(std::string operation, std::string expected, std::string actual);

template <class T>
const T &Value::as() const {
  if (m_kind != ValueKind::Opaque) {
    wrongKind(ValueKind::Opaque);
  }
  if (m_type->cppType != std::type_index(typeid(T))) {
    throwMisuse("Value::as", std::string("a value of C++ type ") + typeid(T).name(),
                "one of " + m_type->leanName);
  }
  return *static_cast<const T *>(m_data.get());
}

}  // namespace proofport::interp
