// Lean types as data: construction, printing, substitution and unification.
#include "proofport/interp/Type.h"

#include <algorithm>
#include <utility>

#include "Text.h"

namespace proofport::interp {

struct Type::Node {
  Kind kind = Kind::Constant;
  std::string name;
  std::vector<Type> args;
  std::size_t meta = 0;
};

namespace {

const std::string &emptyName() {
  static const std::string empty;
  return empty;
}

}  // namespace

Type::Type() : Type(constant("Unit")) {}

Type::Type(std::shared_ptr<const Node> node) : m_node(std::move(node)) {}

Type Type::constant(std::string name, std::vector<Type> args) {
  return Type(
      std::make_shared<const Node>(Node{Kind::Constant, std::move(name), std::move(args), 0}));
}

Type Type::arrow(Type from, Type to) {
  return Type(std::make_shared<const Node>(
      Node{Kind::Arrow, std::string(), std::vector<Type>{std::move(from), std::move(to)}, 0}));
}

Type Type::arrows(const std::vector<Type> &params, Type result) {
  for (std::size_t i = params.size(); i-- > 0;) {
    result = arrow(params[i], std::move(result));
  }
  return result;
}

Type Type::variable(std::string name) {
  return Type(std::make_shared<const Node>(Node{Kind::Variable, std::move(name), {}, 0}));
}

Type Type::meta(std::size_t id) {
  return Type(std::make_shared<const Node>(Node{Kind::Meta, std::string(), {}, id}));
}

Type Type::nat() {
  static const Type t = constant("Nat");
  return t;
}
Type Type::boolean() {
  static const Type t = constant("Bool");
  return t;
}
Type Type::prop() {
  static const Type t = constant("Prop");
  return t;
}
Type Type::unit() {
  static const Type t = constant("Unit");
  return t;
}
Type Type::option(Type inner) { return constant("Option", {std::move(inner)}); }
Type Type::list(Type element) { return constant("List", {std::move(element)}); }
Type Type::prod(Type first, Type second) {
  return constant("Prod", {std::move(first), std::move(second)});
}

Type::Kind Type::kind() const noexcept { return m_node->kind; }

const std::string &Type::name() const noexcept {
  return m_node->kind == Kind::Constant || m_node->kind == Kind::Variable ? m_node->name
                                                                          : emptyName();
}

const std::vector<Type> &Type::args() const noexcept { return m_node->args; }

std::size_t Type::metaId() const noexcept { return m_node->meta; }

bool Type::is(std::string_view name) const noexcept {
  return m_node->kind == Kind::Constant && m_node->name == name;
}

bool Type::isGround() const {
  if (kind() == Kind::Variable || kind() == Kind::Meta) {
    return false;
  }
  return std::all_of(args().begin(), args().end(), [](const Type &t) { return t.isGround(); });
}

bool operator==(const Type &a, const Type &b) {
  if (a.m_node == b.m_node) {
    return true;
  }
  if (a.kind() != b.kind() || a.m_node->name != b.m_node->name || a.metaId() != b.metaId() ||
      a.args().size() != b.args().size()) {
    return false;
  }
  return std::equal(a.args().begin(), a.args().end(), b.args().begin());
}

namespace {

/// Precedence levels of printed types: an arrow binds loosest, then `×`, then application.
enum Level { kArrow = 0, kProd = 1, kApp = 2, kAtom = 3 };

std::string print(const Type &type, int context) {
  std::string out;
  int level = kAtom;
  switch (type.kind()) {
  case Type::Kind::Variable: out = type.name(); break;
  case Type::Kind::Meta: out = cat({"?", std::to_string(type.metaId())}); break;
  case Type::Kind::Arrow:
    level = kArrow;
    out = print(type.args()[0], kProd) + " → " + print(type.args()[1], kArrow);
    break;
  case Type::Kind::Constant:
    if (type.is("Prod") && type.args().size() == 2) {
      level = kProd;
      out = print(type.args()[0], kApp) + " × " + print(type.args()[1], kProd);
      break;
    }
    out = type.name();
    for (const Type &arg : type.args()) {
      level = kApp;
      out.append(" ").append(print(arg, kAtom));
    }
    break;
  }
  return level < context ? cat({"(", out, ")"}) : out;
}

}  // namespace

std::string toString(const Type &type) { return print(type, kArrow); }

Type substitute(const Type &type, const std::map<std::string, Type> &variables) {
  switch (type.kind()) {
  case Type::Kind::Variable: {
    auto it = variables.find(type.name());
    return it == variables.end() ? type : it->second;
  }
  case Type::Kind::Meta: return type;
  case Type::Kind::Arrow:
    return Type::arrow(substitute(type.args()[0], variables),
                       substitute(type.args()[1], variables));
  case Type::Kind::Constant: break;
  }
  std::vector<Type> args;
  args.reserve(type.args().size());
  for (const Type &arg : type.args()) {
    args.push_back(substitute(arg, variables));
  }
  return Type::constant(type.name(), std::move(args));
}

namespace {

void collectVariables(const Type &type, std::vector<std::string> &out) {
  if (type.kind() == Type::Kind::Variable) {
    if (std::find(out.begin(), out.end(), type.name()) == out.end()) {
      out.push_back(type.name());
    }
    return;
  }
  for (const Type &arg : type.args()) {
    collectVariables(arg, out);
  }
}

}  // namespace

std::vector<std::string> variablesOf(const Type &type) {
  std::vector<std::string> out;
  collectVariables(type, out);
  return out;
}

Type Substitution::fresh() {
  m_solutions.emplace_back();
  return Type::meta(m_solutions.size() - 1);
}

Type Substitution::resolve(const Type &type) const {
  switch (type.kind()) {
  case Type::Kind::Variable: return type;
  case Type::Kind::Meta: {
    const std::optional<Type> &solution = m_solutions.at(type.metaId());
    return solution ? resolve(*solution) : type;
  }
  case Type::Kind::Arrow: return Type::arrow(resolve(type.args()[0]), resolve(type.args()[1]));
  case Type::Kind::Constant: break;
  }
  if (type.args().empty()) {
    return type;
  }
  std::vector<Type> args;
  args.reserve(type.args().size());
  for (const Type &arg : type.args()) {
    args.push_back(resolve(arg));
  }
  return Type::constant(type.name(), std::move(args));
}

Type Substitution::instantiate(const Type &type, std::map<std::string, Type> &freshVariables) {
  for (const std::string &name : variablesOf(type)) {
    if (!freshVariables.count(name)) {
      freshVariables.emplace(name, fresh());
    }
  }
  return substitute(type, freshVariables);
}

bool Substitution::occurs(std::size_t id, const Type &type) const {
  const Type resolved = resolve(type);
  if (resolved.kind() == Type::Kind::Meta) {
    return resolved.metaId() == id;
  }
  return std::any_of(resolved.args().begin(), resolved.args().end(),
                     [&](const Type &arg) { return occurs(id, arg); });
}

bool Substitution::unifyInto(const Type &a0, const Type &b0, std::vector<std::size_t> &solved) {
  const Type a = resolve(a0);
  const Type b = resolve(b0);
  if (a.kind() == Type::Kind::Meta || b.kind() == Type::Kind::Meta) {
    const Type &meta = a.kind() == Type::Kind::Meta ? a : b;
    const Type &other = a.kind() == Type::Kind::Meta ? b : a;
    if (other.kind() == Type::Kind::Meta && other.metaId() == meta.metaId()) {
      return true;
    }
    if (occurs(meta.metaId(), other)) {
      return false;
    }
    m_solutions[meta.metaId()] = other;
    solved.push_back(meta.metaId());
    return true;
  }
  if (a.kind() != b.kind() || a.name() != b.name() || a.args().size() != b.args().size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.args().size(); ++i) {
    if (!unifyInto(a.args()[i], b.args()[i], solved)) {
      return false;
    }
  }
  return true;
}

bool Substitution::unify(const Type &a, const Type &b) {
  std::vector<std::size_t> solved;
  if (unifyInto(a, b, solved)) {
    return true;
  }
  for (std::size_t id : solved) {
    m_solutions[id].reset();
  }
  return false;
}

}  // namespace proofport::interp
