// Elaborated trees printed for tests and diagnostics.
#include "proofport/interp/Expr.h"

#include "Text.h"

namespace proofport::interp {

std::string_view exprKindName(ExprKind kind) {
  switch (kind) {
  case ExprKind::Literal: return "Literal";
  case ExprKind::Local: return "Local";
  case ExprKind::Call: return "Call";
  case ExprKind::Apply: return "Apply";
  case ExprKind::Lambda: return "Lambda";
  case ExprKind::If: return "If";
  case ExprKind::And: return "And";
  case ExprKind::Or: return "Or";
  case ExprKind::Not: return "Not";
  case ExprKind::Implies: return "Implies";
  case ExprKind::Iff: return "Iff";
  case ExprKind::Identical: return "Identical";
  case ExprKind::BEq: return "BEq";
  case ExprKind::Forall: return "Forall";
  case ExprKind::Exists: return "Exists";
  case ExprKind::Let: return "Let";
  case ExprKind::List: return "List";
  case ExprKind::Pair: return "Pair";
  case ExprKind::Domain: return "Domain";
  case ExprKind::Coerce: return "Coerce";
  }
  return "?";
}

namespace {

std::string slotName(std::size_t slot, const std::vector<std::string> &names) {
  return slot < names.size() && !names[slot].empty() ? names[slot]
                                                     : cat({"#", std::to_string(slot)});
}

std::string infix(const Expr &e, const char *op, const std::vector<std::string> &names) {
  return cat({"(", describe(*e.args[0], names), " ", op, " ", describe(*e.args[1], names), ")"});
}

std::string quantifier(const Expr &e, const char *binder, const std::vector<std::string> &names) {
  return cat({"(", binder, " ", slotName(e.slot, names), " : ", toString(e.bound), ", ",
              describe(*e.args[0], names), ")"});
}

}  // namespace

std::string describe(const Expr &e, const std::vector<std::string> &names) {
  switch (e.kind) {
  case ExprKind::Literal: return print(e.value);
  case ExprKind::Local: return slotName(e.slot, names);
  case ExprKind::Call:
  case ExprKind::Domain: {
    std::string out = cat({e.kind == ExprKind::Domain ? "(domain " : "(", e.name});
    for (const ExprPtr &arg : e.args) {
      out.append(" ").append(describe(*arg, names));
    }
    return out + ")";
  }
  case ExprKind::Apply: {
    std::string out = cat({"(", describe(*e.args[0], names)});
    for (std::size_t i = 1; i < e.args.size(); ++i) {
      out.append(" ").append(describe(*e.args[i], names));
    }
    return out + ")";
  }
  case ExprKind::Lambda: {
    std::string out = "(fun";
    for (std::size_t i = 0; i < e.count; ++i) {
      out.append(" ").append(slotName(e.slot + i, names));
    }
    return cat({out, " => ", describe(*e.args[0], names), ")"});
  }
  case ExprKind::If:
    return cat({"(if ", describe(*e.args[0], names), " then ", describe(*e.args[1], names),
                " else ", describe(*e.args[2], names), ")"});
  case ExprKind::And: return infix(e, "∧", names);
  case ExprKind::Or: return infix(e, "∨", names);
  case ExprKind::Implies: return infix(e, "→", names);
  case ExprKind::Iff: return infix(e, "↔", names);
  case ExprKind::Identical: return infix(e, "=", names);
  case ExprKind::BEq: return infix(e, "==", names);
  case ExprKind::Not: return cat({"¬", describe(*e.args[0], names)});
  case ExprKind::Forall: return quantifier(e, "∀", names);
  case ExprKind::Exists: return quantifier(e, "∃", names);
  case ExprKind::Let:
    return cat({"(let ", slotName(e.slot, names), " := ", describe(*e.args[0], names), "; ",
                describe(*e.args[1], names), ")"});
  case ExprKind::List: {
    std::string out = "[";
    for (std::size_t i = 0; i < e.args.size(); ++i) {
      out.append(i ? ", " : "").append(describe(*e.args[i], names));
    }
    return out + "]";
  }
  case ExprKind::Pair:
    return cat({"(", describe(*e.args[0], names), ", ", describe(*e.args[1], names), ")"});
  case ExprKind::Coerce: return describe(*e.args[0], names);
  }
  return "?";
}

}  // namespace proofport::interp
