// Elaboration of operators: connectives and equalities built in, arithmetic, order,
// membership and list operators as calls of Lean's class methods (`HAdd.hAdd`, `LE.le`,
// `Membership.mem`, …) resolved among their registered instances.
#include "Elaborator.h"

namespace proofport::interp::elab {

Node Elaborator::operatorCall(const std::string &operation, std::vector<const Term *> args,
                              const std::optional<Type> &expected, Position where) {
  const std::vector<Operation> *ops = m_registry.operations(operation);
  if (!ops) {
    missingRegistration(operation, where);
  }
  return call(CallSite{operation, ops, nullptr, std::move(args), false, where}, expected);
}

Node Elaborator::equality(const Term &term, bool beq) {
  const Term &l = *term.args[0];
  const Term &r = *term.args[1];
  bool swap = needsExpectedType(l) && !needsExpectedType(r);
  const Snapshot before = save();
  const std::size_t guesses = m_guesses;
  Node a = infer(swap ? r : l, std::nullopt);
  if (m_guesses > guesses && !swap) {
    // The left side chose an instance by registration order: the right side may decide.
    restore(before);
    swap = true;
    a = infer(r, std::nullopt);
  }
  Node b = check(swap ? l : r, a->type);
  if (swap) {
    std::swap(a, b);
  }
  Node node = makeNode(beq ? ExprKind::BEq : ExprKind::Identical,
                       beq ? Type::boolean() : Type::prop(), term.position);
  node->args = {std::move(a), std::move(b)};
  m_equalities.push_back(node);
  return node;
}

Node Elaborator::binary(const Term &term, const std::optional<Type> &expected) {
  const std::string &op = term.text;
  if (term.args.size() != 2) {
    unsupported(cat({"the operator ", op}), term.position);
  }
  const Term &l = *term.args[0];
  const Term &r = *term.args[1];
  auto connective = [&](ExprKind kind, const Type &type) {
    Node node = makeNode(kind, type, term.position);
    node->args.push_back(check(l, type));
    node->args.push_back(check(r, type));
    return node;
  };
  auto negation = [&](Node inner) {
    Node node = makeNode(ExprKind::Not, inner->type, term.position);
    node->args.push_back(std::move(inner));
    return node;
  };
  if (op == "∧") {
    return connective(ExprKind::And, Type::prop());
  }
  if (op == "∨") {
    return connective(ExprKind::Or, Type::prop());
  }
  if (op == "↔") {
    return connective(ExprKind::Iff, Type::prop());
  }
  if (op == "→") {
    if (namesAType(l)) {
      // `Nat → P`: a ∀ over a variable the body does not use, not an implication.
      unsupported(cat({"an arrow from the type ", lean::toLean(l), " to a proposition"}),
                  term.position);
    }
    return connective(ExprKind::Implies, Type::prop());
  }
  if (op == "&&") {
    return connective(ExprKind::And, Type::boolean());
  }
  if (op == "||") {
    return connective(ExprKind::Or, Type::boolean());
  }
  if (op == "=" || op == "≠") {
    Node node = equality(term, false);
    return op == "=" ? node : negation(node);
  }
  if (op == "==" || op == "!=") {
    Node node = equality(term, true);
    return op == "==" ? node : negation(node);
  }
  static const std::map<std::string, std::string> methods = {
      {"≤", "LE.le"},      {"<", "LT.lt"},     {"+", "HAdd.hAdd"}, {"-", "HSub.hSub"},
      {"*", "HMul.hMul"},  {"/", "HDiv.hDiv"}, {"%", "HMod.hMod"}, {"++", "HAppend.hAppend"},
      {"::", "List.cons"}, {"~", "List.Perm"}};
  if (auto it = methods.find(op); it != methods.end()) {
    return operatorCall(it->second, {&l, &r}, expected, term.position);
  }
  if (op == "≥" || op == ">") {
    return operatorCall(op == "≥" ? "LE.le" : "LT.lt", {&r, &l}, expected, term.position);
  }
  if (op == "∈" || op == "∉") {
    Node node = operatorCall("Membership.mem", {&r, &l}, Type::prop(), term.position);
    return op == "∈" ? node : negation(node);
  }
  unsupported(cat({"the operator ", op}), term.position);
}

Node Elaborator::unary(const Term &term, const std::optional<Type> &expected) {
  const Term &operand = *term.args.at(0);
  if (term.text == "¬" || term.text == "!") {
    const Type type = term.text == "¬" ? Type::prop() : Type::boolean();
    Node node = makeNode(ExprKind::Not, type, term.position);
    node->args.push_back(check(operand, type));
    return node;
  }
  if (term.text == "-") {
    return operatorCall("Neg.neg", {&operand}, expected, term.position);
  }
  unsupported(cat({"the operator ", term.text}), term.position);
}

}  // namespace proofport::interp::elab
