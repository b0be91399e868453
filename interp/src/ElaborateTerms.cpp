// Elaboration of terms: names, applications, literals, functions, quantifiers, `let`/`have`,
// `if`, tuples and lists, each typed bidirectionally.
#include <limits>

#include "Elaborator.h"

namespace proofport::interp::elab {

namespace {

/// Counts the nesting of terms; past kMaxTermDepth the statement is unsupported.
class DepthGuard {
public:
  DepthGuard(std::size_t &depth, Position where) : m_depth(depth) {
    if (++m_depth > kMaxTermDepth) {
      unsupported(cat({"terms nested deeper than ", std::to_string(kMaxTermDepth)}), where);
    }
  }
  ~DepthGuard() { --m_depth; }
  DepthGuard(const DepthGuard &) = delete;
  DepthGuard &operator=(const DepthGuard &) = delete;

private:
  std::size_t &m_depth;
};

std::vector<const Term *> rest(const Term &term, std::size_t first) {
  std::vector<const Term *> out;
  for (std::size_t i = first; i < term.args.size(); ++i) {
    out.push_back(term.args[i].get());
  }
  return out;
}

}  // namespace

bool needsExpectedType(const Term &term) {
  switch (term.kind) {
  case TermKind::Number:
  case TermKind::EmptyCollection:
  case TermKind::Anonymous:
  case TermKind::Lambda: return true;
  case TermKind::List: return term.args.empty();
  case TermKind::Name:
    return term.text == "none" || term.text == "default" || term.text == "Option.none" ||
           term.text == "List.nil";
  default: return false;
  }
}

Node Elaborator::infer(const Term &term, const std::optional<Type> &expected) {
  DepthGuard guard(m_depth, term.position);
  switch (term.kind) {
  case TermKind::Name: return name(term, expected);
  case TermKind::Number: return literal(term, expected);
  case TermKind::String: unsupported("a string literal", term.position);
  case TermKind::Char: unsupported("a character literal", term.position);
  case TermKind::App: return app(term, expected);
  case TermKind::Dot:
    return fields(infer(*term.args.at(0), std::nullopt), term.text, {}, expected, term.position);
  case TermKind::Projection:
    return field(infer(*term.args.at(0), std::nullopt), term.text, {}, expected, term.position);
  case TermKind::Index: return index(term, expected);
  case TermKind::If:
  case TermKind::Bif: return conditional(term, expected);
  case TermKind::Binary: return binary(term, expected);
  case TermKind::Unary: return unary(term, expected);
  case TermKind::Lambda: return lambda(term, expected);
  case TermKind::Forall:
  case TermKind::Exists: return quantifier(term);
  case TermKind::Let: return let(term, expected);
  case TermKind::Anonymous:
  case TermKind::Tuple: return tuple(term, 0, expected);
  case TermKind::List: return list(term, expected);
  case TermKind::Ascription: {
    std::optional<Type> type = typeOf(*term.args.at(1));
    if (!type) {
      unsupported("an ascription to a proposition", term.position);
    }
    return check(*term.args[0], *type);
  }
  case TermKind::Unit: {
    Node node = makeNode(ExprKind::Literal, Type::unit(), term.position);
    node->value = Value::unit();
    return node;
  }
  case TermKind::EmptyCollection:
    return operatorCall("EmptyCollection.emptyCollection", {}, expected, term.position);
  case TermKind::Unsupported: unsupported(term.text, term.position);
  }
  unsupported(std::string(lean::termKindName(term.kind)), term.position);
}

Node Elaborator::coerce(Node node, const Type &expected, Position where) {
  if (m_substitution.unify(node->type, expected)) {
    return node;
  }
  const Type got = resolved(node->type);
  const Type want = resolved(expected);
  if ((got.is("Bool") && want.is("Prop")) || (got.is("Prop") && want.is("Bool"))) {
    Node wrapped = makeNode(ExprKind::Coerce, want, where);
    wrapped->args.push_back(std::move(node));
    return wrapped;
  }
  typeMismatch(toString(want), toString(got), where);
}

Node Elaborator::check(const Term &term, const Type &expected) {
  return coerce(infer(term, expected), expected, term.position);
}

Node Elaborator::name(const Term &term, const std::optional<Type> &expected) {
  const std::string &text = term.text;
  if (text == "_") {
    unsupported("a hole _", term.position);
  }
  if (Local *local = lookup(text)) {
    return use(*local, term.position);
  }
  const std::size_t dot = text.find('.');
  if (dot != std::string::npos) {
    if (Local *local = lookup(text.substr(0, dot))) {
      return fields(use(*local, term.position), text.substr(dot + 1), {}, expected, term.position);
    }
  }
  if (text == "default" || text == "Inhabited.default") {
    Node node =
        makeNode(ExprKind::Literal, expected ? *expected : m_substitution.fresh(), term.position);
    m_literals.push_back(PendingLiteral{node, false, 0});
    return node;
  }
  if (auto found = global(text)) {
    return call(CallSite{found->first, found->second, nullptr, {}, false, term.position}, expected);
  }
  // A name written without a namespace was looked up in the statement's, then at the root.
  const bool qualified = dot != std::string::npos || m_statement.namespaces.empty();
  missingRegistration(
      qualified ? text
                : cat({text, " (as ", m_statement.namespaces.back(), ".", text, " or ", text, ")"}),
      term.position);
}

Node Elaborator::app(const Term &term, const std::optional<Type> &expected) {
  const Term &head = *term.args.at(0);
  const std::vector<const Term *> args = rest(term, 1);
  if (head.kind == TermKind::Name) {
    const std::string &text = head.text;
    if (Local *local = lookup(text)) {
      return dynamicApply(use(*local, head.position), args, term.position);
    }
    const std::size_t dot = text.find('.');
    if (dot != std::string::npos) {
      if (Local *local = lookup(text.substr(0, dot))) {
        return fields(use(*local, head.position), text.substr(dot + 1), args, expected,
                      term.position);
      }
    }
    if (text == "decide" && args.size() == 1) {
      Node node = makeNode(ExprKind::Coerce, Type::boolean(), term.position);
      node->args.push_back(check(*args[0], Type::prop()));
      return node;
    }
    if (global(text)) {
      auto found = global(text);
      return call(CallSite{found->first, found->second, nullptr, args, false, term.position},
                  expected);
    }
    return dynamicApply(name(head, std::nullopt), args, term.position);
  }
  if (head.kind == TermKind::Dot) {
    return fields(infer(*head.args.at(0), std::nullopt), head.text, args, expected, term.position);
  }
  return dynamicApply(infer(head, std::nullopt), args, term.position);
}

Type Elaborator::binderType(const lean::Binder &binder, const char *proofs,
                            std::optional<Type> fallback) {
  if (binder.type) {
    std::optional<Type> written = typeOf(*binder.type);
    if (!written) {
      if (namesNothingKnown(*binder.type)) {
        missingRegistration(cat({"type ", binder.type->text}), binder.type->position);
      }
      unsupported(proofs, binder.position);
    }
    return *written;
  }
  return fallback ? *fallback : m_substitution.fresh();
}

Node Elaborator::lambda(const Term &term, const std::optional<Type> &expected) {
  std::optional<Type> remaining =
      expected ? std::optional<Type>(resolved(*expected)) : std::nullopt;
  std::vector<Type> params;
  const std::size_t first = m_nextSlot;
  std::size_t pushed = 0;
  for (const lean::Binder &b : term.binders) {
    for (const std::string &n : b.names) {
      const bool arrow = remaining && remaining->kind() == Type::Kind::Arrow;
      const Type type =
          binderType(b, "a function of a proof",
                     arrow ? std::optional<Type>(remaining->args()[0]) : std::nullopt);
      if (remaining && remaining->kind() == Type::Kind::Arrow) {
        m_substitution.unify(remaining->args()[0], type);
        remaining = resolved(remaining->args()[1]);
      } else {
        remaining.reset();
      }
      params.push_back(type);
      pushLocal(n, Local::Kind::Value, type);
      ++pushed;
    }
  }
  Node body =
      remaining ? check(*term.args.at(0), *remaining) : infer(*term.args.at(0), std::nullopt);
  popLocals(pushed);
  Node node = makeNode(ExprKind::Lambda, Type::arrows(params, body->type), term.position);
  node->slot = first;
  node->count = pushed;
  node->args.push_back(std::move(body));
  return node;
}

Node Elaborator::quantifier(const Term &term) {
  const bool forall = term.kind == TermKind::Forall;
  std::vector<Node> nodes;
  std::size_t pushed = 0;
  for (const lean::Binder &b : term.binders) {
    if (b.kind == lean::BinderKind::Instance) {
      // `∀ [C α], P` holds vacuously where α does not claim C: as for the statement's own
      // instance binders, such an instantiation is not admissible; where it does, P.
      instanceBinder(b);
      continue;
    }
    if (b.type && !typeOf(*b.type) && !namesNothingKnown(*b.type)) {
      // A binder over proofs of a proposition: `∀ (h : a ∈ m), P` is `a ∈ m → P` and
      // `∃ (h : a ∈ m), P` is `a ∈ m ∧ P`, with h in scope for P (a name nothing knows is left
      // to binderType: a type nobody registered).
      Node node = makeNode(forall ? ExprKind::Implies : ExprKind::And, Type::prop(), b.position);
      node->args.push_back(check(*b.type, Type::prop()));
      for (const std::string &n : b.names) {
        pushLocal(n, Local::Kind::Proof, Type::prop());
        ++pushed;
      }
      nodes.push_back(node);
      continue;
    }
    for (const std::string &n : b.names) {
      const Type type = binderType(b, forall ? "∀ over proofs" : "∃ over proofs", std::nullopt);
      Node node = makeNode(forall ? ExprKind::Forall : ExprKind::Exists, Type::prop(), b.position);
      node->bound = type;
      m_quantifiers.push_back(PendingQuantifier{node, type, valueScope()});
      node->slot = pushLocal(n, Local::Kind::Value, type);
      nodes.push_back(node);
      ++pushed;
    }
  }
  Node body = check(*term.args.at(0), Type::prop());
  popLocals(pushed);
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    (*it)->args.push_back(std::move(body));
    body = *it;
  }
  return body;
}

