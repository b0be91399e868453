// Generators of Values for Lean types, and the candidates a binder is aimed at.
#include "proofport/interp/Generate.h"

#include <algorithm>
#include <memory>
#include <ostream>
#include <utility>

#include "proofport/interp/Reason.h"

namespace proofport::interp {

namespace {

/// A function drawn as a finite table: the first entry whose arguments are identical to the
/// call's gives the result, else the fallback. Prints as a Lean pattern-matching lambda.
class Table final : public Callable {
public:
  Table(std::size_t arity, std::vector<std::pair<std::vector<Value>, Value>> entries,
        Value fallback)
      : m_arity(arity), m_entries(std::move(entries)), m_fallback(std::move(fallback)) {}

  std::size_t arity() const override { return m_arity; }

  Value call(std::span<const Value> args) const override {
    for (const auto &[inputs, output] : m_entries) {
      bool same = true;
      for (std::size_t k = 0; k < m_arity && same; ++k) {
        same = identical(inputs[k], args[k]);
      }
      if (same) {
        return output;
      }
    }
    return m_fallback;
  }

  // Lean's `fun | 0 => 1 | _ => 0` after the printer's `fun `.
  std::string describe() const override {
    std::string out;
    for (const auto &[inputs, output] : m_entries) {
      out += out.empty() ? "|" : " |";
      for (std::size_t k = 0; k < inputs.size(); ++k) {
        out += (k == 0 ? " " : ", ") + print(inputs[k]);
      }
      out += " => " + print(output);
    }
    out += out.empty() ? "|" : " |";
    for (std::size_t k = 0; k < m_arity; ++k) {
      out += k == 0 ? " _" : ", _";
    }
    return out + " => " + print(m_fallback);
  }

private:
  std::size_t m_arity;
  std::vector<std::pair<std::vector<Value>, Value>> m_entries;
  Value m_fallback;
};

/// The parameters and result of a (curried) function type.
std::pair<std::vector<Type>, Type> uncurry(const Type &type) {
  std::vector<Type> params;
  Type at = type;
  while (at.kind() == Type::Kind::Arrow) {
    params.push_back(at.args()[0]);
    at = at.args()[1];
  }
  return {std::move(params), at};
}

/// Whether values of `type` have `==` in `instantiation`.
bool hasBeq(const Type &type, const Registry &registry, const Instantiation &instantiation) {
  return registry.claims(type, "BEq", instantiation);
}

/// `list` with every element after the first `==` one (by `key`) dropped.
Value distinctBy(const Value &list, bool byFirst) {
  std::vector<Value> kept;
  for (const Value &v : list.asList()) {
    const Value &key = byFirst ? v.first() : v;
    const bool seen = std::any_of(kept.begin(), kept.end(), [&](const Value &w) {
      return beq(byFirst ? w.first() : w, key);
    });
    if (!seen) {
      kept.push_back(v);
    }
  }
  return Value::list(std::move(kept));
}

void collect(const Value &value, const Type &type, const Type &wanted, const Registry &registry,
             const Instantiation &instantiation, const Drawings &drawings, Candidates &out) {
  if (type == wanted) {
    out.push_back(value);
    if (value.kind() == ValueKind::Opaque) {
      if (const Drawing *drawing = drawings.find(value.opaqueType());
          drawing != nullptr && drawing->equivalents) {
        for (Value &v : drawing->equivalents(value)) {
          out.push_back(std::move(v));
        }
      }
    }
    return;
  }
  switch (value.kind()) {
  case ValueKind::Option:
    if (const Value *inner = value.asOption(); inner != nullptr) {
      collect(*inner, type.args()[0], wanted, registry, instantiation, drawings, out);
    }
    return;
  case ValueKind::Prod:
    collect(value.first(), type.args()[0], wanted, registry, instantiation, drawings, out);
    collect(value.second(), type.args()[1], wanted, registry, instantiation, drawings, out);
    return;
  case ValueKind::List:
    for (const Value &v : value.asList()) {
      collect(v, type.args()[0], wanted, registry, instantiation, drawings, out);
    }
    return;
  case ValueKind::Opaque: {
    const Realization *realization = registry.realizationFor(type, instantiation);
    if (realization != nullptr && !(realization->elementType == type) &&
        value.opaqueType().elements) {
      for (const Value &v : value.opaqueType().elements(value.opaqueData())) {
        collect(v, realization->elementType, wanted, registry, instantiation, drawings, out);
      }
    }
    return;
  }
  default: return;
  }
}

/// Values identical to an earlier one are dropped (each candidate drawn as often as any other).
Candidates distinct(Candidates values) {
  Candidates out;
  for (Value &v : values) {
    if (v.kind() == ValueKind::Function) {
      continue;
    }
    if (std::none_of(out.begin(), out.end(), [&](const Value &w) { return identical(w, v); })) {
      out.push_back(std::move(v));
    }
  }
  return out;
}

}  // namespace

void Drawings::add(const OpaqueType &type, std::function<Drawing(const Drawings &)> make) {
  if (m_makers.count(&type) != 0) {
    throwMisuse("Drawings::add", "one drawing per registered type",
                "a second for " + type.leanName);
  }
  m_makers.emplace(&type, std::move(make));
}

const Drawing *Drawings::find(const OpaqueType &type) const {
  if (const auto made = m_made.find(&type); made != m_made.end()) {
    return &made->second;
  }
  const auto maker = m_makers.find(&type);
  if (maker == m_makers.end()) {
    return nullptr;
  }
  return &m_made.emplace(&type, maker->second(*this)).first->second;
}

Candidates candidatesOf(const Type &type, std::span<const Value> values,
                        std::span<const Type> types, const Registry &registry,
                        const Instantiation &instantiation, const Drawings &drawings) {
  Candidates out;
  for (std::size_t k = 0; k < values.size() && k < types.size(); ++k) {
    collect(values[k], types[k], type, registry, instantiation, drawings, out);
  }
  return distinct(std::move(out));
}

rc::Gen<Value> generatorOf(const Type &type, const Registry &registry,
                           const Instantiation &instantiation, const Drawings &drawings) {
  if (type.kind() == Type::Kind::Arrow) {
    auto [params, result] = uncurry(type);
    std::vector<rc::Gen<Value>> inputs;
    for (const Type &p : params) {
      inputs.push_back(generatorOf(p, registry, instantiation, drawings));
    }
    const rc::Gen<Value> output = generatorOf(result, registry, instantiation, drawings);
    const std::size_t arity = params.size();
    // One row: its inputs (a list of `arity` Values) and its output.
    const rc::Gen<std::vector<Value>> row = rc::gen::exec([inputs, output] {
      std::vector<Value> values;
      for (const rc::Gen<Value> &g : inputs) {
        values.push_back(*g);
      }
      values.push_back(*output);
      return values;
    });
    return rc::gen::map(
        rc::gen::pair(rc::gen::resize(static_cast<int>(kMaxTableEntries),
                                      rc::gen::container<std::vector<std::vector<Value>>>(row)),
                      output),
        [arity](const std::pair<std::vector<std::vector<Value>>, Value> &drawn) {
          std::vector<std::pair<std::vector<Value>, Value>> entries;
          for (const std::vector<Value> &r : drawn.first) {
            if (entries.size() == kMaxTableEntries) {
              break;
            }
            entries.emplace_back(std::vector<Value>(r.begin(), r.end() - 1), r.back());
          }
          return Value::function(std::make_shared<Table>(arity, std::move(entries), drawn.second));
        });
  }
  if (type.is("Nat")) {
    return rc::gen::map(rc::gen::inRange<std::uint64_t>(0, kMaxDrawnNat + 1),
                        [](std::uint64_t n) { return Value::nat(n); });
  }
  if (type.is("Bool")) {
    return rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return Value::boolean(b); });
  }
  if (type.is("Unit")) {
    return rc::gen::just(Value::unit());
  }
  if (type.is("Option")) {
    return rc::gen::map(
        rc::gen::maybe(generatorOf(type.args()[0], registry, instantiation, drawings)),
        [](const rc::Maybe<Value> &m) { return m ? Value::some(*m) : Value::none(); });
  }
  if (type.is("Prod")) {
    return rc::gen::map(
        rc::gen::pair(generatorOf(type.args()[0], registry, instantiation, drawings),
                      generatorOf(type.args()[1], registry, instantiation, drawings)),
        [](std::pair<Value, Value> p) {
          return Value::pair(std::move(p.first), std::move(p.second));
        });
  }
  if (type.is("List")) {
    const Type &element = type.args()[0];
    const rc::Gen<Value> list =
        rc::gen::map(rc::gen::resize(static_cast<int>(kMaxDrawnLength),
                                     rc::gen::container<std::vector<Value>>(
                                         generatorOf(element, registry, instantiation, drawings))),
                     [](std::vector<Value> items) {
                       if (items.size() > kMaxDrawnLength) {
                         items.resize(kMaxDrawnLength);
                       }
                       return Value::list(std::move(items));
                     });
    const bool pairs = element.is("Prod");
    const Type &key = pairs ? element.args()[0] : element;
    if (!hasBeq(key, registry, instantiation)) {
      return list;
    }
    return rc::gen::oneOf(
        list, rc::gen::map(list, [pairs](const Value &l) { return distinctBy(l, pairs); }));
  }
  const Realization *realization = registry.realizationFor(type, instantiation);
  if (realization == nullptr || realization->opaque == nullptr) {
    missingRegistration("a generator of " + toString(type), {});
  }
  const Drawing *drawing = drawings.find(*realization->opaque);
  if (drawing == nullptr) {
    missingRegistration("a drawing of " + toString(type), {});
  }
  return drawing->generate;
}

rc::Gen<Value> aimedAt(rc::Gen<Value> generator, Candidates candidates) {
  if (candidates.empty()) {
    return generator;
  }
  return rc::gen::oneOf(std::move(generator), rc::gen::elementOf(std::move(candidates)));
}

void showValue(const Value &value, std::ostream &os) { os << print(value); }

}  // namespace proofport::interp
