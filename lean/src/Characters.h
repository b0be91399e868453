// Lean 4's lexical vocabulary: identifier characters, command words and modifiers, and the
// small text helpers the reader's messages use.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace proofport::lean::detail {

/// Whether `c` may start a Lean identifier (Lean.isIdFirst).   Cost: O(1)
bool isIdFirst(char32_t c);
/// Whether `c` may continue a Lean identifier (Lean.isIdRest).   Cost: O(1)
bool isIdRest(char32_t c);

/// Whether `word` is a Lean command or command modifier: never a section name, an `end` name or
/// the start of a declaration name.   Cost: O(1)
bool isCommandWord(std::string_view word);
/// Whether `word` is a declaration modifier (`private`, `protected`, `noncomputable`, …).
bool isModifier(std::string_view word);
/// Whether `word` declares what the reader records: `theorem` or `lemma`.
bool isDeclarationKeyword(std::string_view word);

/// `word` is a plain identifier (no escaping needed), as in `«toPack_pop»`.   Cost: O(word)
bool isPlainIdentifier(std::string_view word);

/// `a.b.c` from its components, starting at `from`.
std::string join(const std::vector<std::string> &parts, std::size_t from = 0);

/// The first `characters` characters of `text`, stopping at a line end, never mid-character.
std::string clip(std::string_view text, std::size_t characters);

inline constexpr std::string_view kGuillemetOpen = "\xC2\xAB";   // «
inline constexpr std::string_view kGuillemetClose = "\xC2\xBB";  // »

}  // namespace proofport::lean::detail