Node Elaborator::let(const Term &term, const std::optional<Type> &expected) {
  const lean::Binder &b = term.binders.at(0);
  const std::string name = b.names.empty() ? std::string("_") : b.names[0];
  std::optional<Type> declared;
  bool proof = false;
  if (b.type) {
    declared = typeOf(*b.type);
    proof = !declared;
  } else {
    proof = term.text != "let";
  }
  if (proof) {
    if (b.type) {
      check(*b.type, Type::prop());
    }
    pushLocal(name, Local::Kind::Proof, Type::prop());
    Node body = infer(*term.args.at(1), expected);
    popLocals(1);
    return body;
  }
  Node value =
      declared ? check(*term.args.at(0), *declared) : infer(*term.args.at(0), std::nullopt);
  const std::size_t slot = pushLocal(name, Local::Kind::Value, value->type);
  Node body = infer(*term.args.at(1), expected);
  popLocals(1);
  Node node = makeNode(ExprKind::Let, body->type, term.position);
  node->slot = slot;
  node->args = {std::move(value), std::move(body)};
  return node;
}

Node Elaborator::conditional(const Term &term, const std::optional<Type> &expected) {
  const bool bif = term.kind == TermKind::Bif;
  Node condition = check(*term.args.at(0), bif ? Type::boolean() : Type::prop());
  const bool named = !bif && !term.text.empty();
  auto branch = [&](const Term &t, const std::optional<Type> &want) {
    if (named) {
      pushLocal(term.text, Local::Kind::Proof, Type::prop());
    }
    Node node = want ? check(t, *want) : infer(t, std::nullopt);
    if (named) {
      popLocals(1);
    }
    return node;
  };
  const Term &yes = *term.args.at(1);
  const Term &no = *term.args.at(2);
  Node first;
  Node second;
  if (needsExpectedType(yes) && !needsExpectedType(no) && !expected) {
    second = branch(no, std::nullopt);
    first = branch(yes, second->type);
  } else {
    first = expected ? branch(yes, *expected) : branch(yes, std::nullopt);
    second = branch(no, first->type);
  }
  Node node = makeNode(ExprKind::If, first->type, term.position);
  node->branch = m_branches.size();
  m_branches.push_back(term.position);
  node->args = {std::move(condition), std::move(first), std::move(second)};
  return node;
}

