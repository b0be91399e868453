// Dynamic values: construction, checked access, Lean's `=` and `==`, printing and application.
#include "proofport/interp/Value.h"

#include <algorithm>
#include <utility>

#include "Text.h"
#include "proofport/spec/Error.h"

namespace proofport::interp {

struct Value::FunctionPayload {
  std::shared_ptr<const Callable> callable;
  std::vector<Value> bound;
};

std::string_view valueKindName(ValueKind kind) {
  switch (kind) {
  case ValueKind::Bool: return "Bool";
  case ValueKind::Nat: return "Nat";
  case ValueKind::Unit: return "Unit";
  case ValueKind::Option: return "Option";
  case ValueKind::Prod: return "Prod";
  case ValueKind::List: return "List";
  case ValueKind::Function: return "Function";
  case ValueKind::Opaque: return "Opaque";
  }
  return "?";
}

[[noreturn]] void throwMisuse(std::string operation, std::string expected, std::string actual) {
  throwContractError(std::move(operation), std::move(expected), std::move(actual));
}

void Value::wrongKind(ValueKind wanted) const {
  throwMisuse("Value", cat({"a ", valueKindName(wanted), " value"}),
              cat({"a ", valueKindName(m_kind), " value"}));
}

Value Value::boolean(bool b) {
  Value v;
  v.m_kind = ValueKind::Bool;
  v.m_word = b ? 1 : 0;
  return v;
}

Value Value::nat(std::uint64_t n) {
  Value v;
  v.m_kind = ValueKind::Nat;
  v.m_word = n;
  return v;
}

Value Value::unit() { return Value(); }

Value Value::none() {
  Value v;
  v.m_kind = ValueKind::Option;
  return v;
}

Value Value::some(Value inner) {
  Value v;
  v.m_kind = ValueKind::Option;
  v.m_data = std::make_shared<const Value>(std::move(inner));
  return v;
}

Value Value::pair(Value first, Value second) {
  Value v;
  v.m_kind = ValueKind::Prod;
  v.m_data = std::make_shared<const std::pair<Value, Value>>(std::move(first), std::move(second));
  return v;
}

Value Value::list(std::vector<Value> elements) {
  Value v;
  v.m_kind = ValueKind::List;
  v.m_data = std::make_shared<const std::vector<Value>>(std::move(elements));
  return v;
}

Value Value::function(std::shared_ptr<const Callable> callable, std::vector<Value> bound) {
  if (!callable) {
    throwMisuse("Value::function", "a callable", "null");
  }
  if (bound.size() >= callable->arity()) {
    throwMisuse("Value::function",
                cat({"fewer than ", std::to_string(callable->arity()), " bound arguments"}),
                std::to_string(bound.size()));
  }
  Value v;
  v.m_kind = ValueKind::Function;
  v.m_data = std::make_shared<const FunctionPayload>(
      FunctionPayload{std::move(callable), std::move(bound)});
  return v;
}

Value Value::opaque(std::shared_ptr<const void> data, const OpaqueType *type) {
  if (!data || !type) {
    throwMisuse("Value::opaque", "data and its registered type", "null");
  }
  Value v;
  v.m_kind = ValueKind::Opaque;
  v.m_data = std::move(data);
  v.m_type = type;
  return v;
}

bool Value::asBool() const {
  if (m_kind != ValueKind::Bool) {
    wrongKind(ValueKind::Bool);
  }
  return m_word != 0;
}

std::uint64_t Value::asNat() const {
  if (m_kind != ValueKind::Nat) {
    wrongKind(ValueKind::Nat);
  }
  return m_word;
}

const Value *Value::asOption() const {
  if (m_kind != ValueKind::Option) {
    wrongKind(ValueKind::Option);
  }
  return static_cast<const Value *>(m_data.get());
}

const Value &Value::first() const {
  if (m_kind != ValueKind::Prod) {
    wrongKind(ValueKind::Prod);
  }
  return static_cast<const std::pair<Value, Value> *>(m_data.get())->first;
}

const Value &Value::second() const {
  if (m_kind != ValueKind::Prod) {
    wrongKind(ValueKind::Prod);
  }
  return static_cast<const std::pair<Value, Value> *>(m_data.get())->second;
}

const std::vector<Value> &Value::asList() const {
  if (m_kind != ValueKind::List) {
    wrongKind(ValueKind::List);
  }
  return *static_cast<const std::vector<Value> *>(m_data.get());
}

const std::shared_ptr<const Callable> &Value::callable() const {
  if (m_kind != ValueKind::Function) {
    wrongKind(ValueKind::Function);
  }
  return static_cast<const FunctionPayload *>(m_data.get())->callable;
}

const std::vector<Value> &Value::bound() const {
  if (m_kind != ValueKind::Function) {
    wrongKind(ValueKind::Function);
  }
  return static_cast<const FunctionPayload *>(m_data.get())->bound;
}

std::size_t Value::arity() const { return callable()->arity() - bound().size(); }

const OpaqueType &Value::opaqueType() const {
  if (m_kind != ValueKind::Opaque) {
    wrongKind(ValueKind::Opaque);
  }
  return *m_type;
}

const void *Value::opaqueData() const {
  if (m_kind != ValueKind::Opaque) {
    wrongKind(ValueKind::Opaque);
  }
  return m_data.get();
}

namespace {

/// Both sides of an equality have one kind (and one opaque type), else the statement was not
/// typed: a misuse, not a false case.
void requireSameKind(const char *operation, const Value &a, const Value &b) {
  if (a.kind() != b.kind()) {
    throwMisuse(operation, "two values of one type",
                cat({valueKindName(a.kind()), " and ", valueKindName(b.kind())}));
  }
  if (a.kind() == ValueKind::Function) {
    throwMisuse(operation, "values of a type with decidable equality", "two functions");
  }
  if (a.kind() == ValueKind::Opaque && &a.opaqueType() != &b.opaqueType()) {
    throwMisuse(operation, "two values of one type",
                cat({a.opaqueType().leanName, " and ", b.opaqueType().leanName}));
  }
}

/// `=` when `useBeq` is false, `==` when true: the two walk the same structure.
bool equal(const Value &a, const Value &b, bool useBeq) {
  const char *operation = useBeq ? "beq" : "identical";
  requireSameKind(operation, a, b);
  switch (a.kind()) {
  case ValueKind::Bool: return a.asBool() == b.asBool();
  case ValueKind::Nat: return a.asNat() == b.asNat();
  case ValueKind::Unit: return true;
  case ValueKind::Option: {
    const Value *x = a.asOption();
    const Value *y = b.asOption();
    if (!x || !y) {
      return !x && !y;
    }
    return equal(*x, *y, useBeq);
  }
  case ValueKind::Prod:
    return equal(a.first(), b.first(), useBeq) && equal(a.second(), b.second(), useBeq);
  case ValueKind::List: {
    const std::vector<Value> &x = a.asList();
    const std::vector<Value> &y = b.asList();
    if (x.size() != y.size()) {
      return false;
    }
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (!equal(x[i], y[i], useBeq)) {
        return false;
      }
    }
    return true;
  }
  case ValueKind::Function: break;
  case ValueKind::Opaque: {
    const OpaqueType &type = a.opaqueType();
    const auto &relation = useBeq ? type.beq : type.identical;
    if (!relation) {
      throwMisuse(operation, cat({type.leanName, useBeq ? " with a BEq instance" : " with ="}),
                  cat({type.leanName, " registered without one"}));
    }
    return relation(a.opaqueData(), b.opaqueData());
  }
  }
  return false;
}

}  // namespace

