// Syntax trees as text: positions, kind names, the first Unsupported node, and Lean text that
// parses back to the same tree.
#include <cstdio>
#include <vector>

#include "Notation.h"
#include "proofport/lean/Term.h"

namespace proofport::lean {

namespace {

using detail::kLeadPrec;
using detail::kMaxPrec;

bool isCdotName(const std::string &name) { return name.rfind("\xC2\xB7", 0) == 0; }

/// `(· + 1)`: a Lambda whose parameters are the cdots the parser named.
bool isSection(const Term &term) {
  return term.kind == TermKind::Lambda && term.binders.size() == 1 &&
         !term.binders[0].names.empty() && isCdotName(term.binders[0].names[0]);
}

int precedence(const Term &term) {
  switch (term.kind) {
  case TermKind::App: return kLeadPrec;
  case TermKind::Binary: {
    const detail::InfixOperator *op = detail::binaryOperator(term.text);
    return op != nullptr ? op->prec : 0;
  }
  case TermKind::Unary: return term.text == "-" ? 75 : kMaxPrec;
  case TermKind::Forall:
  case TermKind::Exists:
  case TermKind::If:
  case TermKind::Bif:
  case TermKind::Let: return kLeadPrec;
  default: return kMaxPrec;
  }
}

/// Whether the term reads on to the right as far as it can (`fun`, `∀`, `if`, `¬`, …): it
/// needs parentheses unless nothing follows it.
bool opensRight(const Term &term) {
  switch (term.kind) {
  case TermKind::Unary: return term.text != "\xE2\x86\x91";
  case TermKind::Lambda: return !isSection(term);
  case TermKind::Forall:
  case TermKind::Exists:
  case TermKind::If:
  case TermKind::Bif:
  case TermKind::Let: return true;
  default: return false;
  }
}

/// Whether `.f`, `.1`, `[i]` may follow the printed term directly.
bool takesPostfix(const Term &term, bool field) {
  switch (term.kind) {
  case TermKind::Name: return !field;
  case TermKind::Index: return term.text != "'";
  case TermKind::Dot:
  case TermKind::Projection:
  case TermKind::List:
  case TermKind::Anonymous:
  case TermKind::Tuple:
  case TermKind::Unit:
  case TermKind::Ascription:
  case TermKind::String:
  case TermKind::Char: return true;
  case TermKind::Lambda: return isSection(term);
  default: return false;
  }
}

std::string quoted(const std::string &text, char quote) {
  std::string out(1, quote);
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20 || u == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", u);
      out += hex;
    } else {
      out += c;
    }
  }
  out += quote;
  return out;
}

class Printer {
public:
  std::string out;

  void term(const Term &t, int minPrec, bool rightmost) {
    const bool parens = precedence(t) < minPrec || (opensRight(t) && !rightmost);
    if (parens) {
      out += '(';
    }
    body(t, parens || rightmost);
    if (parens) {
      out += ')';
    }
  }

private:
  void list(const std::vector<TermPtr> &items, std::size_t from = 0) {
    for (std::size_t k = from; k < items.size(); ++k) {
      out += k == from ? "" : ", ";
      term(*items[k], 0, true);
    }
  }

  void postfixBase(const Term &base, bool field) {
    if (takesPostfix(base, field)) {
      term(base, kMaxPrec, false);
    } else {
      out += '(';
      term(base, 0, true);
      out += ')';
    }
  }

  void binders(const std::vector<Binder> &groups) {
    for (std::size_t k = 0; k < groups.size(); ++k) {
      const Binder &b = groups[k];
      out += k == 0 ? "" : " ";
      const char *open = "(";
      const char *close = ")";
      if (b.kind == BinderKind::Implicit) {
        open = "{";
        close = "}";
      } else if (b.kind == BinderKind::StrictImplicit) {
        open = "\xE2\xA6\x83";
        close = "\xE2\xA6\x84";
      } else if (b.kind == BinderKind::Instance) {
        open = "[";
        close = "]";
      }
      const bool bare = b.kind == BinderKind::Explicit && !b.type;
      out += bare ? "" : open;
      for (std::size_t n = 0; n < b.names.size(); ++n) {
        out += (n == 0 ? "" : " ") + b.names[n];
      }
      if (b.type) {
        out += b.names.empty() ? "" : " : ";
        term(*b.type, 0, true);
      }
      out += bare ? "" : close;
    }
  }