Node Elaborator::tuple(const Term &term, std::size_t first, const std::optional<Type> &expected) {
  const std::size_t count = term.args.size() - first;
  if (count == 1) {
    return expected ? check(*term.args[first], *expected) : infer(*term.args[first], std::nullopt);
  }
  if (count == 0) {
    unsupported("an empty anonymous constructor", term.position);
  }
  Type want = expected ? resolved(*expected) : m_substitution.fresh();
  if (want.kind() == Type::Kind::Meta) {
    Type pair = Type::prod(m_substitution.fresh(), m_substitution.fresh());
    m_substitution.unify(want, pair);
    want = pair;
  }
  if (!want.is("Prod")) {
    unsupported(cat({"an anonymous constructor of ", toString(want)}), term.position);
  }
  Node head = check(*term.args[first], want.args()[0]);
  Node tail = tuple(term, first + 1, want.args()[1]);
  Node node = makeNode(ExprKind::Pair, Type::prod(head->type, tail->type), term.position);
  node->args = {std::move(head), std::move(tail)};
  return node;
}

Node Elaborator::list(const Term &term, const std::optional<Type> &expected) {
  Type element = m_substitution.fresh();
  if (expected) {
    m_substitution.unify(*expected, Type::list(element));
  }
  Node node = makeNode(ExprKind::List, Type::list(element), term.position);
  for (const lean::TermPtr &arg : term.args) {
    node->args.push_back(check(*arg, element));
  }
  return node;
}

Node Elaborator::literal(const Term &term, const std::optional<Type> &expected) {
  std::uint64_t value = 0;
  int base = 10;
  std::string digits = term.text;
  if (digits.size() > 2 && digits[0] == '0' &&
      (digits[1] == 'x' || digits[1] == 'X' || digits[1] == 'b' || digits[1] == 'B' ||
       digits[1] == 'o' || digits[1] == 'O')) {
    const char marker = static_cast<char>(digits[1] | 0x20);
    base = marker == 'x' ? 16 : marker == 'b' ? 2 : 8;
    digits = digits.substr(2);
  }
  for (char c : digits) {
    if (c == '_') {
      continue;
    }
    const int d = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : 99;
    if (d >= base ||
        value > (std::numeric_limits<std::uint64_t>::max() - static_cast<std::uint64_t>(d)) /
                    static_cast<std::uint64_t>(base)) {
      unsupported(cat({"the numeral ", term.text}), term.position);
    }
    value = value * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
  }
  Node node =
      makeNode(ExprKind::Literal, expected ? *expected : m_substitution.fresh(), term.position);
  m_literals.push_back(PendingLiteral{node, true, value});
  return node;
}

}  // namespace proofport::interp::elab
