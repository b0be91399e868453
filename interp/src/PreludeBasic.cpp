// The prelude's Option, Prod, Bool and Nat functions, the class instances of lists and natural
// numbers, and the checked Nat arithmetic.
// Ports: Init/Prelude.lean, Init/Data/Option/Basic.lean (the definitions)
#include <limits>

#include "PreludeDefine.h"
#include "proofport/interp/Evaluate.h"

namespace proofport::interp {

Builtin::Builtin(std::string name, std::size_t arity, Body body)
    : m_name(std::move(name)), m_arity(arity), m_body(body) {}

std::uint64_t natAdd(std::uint64_t a, std::uint64_t b) {
  if (a > std::numeric_limits<std::uint64_t>::max() - b) {
    throwUndecided("Nat.add: " + std::to_string(a) + " + " + std::to_string(b) +
                   " is 2^64 or more, past the interpreter's Nat");
  }
  return a + b;
}

std::uint64_t natMul(std::uint64_t a, std::uint64_t b) {
  if (b != 0 && a > std::numeric_limits<std::uint64_t>::max() / b) {
    throwUndecided("Nat.mul: " + std::to_string(a) + " * " + std::to_string(b) +
                   " is 2^64 or more, past the interpreter's Nat");
  }
  return a * b;
}

std::uint64_t natSub(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : 0; }

Signature signatureOf(std::vector<Type> params, Type result) {
  Signature s;
  for (Type &p : params) {
    s.params.push_back(Parameter{"", std::move(p), nullptr, nullptr, ""});
  }
  s.result = std::move(result);
  return s;
}

void addPrelude(Registry &registry) {
  prelude::addLists(registry);
  prelude::addListInstances(registry);
  prelude::addBasics(registry);
}

namespace prelude {

namespace {

using Span = std::span<const Value>;

Type fn(Type a, Type b) { return Type::arrow(std::move(a), std::move(b)); }

/// A signature whose last parameter is a proof decided by `check` on the value arguments.
void defineWithDomain(Registry &r, const std::string &name, std::vector<Type> params,
                      std::string proposition, Builtin::Body check, Type result,
                      Builtin::Body body) {
  const std::size_t arity = params.size();
  Signature s = signatureOf(std::move(params), std::move(result));
  s.params.push_back(Parameter{"h", Type(), nullptr,
                               std::make_shared<const Builtin>(name + " domain", arity, check),
                               std::move(proposition)});
  r.genericOperation(name, std::move(s), std::make_shared<const Builtin>(name, arity, body));
}

void addNat(Registry &r) {
  const Type n = Type::nat();
  define(r, "HAdd.hAdd", {n, n}, n,
         [](Span x) { return Value::nat(natAdd(x[0].asNat(), x[1].asNat())); });
  define(r, "HSub.hSub", {n, n}, n,
         [](Span x) { return Value::nat(natSub(x[0].asNat(), x[1].asNat())); });
  define(r, "HMul.hMul", {n, n}, n,
         [](Span x) { return Value::nat(natMul(x[0].asNat(), x[1].asNat())); });
  define(r, "HDiv.hDiv", {n, n}, n,
         [](Span x) { return Value::nat(x[1].asNat() == 0 ? 0 : x[0].asNat() / x[1].asNat()); });
  define(r, "HMod.hMod", {n, n}, n, [](Span x) {
    return Value::nat(x[1].asNat() == 0 ? x[0].asNat() : x[0].asNat() % x[1].asNat());
  });
  define(r, "LE.le", {n, n}, Type::prop(),
         [](Span x) { return Value::boolean(x[0].asNat() <= x[1].asNat()); });
  define(r, "LT.lt", {n, n}, Type::prop(),
         [](Span x) { return Value::boolean(x[0].asNat() < x[1].asNat()); });
  for (const char *name : {"min", "Nat.min", "Min.min"}) {
    define(r, name, {n, n}, n,
           [](Span x) { return Value::nat(std::min(x[0].asNat(), x[1].asNat())); });
  }
  for (const char *name : {"max", "Nat.max", "Max.max"}) {
    define(r, name, {n, n}, n,
           [](Span x) { return Value::nat(std::max(x[0].asNat(), x[1].asNat())); });
  }
  define(r, "Nat.succ", {n}, n, [](Span x) { return Value::nat(natAdd(x[0].asNat(), 1)); });
  define(r, "Nat.pred", {n}, n, [](Span x) { return Value::nat(natSub(x[0].asNat(), 1)); });
}

void addOptions(Registry &r) {
  const Type a = alpha();
  const Type b = beta();
  const Type oa = Type::option(a);
  for (const char *name : {"Option.some", "some"}) {
    define(r, name, {a}, oa, [](Span x) { return Value::some(x[0]); });
  }
  for (const char *name : {"Option.none", "none"}) {
    define(r, name, {}, oa, [](Span) { return Value::none(); });
  }
  define(r, "Option.map", {fn(a, b), oa}, Type::option(b), [](Span x) {
    const Value *v = x[1].asOption();
    return v ? Value::some(call(x[0], *v)) : Value::none();
  });
  define(r, "Option.isSome", {oa}, Type::boolean(),
         [](Span x) { return Value::boolean(x[0].asOption() != nullptr); });
  define(r, "Option.isNone", {oa}, Type::boolean(),
         [](Span x) { return Value::boolean(x[0].asOption() == nullptr); });
  defineWithDomain(
      r, "Option.get", {oa}, "o.isSome = true",
      [](Span x) { return Value::boolean(x[0].asOption() != nullptr); }, a,
      [](Span x) { return *x[0].asOption(); });
  define(r, "Option.get!", {oa}, a,
         [](Span x) {
           const Value *v = x[1].asOption();
           return v ? *v : x[0];
         },
         {{"Inhabited", "α"}});
  define(r, "Option.getD", {oa, a}, a, [](Span x) {
    const Value *v = x[0].asOption();
    return v ? *v : x[1];
  });
  define(r, "Option.bind", {oa, fn(a, Type::option(b))}, Type::option(b), [](Span x) {
    const Value *v = x[0].asOption();
    return v ? call(x[1], *v) : Value::none();
  });
  define(r, "Option.elim", {oa, b, fn(a, b)}, b, [](Span x) {
    const Value *v = x[0].asOption();
    return v ? call(x[2], *v) : x[1];
  });
  define(r, "Option.all", {fn(a, Type::boolean()), oa}, Type::boolean(), [](Span x) {
    const Value *v = x[1].asOption();
    return v ? call(x[0], *v) : Value::boolean(true);
  });
  define(r, "Option.any", {fn(a, Type::boolean()), oa}, Type::boolean(), [](Span x) {
    const Value *v = x[1].asOption();
    return v ? call(x[0], *v) : Value::boolean(false);
  });
  define(r, "Option.filter", {fn(a, Type::boolean()), oa}, oa, [](Span x) {
    const Value *v = x[1].asOption();
    return v && holds(call(x[0], *v)) ? x[1] : Value::none();
  });
  define(r, "Option.toList", {oa}, Type::list(a), [](Span x) {
    const Value *v = x[0].asOption();
    return v ? Value::list({*v}) : Value::list({});
  });
}

void addPairsAndBools(Registry &r) {
  const Type a = alpha();
  const Type b = beta();
  const Type bo = Type::boolean();
  define(r, "Prod.fst", {Type::prod(a, b)}, a, [](Span x) { return x[0].first(); });
  define(r, "Prod.snd", {Type::prod(a, b)}, b, [](Span x) { return x[0].second(); });
  define(r, "Prod.mk", {a, b}, Type::prod(a, b), [](Span x) { return Value::pair(x[0], x[1]); });
  define(r, "Prod.swap", {Type::prod(a, b)}, Type::prod(b, a),
         [](Span x) { return Value::pair(x[0].second(), x[0].first()); });
  for (const char *name : {"not", "Bool.not"}) {
    define(r, name, {bo}, bo, [](Span x) { return Value::boolean(!x[0].asBool()); });
  }
  for (const char *name : {"and", "Bool.and"}) {
    define(r, name, {bo, bo}, bo,
           [](Span x) { return Value::boolean(x[0].asBool() && x[1].asBool()); });
  }
  for (const char *name : {"or", "Bool.or"}) {
    define(r, name, {bo, bo}, bo,
           [](Span x) { return Value::boolean(x[0].asBool() || x[1].asBool()); });
  }
  for (const char *name : {"true", "Bool.true"}) {
    define(r, name, {}, bo, [](Span) { return Value::boolean(true); });
  }
  for (const char *name : {"false", "Bool.false"}) {
    define(r, name, {}, bo, [](Span) { return Value::boolean(false); });
  }
  // Lean core's propositions, decided as Bools as every Prop is.
  define(r, "True", {}, Type::prop(), [](Span) { return Value::boolean(true); });
  define(r, "False", {}, Type::prop(), [](Span) { return Value::boolean(false); });
  define(r, "Not", {Type::prop()}, Type::prop(),
         [](Span x) { return Value::boolean(!x[0].asBool()); });
  define(r, "id", {a}, a, [](Span x) { return x[0]; });
  define(r, "BEq.beq", {a, a}, bo, [](Span x) { return Value::boolean(beq(x[0], x[1])); },
         {{"BEq", "α"}});
  define(r, "bne", {a, a}, bo, [](Span x) { return Value::boolean(!beq(x[0], x[1])); },
         {{"BEq", "α"}});
}

}  // namespace

void addListInstances(Registry &r) {
  const Type a = alpha();
  const Type la = Type::list(a);
  const Type n = Type::nat();
  define(r, "GetElem?.getElem?", {la, n}, Type::option(a), [](Span x) {
    const Values &l = x[0].asList();
    return x[1].asNat() < l.size() ? Value::some(l[x[1].asNat()]) : Value::none();
  });
  define(r, "GetElem?.getElem!", {la, n}, a,
         [](Span x) {
           const Values &l = x[1].asList();
           return x[2].asNat() < l.size() ? l[x[2].asNat()] : x[0];
         },
         {{"Inhabited", "α"}});
  defineWithDomain(
      r, "GetElem.getElem", {la, n}, "i < l.length",
      [](Span x) { return Value::boolean(x[1].asNat() < x[0].asList().size()); }, a,
      [](Span x) { return x[0].asList()[x[1].asNat()]; });
  defineWithDomain(
      r, "List.head", {la}, "l ≠ []", [](Span x) { return Value::boolean(!x[0].asList().empty()); },
      a, [](Span x) { return x[0].asList().front(); });
  define(r, "Membership.mem", {la, a}, Type::prop(), [](Span x) {
    for (const Value &e : x[0].asList()) {
      if (identical(e, x[1])) {
        return Value::boolean(true);
      }
    }
    return Value::boolean(false);
  });
  define(r, "HAppend.hAppend", {la, la}, la, [](Span x) {
    Values l = x[0].asList();
    l.insert(l.end(), x[1].asList().begin(), x[1].asList().end());
    return Value::list(std::move(l));
  });
  define(r, "EmptyCollection.emptyCollection", {}, la, [](Span) { return Value::list({}); });
  define(r, "Singleton.singleton", {a}, la, [](Span x) { return Value::list({x[0]}); });
  define(r, "Insert.insert", {a, la}, la,
         [](Span x) {
           for (const Value &e : x[1].asList()) {
             if (beq(x[0], e)) {
               return x[1];
             }
           }
           Values l{x[0]};
           l.insert(l.end(), x[1].asList().begin(), x[1].asList().end());
           return Value::list(std::move(l));
         },
         {{"BEq", "α"}});
}

void addBasics(Registry &r) {
  addNat(r);
  addOptions(r);
  addPairsAndBools(r);
}

}  // namespace prelude

}  // namespace proofport::interp
