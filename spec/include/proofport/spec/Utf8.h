// UTF-8 decoding, one character at a time: the one decoder the Lean reader and the report
// writers share.
#pragma once

#include <cstddef>
#include <string_view>

namespace proofport {

/// One decoded UTF-8 character: its code point and how many bytes encode it.
struct CodePoint {
  /// The Unicode scalar value (meaningful only when `length` > 0).
  char32_t value = 0;
  /// 1 to 4 bytes; 0 when the bytes there encode no character.
  std::size_t length = 0;
};

/// Decodes the character that starts at `text[i]`. Overlong forms, UTF-16 surrogates, values
/// past U+10FFFF, stray continuation bytes and sequences cut off by the end of `text` decode
/// to `length` 0. NUL decodes like any other character (value 0, length 1).
/// Shapes: requires i < text.size()   Cost: O(1)   Throws: nothing.
CodePoint decodeUtf8(std::string_view text, std::size_t i) noexcept;

}  // namespace proofport
