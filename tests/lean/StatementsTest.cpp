// Unit tests of theorem statements read from sources: binders and conclusions, where a
// statement ends, the variables, namespaces and opens in force, unsupported constructs and
// syntax errors; and agreement with lean::read on the test sources.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TermText.h"
#include "proofport/lean/Declarations.h"
#include "proofport/lean/Term.h"

namespace proofport::lean {
namespace {

using testing::sexp;

/// The only statement of `text` (fails the test if there is not exactly one).
Statement only(std::string_view text) {
  std::vector<Statement> all = readStatements(text, "s.lean");
  EXPECT_EQ(all.size(), 1U) << text;
  return all.empty() ? Statement{} : std::move(all.front());
}

/// Binders as `{Kind names : type}@L:C`, space-separated.
std::string binders(const std::vector<Binder> &groups) {
  Term holder{TermKind::Lambda, {}, {}, groups, {}};
  const std::string all = sexp(holder, true);
  return all.substr(std::string("(Lambda@0:0 ").size(), all.size() - 13);
}

std::vector<std::string> names(const std::vector<Statement> &statements) {
  std::vector<std::string> out;
  for (const Statement &s : statements) {
    out.push_back(s.name);
  }
  return out;
}

std::vector<std::string> names(const Reading &reading) {
  std::vector<std::string> out;
  for (const Declaration &d : reading.declarations) {
    out.push_back(d.name);
  }
  return out;
}

using Texts = std::vector<std::string>;

TEST(LeanStatements, bindersOfEveryKindAndTheConclusion) {
  const Statement s = only("namespace N\n@[simp] private theorem t {α : Type} [inst : BEq α]\n"
                           "    [Hashable α] ⦃x : α⦄ {c} (a b : α) (h : a = b := rfl) :\n"
                           "    a = b := by\n  simp\nend N\n");
  EXPECT_EQ(s.name, "N.t");
  EXPECT_EQ(toString(s.position), "2:17");
  EXPECT_EQ(binders(s.binders),
            "{Implicit α : Type@2:32}@2:27 {Instance inst : (App@2:46 BEq@2:46 α@2:50)}@2:38 "
            "{Instance : (App@3:6 Hashable@3:6 α@3:15)}@3:5 {StrictImplicit x : α@3:23}@3:18 "
            "{Implicit c}@3:26 {Explicit a b : α@3:37}@3:30 {Explicit h : (App@3:45 "
            "optParam@0:0 (Binary =@3:45 a@3:45 b@3:49) rfl@3:54)}@3:40");
  EXPECT_EQ(sexp(*s.conclusion, true), "(Binary =@4:5 a@4:5 b@4:9)");
  EXPECT_FALSE(s.unsupported);
  EXPECT_TRUE(s.variables.empty());
  EXPECT_EQ(s.namespaces, Texts{"N"});
}

TEST(LeanStatements, aStatementEndsWhereItsSignatureDoes) {
  // At the `:=` no `have` takes, with the `have`'s body on its own line.
  Statement s = only("theorem t {h : k ∈ m} :\n    haveI h' : k ∈ m := mem h\n"
                     "    m[k] = f h' := by\n  simp\n");
  EXPECT_EQ(sexp(*s.conclusion),
            "(Let haveI {Explicit h' : (Binary ∈ k m)} (App mem h) (Binary = (Index m k) (App f "
            "h')))");
  // At a line starting with `|`, and at the next command (`lemma` included).
  s = only("theorem t : ∀ n : Nat, n = n\n  | 0 => rfl\n  | n + 1 => rfl\n");
  EXPECT_EQ(sexp(*s.conclusion), "(Forall {Explicit n : Nat} (Binary = n n))");
  const std::vector<Statement> two =
      readStatements("theorem a : p ∧ q\nlemma b : r\n  |>.symm\ndef c := 1\n");
  ASSERT_EQ(two.size(), 2U);
  EXPECT_EQ(sexp(*two[0].conclusion), "(Binary ∧ p q)");
  EXPECT_EQ(sexp(*two[1].conclusion), "(Dot symm r)");
}

TEST(LeanStatements, variablesHoldUntilTheirScopeEnds) {
  const std::vector<Statement> all = readStatements(
      "variable {α : Type}\nnamespace A\nvariable (x : α)\nsection S\nvariable [BEq α] {y : α}\n"
      "theorem inS : x = y := sorry\nend S\ntheorem inA : x = x := sorry\nend A\n"
      "variable (z : α) in\ntheorem once : z = z := sorry\ntheorem after : True := trivial\n");
  ASSERT_EQ(names(all), (Texts{"A.inS", "A.inA", "once", "after"}));
  EXPECT_EQ(binders(all[0].variables),
            "{Implicit α : Type@1:15}@1:10 {Explicit x : α@3:15}@3:10 "
            "{Instance : (App@5:11 BEq@5:11 α@5:15)}@5:10 {Implicit y : α@5:23}@5:18");
  EXPECT_EQ(binders(all[1].variables), "{Implicit α : Type@1:15}@1:10 {Explicit x : α@3:15}@3:10");
  EXPECT_EQ(binders(all[2].variables),
            "{Implicit α : Type@1:15}@1:10 {Explicit z : α@10:15}@10:10");
  EXPECT_EQ(binders(all[3].variables), "{Implicit α : Type@1:15}@1:10");
}

TEST(LeanStatements, namespacesAndOpensInForce) {
  const std::vector<Statement> all =
      readStatements("open Lean\nnamespace Std.HashMap\nopen List (map) Nat hiding succ\n"
                     "section\nopen scoped Classical\ntheorem a : True := trivial\nend\n"
                     "open Option in\n@[simp] theorem b : True := trivial\ntheorem c : True := "
                     "trivial\nend Std.HashMap\ntheorem _root_.d : True := trivial\n");
  ASSERT_EQ(names(all), (Texts{"Std.HashMap.a", "Std.HashMap.b", "Std.HashMap.c", "d"}));
  EXPECT_EQ(all[0].namespaces, (Texts{"Std", "Std.HashMap"}));
  EXPECT_EQ(all[0].opens, (Texts{"Lean", "List", "Nat", "Classical"}));
  EXPECT_EQ(all[1].opens, (Texts{"Lean", "List", "Nat", "Option"}));
  EXPECT_EQ(all[2].opens, (Texts{"Lean", "List", "Nat"}));
  EXPECT_EQ(all[3].opens, Texts{"Lean"});
  EXPECT_TRUE(all[3].namespaces.empty());
}

TEST(LeanStatements, theFirstUnsupportedConstructIsRecorded) {
  Statement s = only("theorem t (h : (by simp : p)) :\n    ∀ x, (match x with | _ => True) := "
                     "trivial\n");
  ASSERT_TRUE(s.unsupported);
  EXPECT_EQ(s.unsupported->text, "by");
  EXPECT_EQ(toString(s.unsupported->position), "1:17");
  s = only("theorem t (x : Nat) : ∀ y, x = y ∨ (match y with | _ => True) := trivial\n");
  ASSERT_TRUE(s.unsupported);
  EXPECT_EQ(s.unsupported->text + "@" + toString(s.unsupported->position), "match@1:37");
  s = only("theorem t (x : Nat := 0) ⟨a, b⟩ : x = x := rfl\n");
  ASSERT_TRUE(s.unsupported);
  EXPECT_EQ(s.unsupported->text + "@" + toString(s.unsupported->position), "binder ⟨…@1:26");
  EXPECT_EQ(sexp(*s.conclusion), "(Binary = x x)");
  s = only("theorem t := trivial\n");
  ASSERT_TRUE(s.unsupported);
  EXPECT_EQ(s.unsupported->text, "missing conclusion");
  EXPECT_FALSE(only("theorem t (a : Nat) : a + 0 = a := rfl\n").unsupported);
}

TEST(LeanStatements, syntaxErrorsInASignatureAreReadErrors) {
  try {
    readStatements("theorem ok : True := trivial\ntheorem t (x : Nat : x = x := rfl\n"
                   "theorem u : True := trivial\n",
                   "s.lean");
    ADD_FAILURE() << "no ReadError";
  } catch (const ReadError &e) {
    EXPECT_STREQ(e.what(), "lean::read s.lean:3:1: expected `)` closing the `(` opened at 2:11, "
                           "got the end of the command");
    EXPECT_EQ(e.line(), 3U);
  }
  try {
    readStatements("theorem t (x : Nat : x = x := rfl\n", "s.lean");
    ADD_FAILURE() << "no ReadError";
  } catch (const ReadError &e) {
    EXPECT_STREQ(e.what(), "lean::read s.lean:2:1: expected `)` closing the `(` opened at 1:11, "
                           "got the end of the text");
  }
  EXPECT_THROW(readStatements("theorem t : (a]\n"), ReadError);
  EXPECT_THROW(readStatements("variable (x : Nat\ntheorem t : True := trivial\n"), ReadError);
  EXPECT_THROW(readStatementsFile("no-such-file.lean"), ReadError);
}

TEST(LeanStatements, whatIsInForceIsCopiedWithinABudgetLinearInTheText) {
  std::string text;
  for (int k = 0; k < 2000; ++k) {
    text += "variable (x : Nat)\n";
  }
  std::string theorems;
  for (int k = 0; k < 2000; ++k) {
    theorems += "theorem t" + std::to_string(k) + " : x = x := rfl\n";
  }
  try {
    readStatements(text + theorems, "s.lean");
    ADD_FAILURE() << "no ReadError";
  } catch (const ReadError &e) {
    EXPECT_NE(std::string(e.what()).find("at most 16 bytes of variables"), std::string::npos);
  }
  // Fewer theorems under the same variables are read.
  EXPECT_EQ(readStatements(text + "theorem t : x = x := rfl\n").at(0).variables.size(), 2000U);
}

TEST(LeanStatements, lemmaAsAnIdentifierInsideBracketsIsAName) {
  const Statement s = only("theorem t (lemma : P) : lemma = lemma := rfl\n");
  EXPECT_EQ(binders(s.binders), "{Explicit lemma : P@1:20}@1:11");
}

TEST(LeanStatements, theSameTheoremsAsTheReaderOnTheTestSources) {
  for (const std::string file : {"Drift.lean", "Gradients.lean", "NoTheorems.lean"}) {
    const std::string path = std::string(PROOFPORT_LEAN_TEST_DATA) + "/" + file;
    const std::vector<Statement> all = readStatementsFile(path);
    EXPECT_EQ(names(all), names(readFile(path))) << file;
    for (const Statement &s : all) {
      EXPECT_FALSE(s.unsupported) << s.name << ": " << s.unsupported->text << " at "
                                  << toString(s.unsupported->position);
      EXPECT_TRUE(testing::sameTree(*s.conclusion, *parseTerm(toLean(*s.conclusion)))) << s.name;
    }
  }
  const std::vector<Statement> rle = readStatementsFile(PROOFPORT_RLE_LEAN);
  EXPECT_EQ(names(rle), names(readFile(PROOFPORT_RLE_LEAN)));
  EXPECT_EQ(rle.size(), 7U);
  for (const Statement &s : rle) {
    EXPECT_FALSE(s.unsupported) << s.name;
  }
  // Both readers refuse the same text the same way.
  const std::string broken = std::string(PROOFPORT_LEAN_TEST_DATA) + "/Unterminated.lean";
  std::string fromRead;
  try {
    readFile(broken);
  } catch (const ReadError &e) {
    fromRead = e.what();
  }
  try {
    readStatementsFile(broken);
    ADD_FAILURE() << "no ReadError";
  } catch (const ReadError &e) {
    EXPECT_EQ(e.what(), fromRead);
  }
}

TEST(LeanStatements, gradientsStatementsInDetail) {
  const std::vector<Statement> all =
      readStatementsFile(std::string(PROOFPORT_LEAN_TEST_DATA) + "/Gradients.lean");
  ASSERT_GE(all.size(), 1U);
  const Statement &first = all.front();
  EXPECT_EQ(first.name, "Proofs.Autograd.Algebra.Deferred.getIdx_materializePack");
  EXPECT_EQ(first.namespaces, (Texts{"Proofs", "Proofs.Autograd", "Proofs.Autograd.Algebra",
                                     "Proofs.Autograd.Algebra.Deferred"}));
  EXPECT_EQ(first.opens, (Texts{"TorchLean", "Spec"}));
  EXPECT_EQ(first.variables.size(), 4U);
  EXPECT_EQ(first.binders.size(), 8U);
  EXPECT_EQ(toLean(*first.conclusion),
            "getIdx (materializePack history clock epochs xs offset) idx = applyRecentStable "
            "addUniform history (clock - epochs[offset + ↑idx.i]?.getD 0) (getIdx xs idx)");
}

}  // namespace
}  // namespace proofport::lean
