// Generated and hostile input for the term parser: random trees printed by toLean parse back
// to themselves; token soup and random bytes end in a tree or a ReadError, and every tree
// parsed without an Unsupported node prints back to itself.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "TermText.h"
#include "proofport/lean/Declarations.h"
#include "proofport/lean/Term.h"

namespace proofport::lean {
namespace {

TermPtr make(TermKind kind, std::string text = {}, std::vector<TermPtr> args = {},
             std::vector<Binder> binders = {}) {
  return std::make_shared<const Term>(
      Term{kind, std::move(text), std::move(args), std::move(binders), {}});
}

TermPtr term(int depth);

TermPtr name() {
  return make(TermKind::Name, *rc::gen::element<std::string>(
                                  "m", "k", "v", "x", "h'", "m.insert", "Prod.fst", "α", "h₁", "_",
                                  "@f", ".some", "true", "none", "get?", "Type"));
}

TermPtr leaf() {
  switch (*rc::gen::inRange(0, 7)) {
  case 0: return make(TermKind::Number, *rc::gen::element<std::string>("0", "1", "42", "0x1F"));
  case 1:
    return make(TermKind::String,
                *rc::gen::element<std::string>("", "a b", "q\"", "back\\slash", "line\nbreak",
                                               "tab\t", "α", std::string(1, '\x01')));
  case 2: return make(TermKind::Char, *rc::gen::element<std::string>("a", "'", "\\", "\n", "α"));
  case 3: return make(TermKind::Unit);
  case 4: return make(TermKind::EmptyCollection);
  default: return name();
  }
}

std::vector<TermPtr> terms(int depth, int from, int to) {
  std::vector<TermPtr> out(static_cast<std::size_t>(*rc::gen::inRange(from, to)));
  for (TermPtr &t : out) {
    t = term(depth);
  }
  return out;
}

/// Binder groups as the parser makes them: never two untyped simple groups side by side.
std::vector<Binder> binders(int depth) {
  std::vector<Binder> out;
  const int count = *rc::gen::inRange(1, 4);
  for (int k = 0; k < count; ++k) {
    Binder b;
    b.kind = *rc::gen::element(BinderKind::Explicit, BinderKind::Implicit,
                               BinderKind::StrictImplicit, BinderKind::Instance);
    const bool typed = b.kind == BinderKind::Instance || *rc::gen::arbitrary<bool>();
    if (b.kind != BinderKind::Instance) {
      static const std::vector<std::vector<std::string>> kNames = {
          {"x"}, {"y", "z"}, {"_"}, {"inst"}};
      b.names = *rc::gen::elementOf(kNames);
    } else if (*rc::gen::arbitrary<bool>()) {
      b.names = {"inst"};  // an instance binder names one instance, or none
    }
    if (typed) {
      b.type = term(depth);
    }
    const bool untypedRun = b.kind == BinderKind::Explicit && !b.type;
    if (untypedRun && !out.empty() && out.back().kind == BinderKind::Explicit && !out.back().type) {
      continue;
    }
    out.push_back(std::move(b));
  }
  return out;
}

/// `(· op e)`, `(f · e)`, `(·.1 == e)`: sections whose `·` no inner parentheses hold.
TermPtr section(int depth) {
  const TermPtr cdot = make(TermKind::Name, "\xC2\xB7"
                                            "1");
  const TermPtr other = term(depth);
  TermPtr body;
  switch (*rc::gen::inRange(0, 3)) {
  case 0: body = make(TermKind::Binary, "+", {cdot, other}); break;
  case 1: body = make(TermKind::App, {}, {name(), cdot, other}); break;
  default:
    body = make(TermKind::Binary, "==", {make(TermKind::Projection, "1", {cdot}), other});
    break;
  }
  return make(TermKind::Lambda, {}, {body},
              {Binder{BinderKind::Explicit,
                      {"\xC2\xB7"
                       "1"},
                      nullptr,
                      {}}});
}

const std::vector<std::string> kOperators = {"==", "!=", "&&", "||", "∧",  "∨", "↔", "→", "=",
                                             "≠",  "≤",  "<",  "≥",  ">",  "+", "-", "*", "/",
                                             "%",  "^",  "∘",  "::", "++", "∈", "∉", "×", "▸"};

/// A random tree of the shapes parseTerm makes (canonical: what it reads back is the same).
TermPtr term(int depth) {
  if (depth <= 0) {
    return leaf();
  }
  const int d = depth - 1;
  switch (*rc::gen::inRange(0, 20)) {
  case 0: return make(TermKind::App, {}, terms(d, 2, 4));
  case 1: {
    TermPtr base = term(d);
    while (base->kind == TermKind::Dot) {  // `a.b.c` is one field `b.c`
      base = leaf();
    }
    return make(TermKind::Dot, *rc::gen::element<std::string>("size", "get!", "val.size"), {base});
  }
  case 2: return make(TermKind::Projection, *rc::gen::element<std::string>("1", "2"), {term(d)});
  case 3: {
    const std::string kind = *rc::gen::element<std::string>("", "?", "!", "'");
    std::vector<TermPtr> args = {term(d), term(d)};
    if (kind == "'") {
      args.push_back(term(d));
    }
    return make(TermKind::Index, kind, args);
  }
  case 4: return make(TermKind::If, *rc::gen::element<std::string>("", "h"), terms(d, 3, 4));
  case 5: return make(TermKind::Bif, {}, terms(d, 3, 4));
  case 6:
  case 7: {
    const std::string op = *rc::gen::elementOf(kOperators);
    TermPtr lhs = term(d);
    // `(x : T) → b` and `[C] → b` are dependent arrows, a Forall.
    while (op == "→" && (lhs->kind == TermKind::Ascription || lhs->kind == TermKind::List)) {
      lhs = leaf();
    }
    return make(TermKind::Binary, op, {lhs, term(d)});
  }
  case 8:
    return make(TermKind::Unary, *rc::gen::element<std::string>("¬", "!", "-", "↑"), {term(d)});
  case 9: return make(TermKind::Lambda, {}, {term(d)}, binders(d));
  case 10: return section(d);
  case 11:
    return make(*rc::gen::element(TermKind::Forall, TermKind::Exists), {}, {term(d)}, binders(d));
  case 12: {
    Binder b{BinderKind::Explicit, {*rc::gen::element<std::string>("x", "h")}, nullptr, {}};
    if (*rc::gen::arbitrary<bool>()) {
      b.type = term(d);
    }
    return make(TermKind::Let, *rc::gen::element<std::string>("let", "have", "haveI", "letI"),
                {term(d), term(d)}, {b});
  }
  case 13: return make(TermKind::Anonymous, {}, terms(d, 0, 3));
  case 14: return make(TermKind::Tuple, {}, terms(d, 2, 4));
  case 15: return make(TermKind::List, {}, terms(d, 0, 3));
  case 16: return make(TermKind::Ascription, {}, {term(d), term(d)});
  default: return leaf();
  }
}

RC_GTEST_PROP(LeanTermFuzz, printedTreesParseBackToThemselves, ()) {
  const TermPtr tree = term(*rc::gen::inRange(0, 5));
  const std::string text = toLean(*tree);
  RC_LOG() << "tree: " << testing::sexp(*tree) << "\ntext: " << text << "\n";
  const TermPtr back = parseTerm(text);
  RC_LOG() << "back: " << testing::sexp(*back) << "\n";
  RC_ASSERT(testing::sameTree(*tree, *back));
}

/// Token soup: pieces of Lean, brackets balanced or not.
std::string soup() {
  static const std::vector<std::string> pieces = {
      "x",  "m.insert", "k",     "f",  "(",    ")",     "[",   "]",    "⟨",    "⟩",    "{",
      "}",  ",",        ":",     ":=", "=>",   "fun",   "if",  "then", "else", "∀",    "∃",
      "·",  "+",        "-",     "=",  "==",   "∧",     "→",   "¬",    "!",    "|>",   "|>.",
      "<|", ".1",       ".size", "?",  "'",    "\"s\"", "'c'", "42",   "let",  "have", ";",
      "\n", " ",        "match", "by", "with", "|",     "∈",   "::",   "×",    "@",    "_",
      "/-", "-/",       "--",    "Σ",  "⊆",    "#[",    "↑",   "$",    "▸",    "∅",    "λ",
      "↦",  "haveI",    "bif",   "%",  "^",    "'h",    "]'",  "1.5",  "s!",   "⦃",    "⦄"};
  std::string out;
  const int count = *rc::gen::inRange(0, 40);
  for (int k = 0; k < count; ++k) {
    out += *rc::gen::elementOf(pieces);
    out += *rc::gen::element<std::string>(" ", "", "\n  ");
  }
  return out;
}

/// Parses `text`: a tree (which, if it holds no Unsupported node, prints back to itself) or a
/// ReadError naming the origin, line and column.
void parsesOrFails(const std::string &text) {
  RC_LOG() << "text: " << text << "\n";
  try {
    const TermPtr tree = parseTerm(text, "soup");
    const std::string printed = toLean(*tree);
    RC_LOG() << "tree: " << testing::sexp(*tree) << "\nprinted: " << printed << "\n";
    if (firstUnsupported(*tree) == nullptr) {
      RC_ASSERT(testing::sameTree(*tree, *parseTerm(printed)));
    }
  } catch (const ReadError &e) {
    const std::string what = e.what();
    RC_ASSERT(what.rfind("lean::read soup:", 0) == 0);
    RC_ASSERT(what.find(": expected ") != std::string::npos);
    RC_ASSERT(e.line() >= 1);
    RC_ASSERT(e.column() >= 1);
  }
}

RC_GTEST_PROP(LeanTermFuzz, tokenSoupEndsInATreeOrAReadError, ()) { parsesOrFails(soup()); }

RC_GTEST_PROP(LeanTermFuzz, randomBytesEndInATreeOrAReadError, ()) {
  const auto bytes = *rc::gen::container<std::vector<char>>(rc::gen::arbitrary<char>());
  parsesOrFails(std::string(bytes.begin(), bytes.end()));
}

RC_GTEST_PROP(LeanTermFuzz, statementsOfTokenSoupAreReadOrRefused, ()) {
  const std::string text = "namespace N\nvariable " + soup() + "\ntheorem t " + soup() + "\nopen " +
                           soup() + "\nlemma u : " + soup() + "\nend N\n";
  RC_LOG() << "text: " << text << "\n";
  try {
    const std::vector<Statement> statements = readStatements(text, "soup");
    Reading reading;
    try {
      reading = read(text, Format::Source, "soup");
    } catch (const ReadError &) {
      RC_FAIL("lean::read refuses what readStatements reads");
    }
    RC_ASSERT(statements.size() == reading.declarations.size());
    for (std::size_t k = 0; k < statements.size(); ++k) {
      RC_ASSERT(statements[k].name == reading.declarations[k].name);
      RC_ASSERT(statements[k].conclusion != nullptr);
    }
  } catch (const ReadError &e) {
    RC_ASSERT(std::string(e.what()).rfind("lean::read soup:", 0) == 0);
  }
}

}  // namespace
}  // namespace proofport::lean