  void body(const Term &t, bool rightmost) {
    switch (t.kind) {
    case TermKind::Name: out += isCdotName(t.text) ? std::string("\xC2\xB7") : t.text; return;
    case TermKind::Number: out += t.text; return;
    case TermKind::String: out += quoted(t.text, '"'); return;
    case TermKind::Char: out += quoted(t.text, '\''); return;
    case TermKind::App:
      term(*t.args[0], kMaxPrec, false);
      for (std::size_t k = 1; k < t.args.size(); ++k) {
        out += ' ';
        term(*t.args[k], kMaxPrec, rightmost && k + 1 == t.args.size());
      }
      return;
    case TermKind::Dot:
    case TermKind::Projection:
      postfixBase(*t.args[0], t.kind == TermKind::Dot);
      out += "." + t.text;
      return;
    case TermKind::Index:
      postfixBase(*t.args[0], false);
      out += '[';
      term(*t.args[1], 0, true);
      out += "]" + t.text;
      if (t.args.size() > 2) {
        term(*t.args[2], kMaxPrec, rightmost);
      }
      return;
    case TermKind::If:
    case TermKind::Bif:
      out += t.kind == TermKind::If ? "if " : "bif ";
      out += t.text.empty() ? "" : t.text + " : ";
      // `if let` is a pattern match: a `let` condition keeps its parentheses.
      term(*t.args[0], t.args[0]->kind == TermKind::Let ? kMaxPrec : 0, true);
      out += " then ";
      term(*t.args[1], 0, true);
      out += " else ";
      term(*t.args[2], 0, true);
      return;
    case TermKind::Binary: binary(t, rightmost); return;
    case TermKind::Unary: {
      out += t.text;
      const std::size_t mark = out.size();
      // `¬a = b` is `¬(a = b)`: the parentheses say so.
      const bool binary = t.args[0]->kind == TermKind::Binary && t.text != "-";
      term(*t.args[0],
           binary                     ? kMaxPrec + 1
           : t.text == "-"            ? 75
           : t.text == "\xE2\x86\x91" ? kMaxPrec
                                      : 40,
           rightmost);
      if (t.text == "-" && out.compare(mark, 1, "-") == 0) {
        out.insert(mark, 1, ' ');  // `--` would open a comment
      }
      return;
    }
    case TermKind::Lambda:
      if (isSection(t)) {
        out += '(';
        term(*t.args[0], 0, true);
        out += ')';
        return;
      }
      out += "fun ";
      binders(t.binders);
      out += " => ";
      term(*t.args[0], 0, true);
      return;
    case TermKind::Forall:
    case TermKind::Exists:
      out += t.kind == TermKind::Forall ? "\xE2\x88\x80 " : "\xE2\x88\x83 ";
      binders(t.binders);
      out += ", ";
      term(*t.args[0], 0, true);
      return;
    case TermKind::Let: let(t); return;
    case TermKind::Anonymous:
      out += "\xE2\x9F\xA8";
      list(t.args);
      out += "\xE2\x9F\xA9";
      return;
    case TermKind::Tuple:
    case TermKind::List:
      out += t.kind == TermKind::List ? "[" : "(";
      list(t.args);
      out += t.kind == TermKind::List ? "]" : ")";
      return;
    case TermKind::Ascription:
      out += '(';
      term(*t.args[0], 0, true);
      out += " : ";
      term(*t.args[1], 0, true);
      out += ')';
      return;
    case TermKind::Unit: out += "()"; return;
    case TermKind::EmptyCollection: out += "\xE2\x88\x85"; return;
    case TermKind::Unsupported: out += "sorry"; return;
    }
  }

  void binary(const Term &t, bool rightmost) {
    const detail::InfixOperator *op = detail::binaryOperator(t.text);
    const int lhs = op == nullptr ? kMaxPrec : op->leftAssociative ? op->lhsPrec : op->prec + 1;
    // A left operand whose own right operand would take this operator (`a ∨ b || c` is
    // `a ∨ (b || c)`: `∨` reads its right side at 30) keeps its parentheses.
    const detail::InfixOperator *inner =
        t.args[0]->kind == TermKind::Binary ? detail::binaryOperator(t.args[0]->text) : nullptr;
    const bool absorbs = op != nullptr && inner != nullptr && op->prec >= inner->rhsPrec;
    term(*t.args[0], absorbs ? kMaxPrec : lhs, false);
    out += " " + t.text + " ";
    term(*t.args[1], op == nullptr ? kMaxPrec : op->rhsPrec, rightmost);
  }

  void let(const Term &t) {
    const Binder &b = t.binders.at(0);
    out += t.text + " " + (b.names.empty() ? std::string("this") : b.names[0]);
    if (b.type) {
      out += " : ";
      term(*b.type, 0, true);
    }
    out += " := ";
    term(*t.args[0], 0, true);
    out += "; ";
    term(*t.args[1], 0, true);
  }
};

}  // namespace

std::string toString(Position position) {
  return std::to_string(position.line) + ":" + std::to_string(position.column);
}

std::string_view termKindName(TermKind kind) {
  switch (kind) {
  case TermKind::Name: return "Name";
  case TermKind::Number: return "Number";
  case TermKind::String: return "String";
  case TermKind::Char: return "Char";
  case TermKind::App: return "App";
  case TermKind::Dot: return "Dot";
  case TermKind::Projection: return "Projection";
  case TermKind::Index: return "Index";
  case TermKind::If: return "If";
  case TermKind::Bif: return "Bif";
  case TermKind::Binary: return "Binary";
  case TermKind::Unary: return "Unary";
  case TermKind::Lambda: return "Lambda";
  case TermKind::Forall: return "Forall";
  case TermKind::Exists: return "Exists";
  case TermKind::Let: return "Let";
  case TermKind::Anonymous: return "Anonymous";
  case TermKind::Tuple: return "Tuple";
  case TermKind::List: return "List";
  case TermKind::Ascription: return "Ascription";
  case TermKind::Unit: return "Unit";
  case TermKind::EmptyCollection: return "EmptyCollection";
  case TermKind::Unsupported: break;
  }
  return "Unsupported";
}

// Walks the tree with a stack of its own (no recursion, whatever its height) and keeps the
// Unsupported node that comes first in the text: a pipe puts its argument after the function.
const Term *firstUnsupported(const Term &term) {
  const Term *first = nullptr;
  std::vector<const Term *> stack{&term};
  while (!stack.empty()) {
    const Term *t = stack.back();
    stack.pop_back();
    if (t->kind == TermKind::Unsupported) {
      const Position p = t->position;
      if (first == nullptr || p.line < first->position.line ||
          (p.line == first->position.line && p.column < first->position.column)) {
        first = t;
      }
    }
    for (const TermPtr &arg : t->args) {
      stack.push_back(arg.get());
    }
    for (const Binder &binder : t->binders) {
      if (binder.type) {
        stack.push_back(binder.type.get());
      }
    }
  }
  return first;
}

std::string toLean(const Term &term) {
  Printer printer;
  printer.term(term, 0, true);
  return std::move(printer.out);
}

}  // namespace proofport::lean
