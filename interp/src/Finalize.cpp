// The end of elaboration: numerals and defaults decided, overloads chosen for the
// instantiation, classes checked, quantifier domains built, every type ground.
#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "Elaborator.h"
#include "FreeSlots.h"
#include "proofport/interp/Oracle.h"
#include "proofport/runner/Input.h"

namespace proofport::interp::elab {

namespace {

/// Enumerations larger than this are no finite domain.
constexpr std::size_t kMaxFiniteDomain = 256;
/// Walks through nested components stop this deep.
constexpr std::size_t kMaxWalkDepth = 16;

/// Whether `e` reads a local of slot `from` or later that it does not bind itself (a
/// quantifier's bound variable, or a local bound inside that quantifier).   Cost: O(tree)
bool readsFrom(const Expr &e, std::size_t from) {
  const std::set<std::size_t> free = freeSlots(e);
  return free.lower_bound(from) != free.end();
}

/// The terms `e` asserts together: its conjuncts, through `∧` and Bool-as-Prop coercions.
void conjunctsOf(const Expr &e, std::vector<const Expr *> &out) {
  if (e.kind == ExprKind::Coerce && e.args.size() == 1) {
    conjunctsOf(*e.args[0], out);
  } else if (e.kind == ExprKind::And && e.args.size() == 2) {
    conjunctsOf(*e.args[0], out);
    conjunctsOf(*e.args[1], out);
  } else {
    out.push_back(&e);
  }
}

/// Whether `element` is the local of `slot` or a pair that holds it as a component, at any
/// depth: when `element ∈ c`, that local is among the components of c's elements.
bool holdsLocal(const Expr &element, std::size_t slot) {
  switch (element.kind) {
  case ExprKind::Local: return element.slot == slot;
  case ExprKind::Coerce: return holdsLocal(*element.args[0], slot);
  case ExprKind::Pair:
    return holdsLocal(*element.args[0], slot) || holdsLocal(*element.args[1], slot);
  default: return false;
  }
}

/// The collections `c` of the memberships `x ∈ c` (or `(x, y) ∈ c`, the variable a component),
/// and the terms `t` of the equalities `x = t` (or `t = x`), that bound quantifier `q`'s
/// variable: through the quantifiers of the same kind nested in it,
/// the premises of a chain of implications (∀, each premise's conjuncts) or every conjunct of
/// the body (∃), each `c` read before the variable is bound. The values such a membership
/// admits are among the components of c's elements: the quantifier's domain is complete.
std::vector<ExprPtr> boundingCollections(const Expr &q) {
  const Expr *e = q.args.empty() ? nullptr : q.args[0].get();
  while (e != nullptr && e->kind == q.kind && !e->args.empty()) {
    e = e->args[0].get();
  }
  std::vector<const Expr *> constraints;
  if (e != nullptr && q.kind == ExprKind::Forall) {
    while (e->kind == ExprKind::Implies && e->args.size() == 2) {
      conjunctsOf(*e->args[0], constraints);
      e = e->args[1].get();
    }
  } else if (e != nullptr) {
    conjunctsOf(*e, constraints);
  }
  std::vector<ExprPtr> out;
  auto isLocal = [&](const Expr &x) { return x.kind == ExprKind::Local && x.slot == q.slot; };
  for (const Expr *c : constraints) {
    if (c->kind == ExprKind::Call && c->name == "Membership.mem" && c->args.size() == 2 &&
        holdsLocal(*c->args[1], q.slot) && !readsFrom(*c->args[0], q.slot)) {
      out.push_back(c->args[0]);
    } else if (c->kind == ExprKind::Identical && c->args.size() == 2) {
      // `x = t` (or `t = x`) admits t alone: t is its own collection, walked by Take.
      for (std::size_t side : {0, 1}) {
        if (isLocal(*c->args[side]) && !readsFrom(*c->args[1 - side], q.slot)) {
          out.push_back(c->args[1 - side]);
          break;
        }
      }
    }
  }
  return out;
}

/// Where a proposition stands: where its truth counts for the statement (a conclusion), where
/// its falsity does (a premise), or both (a side of `↔`, a term's argument).
constexpr unsigned kPositive = 1;
constexpr unsigned kNegative = 2;
constexpr unsigned kMixed = kPositive | kNegative;

unsigned flipped(unsigned polarity) {
  return ((polarity & kPositive) != 0 ? kNegative : 0) |
         ((polarity & kNegative) != 0 ? kPositive : 0);
}

/// The polarities at which each quantifier of `e` stands, `e` standing at `polarity`.
/// Cost: O(tree) (each node at most once per polarity)
void polarities(const Expr &e, unsigned polarity, std::map<const Expr *, unsigned> &out,
                std::set<std::pair<const Expr *, unsigned>> &seen) {
  if (!seen.emplace(&e, polarity).second) {
    return;
  }
  auto each = [&](unsigned p) {
    for (const ExprPtr &arg : e.args) {
      polarities(*arg, p, out, seen);
    }
  };
  switch (e.kind) {
  case ExprKind::Forall:
  case ExprKind::Exists:
    out[&e] |= polarity;
    each(polarity);
    return;
  case ExprKind::Implies:
    polarities(*e.args[0], flipped(polarity), out, seen);
    polarities(*e.args[1], polarity, out, seen);
    return;
  case ExprKind::Not: each(flipped(polarity)); return;
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Coerce: each(polarity); return;
  case ExprKind::Let:
    polarities(*e.args[0], kMixed, out, seen);
    polarities(*e.args[1], polarity, out, seen);
    return;
  default: each(kMixed); return;
  }
}

}  // namespace

void Elaborator::finishLiteral(PendingLiteral &pending) {
  Expr &node = *pending.node;
  const Type type = resolved(node.type);
  if (!pending.numeral) {
    if (!type.isGround()) {
      typeMismatch("a type that default can take", toString(type), node.position);
    }
    requireClass("Inhabited", type, toString(type));
    std::optional<Value> value = m_registry.defaultValue(type, m_instantiation);
    if (!value) {
      notAdmissible(cat({toString(type), " does not claim Inhabited"}));
    }
    node.value = *value;
    return;
  }
  if (type.is("Nat")) {
    node.value = Value::nat(pending.number);
    return;
  }
  const Realization *realization =
      type.isGround() ? m_registry.realizationFor(type, m_instantiation) : nullptr;
  if (!realization || !realization->ofNat) {
    typeMismatch(toString(type), cat({"the numeral ", std::to_string(pending.number)}),
                 node.position);
  }
  std::optional<Value> value = realization->ofNat(pending.number);
  if (!value) {
    unsupported(cat({"the numeral ", std::to_string(pending.number), " in ", toString(type)}),
                node.position);
  }
  node.value = *value;
}

void Elaborator::finishCall(PendingCall &pending) {
  Expr &node = *pending.node;
  const Operation &op = *pending.operation;
  std::vector<Type> params;
  for (const Type &param : pending.params) {
    params.push_back(resolved(param));
  }
  const Type result = resolved(pending.result);
  const Type signature = Type::arrows(params, result);
  if (!signature.isGround()) {
    typeMismatch(cat({"argument types of ", op.name, " that the statement determines"}),
                 toString(signature), node.position);
  }
  if (op.generic) {
    for (const auto &[cls, variable] : op.requirements) {
      auto found = pending.variables.find(variable);
      if (found != pending.variables.end()) {
        const Type type = resolved(found->second);
        requireClass(cls, type, toString(type));
      }
    }
    return;
  }
  std::vector<Type> want;
  for (const Type &param : params) {
    want.push_back(detail::propAsBool(param));
  }
  const Type wantResult = detail::propAsBool(result);
  for (const Overload &overload : op.overloads) {
    if (overload.params != want || !(overload.result == wantResult)) {
      continue;
    }
    bool realized = true;
    for (const OpaqueType *opaque : overload.opaques) {
      const Realization *own = m_registry.realizationOf(opaque->cppType);
      realized = realized && own && m_registry.realizationFor(own->type, m_instantiation) == own;
    }
    if (realized) {
      node.callee = oracleChecked(m_registry, op, overload);
      return;
    }
  }
  missingRegistration(cat({op.name, " : ", toString(signature)}), node.position);
}

std::optional<std::vector<Value>> Elaborator::finiteValues(const Type &type) const {
  if (type.is("Bool") || type.is("Prop")) {
    return std::vector<Value>{Value::boolean(false), Value::boolean(true)};
  }
  if (type.is("Unit")) {
    return std::vector<Value>{Value::unit()};
  }
  if (type.is("Option")) {
    std::optional<std::vector<Value>> inner = finiteValues(type.args()[0]);
    if (!inner || inner->size() + 1 > kMaxFiniteDomain) {
      return std::nullopt;
    }
    std::vector<Value> out{Value::none()};
    for (const Value &v : *inner) {
      out.push_back(Value::some(v));
    }
    return out;
  }
  if (type.is("Prod")) {
    std::optional<std::vector<Value>> first = finiteValues(type.args()[0]);
    std::optional<std::vector<Value>> second = finiteValues(type.args()[1]);
    if (!first || !second || first->size() * second->size() > kMaxFiniteDomain) {
      return std::nullopt;
    }
    std::vector<Value> out;
    for (const Value &a : *first) {
      for (const Value &b : *second) {
        out.push_back(Value::pair(a, b));
      }
    }
    return out;
  }
  return std::nullopt;
}

std::vector<Walk> Elaborator::walksTo(const Type &from, const Type &target,
                                      std::size_t depth) const {
  if (from == target) {
    return {Walk{Walk::Step::Take, {}}};
  }
  std::vector<Walk> out;
  if (depth >= kMaxWalkDepth || from.kind() != Type::Kind::Constant) {
    return out;
  }
  auto into = [&](Walk::Step step, const Type &inner) {
    std::vector<Walk> next = walksTo(inner, target, depth + 1);
    if (!next.empty()) {
      out.push_back(Walk{step, std::move(next)});
    }
  };
  if (from.is("Option")) {
    into(Walk::Step::Some, from.args()[0]);
  } else if (from.is("Prod")) {
    into(Walk::Step::First, from.args()[0]);
    into(Walk::Step::Second, from.args()[1]);
  } else if (from.is("List")) {
    into(Walk::Step::Elements, from.args()[0]);
  } else if (const Realization *r = m_registry.realizationFor(from, m_instantiation)) {
    if (r->opaque->elements) {
      into(Walk::Step::Contents, r->elementType);
    }
  }
  return out;
}

void Elaborator::finishQuantifier(PendingQuantifier &pending) {
  Expr &node = *pending.node;
  const Type bound = resolved(pending.bound);
  if (!bound.isGround()) {
    typeMismatch("a bound variable whose type the statement determines", toString(bound),
                 node.position);
  }
  if (std::optional<std::vector<Value>> values = finiteValues(bound)) {
    node.domain.finite = true;
    node.domain.values = std::move(*values);
    return;
  }
  for (const auto &[slot, type] : pending.scope) {
    const Type from = resolved(type);
    if (!from.isGround()) {
      continue;
    }
    for (Walk &walk : walksTo(from, bound, 0)) {
      node.domain.walks.emplace_back(slot, std::move(walk));
    }
  }
  for (const ExprPtr &collection : boundingCollections(node)) {
    const Type from = resolved(collection->type);
    if (!from.isGround()) {
      continue;
    }
    for (Walk &walk : walksTo(from, bound, 0)) {
      node.domain.collections.emplace_back(collection, std::move(walk));
    }
  }
  // The statement's own constants of the type (`default`, numerals) join the values in scope:
  // a membership in a structure admits every value `==` to a stored key, as `default` may be.
  for (const PendingLiteral &literal : m_literals) {
    const Expr &constant = *literal.node;
    if (constant.type == bound &&
        std::none_of(node.domain.values.begin(), node.domain.values.end(),
                     [&](const Value &v) { return identical(v, constant.value); })) {
      node.domain.values.push_back(constant.value);
    }
  }
  if (node.domain.walks.empty() && node.domain.collections.empty() && node.domain.values.empty()) {
    unsupported(cat({node.kind == ExprKind::Forall ? "∀" : "∃", " over ", toString(bound),
                     " with no values of it in scope"}),
                node.position);
  }
}

void Elaborator::finalize() {
  // Lean's default instance: a numeral nothing else types is a Nat.
  for (PendingLiteral &literal : m_literals) {
    if (literal.numeral && resolved(literal.node->type).kind() == Type::Kind::Meta) {
      m_substitution.unify(literal.node->type, Type::nat());
    }
  }
  for (PendingLiteral &literal : m_literals) {
    finishLiteral(literal);
  }
  for (PendingCall &call : m_calls) {
    finishCall(call);
  }
  for (const Node &node : m_nodes) {
    node->type = resolved(node->type);
    node->bound = resolved(node->bound);
    if (!node->type.isGround()) {
      typeMismatch("a type the statement determines", toString(node->type), node->position);
    }
  }
  for (const Node &node : m_equalities) {
    const Type &type = node->args[0]->type;
    if (type.kind() == Type::Kind::Arrow) {
      unsupported("an equality of functions", node->position);
    }
    if (node->kind == ExprKind::BEq) {
      requireClass("BEq", type, toString(type));
    }
  }
  for (PendingQuantifier &quantifier : m_quantifiers) {
    finishQuantifier(quantifier);
  }
  for (BinderRecord &binder : m_binders) {
    binder.type = resolved(binder.type);
    if (binder.slot && !binder.premise) {
      if (!runner::isName(binder.name)) {
        // Its draws are printed and read back as `name := value`.
        unsupported(cat({"a binder name of over 64 bytes, or with a space, a control, : or = (",
                         binder.name, ")"}),
                    binder.position);
      }
      if (!binder.type.isGround()) {
        typeMismatch(cat({"a type for ", binder.name}), toString(binder.type), binder.position);
      }
      requireRealized(binder.type, binder.position);
    }
  }
}

void Elaborator::markUndecidable(const std::vector<const Expr *> &premises,
                                 const Expr &conclusion) {
  std::map<const Expr *, unsigned> at;
  std::set<std::pair<const Expr *, unsigned>> seen;
  for (const Expr *premise : premises) {
    polarities(*premise, kNegative, at, seen);
  }
  polarities(conclusion, kPositive, at, seen);
  for (PendingQuantifier &quantifier : m_quantifiers) {
    Expr &node = *quantifier.node;
    if (node.domain.finite || !node.domain.collections.empty()) {
      continue;
    }
    const auto found = at.find(&node);
    const unsigned polarity = found == at.end() ? kMixed : found->second;
    node.domain.undecidedWhenExhausted =
        (polarity & (node.kind == ExprKind::Exists ? kPositive : kNegative)) != 0;
  }
}

void Elaborator::requireRealized(const Type &type, Position where) const {
  static const std::set<std::string> core = {"Nat",    "Bool", "Prop", "Unit",
                                             "Option", "List", "Prod"};
  if (type.kind() == Type::Kind::Constant && !core.count(type.name()) &&
      !m_registry.realizationFor(type, m_instantiation)) {
    missingRegistration(cat({"a realization of ", toString(type)}), where);
  }
  for (const Type &arg : type.args()) {
    requireRealized(arg, where);
  }
}

}  // namespace proofport::interp::elab
