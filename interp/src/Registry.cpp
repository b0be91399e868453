// The registry: registration checks, lookups, and the classes and defaults of types.
#include "proofport/interp/Registry.h"

#include <algorithm>
#include <utility>

#include "proofport/interp/Prelude.h"
#include "proofport/interp/Reason.h"
#include "Text.h"

namespace proofport::interp {

namespace {

/// Lean core's classes a binder may name besides those registrations claim.
const std::set<std::string> &coreClasses() {
  static const std::set<std::string> classes = [] {
    const std::string names =
        "BEq ReflBEq PartialEquivBEq EquivBEq LawfulBEq Hashable LawfulHashable DecidableEq "
        "Inhabited Nonempty Repr ToString LT LE Ord Monad LawfulMonad Functor Applicative "
        "Membership GetElem GetElem? Insert Singleton EmptyCollection Append HAppend Add Sub Mul "
        "Zero One OfNat Max Min HAdd HSub HMul HDiv HMod Neg";
    std::set<std::string> out;
    for (std::size_t at = 0; at < names.size();) {
      const std::size_t end = std::min(names.find(' ', at), names.size());
      out.insert(names.substr(at, end - at));
      at = end + 1;
    }
    return out;
  }();
  return classes;
}

/// The classes the scalar core types (Nat, Bool, Unit) have in Lean core.
const std::set<std::string> &scalarClasses() {
  static const std::set<std::string> classes = {
      "BEq",      "ReflBEq",        "PartialEquivBEq", "EquivBEq",  "LawfulBEq",
      "Hashable", "LawfulHashable", "DecidableEq",     "Inhabited", "Nonempty",
      "Repr",     "ToString"};
  return classes;
}

/// The classes Option, List and Prod have exactly when their components do.
const std::set<std::string> &componentwiseClasses() {
  static const std::set<std::string> classes = {
      "BEq",      "ReflBEq",        "PartialEquivBEq", "EquivBEq", "LawfulBEq",
      "Hashable", "LawfulHashable", "DecidableEq",     "Repr",     "ToString"};
  return classes;
}

/// Lean `=` on type-erased structures does not apply here: canonical variable names make two
/// signatures that differ only in their variables' names equal.
Type canonical(const Type &type) {
  std::map<std::string, Type> renaming;
  std::size_t next = 0;
  for (const std::string &name : variablesOf(type)) {
    renaming.emplace(name, Type::variable(cat({"v", std::to_string(next++)})));
  }
  return substitute(type, renaming);
}

bool sameSignature(const Signature &a, const Signature &b) {
  if (a.params.size() != b.params.size() || !(canonical(a.type()) == canonical(b.type()))) {
    return false;
  }
  for (std::size_t i = 0; i < a.params.size(); ++i) {
    if (a.params[i].isProof() != b.params[i].isProof() || a.params[i].text != b.params[i].text) {
      return false;
    }
  }
  return true;
}

}  // namespace

namespace detail {

Type propAsBool(const Type &type) {
  if (type.is("Prop")) {
    return Type::boolean();
  }
  if (type.kind() == Type::Kind::Arrow) {
    return Type::arrow(propAsBool(type.args()[0]), propAsBool(type.args()[1]));
  }
  if (type.kind() != Type::Kind::Constant || type.args().empty()) {
    return type;
  }
  std::vector<Type> args;
  for (const Type &arg : type.args()) {
    args.push_back(propAsBool(arg));
  }
  return Type::constant(type.name(), std::move(args));
}

std::string printElements(const std::vector<Value> &elements) {
  // Sorted by their text: the default identity is a multiset's, so the order a port keeps its
  // elements in (a seeded hash table's differs between processes) is no part of the value.
  std::vector<std::string> items;
  for (const Value &e : elements) {
    items.push_back(e.kind() == ValueKind::Prod ? print(e.first()) + " ↦ " + print(e.second())
                                                : print(e));
  }
  std::sort(items.begin(), items.end());
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += (i ? ", " : "") + items[i];
  }
  return out + "}";
}

bool sameElements(const std::vector<Value> &a, const std::vector<Value> &b) {
  if (a.size() != b.size()) {
    return false;
  }
  std::vector<bool> used(b.size(), false);
  for (const Value &x : a) {
    bool found = false;
    for (std::size_t j = 0; j < b.size() && !found; ++j) {
      if (!used[j] && identical(x, b[j])) {
        used[j] = true;
        found = true;
      }
    }
    if (!found) {
      return false;
    }
  }
  return true;
}

}  // namespace detail

