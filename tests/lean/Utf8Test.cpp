// Unit tests of the vocabulary's UTF-8 decoder, which the Lean reader validates text with.
#include <gtest/gtest.h>

#include <string_view>

#include "proofport/spec/Utf8.h"

namespace proofport {
namespace {

TEST(Utf8, decodesOneToFourByteCharacters) {
  constexpr std::string_view text = "a\xCE\xB1\xE2\x86\x92\xF0\x9D\x92\x9C";  // a α → 𝒜
  EXPECT_EQ(decodeUtf8(text, 0).value, U'a');
  EXPECT_EQ(decodeUtf8(text, 0).length, 1U);
  EXPECT_EQ(decodeUtf8(text, 1).value, U'\u03B1');
  EXPECT_EQ(decodeUtf8(text, 1).length, 2U);
  EXPECT_EQ(decodeUtf8(text, 3).value, U'\u2192');
  EXPECT_EQ(decodeUtf8(text, 3).length, 3U);
  EXPECT_EQ(decodeUtf8(text, 6).value, U'\U0001D49C');
  EXPECT_EQ(decodeUtf8(text, 6).length, 4U);
}

TEST(Utf8, nulIsACharacter) {
  constexpr std::string_view text("\0", 1);
  EXPECT_EQ(decodeUtf8(text, 0).value, U'\0');
  EXPECT_EQ(decodeUtf8(text, 0).length, 1U);
}

TEST(Utf8, malformedSequencesDecodeToNothing) {
  for (const std::string_view bad : {
           std::string_view("\x80"),              // stray continuation byte
           std::string_view("\xC0\xAF"),          // overlong '/'
           std::string_view("\xE0\x80\xAF"),      // overlong, three bytes
           std::string_view("\xED\xA0\x80"),      // UTF-16 surrogate U+D800
           std::string_view("\xF4\x90\x80\x80"),  // past U+10FFFF
           std::string_view("\xF5\x80\x80\x80"),  // lead byte past F4
           std::string_view("\xCE"),              // cut off by the end of the text
           std::string_view("\xE2\x86"),          // cut off inside
           std::string_view("\xE2\x41\x92"),      // a non-continuation byte inside
       }) {
    EXPECT_EQ(decodeUtf8(bad, 0).length, 0U) << "bytes: " << ::testing::PrintToString(bad);
  }
}

TEST(Utf8, largestAndSmallestOfEachLength) {
  EXPECT_EQ(decodeUtf8("\xC2\x80", 0).value, U'\u0080');
  EXPECT_EQ(decodeUtf8("\xDF\xBF", 0).value, U'\u07FF');
  EXPECT_EQ(decodeUtf8("\xE0\xA0\x80", 0).value, U'\u0800');
  EXPECT_EQ(decodeUtf8("\xEF\xBF\xBF", 0).value, U'\uFFFF');
  EXPECT_EQ(decodeUtf8("\xF0\x90\x80\x80", 0).value, U'\U00010000');
  EXPECT_EQ(decodeUtf8("\xF4\x8F\xBF\xBF", 0).value, U'\U0010FFFF');
}

}  // namespace
}  // namespace proofport
