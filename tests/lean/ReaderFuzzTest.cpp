// Generated and hostile input for the Lean reader: generated sources (names and signatures) and
// listings are read back exactly, and mutated text (from the seed listing when PROOFPORT_SEED
// names one) ends in declarations or a ReadError, within work linear in its size. 1000 cases
// per property unless RC_PARAMS sets max_success.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "proofport/lean/Declarations.h"
#include "proofport/lean/Term.h"

namespace proofport::lean {
namespace {

/// A generated text and the declarations it must yield, in order (sources: with their
/// signatures as the reader normalises them).
struct Generated {
  std::string text;
  std::vector<std::string> expected;
  std::vector<std::string> signatures;
};

std::string pick(const std::vector<std::string> &pool) { return *rc::gen::elementOf(pool); }

/// Trivia between two tokens of a command: never changes what the source declares. (A doc
/// comment is a token in Lean, not trivia: see theorem.) `/-/- … -/` is one comment: Lean takes
/// the character after `/-` unexamined.
std::string gap() {
  return *rc::gen::element<std::string>(" ", "\n  ", " /- c /- nested -/ -/ ", " -- theorem x\n ",
                                        "\n/-/- theorem x -/\n");
}

const std::vector<std::string> kParts = {"foo", "toPack_pop", "lookup_addUniform", "h₁",
                                         "x'",  "Deferred",   "GradientContext",   "a1",
                                         "α",   "ok?"};
const std::vector<std::string> kNamespaces = {"Proofs", "Autograd", "Algebra",
                                              "Δ",      "N1",       "GradientContext"};

/// A dotted name of 1 to 3 parts; `written` as in the source, `meant` as the reader reports it.
void name(const std::vector<std::string> &pool, std::string &written, std::string &meant) {
  const int parts = *rc::gen::inRange(1, 4);
  for (int k = 0; k < parts; ++k) {
    const std::string part = pick(pool);
    const bool escaped = *rc::gen::weightedElement<bool>({{4, false}, {1, true}});
    written += (k == 0 ? "" : ".") + (escaped ? "«" + part + "»" : part);
    meant += (k == 0 ? "" : ".") + part;
  }
}

void theorem(Generated &g, const std::string &scope) {
  // A doc comment comes first in Lean's declModifiers; `/---/` is one, closed.
  g.text += *rc::gen::element<std::string>("", "/-- doc with theorem -/\n", "/---/ ");
  g.text += *rc::gen::element<std::string>("", "@[simp] ", "@[simp, norm_cast]\n",
                                           "@[to_additive \"] theorem no\"]\n");
  g.text += *rc::gen::element<std::string>("", "private ", "protected ", "protected nonrec ");
  const bool lemma = *rc::gen::arbitrary<bool>();
  // `lemma` names its declaration on its own line; `theorem` anywhere after it.
  g.text += lemma ? "lemma" + *rc::gen::element<std::string>(" ", " /- c -/ ") : "theorem" + gap();
  std::string written;
  std::string meant;
  name(kParts, written, meant);
  if (*rc::gen::weightedElement<bool>({{5, false}, {1, true}})) {
    g.text += "_root_." + written;
    g.expected.push_back(meant);
  } else {
    g.text += written;
    g.expected.push_back(scope.empty() ? meant : scope + "." + meant);
  }
  switch (*rc::gen::inRange(0, 4)) {
  case 0:
    g.text += " : True := trivial\n";
    g.signatures.emplace_back(": True");
    break;
  case 1: {
    // Tokens apart by any trivia: the signature has one space for each run of it.
    const std::vector<std::string> tokens = {"{α", ":",  "Type}", "[Add", "α]", "(x",
                                             ":",  "α)", ":",     "x",    "=",  "x"};
    std::string joined;
    for (const std::string &token : tokens) {
      // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on
      // `"literal" + std::string`.
      g.text += ' ';
      g.text += *rc::gen::element<std::string>("", "\n    ", " -- c := d\n", " /- := -/ ");
      g.text += token;
      if (!joined.empty()) {
        joined += ' ';
      }
      joined += token;
    }
    g.text += " := by\n  rfl\n";
    g.signatures.push_back(joined);
    break;
  }
  case 2:
    g.text += " (s : String := \"theorem s\") : s = s := rfl -- lemma t\n";
    g.signatures.emplace_back("(s : String := \"theorem s\") : s = s");
    break;
  default:
    g.text += " : 'a' = '\\'' ∨ True := by simp [end_x]\n";
    g.signatures.emplace_back(": 'a' = '\\'' ∨ True");
    break;
  }
}

void body(Generated &g, const std::string &scope, int depth);

/// `count` nested scopes around one theorem: anonymous sections (any depth) or namespaces
/// (as deep as a name may grow).
void deep(Generated &g, const std::string &scope) {
  const bool sections = *rc::gen::arbitrary<bool>();
  const std::size_t count = sections ? *rc::gen::element<std::size_t>(1, 100, 3000, 20'000)
                                     : *rc::gen::element<std::size_t>(1, 50, 300);
  std::string inner = scope;
  for (std::size_t k = 0; k < count; ++k) {
    g.text += sections ? "section\n" : "namespace N\n";
    inner += sections ? "" : (inner.empty() ? "N" : ".N");
  }
  g.text += "theorem deep : True := trivial\n";
  g.expected.push_back(inner.empty() ? "deep" : inner + ".deep");
  g.signatures.emplace_back(": True");
  for (std::size_t k = 0; k < count; ++k) {
    g.text += sections ? "end\n" : "end N\n";
  }
}

void block(Generated &g, const std::string &scope, int depth) {
  switch (*rc::gen::inRange(0, depth > 0 ? 11 : 6)) {
  case 0:
  case 1: theorem(g, scope); break;
  case 2: g.text += "-- theorem inLineComment : True\n"; break;
  case 3: g.text += "/- theorem a /- lemma b -/ end Foo -/\n/-! namespace X -/\n"; break;
  case 4: g.text += "def s := \"theorem q \\\" namespace Z\" ++ r#\"lemma \" r\"# ++ \"\"\n"; break;
  case 5:
    g.text += *rc::gen::element<std::string>("open Proofs.Autograd in\n", "open Lean\n",
                                             "def f (lemma : Nat) : Nat := lemma\n",
                                             "def g (p : P) := p.end\n", "alias foo := bar\n");
    break;
  case 6:
  case 7: {
    std::string written;
    std::string meant;
    name(kNamespaces, written, meant);
    g.text += "namespace" + gap() + written + "\n";
    body(g, scope.empty() ? meant : scope + "." + meant, depth - 1);
    g.text += "end" + gap() + written + "\n";
    break;
  }
  case 8: {
    const bool named = *rc::gen::arbitrary<bool>();
    g.text += *rc::gen::element<std::string>("section", "noncomputable section");
    g.text += named ? " Named\n" : "\n";
    body(g, scope, depth - 1);
    g.text += named ? "end Named\n" : "end\n";
    break;
  }
  case 9: deep(g, scope); break;
  default:
    g.text += "mutual\n";
    theorem(g, scope);
    theorem(g, scope);
    g.text += "end\n";
    break;
  }
}

void body(Generated &g, const std::string &scope, int depth) {
  const int count = *rc::gen::inRange(0, 5);
  for (int k = 0; k < count; ++k) {
    block(g, scope, depth);
  }
}

std::vector<std::string> namesOf(const Reading &r) {
  std::vector<std::string> out;
  for (const Declaration &d : r.declarations) {
    out.push_back(d.name);
  }
  return out;
}

std::vector<std::string> signaturesOf(const Reading &r) {
  std::vector<std::string> out;
  for (const Declaration &d : r.declarations) {
    out.push_back(d.signature);
  }
  return out;
}

/// Linear work: a few passes over the text plus the names built.
bool linear(const Reading &r, const std::string &text) {
  std::size_t nameBytes = 0;
  for (const Declaration &d : r.declarations) {
    nameBytes += d.name.size();
  }
  return r.work <= 6 * (text.size() + 1) + nameBytes;
}

RC_GTEST_PROP(LeanReader, readsGeneratedSourcesExactly, ()) {
  Generated g;
  body(g, "", *rc::gen::inRange(0, 4));
  RC_LOG() << "source:\n" << g.text.substr(0, 4000) << "\n";
  const Reading r = read(g.text, Format::Source, "generated.lean");
  RC_ASSERT(namesOf(r) == g.expected);
  RC_ASSERT(signaturesOf(r) == g.signatures);
  RC_ASSERT(linear(r, g.text));
  // The statement parser finds the same theorems, every statement read.
  std::vector<std::string> statements;
  for (const Statement &s : readStatements(g.text, "generated.lean")) {
    statements.push_back(s.name);
    RC_ASSERT(!s.unsupported);
  }
  RC_ASSERT(statements == g.expected);
}

RC_GTEST_PROP(LeanReader, readsGeneratedListingsExactly, ()) {
  const std::vector<std::string> prose = {
      "Gradient references carry the version of their last materialization.",
      "This theorem relates toPack and lookup; see also the lemma below.",
      "An \"unbalanced quote and an open /- comment are prose here.",
      "theorem-like words: theorems, lemmata.",
      "def Proofs.A.f {α : Type} (x : α) : α",
      "• covered : self.stored.values.size ≤ self.epochs.size",
      ""};
  Generated g;
  const int count = *rc::gen::inRange(0, 12);
  for (int k = 0; k < count; ++k) {
    if (*rc::gen::arbitrary<bool>()) {
      g.text += pick(prose) + "\n\n";
      continue;
    }
    std::string written;
    std::string meant;
    name(kParts, written, meant);
    g.text += *rc::gen::element<std::string>("", "@[simp]\n\n");
    g.text += *rc::gen::element<std::string>("theorem ", "lemma ", "private theorem ");
    g.text += "Proofs.Autograd.Algebra." + written;
    g.text += *rc::gen::element<std::string>("", " {α : Type} (x : α) : x = x", " : True");
    g.text += "\n\n";
    g.expected.push_back("Proofs.Autograd.Algebra." + meant);
  }
  RC_LOG() << "listing:\n" << g.text << "\n";
  const Reading r = read(g.text, Format::Listing, "generated.txt");
  RC_ASSERT(namesOf(r) == g.expected);
  RC_ASSERT(linear(r, g.text));
}

/// The texts mutations start from: the seed listing named by PROOFPORT_SEED, if any, and a
/// Lean source using every construct the reader tracks.
const std::vector<std::string> &corpus() {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out = {
        "/-! Module docs: theorem x -/\nnamespace Proofs.Autograd.Algebra\nopen Lean in\n"
        "section\nvariable {α : Type}\n/-- Doc /- nested -/ -/\n@[simp, norm_cast]\n"
        "private theorem GradientContext.toPack_pop (x : α) :\n    x = x := by\n  rfl\n"
        "def s := \"theorem \\\" no\" ++ r#\"lemma\"# -- theorem no\ndef c := '\\''\n"
        "mutual\nlemma «a b» : True := trivial\nprotected nonrec theorem h₁' : True := trivial\n"
        "end\nend\nnamespace Deferred\ntheorem _root_.Top.t : True := trivial\nend Deferred\n"
        "end Proofs.Autograd.Algebra\n"};
    if (const char *path = std::getenv("PROOFPORT_SEED")) {
      std::ifstream in(path, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      if (!text.str().empty()) {
        out.push_back(text.str());
      }
    }
    return out;
  }();
  return texts;
}

/// One random edit of `text`: delete, duplicate, insert a hostile chunk, or truncate.
void mutate(std::string &text) {
  const std::size_t size = text.size();
  const auto at = [size] { return *rc::gen::inRange<std::size_t>(0, size + 1); };
  const std::vector<std::string> tokens = {"/-",
                                           "-/",
                                           "--",
                                           "/--",
                                           "/-!",
                                           "/-/",
                                           "\t",
                                           "\r",
                                           "\"",
                                           "'",
                                           "\\",
                                           "«",
                                           "»",
                                           "@[",
                                           "[",
                                           "]",
                                           "r#\"",
                                           "\"#",
                                           ".",
                                           "\n",
                                           "namespace ",
                                           "end ",
                                           "end",
                                           "section ",
                                           "mutual\n",
                                           "theorem ",
                                           "lemma ",
                                           "_root_.",
                                           "private ",
                                           "open ",
                                           std::string(1, '\0'),
                                           "\xC3",
                                           "\xED\xA0\x80",
                                           "\xF4\x90",
                                           "\xEF\xBB\xBF",
                                           "\r\n",
                                           "α",
                                           "₁"};
  switch (*rc::gen::weightedElement<int>(
      {{2, 0}, {2, 1}, {3, 2}, {2, 3}, {2, 4}, {4, 5}, {1, 6}, {1, 7}})) {
  case 0: {  // delete a chunk
    const std::size_t from = at();
    text.erase(from, *rc::gen::inRange<std::size_t>(0, size - from + 1));
    break;
  }
  case 1: {  // duplicate a chunk
    const std::size_t from = at();
    const std::string chunk = text.substr(from, *rc::gen::inRange<std::size_t>(0, 400));
    text.insert(at(), chunk);
    break;
  }
  case 2: {  // insert tokens
    std::string chunk;
    const int count = *rc::gen::inRange(1, 8);
    for (int k = 0; k < count; ++k) {
      chunk += pick(tokens);
    }
    text.insert(at(), chunk);
    break;
  }
  case 3: {  // insert random bytes, NUL and invalid UTF-8 included
    const auto bytes = *rc::gen::container<std::vector<char>>(rc::gen::arbitrary<char>());
    text.insert(at(), std::string(bytes.begin(), bytes.end()));
    break;
  }
  case 4: {  // a very long line or name
    const std::size_t length = *rc::gen::inRange<std::size_t>(1000, 200'000);
    text.insert(at(), *rc::gen::element<std::string>("theorem ", "namespace ", "-- ", "") +
                          std::string(length, *rc::gen::element('a', '.', ' ', '[')));
    break;
  }
  case 5: {  // deep nesting, closed or not
    const std::size_t depth = *rc::gen::element<std::size_t>(1, 10, 100, 2000, 20'000);
    const std::string open =
        *rc::gen::element<std::string>("namespace A\n", "section\n", "/-", "@[", "mutual\n", "«");
    std::string chunk;
    for (std::size_t k = 0; k < depth; ++k) {
      chunk += open;
    }
    if (*rc::gen::arbitrary<bool>()) {
      const std::string close = *rc::gen::element<std::string>("end A\n", "end\n", "-/", "]");
      for (std::size_t k = 0; k < depth; ++k) {
        chunk += close;
      }
    }
    text.insert(at(), chunk);
    break;
  }
  case 6:  // truncate
    text.resize(at());
    break;
  default: {  // many declarations under one long namespace
    std::string chunk = "namespace " + std::string(900, 'N') + "\n";
    const std::size_t count = *rc::gen::inRange<std::size_t>(1, 3000);
    for (std::size_t k = 0; k < count; ++k) {
      chunk += "lemma x\n";
    }
    text.insert(at(), chunk);
    break;
  }
  }
}

/// readStatements on a text lean::read reads: the same theorems, or a ReadError (a syntax
/// error inside a signature, which lean::read does not parse).
void statementsAgree(const std::string &text, const Reading &r) {
  try {
    const std::vector<Statement> statements = readStatements(text, "mutated");
    RC_ASSERT(statements.size() == r.declarations.size());
    for (std::size_t k = 0; k < statements.size(); ++k) {
      RC_ASSERT(statements[k].name == r.declarations[k].name);
    }
  } catch (const ReadError &e) {
    RC_ASSERT(std::string(e.what()).rfind("lean::read mutated", 0) == 0);
  }
}

RC_GTEST_PROP(LeanReader, hostileTextEndsInDeclarationsOrATypedError, ()) {
  std::string text = *rc::gen::elementOf(corpus());
  const int edits = *rc::gen::inRange(1, 6);
  for (int k = 0; k < edits; ++k) {
    mutate(text);
  }
  for (const Format format : {Format::Source, Format::Listing}) {
    try {
      const Reading r = read(text, format, "mutated");
      const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
      for (const Declaration &d : r.declarations) {
        RC_ASSERT(!d.name.empty());
        RC_ASSERT(d.name.size() <= kMaxNameBytes);
        RC_ASSERT(d.keyword == "theorem" || d.keyword == "lemma");
        RC_ASSERT(d.line >= 1 && d.line <= lines && d.column >= 1);
      }
      RC_ASSERT(linear(r, text));
      if (format == Format::Source) {
        statementsAgree(text, r);
      }
    } catch (const ReadError &e) {
      const std::string what = e.what();
      RC_ASSERT(what.rfind("lean::read mutated", 0) == 0);
      RC_ASSERT(what.find(": expected ") != std::string::npos);
      RC_ASSERT(what.find(", got ") != std::string::npos);
      RC_ASSERT(e.line() >= 1);
      RC_ASSERT(e.column() >= 1);
    }
  }
}

}  // namespace
}  // namespace proofport::lean

int main(int argc, char **argv) {
  // 1000 cases per property unless RC_PARAMS says how many; its other settings (seed,
  // reproduce, …) are kept.
  const char *given = std::getenv("RC_PARAMS");
  std::string params = given != nullptr ? given : "";
  if (params.find("max_success") == std::string::npos) {
    params += " max_success=1000";
    setenv("RC_PARAMS", params.c_str(), 1);
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