std::vector<Type> Signature::valueTypes() const {
  std::vector<Type> out;
  for (const Parameter &p : params) {
    if (!p.isProof()) {
      out.push_back(p.type);
    }
  }
  return out;
}

Type Signature::type() const { return Type::arrows(valueTypes(), result); }

Registry::Registry() { addPrelude(*this); }

void Registry::addValueType(std::unique_ptr<OpaqueType> opaque, Realization realization) {
  const std::string &name = opaque->leanName;
  const std::string operation = "Registry::valueType " + name;
  if (typeName(name)) {
    throwMisuse(operation, "a type name not taken", name + ", taken");
  }
  checkNewRegistration(operation, *opaque, realization);
  m_valueTypes.emplace(name, store(std::move(opaque), std::move(realization)));
}

void Registry::checkNewRegistration(const std::string &operation, const OpaqueType &opaque,
                                    const Realization &realization) const {
  auto it = m_byCppType.find(opaque.cppType);
  if (it != m_byCppType.end()) {
    throwMisuse(
        operation, "a C++ type registered once",
        cat({opaque.cppType.name(), ", registered already as ", it->second->opaque->leanName}));
  }
  if (realization.classes.count("BEq") && !opaque.beq) {
    throwMisuse(operation, "a beq for the claimed BEq", "none");
  }
  if (realization.classes.count("Hashable") && !opaque.hash) {
    throwMisuse(operation, "a hash for the claimed Hashable", "none");
  }
  if (realization.classes.count("Inhabited") && !realization.defaultValue) {
    throwMisuse(operation, "a default value for the claimed Inhabited", "none");
  }
}

Realization *Registry::store(std::unique_ptr<OpaqueType> opaque, Realization realization) {
  m_classes.insert(realization.classes.begin(), realization.classes.end());
  auto stored = std::make_unique<Realization>(std::move(realization));
  Realization *raw = stored.get();
  m_byCppType.emplace(opaque->cppType, raw);
  m_opaques.push_back(std::move(opaque));
  m_realizationStore.push_back(std::move(stored));
  return raw;
}

void Registry::structure(std::string name, std::vector<std::string> parameters) {
  if (typeName(name)) {
    throwMisuse("Registry::structure", "a type name not taken", name + ", taken");
  }
  m_structures.emplace(name, Structure{name, std::move(parameters)});
}

const OpaqueType &Registry::addRealization(std::unique_ptr<OpaqueType> opaque,
                                           Realization realization, const std::string &structure) {
  const std::string operation = "Registry::realize " + opaque->leanName;
  const Structure *declared = findStructure(structure);
  if (!declared) {
    throwMisuse(operation, "a declared structure", structure + ", undeclared");
  }
  if (declared->parameters.size() != realization.type.args().size() ||
      !realization.type.isGround()) {
    throwMisuse(operation, std::to_string(declared->parameters.size()) + " ground type arguments",
                toString(realization.type));
  }
  if (opaque->label.empty()) {
    throwMisuse(operation, "a label", "none");
  }
  auto labels = m_realizations.find(opaque->leanName);
  if (labels != m_realizations.end() && labels->second.count(opaque->label)) {
    throwMisuse(operation, "a label not taken", opaque->label + ", taken");
  }
  checkNewRegistration(operation, *opaque, realization);
  const OpaqueType &result = *opaque;
  m_realizations[result.leanName].emplace(result.label,
                                          store(std::move(opaque), std::move(realization)));
  return result;
}

