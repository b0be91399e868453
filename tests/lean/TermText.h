// Syntax trees written out for tests to compare: `(Binary = (Dot size m) #0)`, with positions
// on request, and trees compared modulo positions.
#pragma once

#include <string>

#include "proofport/lean/Term.h"

namespace proofport::lean::testing {

/// The tree as an S-expression: a Name as its text, a Number `#42`, a String `"s"`, a Char
/// `'c'`, any other node `(Kind text child …)` with its binders as `{Kind names : type}`;
/// with `positions`, every node and binder followed by `@LINE:COL`.
inline std::string sexp(const Term &term, bool positions = false) {
  // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on
  // `"literal" + std::string`.
  std::string at;
  if (positions) {
    at += '@';
    at += toString(term.position);
  }
  std::string out;
  switch (term.kind) {
  case TermKind::Name: return out.append(term.text).append(at);
  case TermKind::Number: return out.append(1, '#').append(term.text).append(at);
  case TermKind::String: return out.append(1, '"').append(term.text).append(1, '"').append(at);
  case TermKind::Char: return out.append(1, '\'').append(term.text).append(1, '\'').append(at);
  default: break;
  }
  out += '(';
  out += termKindName(term.kind);
  if (!term.text.empty()) {
    out += ' ';
    out += term.text;
  }
  out += at;
  for (const Binder &binder : term.binders) {
    static const char *const kinds[] = {"Explicit", "Implicit", "StrictImplicit", "Instance"};
    out += " {";
    out += kinds[static_cast<int>(binder.kind)];
    for (const std::string &name : binder.names) {
      out += ' ';
      out += name;
    }
    if (binder.type) {
      out += " : ";
      out += sexp(*binder.type, positions);
    }
    out += '}';
    if (positions) {
      out += '@';
      out += toString(binder.position);
    }
  }
  for (const TermPtr &arg : term.args) {
    out += ' ';
    out += sexp(*arg, positions);
  }
  out += ')';
  return out;
}

/// Whether two trees are the same but for their positions.
inline bool sameTree(const Term &a, const Term &b) {
  if (a.kind != b.kind || a.text != b.text || a.args.size() != b.args.size() ||
      a.binders.size() != b.binders.size()) {
    return false;
  }
  for (std::size_t k = 0; k < a.args.size(); ++k) {
    if (!sameTree(*a.args[k], *b.args[k])) {
      return false;
    }
  }
  for (std::size_t k = 0; k < a.binders.size(); ++k) {
    const Binder &x = a.binders[k];
    const Binder &y = b.binders[k];
    if (x.kind != y.kind || x.names != y.names || !x.type != !y.type ||
        (x.type && !sameTree(*x.type, *y.type))) {
      return false;
    }
  }
  return true;
}

}  // namespace proofport::lean::testing
