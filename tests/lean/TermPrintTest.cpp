// Unit tests of printing trees back as Lean: parentheses where precedence could mislead, and
// text that parses back to the same tree.
#include <gtest/gtest.h>

#include <string>

#include "TermText.h"
#include "proofport/lean/Term.h"

namespace proofport::lean {
namespace {

/// `text` parsed and printed.
std::string printed(std::string_view text) { return toLean(*parseTerm(text)); }

/// Whether printing `text`'s tree and parsing it again gives the same tree.
bool roundTrips(std::string_view text) {
  const TermPtr tree = parseTerm(text);
  return testing::sameTree(*tree, *parseTerm(toLean(*tree)));
}

TEST(LeanPrint, parenthesesWherePrecedenceCouldMislead) {
  EXPECT_EQ(printed("(m.insert k v).size = m.size + 1"), "(m.insert k v).size = m.size + 1");
  EXPECT_EQ(printed("¬a ∈ m"), "¬(a ∈ m)");
  EXPECT_EQ(printed("(fun x => x) = f"), "(fun x => x) = f");
  EXPECT_EQ(printed("f = fun x => x"), "f = fun x => x");
  EXPECT_EQ(printed("a - (b - c)"), "a - (b - c)");
  EXPECT_EQ(printed("(a - b) - c"), "a - b - c");
  EXPECT_EQ(printed("(a → b) → c"), "(a → b) → c");
  EXPECT_EQ(printed("a → (b → c)"), "a → b → c");
  EXPECT_EQ(printed("(a = b) = c"), "(a = b) = c");
  EXPECT_EQ(printed("f (g x) (h y)"), "f (g x) (h y)");
  EXPECT_EQ(printed("(f x) y"), "(f x) y");
  EXPECT_EQ(printed("(if c then a else b) + 1"), "(if c then a else b) + 1");
  EXPECT_EQ(printed("x + if c then a else b"), "x + if c then a else b");
  EXPECT_EQ(printed("f (-x)"), "f (-x)");
  EXPECT_EQ(printed("- -x"), "- -x");
  EXPECT_EQ(printed("(m).size"), "(m).size");
  EXPECT_EQ(printed("(f x).1.2"), "(f x).1.2");
  // `∨`/`∧` (infixr) and `||`/`&&` (infixl) share precedences 30 and 35 but read their sides
  // differently: every mix prints as it parses.
  for (const char *text : {"(a ∨ b) || c", "a ∨ (b || c)", "(a || b) ∨ c", "a || (b ∨ c)",
                           "(a ∧ b) && c", "a ∧ (b && c)", "(a && b) ∧ c", "a && (b ∧ c)",
                           "(a ∨ b ∧ c) || d", "(a || b) ∨ c ∨ d", "a ∨ b || c"}) {
    EXPECT_EQ(toLean(*parseTerm(printed(text))), printed(text)) << text;
    EXPECT_EQ(testing::sexp(*parseTerm(printed(text))), testing::sexp(*parseTerm(text))) << text;
  }
  EXPECT_EQ(printed("(m[a]'h).1"), "(m[a]'h).1");
}

TEST(LeanPrint, desugaredFormsPrintAsWhatTheyStandFor) {
  EXPECT_EQ(printed("x |> f |> g"), "g (f x)");
  EXPECT_EQ(printed("f <| g <| x"), "f (g x)");
  EXPECT_EQ(printed("m[k]? |>.map f"), "m[k]?.map f");
  EXPECT_EQ(printed("∀ x ∈ l, p x"), "∀ x, x ∈ l → p x");
  EXPECT_EQ(printed("(a : α) → β a"), "∀ (a : α), β a");
  EXPECT_EQ(printed("a -> b <-> c"), "a → b ↔ c");
  EXPECT_EQ(printed("haveI h : p := v\nb"), "haveI h : p := v; b");
  EXPECT_EQ(printed("λ x ↦ x"), "fun x => x");
}

TEST(LeanPrint, everyConstruct) {
  for (const char *text : {"m.insert k v",
                           "f m[k]? x",
                           "x[i]!",
                           "x[i]'h",
                           "if h : c then a else b",
                           "bif c then a else b",
                           "let x := 1; x + 1",
                           "have this : p := h; q",
                           "a == b && c != d",
                           "!b || ¬p",
                           "x :: l ++ r",
                           "a ∈ l ∧ b ∉ l",
                           "α × β → γ",
                           "42 + 0x1F",
                           "\"a\\n\\\"\"",
                           "'\\''",
                           "()",
                           "∅",
                           "(e : T)",
                           "⟨a, b⟩",
                           "(a, b, c)",
                           "[a, b]",
                           "[]",
                           "fun (x : T) y => x",
                           "fun {α} [BEq α] x => x",
                           "(· + 1)",
                           "(·.1 == k)",
                           "(f · x ·)",
                           "∀ x y, P x y",
                           "∀ {x : T}, P",
                           "∃ (x : T), P",
                           "Type u",
                           "@f x",
                           ".some x",
                           "↑x.i",
                           "h ▸ e",
                           "f ∘ g",
                           "a ^ b"}) {
    EXPECT_TRUE(roundTrips(text)) << text << " printed " << printed(text);
  }
}

TEST(LeanPrint, unsupportedNodesPrintAsSorry) { EXPECT_EQ(printed("f (by simp) x"), "f sorry x"); }

}  // namespace
}  // namespace proofport::lean