void Registry::addOperation(const std::string &name, Signature signature,
                            std::shared_ptr<const Callable> generic,
                            std::optional<Overload> overload,
                            std::vector<std::pair<std::string, std::string>> requirements) {
  const std::string operation = "Registry::operation " + name;
  if (m_theorems.count(name)) {
    throwMisuse(operation, "an operation's name", name + ", a theorem's");
  }
  const std::vector<Type> params = signature.valueTypes();
  const std::size_t arity = generic ? generic->arity() : overload->params.size();
  // A generic callable takes the defaults its Inhabited requirements ask for first.
  const std::size_t defaults =
      static_cast<std::size_t>(std::count_if(requirements.begin(), requirements.end(),
                                             [](const auto &r) { return r.first == "Inhabited"; }));
  if (arity != params.size() + defaults) {
    throwMisuse(operation, cat({std::to_string(params.size() + defaults), " parameters"}),
                cat({"a callable taking ", std::to_string(arity)}));
  }
  if (overload) {
    Substitution s;
    std::map<std::string, Type> fresh;
    bool fits =
        s.unify(s.instantiate(detail::propAsBool(signature.result), fresh), overload->result);
    for (std::size_t i = 0; fits && i < params.size(); ++i) {
      fits = s.unify(s.instantiate(detail::propAsBool(params[i]), fresh), overload->params[i]);
    }
    if (!fits) {
      throwMisuse(operation, "C++ types realizing " + toString(signature.type()),
                  toString(Type::arrows(overload->params, overload->result)));
    }
  }
  std::vector<Operation> &instances = m_operations[name];
  auto same = std::find_if(instances.begin(), instances.end(), [&](const Operation &o) {
    return sameSignature(o.signature, signature);
  });
  if (same == instances.end()) {
    Operation fresh;
    fresh.name = name;
    fresh.signature = std::move(signature);
    fresh.generic = std::move(generic);
    fresh.requirements = std::move(requirements);
    if (overload) {
      fresh.overloads.push_back(std::move(*overload));
    }
    instances.push_back(std::move(fresh));
    return;
  }
  if (generic || same->generic) {
    throwMisuse(operation, "one registration of a generic operation", "a second");
  }
  for (const Overload &o : same->overloads) {
    if (o.params == overload->params && o.result == overload->result &&
        o.opaques == overload->opaques) {
      throwMisuse(operation, "one overload per instantiation",
                  "a second for " + toString(Type::arrows(o.params, o.result)));
    }
  }
  same->overloads.push_back(std::move(*overload));
}

void Registry::genericOperation(const std::string &name, Signature signature,
                                std::shared_ptr<const Callable> callable,
                                std::vector<std::pair<std::string, std::string>> requirements) {
  if (!callable) {
    throwMisuse("Registry::genericOperation " + name, "a callable", "null");
  }
  addOperation(name, std::move(signature), std::move(callable), std::nullopt,
               std::move(requirements));
}

void Registry::refuseTheoremNames(std::set<std::string> names) {
  for (const std::string &name : names) {
    if (m_operations.count(name)) {
      throwMisuse("Registry::refuseTheoremNames", "theorem names no operation has",
                  name + ", an operation's");
    }
  }
  m_theorems.merge(names);
}

const std::vector<Operation> *Registry::operations(const std::string &name) const {
  auto it = m_operations.find(name);
  return it == m_operations.end() ? nullptr : &it->second;
}

std::optional<TypeName> Registry::typeName(const std::string &name) const {
  static const std::map<std::string, std::size_t> core = {
      {"Nat", 0}, {"Bool", 0}, {"Prop", 0}, {"Unit", 0}, {"Option", 1}, {"List", 1}, {"Prod", 2}};
  if (auto it = core.find(name); it != core.end()) {
    return TypeName{Type::constant(name), it->second};
  }
  if (m_valueTypes.count(name)) {
    return TypeName{Type::constant(name), 0};
  }
  if (const Structure *s = findStructure(name)) {
    return TypeName{Type::constant(name), s->parameters.size()};
  }
  return std::nullopt;
}

const Structure *Registry::findStructure(const std::string &name) const {
  auto it = m_structures.find(name);
  return it == m_structures.end() ? nullptr : &it->second;
}

void Registry::addOracle(std::type_index port, std::type_index model,
                         std::function<Value(const Value &)> abstraction) {
  const std::string operation = "Registry::oracle";
  auto portIt = m_byCppType.find(port);
  auto modelIt = m_byCppType.find(model);
  auto structural = [&](auto it) {
    return it != m_byCppType.end() && !it->second->opaque->label.empty();
  };
  if (!structural(portIt)) {
    throwMisuse(operation, "a registered structure realization for the port",
                std::string(port.name()) + ", not one");
  }
  if (!structural(modelIt)) {
    throwMisuse(operation, "a registered structure realization for the model",
                std::string(model.name()) + ", not one");
  }
  Realization &realization = *portIt->second;
  const OpaqueType &modelType = *modelIt->second->opaque;
  if (port == model || modelType.leanName != realization.opaque->leanName) {
    throwMisuse(operation,
                "another realization of " + realization.opaque->leanName + " as the model",
                modelType.leanName + " by " + modelType.label);
  }
  if (realization.oracle) {
    throwMisuse(operation, "one model for " + realization.opaque->label,
                "a second (" + realization.oracle->label + " first)");
  }
  if (!abstraction) {
    throwMisuse(operation, "an abstraction function", "none");
  }
  realization.oracle = &modelType;
  realization.abstraction = std::move(abstraction);
}

