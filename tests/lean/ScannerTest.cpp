// Unit tests of the Lean reader's trivia, one per case Lean 4's scanner tells apart: its
// `whitespace` and `finishCommentBlock` (Lean.Parser.Basic), and where doc comments attach.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "proofport/lean/Declarations.h"

namespace proofport::lean {
namespace {

using Names = std::vector<std::string>;

Names names(std::string_view text) {
  Names out;
  for (const Declaration &d : read(text, Format::Source, "scan.lean").declarations) {
    out.push_back(d.name);
  }
  return out;
}

/// The only declaration of `text` (fails the test if there is not exactly one).
Declaration only(std::string_view text) {
  const Reading r = read(text, Format::Source, "scan.lean");
  EXPECT_EQ(r.declarations.size(), 1U) << text;
  return r.declarations.empty() ? Declaration{} : r.declarations.front();
}

/// The ReadError `text` raises (fails the test if none).
ReadError errorOf(std::string_view text) {
  try {
    read(text, Format::Source, "scan.lean");
  } catch (const ReadError &e) {
    return e;
  }
  ADD_FAILURE() << "no ReadError for:\n" << text;
  return ReadError("", 0, 0, "", "");
}

/// `line:column` of the ReadError `text` raises.
std::string errorAt(std::string_view text) {
  const ReadError e = errorOf(text);
  return std::to_string(e.line()) + ":" + std::to_string(e.column());
}

constexpr std::string_view kTheorem = "theorem t : True := trivial\n";

// ---- whitespace ----

TEST(LeanWhitespace, endOfTextEndsTriviaWithoutError) {
  EXPECT_EQ(names(""), Names{});
  EXPECT_EQ(names(" \n \n"), Names{});
  EXPECT_EQ(names("theorem t : True := trivial  \n\n  "), Names{"t"});
  EXPECT_EQ(names("theorem t : True := trivial -- no line end"), Names{"t"});
}

TEST(LeanWhitespace, tabBetweenTokensIsAnError) {
  const ReadError e = errorOf("theorem t :\tTrue := trivial\n");
  EXPECT_EQ(e.line(), 1U);
  EXPECT_EQ(e.column(), 12U);
  EXPECT_STREQ(e.what(), "lean::read scan.lean:1:12: expected a space (Lean allows no tab outside "
                         "comments and literals), got a tab");
  EXPECT_EQ(errorAt("namespace A\n\ttheorem t : True := trivial\nend A\n"), "2:1");
  EXPECT_EQ(errorAt("@[simp,\tfoo] theorem t : True := trivial\n"), "1:8");
}

TEST(LeanWhitespace, tabInsideCommentsAndLiteralsIsText) {
  EXPECT_EQ(names("-- a\tb\n/-\t-/ /- x\ty -/\ndef s := \"a\tb\"\ndef c := '\t'\n" +
                  std::string(kTheorem)),
            Names{"t"});
  EXPECT_EQ(names("/-- doc\twith a tab -/\n" + std::string(kTheorem)), Names{"t"});
}

TEST(LeanWhitespace, carriageReturnAloneIsAnError) {
  const ReadError e = errorOf("theorem t : True\r theorem u : True := trivial\n");
  EXPECT_EQ(e.line(), 1U);
  EXPECT_EQ(e.column(), 17U);
  EXPECT_NE(std::string(e.what()).find("got a carriage return alone"), std::string::npos);
  EXPECT_EQ(errorAt("theorem t : True := trivial\r"), "1:28");
  // Inside a comment or a string it is text.
  EXPECT_EQ(names("/- \r -/ -- \r\ndef s := \"\r\"\n" + std::string(kTheorem)), Names{"t"});
}

TEST(LeanWhitespace, carriageReturnLineFeedIsALineEnd) {
  const Reading r = read("namespace A\r\n-- c\r\n/- c\r\n-/\r\ntheorem t : True\r\n  := trivial\r\n"
                         "end A\r\n",
                         Format::Source, "scan.lean");
  ASSERT_EQ(r.declarations.size(), 1U);
  EXPECT_EQ(r.declarations[0].name, "A.t");
  EXPECT_EQ(r.declarations[0].line, 5U);
  EXPECT_EQ(r.declarations[0].column, 1U);
  EXPECT_EQ(r.declarations[0].signature, ": True");
}

// Char.isWhitespace: space, tab, `\r` and `\n`, nothing else; a form feed or a no-break space
// is not trivia, so no name follows `theorem` here.
TEST(LeanWhitespace, onlySpaceAndLineEndsAreWhitespace) {
  EXPECT_EQ(names("theorem\ft : True := trivial\n"), Names{});
  EXPECT_EQ(names("theorem\xC2\xA0t : True := trivial\n"), Names{});
}

TEST(LeanWhitespace, dashDashCommentRunsToTheLineEnd) {
  EXPECT_EQ(names("-- theorem a /- never closed\n" + std::string(kTheorem)), Names{"t"});
  EXPECT_EQ(names("---/ theorem b\n" + std::string(kTheorem)), Names{"t"});
  EXPECT_EQ(names("theorem t : True := trivial -- -/ theorem c\n"), Names{"t"});
}

// A `-` not followed by `-` is a token: `-/` outside a comment closes nothing (Lean rejects
// it and goes on at the next command).
TEST(LeanWhitespace, singleDashIsNoComment) {
  EXPECT_EQ(names("/- a -/-/\n" + std::string(kTheorem)), Names{"t"});
  EXPECT_EQ(names("-/ /- theorem x : True -/\n" + std::string(kTheorem)), Names{"t"});
}

// `/-` followed by `-` or `!` is a doc comment or module doc: a token, not trivia, so it is no
// gap between `theorem` and its name (Lean rejects it there) and ends no `namespace` name.
TEST(LeanWhitespace, docCommentOpenerIsNoTrivia) {
  EXPECT_EQ(names("theorem /-- d -/ t : True := trivial\n"), Names{});
  EXPECT_EQ(names("theorem /- d -/ t : True := trivial\n"), Names{"t"});
  EXPECT_EQ(errorAt("namespace /-! m -/ A\nend A\n"), "1:11");
}

TEST(LeanWhitespace, blockCommentTakesTheCharacterAfterItsOpenerUnexamined) {
  const Declaration d = only("/-/-/ theorem t : True := trivial\n");
  EXPECT_EQ(d.name, "t");
  EXPECT_EQ(d.column, 7U);
  // The `/-` right after the opener nests nothing: the first `-/` closes the comment.
  EXPECT_EQ(names("/-/- a -/ theorem t : True := trivial\n"), Names{"t"});
}

TEST(LeanWhitespace, characterAfterTheOpenerMayBeALineEndOrMultibyte) {
  const Declaration lineEnd = only("/-\n-/ theorem t : True := trivial\n");
  EXPECT_EQ(lineEnd.line, 2U);
  EXPECT_EQ(lineEnd.column, 4U);
  const Declaration greek = only("/-α-/ theorem t : True := trivial\n");
  EXPECT_EQ(greek.line, 1U);
  EXPECT_EQ(greek.column, 7U);
}

// ---- finishCommentBlock ----

TEST(LeanFinishCommentBlock, endOfTextIsReportedAtTheEnd) {
  const ReadError e = errorOf("theorem a : True := trivial\n/- open /- nested -/\n");
  EXPECT_EQ(e.line(), 3U);
  EXPECT_EQ(e.column(), 1U);
  EXPECT_STREQ(e.what(), "lean::read scan.lean:3:1: expected -/ closing the comment opened at "
                         "2:1, got the end of the text");
  EXPECT_EQ(errorAt("/- αβ"), "1:6");  // columns in characters
}

TEST(LeanFinishCommentBlock, dashAtTheEndIsReportedAtTheDash) {
  EXPECT_EQ(errorAt("/- a -"), "1:6");
  EXPECT_EQ(errorAt("/- a --"), "1:7");
}

TEST(LeanFinishCommentBlock, slashAtTheEndIsReportedAtTheSlash) {
  EXPECT_EQ(errorAt("/- a /"), "1:6");
  EXPECT_EQ(errorAt("/- a\n/"), "2:1");
}

// Lean consumes the character after `/-` even when there is none, so its own position runs one
// past the end; the reader reports the end of the text.
TEST(LeanFinishCommentBlock, openerAtTheEndIsUnterminated) {
  EXPECT_EQ(errorAt("theorem t : True := trivial\n/-"), "2:3");
  EXPECT_EQ(errorAt("/-x"), "1:4");
}

TEST(LeanFinishCommentBlock, closeAtNestingOneEndsTheComment) {
  const Declaration d = only("/- a -/theorem t : True := trivial\n");
  EXPECT_EQ(d.column, 8U);
}

TEST(LeanFinishCommentBlock, closeAtDeeperNestingOnlyDecrements) {
  EXPECT_EQ(names("/- a /- b -/ theorem hidden : True -/ theorem shown : True := trivial\n"),
            Names{"shown"});
  EXPECT_EQ(errorAt("/- a /- b /- c -/ -/\n" + std::string(kTheorem)), "3:1");
}

// A `-` not followed by `/` is passed alone, so the next `-` is looked at again; and `--`
// inside a block comment is no line comment.
TEST(LeanFinishCommentBlock, dashNotFollowedBySlashIsPassedAlone) {
  EXPECT_EQ(names("/- a --/ theorem t : True := trivial\n"), Names{"t"});
  EXPECT_EQ(names("/- -- -/ theorem t : True := trivial\n"), Names{"t"});
  EXPECT_EQ(names("/- a ---/ theorem t : True := trivial\n"), Names{"t"});
}

// Inside a comment `/-` nests, and the character after it is looked at (unlike after the
// opener): `/--/` inside a comment opens and closes one level.
TEST(LeanFinishCommentBlock, nestedOpenerCountsAndIsNotSkipped) {
  EXPECT_EQ(names("/- /--/ -/ theorem t : True := trivial\n"), Names{"t"});
  EXPECT_EQ(names("/- //- -/ theorem hidden : True -/ theorem t : True := trivial\n"), Names{"t"});
}

// Every other character is passed, quotes included: a string does not hide `-/`.
TEST(LeanFinishCommentBlock, stringsAreNotSpecialInComments) {
  EXPECT_EQ(names("/- \" -/ theorem t : True := trivial -- \"\n"), Names{"t"});
  EXPECT_EQ(names("/- ' -/ theorem t : True := trivial\n"), Names{"t"});
  EXPECT_EQ(names("/- r#\" -/ theorem t : True := trivial\n"), Names{"t"});
}

// ---- doc comments: the body (commentBody) starts right after the three-character opener ----

TEST(LeanDocComment, bodyStartsRightAfterTheOpener) {
  EXPECT_EQ(names("/--/ theorem x : True := trivial -/\n" + std::string(kTheorem)), Names{"t"});
  EXPECT_EQ(names("/-!/ theorem x : True := trivial -/\n" + std::string(kTheorem)), Names{"t"});
  EXPECT_EQ(names("/---/ " + std::string(kTheorem)), Names{"t"});
  EXPECT_EQ(names("/-!-/ " + std::string(kTheorem)), Names{"t"});
  EXPECT_EQ(names("/--- -/ " + std::string(kTheorem)), Names{"t"});
}

TEST(LeanDocComment, closedOnlyByASlashIsUnterminated) {
  const ReadError e = errorOf("/--/");
  EXPECT_EQ(e.column(), 4U);
  EXPECT_STREQ(e.what(), "lean::read scan.lean:1:4: expected -/ closing the comment opened at "
                         "1:1, got the end of the text");
  EXPECT_EQ(errorAt("/-!/"), "1:4");
  EXPECT_EQ(errorAt("/--/-/"), "1:6");  // `/-` nests: one level stays open
}

TEST(LeanDocComment, docCommentsNest) {
  EXPECT_EQ(names("/-- a /- b -/ theorem hidden : True -/ " + std::string(kTheorem)), Names{"t"});
  EXPECT_EQ(names("/-! a /- b -/ theorem hidden : True -/ " + std::string(kTheorem)), Names{"t"});
}

TEST(LeanDocComment, unterminatedIsReportedAtTheEnd) {
  EXPECT_EQ(errorAt("/-- doc\ntheorem t : True"), "2:17");
  EXPECT_EQ(errorAt("theorem t : True := trivial\n/-! doc\n"), "3:1");
}

// ---- where doc comments attach: declModifiers = doc comment, attributes, modifiers ----

TEST(LeanDeclModifiers, docCommentComesFirst) {
  const Declaration d = only("/-- d -/\n@[simp] private theorem t : True := trivial\n");
  EXPECT_EQ(d.attributes, Names{"simp"});
  EXPECT_EQ(d.modifiers, Names{"private"});
  EXPECT_EQ(d.line, 2U);
  EXPECT_EQ(d.column, 17U);
}

TEST(LeanDeclModifiers, nothingWrittenBeforeADocCommentAttaches) {
  const Declaration attributed = only("@[simp]\n/-- d -/\ntheorem t : True := trivial\n");
  EXPECT_TRUE(attributed.attributes.empty());
  const Declaration modified = only("private /-- d -/ theorem t : True := trivial\n");
  EXPECT_TRUE(modified.modifiers.empty());
}

TEST(LeanDeclModifiers, moduleDocIsACommandOfItsOwn) {
  const Declaration d = only("@[simp] private\n/-! m -/\ntheorem t : True := trivial\n");
  EXPECT_TRUE(d.attributes.empty());
  EXPECT_TRUE(d.modifiers.empty());
}

TEST(LeanDeclModifiers, plainCommentsKeepWhatIsPending) {
  const Declaration d = only("@[simp] /- c -/ private -- c\ntheorem t : True := trivial\n");
  EXPECT_EQ(d.attributes, Names{"simp"});
  EXPECT_EQ(d.modifiers, Names{"private"});
}

// ---- signatures drop trivia by the same rules ----

TEST(LeanSignatureTrivia, blockCommentsFollowTheOpenerRule) {
  EXPECT_EQ(only("theorem t : /-/-/ True := trivial\n").signature, ": True");
  EXPECT_EQ(only("theorem t : /- /--/ -/ True := trivial\n").signature, ": True");
}

TEST(LeanSignatureTrivia, docCommentEndsTheSignature) {
  const Reading r = read("theorem t : True\n/-- d -/\n@[simp] lemma u : True := trivial\n",
                         Format::Source, "scan.lean");
  ASSERT_EQ(r.declarations.size(), 2U);
  EXPECT_EQ(r.declarations[0].signature, ": True");
  EXPECT_EQ(r.declarations[1].attributes, Names{"simp"});
}

// ---- interpolated strings (Lean's interpolatedStr: `{` opens a term until its `}`) ----
// The reader lists theorems: `def d` is not among the names, a phantom theorem would be.

TEST(LeanInterpolatedString, aStringInsideATermDoesNotEndTheString) {
  // The term `"\""` holds quotes; the string ends after the term, not inside it.
  EXPECT_EQ(names("def d := s!\"{\"\\\"\"}\"\n" + std::string(kTheorem)), Names{"t"});
}

TEST(LeanInterpolatedString, wordsInsideATermAreNoDeclarations) {
  EXPECT_EQ(names("def d := s!\"{\"\ntheorem phantom : False\"}\"\n" + std::string(kTheorem)),
            Names{"t"});
}

TEST(LeanInterpolatedString, bracesNestAndAnEscapedBraceIsText) {
  EXPECT_EQ(names("def d := m!\"\\{ {f {a := \"}\"} \"\ntheorem phantom : False := x\n\"} }\"\n" +
                  std::string(kTheorem)),
            Names{"t"});
}

TEST(LeanInterpolatedString, aCharacterInsideATermIsNoQuoteOrBrace) {
  EXPECT_EQ(names("def d := s!\"{c == '\"'} {c == '}'}\"\n" + std::string(kTheorem)), Names{"t"});
}

TEST(LeanInterpolatedString, aPlainStringHasNoTerms) {
  // Without `!` before it, `{` is text: the quote after it ends the string.
  EXPECT_EQ(names("def d := \"{\"\n" + std::string(kTheorem)), Names{"t"});
}

TEST(LeanInterpolatedString, aTermLeftOpenIsReportedWhereItOpened) {
  EXPECT_EQ(errorAt("def d := s!\"{x\n"), "1:13");
}

}  // namespace
}  // namespace proofport::lean
