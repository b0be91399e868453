// Unit tests of the term parser: each construct with its positions, Lean's precedences and
// associativity, Unsupported nodes and where they are, syntax errors with FILE:LINE:COL, and
// hostile input.
#include <gtest/gtest.h>

#include <string>

#include "TermText.h"
#include "proofport/lean/Declarations.h"
#include "proofport/lean/Term.h"

namespace proofport::lean {
namespace {

using testing::sexp;

/// The tree of `text` as an S-expression (positions on request).
std::string tree(std::string_view text, bool positions = false) {
  return sexp(*parseTerm(text, "t.lean"), positions);
}

/// The first Unsupported node of `text`'s tree as `text@LINE:COL`, or "" if none.
std::string firstOut(std::string_view text) {
  const TermPtr term = parseTerm(text, "t.lean");
  const Term *out = firstUnsupported(*term);
  return out == nullptr ? "" : out->text + "@" + toString(out->position);
}

/// The ReadError `text` raises, as its message (fails the test if none).
std::string errorOf(std::string_view text) {
  try {
    parseTerm(text, "t.lean");
  } catch (const ReadError &e) {
    return e.what();
  }
  ADD_FAILURE() << "no ReadError for: " << text;
  return "";
}

TEST(LeanTerm, applicationAndFieldNotation) {
  EXPECT_EQ(tree("m.insert k v"), "(App m.insert k v)");
  EXPECT_EQ(tree("insertMany m l"), "(App insertMany m l)");
  EXPECT_EQ(tree("(m.insert k v).size", true),
            "(Dot size@1:1 (App@1:2 m.insert@1:2 k@1:11 v@1:13))");
  EXPECT_EQ(tree("(f x).1", true), "(Projection 1@1:1 (App@1:2 f@1:2 x@1:4))");
  EXPECT_EQ(tree("p.1 + p.2.fst"), "(Binary + (Projection 1 p) (Dot fst (Projection 2 p)))");
  EXPECT_EQ(tree("l.map Prod.fst"), "(App l.map Prod.fst)");
  EXPECT_EQ(tree("(m).size"), "(Dot size m)");
  EXPECT_EQ(tree("(f a) b"), "(App (App f a) b)");
  EXPECT_EQ(tree("@List.map α β f"), "(App @List.map α β f)");
  EXPECT_EQ(tree(".some x"), "(App .some x)");
  EXPECT_EQ(tree("Type u"), "(App Type u)");
}

TEST(LeanTerm, indicesBindTighterThanApplication) {
  EXPECT_EQ(tree("f m[k]? x", true), "(App@1:1 f@1:1 (Index ?@1:3 m@1:3 k@1:5) x@1:9)");
  EXPECT_EQ(tree("x[i]!"), "(Index ! x i)");
  EXPECT_EQ(tree("x[i]"), "(Index x i)");
  EXPECT_EQ(tree("x[i]'h"), "(Index ' x i h)");
  EXPECT_EQ(tree("m[a]'h' = v"), "(Binary = (Index ' m a h') v)");
  EXPECT_EQ(tree("m[a]'(mem_of h₁ h₂)"), "(Index ' m a (App mem_of h₁ h₂))");
  EXPECT_EQ(tree("(m.insert k v)[a]?"), "(Index ? (App m.insert k v) a)");
  EXPECT_EQ(tree("m[a]?.get!"), "(Dot get! (Index ? m a))");
  EXPECT_EQ(tree("m[a][b]"), "(Index (Index m a) b)");
  // With a space, `[k]` is a list argument.
  EXPECT_EQ(tree("f m [k]"), "(App f m (List k))");
}

TEST(LeanTerm, conditionals) {
  EXPECT_EQ(tree("if c then a else b", true), "(If@1:1 c@1:4 a@1:11 b@1:18)");
  EXPECT_EQ(tree("if h : k == a then v else w"), "(If h (Binary == k a) v w)");
  EXPECT_EQ(tree("bif c then a else b"), "(Bif c a b)");
  EXPECT_EQ(tree("if a then b else if c then d else e = f"), "(If a b (If c d (Binary = e f)))");
  EXPECT_EQ(tree("x = if k ∈ m then m.size - 1 else m.size"),
            "(Binary = x (If (Binary ∈ k m) (Binary - m.size #1) m.size))");
}

TEST(LeanTerm, haveAndLetWithSemicolonsOrLineBreaks) {
  EXPECT_EQ(tree("haveI x : T := v; body", true),
            "(Let haveI@1:1 {Explicit x : T@1:11}@1:7 v@1:16 body@1:19)");
  EXPECT_EQ(tree("let x := 1; x + 1"), "(Let let {Explicit x} #1 (Binary + x #1))");
  EXPECT_EQ(tree("have : p := h; q"), "(Let have {Explicit this : p} h q)");
  // A line break ends the value: its application takes arguments right of the keyword only.
  EXPECT_EQ(tree("haveI h : p := f x\nbody y"),
            "(Let haveI {Explicit h : p} (App f x) (App body y))");
  EXPECT_EQ(tree("  have h := f\n    x\n  g h"), "(Let have {Explicit h} (App f x) (App g h))");
  EXPECT_EQ(
      tree("haveI h : p := f x |>.mp y\nm[k]? |>.get h"),
      "(Let haveI {Explicit h : p} (App (Dot mp (App f x)) y) (App (Dot get (Index ? m k)) h))");
}

TEST(LeanTerm, everyOperatorByItsLeanSpelling) {
  for (const std::string op :
       {"==", "!=", "&&", "||", "∧", "∨", "↔", "→",  "=",  "≠", "≤", "<", "≥", ">",
        "+",  "-",  "*",  "/",  "%", "^", "∘", "::", "++", "∈", "∉", "×", "▸"}) {
    EXPECT_EQ(tree("a " + op + " b"), "(Binary " + op + " a b)") << op;
  }
  EXPECT_EQ(tree("a -> b"), "(Binary → a b)");
  EXPECT_EQ(tree("a <-> b"), "(Binary ↔ a b)");
  EXPECT_EQ(tree("a <= b"), "(Binary ≤ a b)");
  EXPECT_EQ(tree("a >= b"), "(Binary ≥ a b)");
  EXPECT_EQ(tree("a /\\ b \\/ c"), "(Binary ∨ (Binary ∧ a b) c)");
  EXPECT_EQ(tree("¬a", true), "(Unary ¬@1:1 a@1:2)");
  EXPECT_EQ(tree("!b"), "(Unary ! b)");
  EXPECT_EQ(tree("-x"), "(Unary - x)");
  EXPECT_EQ(tree("↑x.i"), "(Unary ↑ x.i)");
}

TEST(LeanTerm, precedenceAndAssociativityAreLeans) {
  EXPECT_EQ(tree("a + b * c"), "(Binary + a (Binary * b c))");
  EXPECT_EQ(tree("a - b - c"), "(Binary - (Binary - a b) c)");
  EXPECT_EQ(tree("a / b % c"), "(Binary % (Binary / a b) c)");
  EXPECT_EQ(tree("a ^ b ^ c"), "(Binary ^ a (Binary ^ b c))");
  EXPECT_EQ(tree("a → b → c"), "(Binary → a (Binary → b c))");
  EXPECT_EQ(tree("x :: y :: l"), "(Binary :: x (Binary :: y l))");
  EXPECT_EQ(tree("l ++ r ++ s"), "(Binary ++ (Binary ++ l r) s)");  // Lean's infixl:65
  EXPECT_EQ(tree("x :: l ++ r"), "(Binary ++ (Binary :: x l) r)");  // `::` is 67, `++` 65
  EXPECT_EQ(tree("a ∧ b ∧ c"), "(Binary ∧ a (Binary ∧ b c))");
  EXPECT_EQ(tree("a ∨ b ∧ c"), "(Binary ∨ a (Binary ∧ b c))");
  EXPECT_EQ(tree("a && b || c"), "(Binary || (Binary && a b) c)");
  EXPECT_EQ(tree("a || b && c"), "(Binary || a (Binary && b c))");
  EXPECT_EQ(tree("a && b && c"), "(Binary && (Binary && a b) c)");
  EXPECT_EQ(tree("¬a ∈ m"), "(Unary ¬ (Binary ∈ a m))");
  EXPECT_EQ(tree("¬a ∧ b"), "(Binary ∧ (Unary ¬ a) b)");
  EXPECT_EQ(tree("!m.contains k && x"), "(Binary && (Unary ! (App m.contains k)) x)");
  EXPECT_EQ(tree("a = b ↔ c = d"), "(Binary ↔ (Binary = a b) (Binary = c d))");
  EXPECT_EQ(tree("p ∧ q → r"), "(Binary → (Binary ∧ p q) r)");
  EXPECT_EQ(tree("a ↔ b → c"), "(Binary ↔ a (Binary → b c))");
  EXPECT_EQ(tree("-x + y"), "(Binary + (Unary - x) y)");
  EXPECT_EQ(tree("f -x"), "(Binary - f x)");
  EXPECT_EQ(tree("f x = g y"), "(Binary = (App f x) (App g y))");
  EXPECT_EQ(tree("k == a || m.contains a"), "(Binary || (Binary == k a) (App m.contains a))");
  EXPECT_EQ(tree("m.size ≤ n + 1"), "(Binary ≤ m.size (Binary + n #1))");
  EXPECT_EQ(tree("α × β → γ"), "(Binary → (Binary × α β) γ)");
  EXPECT_EQ(tree("α × β × γ"), "(Binary × α (Binary × β γ))");
  EXPECT_EQ(tree("f ∘ g ∘ h"), "(Binary ∘ f (Binary ∘ g h))");
  // `∈` reads both sides at 50, so a relation on its right belongs to it.
  EXPECT_EQ(tree("a ∈ b = c"), "(Binary ∈ a (Binary = b c))");
}

TEST(LeanTerm, nonAssociativeChainsAreUnsupported) {
  EXPECT_EQ(firstOut("a = b = c"), "unexpected =@1:7");
  EXPECT_EQ(firstOut("a ↔ b ↔ c"), "unexpected ↔@1:7");
  EXPECT_EQ(firstOut("a < b ≤ c"), "unexpected ≤@1:7");
}

TEST(LeanTerm, pipesAreTheApplicationsTheyStandFor) {
  EXPECT_EQ(tree("x |> f |> g"), "(App g (App f x))");
  EXPECT_EQ(tree("x |> f y"), "(App f y x)");
  EXPECT_EQ(tree("x |> (f y)"), "(App (App f y) x)");
  EXPECT_EQ(tree("f <| g <| x"), "(App f (App g x))");
  EXPECT_EQ(tree("f a <| b"), "(App f a b)");
  EXPECT_EQ(tree("f $ g x"), "(App f (App g x))");
  EXPECT_EQ(tree("m[k]? |>.map f |>.get!"), "(Dot get! (App (Dot map (Index ? m k)) f))");
  EXPECT_EQ(tree("p |>.1"), "(Projection 1 p)");
  EXPECT_EQ(tree("a = b |>.symm"), "(Dot symm (Binary = a b))");
}

TEST(LeanTerm, literalsAndConstants) {
  EXPECT_EQ(tree("42 + 0x1F"), "(Binary + #42 #0x1F)");
  EXPECT_EQ(tree(R"("a\n\"\\\u03B1\x41")"), "\"a\n\"\\αA\"");
  EXPECT_EQ(tree(R"(r#"a "b" \n"#)"), R"("a "b" \n")");
  EXPECT_EQ(tree(R"('\n')"), "'\n'");
  EXPECT_EQ(tree("'α'"), "'α'");
  EXPECT_EQ(tree(R"('\'')"), "'''");
  EXPECT_EQ(tree("true && false"), "(Binary && true false)");
  EXPECT_EQ(tree("some x = none"), "(Binary = (App some x) none)");
  EXPECT_EQ(tree("m[a]! = default"), "(Binary = (Index ! m a) default)");
  EXPECT_EQ(tree("()"), "(Unit)");
  EXPECT_EQ(tree("∅", true), "(EmptyCollection@1:1)");
}

TEST(LeanTerm, bracketedForms) {
  EXPECT_EQ(tree("(∅ : HashMap α β)", true),
            "(Ascription@1:1 (EmptyCollection@1:2) (App@1:6 HashMap@1:6 α@1:14 β@1:16))");
  EXPECT_EQ(tree("⟨a, b⟩"), "(Anonymous a b)");
  EXPECT_EQ(tree("⟨⟩"), "(Anonymous)");
  EXPECT_EQ(tree("(a, b, c)", true), "(Tuple@1:1 a@1:2 b@1:5 c@1:8)");
  EXPECT_EQ(tree("[a, b]"), "(List a b)");
  EXPECT_EQ(tree("[]"), "(List)");
  EXPECT_EQ(tree("([] : List α)"), "(Ascription (List) (App List α))");
  EXPECT_EQ(tree("((a))"), "a");
}

TEST(LeanTerm, lambdas) {
  EXPECT_EQ(tree("fun x y => x + y", true),
            "(Lambda@1:1 {Explicit x y}@1:5 (Binary +@1:12 x@1:12 y@1:16))");
  EXPECT_EQ(tree("fun (x : T) (y : U) => x"), "(Lambda {Explicit x : T} {Explicit y : U} x)");
  EXPECT_EQ(tree("fun x y : Nat => x"), "(Lambda {Explicit x y : Nat} x)");
  EXPECT_EQ(tree("fun {α} [BEq α] x => x"),
            "(Lambda {Implicit α} {Instance : (App BEq α)} {Explicit x} x)");
  EXPECT_EQ(tree("λ x ↦ x"), "(Lambda {Explicit x} x)");
  EXPECT_EQ(tree("fun _ => true"), "(Lambda {Explicit _} true)");
  EXPECT_EQ(tree("l.all fun x => x == k"), "(App l.all (Lambda {Explicit x} (Binary == x k)))");
}

TEST(LeanTerm, cdotSectionsTakeTheInnermostParentheses) {
  EXPECT_EQ(tree("(· + 1)", true), "(Lambda@1:1 {Explicit ·1}@0:0 (Binary +@1:2 ·1@1:2 #1@1:6))");
  EXPECT_EQ(tree("(·.1 == k)"), "(Lambda {Explicit ·1} (Binary == (Projection 1 ·1) k))");
  EXPECT_EQ(tree("(f · x ·)"), "(Lambda {Explicit ·1 ·2} (App f ·1 x ·2))");
  EXPECT_EQ(tree("(g (· + 1) ·)"),
            "(Lambda {Explicit ·1} (App g (Lambda {Explicit ·1} (Binary + ·1 #1)) ·1))");
  EXPECT_EQ(tree("(⟨·, 1⟩)"), "(Lambda {Explicit ·1} (Anonymous ·1 #1))");
  EXPECT_EQ(tree("m.toList.find? (·.1 == k) = none"),
            "(Binary = (App m.toList.find? (Lambda {Explicit ·1} (Binary == (Projection 1 ·1) k))) "
            "none)");
  EXPECT_EQ(firstOut("· + 1"), "· outside parentheses@1:1");
  // A leading-dot name after `|>.` is no field (found by the token-soup fuzz test).
  EXPECT_EQ(firstOut(".size |>..size"), "|>. without a field@1:10");
}

TEST(LeanTerm, quantifiers) {
  EXPECT_EQ(tree("∀ x y, P x y", true),
            "(Forall@1:1 {Explicit x y}@1:3 (App@1:8 P@1:8 x@1:10 y@1:12))");
  EXPECT_EQ(tree("∀ (x : T), P"), "(Forall {Explicit x : T} P)");
  EXPECT_EQ(tree("∀ n : Nat, n = n"), "(Forall {Explicit n : Nat} (Binary = n n))");
  EXPECT_EQ(tree("∀ {x} [BEq α], p"), "(Forall {Implicit x} {Instance : (App BEq α)} p)");
  EXPECT_EQ(tree("∀ x ∈ l, P x", true),
            "(Forall@1:1 {Explicit x}@1:3 (Binary →@1:3 (Binary ∈@1:3 x@1:3 l@1:7) "
            "(App@1:10 P@1:10 x@1:12)))");
  EXPECT_EQ(tree("∃ x ∈ l, P x"), "(Exists {Explicit x} (Binary ∧ (Binary ∈ x l) (App P x)))");
  EXPECT_EQ(tree("∃ x y ∈ l, p"),
            "(Exists {Explicit x y} (Binary ∧ (Binary ∈ x l) (Binary ∧ (Binary ∈ y l) p)))");
  EXPECT_EQ(tree("∀ i < n, p i"), "(Forall {Explicit i} (Binary → (Binary < i n) (App p i)))");
  EXPECT_EQ(tree("∃ (k' : α), k == k'"), "(Exists {Explicit k' : α} (Binary == k k'))");
  EXPECT_EQ(tree("∃ a, a ∈ m"), "(Exists {Explicit a} (Binary ∈ a m))");
  EXPECT_EQ(tree("m.isEmpty = true ↔ ∀ a, ¬a ∈ m"),
            "(Binary ↔ (Binary = m.isEmpty true) (Forall {Explicit a} (Unary ¬ (Binary ∈ a m))))");
}

TEST(LeanTerm, types) {
  EXPECT_EQ(tree("HashMap α β"), "(App HashMap α β)");
  EXPECT_EQ(tree("List (α × β)"), "(App List (Binary × α β))");
  EXPECT_EQ(tree("α → Option β"), "(Binary → α (App Option β))");
  EXPECT_EQ(tree("HashMap α β → α → β → HashMap α β"),
            "(Binary → (App HashMap α β) (Binary → α (Binary → β (App HashMap α β))))");
  EXPECT_EQ(tree("(a : α) → β a", true),
            "(Forall@1:1 {Explicit a : α@1:6}@1:1 (App@1:11 β@1:11 a@1:13))");
  EXPECT_EQ(tree("δ → (a : α) → β → δ"), "(Binary → δ (Forall {Explicit a : α} (Binary → β δ)))");
  EXPECT_EQ(tree("{a : α} → β"), "(Forall {Implicit a : α} β)");
  EXPECT_EQ(tree("[Monad m] → m α"), "(Forall {Instance : (App Monad m)} (App m α))");
  // Parentheses that hold no binder are a type.
  EXPECT_EQ(tree("(α × β) → γ"), "(Binary → (Binary × α β) γ)");
}

TEST(LeanTerm, commentsAreSkipped) {
  EXPECT_EQ(tree("a /- c /- d -/ -/ + -- e\n  b", true), "(Binary +@1:1 a@1:1 b@2:3)");
  EXPECT_EQ(tree("f /-- doc -/ x"), "(App f x)");
}

TEST(LeanTerm, positionsCountCharactersFromTheStart) {
  const TermPtr t = parseTerm("α + β", "o.lean", Position{3, 5});
  EXPECT_EQ(sexp(*t, true), "(Binary +@3:5 α@3:5 β@3:9)");
  EXPECT_EQ(tree("f\n  (g x)", true), "(App@1:1 f@1:1 (App@2:4 g@2:4 x@2:6))");
}

TEST(LeanTerm, constructsOutsideTheLanguageAreUnsupportedNodes) {
  EXPECT_EQ(firstOut("match x with | 0 => 1 | _ => 2"), "match@1:1");
  EXPECT_EQ(firstOut("by simp"), "by@1:1");
  EXPECT_EQ(firstOut("show p from h"), "show@1:1");
  EXPECT_EQ(firstOut("do let x ← f; pure x"), "do@1:1");
  EXPECT_EQ(firstOut("fun | 0 => 1 | _ => 2"), "fun |@1:1");
  EXPECT_EQ(firstOut("fun ⟨a, b⟩ => a"), "fun pattern@1:1");
  EXPECT_EQ(firstOut("if let some x := o then x else y"), "if let@1:1");
  EXPECT_EQ(firstOut("f {x with a := 1}"), "{x with …}@1:3");
  EXPECT_EQ(firstOut("{x | p x}"), "{x | p}@1:1");
  EXPECT_EQ(firstOut("{ a := 1 }"), "{x := …}@1:1");
  EXPECT_EQ(firstOut("{a, b}"), "{a, b}@1:1");
  EXPECT_EQ(firstOut("Σ x, P x"), "Σ@1:1");
  EXPECT_EQ(firstOut("∑ i ∈ s, f i"), "∑@1:1");
  EXPECT_EQ(firstOut("⋃ i, s i"), "⋃@1:1");
  EXPECT_EQ(firstOut("∃! x, p x"), "∃!@1:1");
  EXPECT_EQ(firstOut("⟪x, y⟫"), "⟪…⟫@1:1");
  EXPECT_EQ(firstOut("‹p›"), "‹…›@1:1");
  EXPECT_EQ(firstOut("#[1, 2]"), "#[…]@1:1");
  EXPECT_EQ(firstOut("f (x := 1)"), "named argument@1:3");
  EXPECT_EQ(firstOut("s!\"a{x}\""), "interpolated string@1:1");
  EXPECT_EQ(firstOut("1.5 + x"), "scientific literal@1:1");
  EXPECT_EQ(firstOut("`foo"), "name literal@1:1");
  EXPECT_EQ(firstOut("a ⊆ b"), "⊆@1:3");
  EXPECT_EQ(firstOut("f >>= g"), ">>=@1:3");
  EXPECT_EQ(firstOut("x[i:j]"), "unexpected :@1:4");
  EXPECT_EQ(firstOut("(a +)"), "missing term@1:5");
  EXPECT_EQ(firstOut(""), "missing term@1:1");
  EXPECT_EQ(firstOut("if c then a"), "if without else@1:1");
}

TEST(LeanTerm, theParserGoesOnAfterAnUnsupportedConstruct) {
  const TermPtr t = parseTerm("f (by simp) x (match y with | _ => 1) = z", "t.lean");
  EXPECT_EQ(sexp(*t, true),
            "(Binary =@1:1 (App@1:1 f@1:1 (Unsupported by@1:4) x@1:13 (Unsupported match@1:16)) "
            "z@1:41)");
  EXPECT_EQ(firstUnsupported(*t)->text, "by");
  // An operator outside the language is read with its precedence: what follows is read.
  EXPECT_EQ(tree("a >>= f ∧ b"), "(Binary ∧ (Unsupported >>=) b)");
  EXPECT_EQ(firstUnsupported(*parseTerm("a + b")), nullptr);
}

TEST(LeanTerm, firstUnsupportedIsTheFirstInTheText) {
  // The pipe puts its argument after the function in the tree, not in the text.
  EXPECT_EQ(firstOut("(by simp) |> (match x with | _ => f)"), "by@1:2");
}

TEST(LeanTerm, syntaxErrorsNameFileLineAndColumn) {
  EXPECT_EQ(errorOf("f (a"),
            "lean::read t.lean:1:5: expected `)` closing the `(` opened at 1:3, got the end of "
            "the text");
  EXPECT_EQ(errorOf("a)"), "lean::read t.lean:1:2: expected a term, got `)` closing a bracket "
                           "never opened");
  EXPECT_EQ(errorOf("[a\n  ⟩"),
            "lean::read t.lean:2:3: expected `]` closing the `[` opened at 1:1, got `⟩`");
  EXPECT_EQ(errorOf("\"abc"),
            "lean::read t.lean:1:1: expected \" closing the string opened at 1:1, got the end "
            "of the text");
  EXPECT_EQ(errorOf("a /- b"),
            "lean::read t.lean:1:7: expected -/ closing the comment opened at 1:3, got the end "
            "of the text");
  EXPECT_EQ(errorOf("a\tb"), "lean::read t.lean:1:2: expected a space (Lean allows no tab outside "
                             "comments and literals), got a tab");
  EXPECT_EQ(errorOf(std::string("a \xC3")),
            "lean::read t.lean:1:3: expected UTF-8 text, got byte 0xC3 that starts no valid "
            "UTF-8 character");
}

TEST(LeanTerm, hostileNestingIsAReadErrorNotAStackOverflow) {
  const std::size_t deep = 100'000;
  EXPECT_NE(errorOf(std::string(deep, '(') + "x" + std::string(deep, ')'))
                .find("brackets nested at most 256 deep"),
            std::string::npos);
  for (const std::string prefix : {"¬", "↑", "!", "- ", "fun x => ", "∀ x, "}) {
    std::string text;
    for (std::size_t k = 0; k < 10'000; ++k) {
      text += prefix;
    }
    EXPECT_NE(errorOf(text + "x").find("a term nested at most 256 deep"), std::string::npos)
        << prefix;
  }
  for (const std::string op : {" + x", " → x", ".1", "[0]", " |> f"}) {
    std::string text = "x";
    for (std::size_t k = 0; k < 10'000; ++k) {
      text += op;
    }
    EXPECT_NE(errorOf(text).find("a term nested at most 256 deep"), std::string::npos) << op;
  }
  // A dotted name may stand for one projection per dot (`m.size.succ`): counted as deep.
  std::string dotted = "m";
  for (std::size_t k = 0; k < 200'000; ++k) {
    dotted += ".succ";
  }
  EXPECT_NE(errorOf(dotted).find("a term nested at most 256 deep"), std::string::npos);
  EXPECT_NE(errorOf("f (" + dotted + ")").find("a term nested at most 256 deep"),
            std::string::npos);
  // Within the limit, deep terms parse.
  EXPECT_EQ(tree(std::string(100, '(') + "x" + std::string(100, ')')), "x");
  dotted.resize(std::string("m").size() + 200 * std::string(".succ").size());
  EXPECT_EQ(tree(dotted), dotted);
  std::string wide = "f";
  for (std::size_t k = 0; k < 100'000; ++k) {
    wide += " x";
  }
  EXPECT_EQ(parseTerm(wide)->args.size(), 100'001U);
}

TEST(LeanTerm, kindNamesAndPositions) {
  EXPECT_EQ(termKindName(TermKind::EmptyCollection), "EmptyCollection");
  EXPECT_EQ(termKindName(TermKind::Unsupported), "Unsupported");
  EXPECT_EQ(toString(Position{12, 3}), "12:3");
}

}  // namespace
}  // namespace proofport::lean
