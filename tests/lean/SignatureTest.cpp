// Unit tests of declaration signatures and their fingerprints: what a signature holds, where
// it ends, and which edits change a fingerprint.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "proofport/lean/Declarations.h"
#include "proofport/lean/Fingerprint.h"

namespace proofport::lean {
namespace {

/// The signatures of every declaration of a source, in order.
std::vector<std::string> signatures(std::string_view text) {
  std::vector<std::string> out;
  for (const Declaration &d : read(text, Format::Source, "test.lean").declarations) {
    out.push_back(d.signature);
  }
  return out;
}

using Texts = std::vector<std::string>;

TEST(LeanSignature, bindersAndConclusionUpToTheProof) {
  EXPECT_EQ(signatures("theorem t {α : Type} [Add α]\n    (x : α) :\n    x = x := by\n  rfl\n"),
            Texts{"{α : Type} [Add α] (x : α) : x = x"});
}

TEST(LeanSignature, commentsAreDroppedAndSpacingCollapsed) {
  EXPECT_EQ(signatures("theorem t (x : Nat) -- the input\n  /- nested /- comment -/ -/ :\n"
                       "    x + 0 = x := rfl\n"),
            Texts{"(x : Nat) : x + 0 = x"});
}

TEST(LeanSignature, bracketedDefaultsDoNotEndIt) {
  EXPECT_EQ(signatures("theorem t (x : Nat := 0) ⦃y : Nat⦄ ⟨a, b⟩ : x = x := rfl\n"),
            Texts{"(x : Nat := 0) ⦃y : Nat⦄ ⟨a, b⟩ : x = x"});
}

TEST(LeanSignature, equationsAndTheNextCommandEndIt) {
  EXPECT_EQ(signatures("namespace N\ntheorem t : ∀ n : Nat, n = n\n  | 0 => rfl\n"
                       "  | n + 1 => rfl\ntheorem u : True\nend N\n"),
            (Texts{": ∀ n : Nat, n = n", ": True"}));
}

TEST(LeanSignature, fieldAccessNamedLikeACommandDoesNotEndIt) {
  EXPECT_EQ(signatures("theorem t (r : R) : r.end = r.open := rfl\n"),
            Texts{"(r : R) : r.end = r.open"});
}

TEST(LeanSignature, stringsAreKeptWhole) {
  EXPECT_EQ(signatures("theorem t : \"a  := -- b\" = \"a  := -- b\" := rfl\n"),
            Texts{": \"a  := -- b\" = \"a  := -- b\""});
}

TEST(LeanSignature, unterminatedTextEndsItWithoutAnError) {
  EXPECT_EQ(signatures("theorem t : True\n"), Texts{": True"});
  EXPECT_EQ(signatures("theorem t (x : (Nat"), Texts{"(x : (Nat"});
}

TEST(LeanSignature, listingsRecordNone) {
  const auto r = read("theorem A.t (x : ℕ) : x = x\n", Format::Listing, "seed.txt");
  ASSERT_EQ(r.declarations.size(), 1U);
  EXPECT_EQ(r.declarations[0].signature, "");
}

TEST(LeanFingerprint, sixteenHexDigits) {
  const std::string print = fingerprint("(x : Nat) : x = x");
  EXPECT_EQ(print.size(), 16U);
  EXPECT_EQ(print.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(fingerprint(""), "cbf29ce484222325");  // FNV-1a's offset basis: nothing hashed
}

TEST(LeanFingerprint, spacingDoesNotCount) {
  const std::string print = fingerprint("(x : Nat) : x + 0 = x");
  EXPECT_EQ(fingerprint("(x:Nat): x+0=x"), print);
  EXPECT_EQ(fingerprint("( x :  Nat )  :\n  x +\t0 = x"), print);
  const Reading r = read("theorem t (x : Nat) :\n    x + 0 = x := rfl", Format::Source);
  EXPECT_EQ(fingerprint(r.declarations.at(0).signature), print);
}

TEST(LeanFingerprint, everyOtherEditCounts) {
  const std::string print = fingerprint("(a b : Nat) (h : a ≤ b) : a + b = b + a");
  for (const char *edited : {
           "(a b : Nat) (h : a < b) : a + b = b + a",  // a hypothesis
           "(a c : Nat) (h : a ≤ c) : a + c = c + a",  // a binder name
           "(a b : ℕ) (h : a ≤ b) : a + b = b + a",    // notation
           "{a b : Nat} (h : a ≤ b) : a + b = b + a",  // binder kind
           "(ab : Nat) (h : a ≤ b) : a + b = b + a",   // spacing between identifiers
       }) {
    EXPECT_NE(fingerprint(edited), print) << edited;
  }
}

}  // namespace
}  // namespace proofport::lean