const Realization *Registry::realizationOf(std::type_index cppType) const {
  auto it = m_byCppType.find(cppType);
  return it == m_byCppType.end() ? nullptr : it->second;
}

const Realization *Registry::realizationFor(const Type &type,
                                            const Instantiation &instantiation) const {
  if (type.kind() != Type::Kind::Constant) {
    return nullptr;
  }
  if (type.args().empty()) {
    auto it = m_valueTypes.find(type.name());
    if (it != m_valueTypes.end()) {
      return it->second;
    }
  }
  auto found = m_realizations.find(toString(type));
  if (found == m_realizations.end() || found->second.empty()) {
    return nullptr;
  }
  const std::map<std::string, Realization *> &labels = found->second;
  auto chosen = instantiation.realizations.find(type.name());
  if (chosen != instantiation.realizations.end()) {
    auto it = labels.find(chosen->second);
    if (it == labels.end()) {
      missingRegistration("realization " + chosen->second + " of " + toString(type), {});
    }
    return it->second;
  }
  if (labels.size() > 1) {
    std::string names;
    for (const auto &[label, realization] : labels) {
      names += (names.empty() ? "" : ", ") + label;
    }
    notAdmissible(toString(type) + " has several realizations (" + names + ") and " +
                  instantiation.name + " names none");
  }
  return labels.begin()->second;
}

bool Registry::claims(const Type &type, const std::string &cls,
                      const Instantiation &instantiation) const {
  if (type.kind() != Type::Kind::Constant) {
    return false;
  }
  if (type.is("Nat") || type.is("Bool") || type.is("Unit")) {
    return scalarClasses().count(cls) > 0 ||
           (!type.is("Unit") && (cls == "LT" || cls == "LE" || cls == "Ord"));
  }
  if (type.is("Option") || type.is("List") || type.is("Prod")) {
    if ((cls == "Inhabited" || cls == "Nonempty") && !type.is("Prod")) {
      return true;
    }
    if (!componentwiseClasses().count(cls) && !(type.is("Prod") && cls == "Inhabited")) {
      return false;
    }
    return std::all_of(type.args().begin(), type.args().end(),
                       [&](const Type &arg) { return claims(arg, cls, instantiation); });
  }
  const Realization *realization = realizationFor(type, instantiation);
  return realization && realization->classes.count(cls) > 0;
}

std::vector<const Realization *> Registry::registrations() const {
  std::vector<const Realization *> out;
  out.reserve(m_realizationStore.size());
  for (const auto &stored : m_realizationStore) {
    out.push_back(stored.get());
  }
  return out;
}

std::optional<Value> Registry::defaultValue(const Type &type,
                                            const Instantiation &instantiation) const {
  if (type.is("Nat")) {
    return Value::nat(0);
  }
  if (type.is("Bool")) {
    return Value::boolean(false);
  }
  if (type.is("Unit")) {
    return Value::unit();
  }
  if (type.is("Option")) {
    return Value::none();
  }
  if (type.is("List")) {
    return Value::list({});
  }
  if (type.is("Prod")) {
    std::optional<Value> first = defaultValue(type.args()[0], instantiation);
    std::optional<Value> second = defaultValue(type.args()[1], instantiation);
    if (!first || !second) {
      return std::nullopt;
    }
    return Value::pair(*first, *second);
  }
  const Realization *realization = realizationFor(type, instantiation);
  if (!realization || !realization->classes.count("Inhabited")) {
    return std::nullopt;
  }
  return realization->defaultValue;
}

bool Registry::isClass(const std::string &name) const {
  return coreClasses().count(name) > 0 || m_classes.count(name) > 0;
}

bool Registry::isTheorem(const std::string &name) const { return m_theorems.count(name) > 0; }

}  // namespace proofport::interp
