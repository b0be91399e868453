// Unit tests of the Lean reader: scopes, comments, strings, attributes, modifiers, listings,
// and every ReadError path with its position.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "proofport/lean/Declarations.h"

namespace proofport::lean {
namespace {

std::vector<std::string> names(std::string_view text, Format format = Format::Source) {
  std::vector<std::string> out;
  for (const Declaration &d : read(text, format, "test.lean").declarations) {
    out.push_back(d.name);
  }
  return out;
}

using Names = std::vector<std::string>;

/// The ReadError `text` raises (fails the test if none).
ReadError errorOf(std::string_view text, Format format = Format::Source) {
  try {
    read(text, format, "bad.lean");
  } catch (const ReadError &e) {
    return e;
  }
  ADD_FAILURE() << "no ReadError for:\n" << text;
  return ReadError("", 0, 0, "", "");
}

TEST(LeanSource, namespacesQualifyNames) {
  EXPECT_EQ(names("namespace Proofs.Autograd\nnamespace Algebra\n"
                  "theorem GradientContext.toPack_pop : True := trivial\n"
                  "end Algebra\ntheorem top : True := trivial\nend Proofs.Autograd\n"
                  "theorem outside : True := trivial\n"),
            (Names{"Proofs.Autograd.Algebra.GradientContext.toPack_pop", "Proofs.Autograd.top",
                   "outside"}));
}

TEST(LeanSource, endMayCloseSeveralNamespacesAtOnce) {
  EXPECT_EQ(names("namespace A\nnamespace B\nend A.B\ntheorem t : True := trivial\n"), Names{"t"});
  EXPECT_EQ(names("namespace A.B\nend B\ntheorem t : True := trivial\n"), Names{"A.t"});
}

TEST(LeanSource, sectionsDoNotQualify) {
  EXPECT_EQ(names("namespace N\nsection\nvariable (x : Nat)\ntheorem a : x = x := rfl\nend\n"
                  "section Named\ntheorem b : True := trivial\nend Named\n"
                  "noncomputable section\ntheorem c : True := trivial\nend\nend N\n"),
            (Names{"N.a", "N.b", "N.c"}));
}

TEST(LeanSource, sectionNameIsOptionalAndNeverACommand) {
  // `section` followed by a command on the next line is anonymous.
  EXPECT_EQ(names("section\ntheorem a : True := trivial\nend\n"), Names{"a"});
  EXPECT_EQ(names("section\n@[simp] theorem a : True := trivial\nend\n"), Names{"a"});
  // A command the reader does not know, on the next line, is not a section or `end` name; a
  // name on the next line that closes the scope is.
  EXPECT_EQ(names("namespace A\nend\n  A\ntheorem t : True := trivial\n"), Names{"t"});
  EXPECT_EQ(names("section\nalias b := a\ntheorem c : True := trivial\nend\n"), Names{"c"});
  EXPECT_EQ(names("namespace N\nsection\ntheorem c : True := trivial\nend\nalias d := c\n"
                  "end N\ntheorem e : True := trivial\n"),
            (Names{"N.c", "e"}));
}

TEST(LeanSource, mutualBlocksEndWithoutAName) {
  EXPECT_EQ(names("namespace M\nmutual\ntheorem even : True := trivial\n"
                  "theorem odd : True := trivial\nend\ntheorem after : True := trivial\nend M\n"),
            (Names{"M.even", "M.odd", "M.after"}));
}

TEST(LeanSource, namespacesLeftOpenCloseAtTheEnd) {
  EXPECT_EQ(names("namespace A\ntheorem t : True := trivial"), Names{"A.t"});
}

TEST(LeanSource, attributesAndModifiersAreRecorded) {
  const auto r = read("namespace G\n@[simp]\ntheorem a : True := trivial\n"
                      "@[simp, norm_cast] private theorem b : True := trivial\n"
                      "@[to_additive (attr := simp) \"a ] in a string\"]\n"
                      "protected nonrec lemma c : True := trivial\n"
                      "theorem d : True := trivial\nend G\n",
                      Format::Source);
  ASSERT_EQ(r.declarations.size(), 4U);
  EXPECT_EQ(r.declarations[0].name, "G.a");
  EXPECT_EQ(r.declarations[0].attributes, Names{"simp"});
  EXPECT_EQ(r.declarations[1].name, "G.b");
  EXPECT_EQ(r.declarations[1].attributes, Names{"simp, norm_cast"});
  EXPECT_EQ(r.declarations[1].modifiers, Names{"private"});
  EXPECT_EQ(r.declarations[2].name, "G.c");
  EXPECT_EQ(r.declarations[2].keyword, "lemma");
  EXPECT_EQ(r.declarations[2].attributes, Names{"to_additive (attr := simp) \"a ] in a string\""});
  EXPECT_EQ(r.declarations[2].modifiers, (Names{"protected", "nonrec"}));
  EXPECT_TRUE(r.declarations[3].attributes.empty());
  EXPECT_TRUE(r.declarations[3].modifiers.empty());
}

// Lean's declModifiers take the doc comment first, then the attributes: attributes written
// before a doc comment are not the declaration's (Lean rejects them there).
TEST(LeanSource, docCommentsComeBeforeAttributes) {
  const auto r = read("/-- Docs. -/\n@[simp]\ntheorem a : True := trivial\n"
                      "@[simp]\n/-- Docs. -/\ntheorem b : True := trivial\n",
                      Format::Source);
  ASSERT_EQ(r.declarations.size(), 2U);
  EXPECT_EQ(r.declarations[0].attributes, Names{"simp"});
  EXPECT_TRUE(r.declarations[1].attributes.empty());
}

TEST(LeanSource, multiLineSignatures) {
  const auto r = read("namespace X\n\ntheorem\n  -- the name comes next\n  long_one\n"
                      "    {α : Type} [Add α]\n    (x : α) :\n    x = x := by\n  rfl\nend X\n",
                      Format::Source);
  ASSERT_EQ(r.declarations.size(), 1U);
  EXPECT_EQ(r.declarations[0].name, "X.long_one");
  EXPECT_EQ(r.declarations[0].line, 3U);
  EXPECT_EQ(r.declarations[0].column, 1U);
}

TEST(LeanSource, theoremInCommentsAndStringsIsNotADeclaration) {
  EXPECT_EQ(names("-- theorem lineComment : True\n"
                  "/- theorem block /- theorem nested -/ theorem stillComment -/\n"
                  "/-- theorem doc -/\n/-! theorem moduleDoc -/\n"
                  "def s := \"theorem inString \\\" theorem afterEscape\"\n"
                  "def c := '\"'\ndef q := '\\''\n"
                  "def r := r#\"theorem raw \" theorem stillRaw\"#\n"
                  "theorem real : True := trivial\n"),
            Names{"real"});
}

TEST(LeanSource, nestedCommentEndsOnlyAtItsOwnClose) {
  EXPECT_EQ(names("/- a /- b -/ theorem hidden : True -/ theorem shown : True := trivial\n"),
            Names{"shown"});
}

TEST(LeanSource, qualifiedAndRootNames) {
  EXPECT_EQ(names("namespace A\ntheorem B.c : True := trivial\n"
                  "theorem _root_.D.e : True := trivial\n"
                  "theorem «f» : True := trivial\ntheorem «g h» : True := trivial\nend A\n"),
            (Names{"A.B.c", "D.e", "A.f", "A.«g h»"}));
}

TEST(LeanSource, openDoesNotChangeNames) {
  EXPECT_EQ(names("namespace A\nopen Proofs.Autograd in\ntheorem t : True := trivial\n"
                  "open Lean hiding foo\ntheorem u : True := trivial\nend A\n"),
            (Names{"A.t", "A.u"}));
}

TEST(LeanSource, fieldAccessIsNotACommand) {
  EXPECT_EQ(names("namespace A\ndef f (p : Foo) := (p).end\ntheorem t : True := trivial\nend A\n"),
            Names{"A.t"});
}

TEST(LeanSource, unicodeNamesAndColumns) {
  const auto r =
      read("namespace Δ\n/- αβγ -/ theorem h₁' : True := trivial\nend Δ\n", Format::Source);
  ASSERT_EQ(r.declarations.size(), 1U);
  EXPECT_EQ(r.declarations[0].name, "Δ.h₁'");
  EXPECT_EQ(r.declarations[0].line, 2U);
  EXPECT_EQ(r.declarations[0].column, 11U);  // characters, not bytes
}

TEST(LeanSource, lemmaAsAVariableIsNotADeclaration) {
  EXPECT_EQ(names("def f (lemma : Nat) : Nat := lemma\ntheorem t : True := trivial\n"), Names{"t"});
  EXPECT_EQ(names("def f (lemma : Nat) : Nat := lemma\nalias g := f\nlemma h : True := trivial\n"),
            Names{"h"});
}

TEST(LeanSource, byteOrderMarkIsSkipped) {
  const auto r = read("\xEF\xBB\xBFtheorem t : True := trivial\n", Format::Source);
  ASSERT_EQ(r.declarations.size(), 1U);
  EXPECT_EQ(r.declarations[0].column, 1U);
}

// Reported where Lean reports it, at the end of the text; the message names where it opened.
TEST(LeanSourceErrors, unterminatedBlockCommentNamesWhereItOpened) {
  const ReadError e = errorOf("theorem a : True := trivial\n  /- open /- nested -/\n");
  EXPECT_EQ(e.line(), 3U);
  EXPECT_EQ(e.column(), 1U);
  EXPECT_STREQ(e.what(), "lean::read bad.lean:3:1: expected -/ closing the comment opened at "
                         "2:3, got the end of the text");
}

TEST(LeanSourceErrors, unterminatedStringAndName) {
  EXPECT_EQ(errorOf("def s := \"abc\ntheorem t : True := trivial\n").line(), 1U);
  EXPECT_NE(std::string(errorOf("theorem «abc : True").what()).find("» closing the name"),
            std::string::npos);
  EXPECT_NE(std::string(errorOf("def r := r##\"abc\"# x").what()).find("raw string"),
            std::string::npos);
}

TEST(LeanSourceErrors, mismatchedEnd) {
  const ReadError e = errorOf("namespace A\nnamespace B\nend A\n");
  EXPECT_EQ(e.line(), 3U);
  EXPECT_STREQ(e.what(), "lean::read bad.lean:3:1: expected `end B` closing the namespace `B` "
                         "opened at 2:1, got `end A`");
  EXPECT_NE(std::string(errorOf("end\n").what()).find("with none open"), std::string::npos);
  EXPECT_NE(std::string(errorOf("section S\nend\n").what()).find("expected `end S`"),
            std::string::npos);
  EXPECT_NE(std::string(errorOf("namespace A\nend A.B\n").what()).find("got `end A.B`"),
            std::string::npos);
  EXPECT_NE(std::string(errorOf("mutual\nend M\n").what()).find("mutual block"), std::string::npos);
}

TEST(LeanSourceErrors, namespaceNeedsAName) {
  EXPECT_STREQ(errorOf("namespace\ntheorem t : True").what(),
               "lean::read bad.lean:2:1: expected a namespace name after `namespace` at 1:1, "
               "got `theorem t : True`");
}

TEST(LeanErrors, invalidUtf8AndNulAreRejectedWithTheirPosition) {
  for (const Format format : {Format::Source, Format::Listing}) {
    const ReadError utf8 = errorOf("theorem a\nab\xC3(", format);
    EXPECT_EQ(utf8.line(), 2U);
    EXPECT_EQ(utf8.column(), 3U);
    EXPECT_STREQ(utf8.what(), "lean::read bad.lean:2:3: expected UTF-8 text, got byte 0xC3 "
                              "that starts no valid UTF-8 character");
    const ReadError nul = errorOf(std::string_view("theorem\0a", 9), format);
    EXPECT_EQ(nul.column(), 8U);
    EXPECT_NE(std::string(nul.what()).find("NUL byte"), std::string::npos);
    // Overlong encodings and surrogates are not UTF-8 either.
    EXPECT_EQ(errorOf("\xC0\xAF", format).column(), 1U);
    EXPECT_EQ(errorOf("x\xED\xA0\x80", format).column(), 2U);
  }
}

TEST(LeanErrors, overlongNamesAreRejected) {
  const std::string longName(kMaxNameBytes + 1, 'a');
  EXPECT_NE(std::string(errorOf("theorem " + longName + " : True").what())
                .find("a declaration name of at most 1024 bytes"),
            std::string::npos);
  // The message quotes the name's first 60 characters, never half a character.
  std::string greek;
  for (std::size_t k = 0; k < kMaxNameBytes / 2 + 1; ++k) {
    greek += "α";
  }
  std::string quoted;
  for (int k = 0; k < 60; ++k) {
    quoted += "α";
  }
  EXPECT_NE(std::string(errorOf("theorem " + greek).what()).find("`" + quoted + "…` of 1026"),
            std::string::npos);
  const std::string ns(kMaxNameBytes, 'n');
  EXPECT_NE(
      std::string(errorOf("namespace " + ns + "\ntheorem t : True").what()).find("of 1026 bytes"),
      std::string::npos);
}

TEST(LeanListing, seedStyleListing) {
  const std::string listing =
      "Gradient references carry the version; a theorem about them follows.\n\n"
      "def Proofs.A.f {α : Type} (x : α) : α\n\nSome \"unbalanced prose /- here.\n\n"
      "@[simp]\n\n"
      "theorem Proofs.A.lookup_toPack {α : Type} (ctx : C α) : ctx.lookup = ctx.lookup\n\n"
      "theorem Proofs.A.g : True\n"
      "  theorem Proofs.A.indented {x : ℕ} : x = x\n"
      "theorem foo-bar is prose too\n"
      "@[reducible, inline]\n\nabbrev Proofs.A.T : Type\n\ntheorem Proofs.A.h (x : ℕ) : x = x\n"
      "private lemma Proofs.A.p : True";
  const auto r = read(listing, Format::Listing, "seed.txt");
  Names found;
  for (const Declaration &d : r.declarations) {
    found.push_back(d.name);
  }
  EXPECT_EQ(found, (Names{"Proofs.A.lookup_toPack", "Proofs.A.g", "Proofs.A.indented", "Proofs.A.h",
                          "Proofs.A.p"}));
  EXPECT_EQ(r.declarations[0].attributes, Names{"simp"});
  EXPECT_EQ(r.declarations[0].line, 9U);
  EXPECT_TRUE(r.declarations[1].attributes.empty());
  EXPECT_TRUE(r.declarations[3].attributes.empty());  // the abbrev took `reducible, inline`
  EXPECT_EQ(r.declarations[4].modifiers, Names{"private"});
  EXPECT_EQ(r.declarations[4].keyword, "lemma");
}

TEST(LeanListing, noNamespacesInListings) {
  EXPECT_EQ(names("namespace A\ntheorem t : True\nend A\n", Format::Listing), Names{"t"});
}

TEST(LeanFormat, byExtension) {
  EXPECT_EQ(formatForPath("Gradients.lean"), Format::Source);
  EXPECT_EQ(formatForPath("dir.lean/seed.txt"), Format::Listing);
  EXPECT_EQ(formatForPath("lean"), Format::Listing);
  EXPECT_EQ(formatName(Format::Source), "source");
  EXPECT_EQ(formatName(Format::Listing), "listing");
}

TEST(LeanFile, unreadableFilesAreReadErrors) {
  try {
    readFile("no/such/file.lean");
    FAIL() << "no ReadError for a missing file";
  } catch (const ReadError &e) {
    EXPECT_EQ(e.origin(), "no/such/file.lean");
    EXPECT_EQ(e.line(), 0U);
    EXPECT_STREQ(e.what(), "lean::read no/such/file.lean: expected a readable file, got a file "
                           "that cannot be opened");
  }
  const std::string dir = std::filesystem::temp_directory_path().string();
  EXPECT_THROW(readFile(dir), ReadError);
  // An endless stream stops at the size limit.
  try {
    readFile("/dev/zero");
    FAIL() << "no ReadError for an endless stream";
  } catch (const ReadError &e) {
    EXPECT_NE(std::string(e.what()).find("a file of at most 67108864 bytes"), std::string::npos)
        << e.what();
  }
}

TEST(LeanFile, readsAFileInTheFormatOfItsName) {
  const auto path = std::filesystem::temp_directory_path() / "proofport_lean_test.lean";
  {
    std::FILE *f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fputs("namespace A\ntheorem t : True := trivial\nend A\n", f);
    std::fclose(f);
  }
  const auto r = readFile(path.string());
  std::filesystem::remove(path);
  ASSERT_EQ(r.declarations.size(), 1U);
  EXPECT_EQ(r.declarations[0].name, "A.t");
}

}  // namespace
}  // namespace proofport::lean