bool identical(const Value &a, const Value &b) { return equal(a, b, false); }

bool beq(const Value &a, const Value &b) { return equal(a, b, true); }

std::string printArgument(const Value &v) {
  std::string s = print(v);
  const bool bracketed = !s.empty() && (s.front() == '(' || s.front() == '[' || s.front() == '{');
  if (!bracketed && (s.find(' ') != std::string::npos || (!s.empty() && s.front() == '-'))) {
    return cat({"(", s, ")"});
  }
  return s;
}

std::string print(const Value &v) {
  switch (v.kind()) {
  case ValueKind::Bool: return v.asBool() ? "true" : "false";
  case ValueKind::Nat: return std::to_string(v.asNat());
  case ValueKind::Unit: return "()";
  case ValueKind::Option: {
    const Value *inner = v.asOption();
    return inner ? cat({"some ", printArgument(*inner)}) : std::string("none");
  }
  case ValueKind::Prod: {
    // Lean prints the right-nested pair (a, (b, c)) as the tuple (a, b, c).
    std::string out = cat({"(", print(v.first())});
    const Value *rest = &v.second();
    while (rest->kind() == ValueKind::Prod) {
      out.append(", ").append(print(rest->first()));
      rest = &rest->second();
    }
    return cat({out, ", ", print(*rest), ")"});
  }
  case ValueKind::List: {
    std::string out = "[";
    const std::vector<Value> &elements = v.asList();
    for (std::size_t i = 0; i < elements.size(); ++i) {
      out.append(i ? ", " : "").append(print(elements[i]));
    }
    return out + "]";
  }
  case ValueKind::Function: {
    std::string out = cat({"fun ", v.callable()->describe()});
    for (const Value &arg : v.bound()) {
      out.append(" ").append(printArgument(arg));
    }
    return out;
  }
  case ValueKind::Opaque: return v.opaqueType().print(v.opaqueData());
  }
  return "?";
}

Value applyValue(const Value &f, std::span<const Value> args) {
  Value current = f;
  while (!args.empty()) {
    const std::shared_ptr<const Callable> &callable = current.callable();
    const std::vector<Value> &bound = current.bound();
    const std::size_t missing = callable->arity() - bound.size();
    std::vector<Value> all(bound);
    const std::size_t taken = std::min(missing, args.size());
    all.insert(all.end(), args.begin(), args.begin() + static_cast<std::ptrdiff_t>(taken));
    args = args.subspan(taken);
    if (taken < missing) {
      return Value::function(callable, std::move(all));
    }
    current = callable->call(all);
  }
  return current;
}

}  // namespace proofport::interp
