// Lean 4's identifier characters and command words, as the reader needs them.
#include "Characters.h"

#include <algorithm>
#include <iterator>

#include "proofport/spec/Utf8.h"

namespace proofport::lean::detail {

namespace {

constexpr std::string_view kCommandWords[] = {
    "theorem",   "lemma",         "def",      "abbrev",      "instance",  "structure",  "class",
    "inductive", "axiom",         "example",  "opaque",      "namespace", "section",    "end",
    "open",      "variable",      "universe", "set_option",  "import",    "export",     "attribute",
    "mutual",    "noncomputable", "private",  "protected",   "nonrec",    "partial",    "unsafe",
    "public",    "macro",         "syntax",   "macro_rules", "elab",      "notation",   "infix",
    "infixl",    "infixr",        "prefix",   "postfix",     "deriving",  "initialize", "omit"};

constexpr std::string_view kModifiers[] = {"private", "protected", "nonrec", "noncomputable",
                                           "partial", "unsafe",    "public"};

template <std::size_t N>
bool contains(const std::string_view (&words)[N], std::string_view word) {
  return std::find(std::begin(words), std::end(words), word) != std::end(words);
}

// Lean 4's identifier characters (Lean.isLetterLike, isSubScriptAlnum, isIdFirst, isIdRest).
bool isLetterLike(char32_t c) {
  return (c >= 0x3B1 && c <= 0x3C9 && c != 0x3BB) ||
         (c >= 0x391 && c <= 0x3A9 && c != 0x3A0 && c != 0x3A3) || (c >= 0x3CA && c <= 0x3FB) ||
         (c >= 0x1F00 && c <= 0x1FFE) || (c >= 0x2100 && c <= 0x214F) ||
         (c >= 0x1D49C && c <= 0x1D59F);
}

bool isSubscriptAlnum(char32_t c) {
  return (c >= 0x2080 && c <= 0x2089) || (c >= 0x2090 && c <= 0x209C) ||
         (c >= 0x1D62 && c <= 0x1D6A);
}

bool isAsciiAlpha(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

bool isIdFirst(char32_t c) { return isAsciiAlpha(c) || c == '_' || isLetterLike(c); }

bool isIdRest(char32_t c) {
  return isIdFirst(c) || (c >= '0' && c <= '9') || c == '\'' || c == '!' || c == '?' ||
         isSubscriptAlnum(c);
}

bool isCommandWord(std::string_view word) { return contains(kCommandWords, word); }

bool isModifier(std::string_view word) { return contains(kModifiers, word); }

bool isDeclarationKeyword(std::string_view word) { return word == "theorem" || word == "lemma"; }

bool isPlainIdentifier(std::string_view word) {
  if (word.empty() || isCommandWord(word)) {
    return false;
  }
  for (std::size_t i = 0; i < word.size();) {
    const CodePoint c = decodeUtf8(word, i);
    if (c.length == 0 || !(i == 0 ? isIdFirst(c.value) : isIdRest(c.value))) {
      return false;
    }
    i += c.length;
  }
  return true;
}

std::string join(const std::vector<std::string> &parts, std::size_t from) {
  std::string out;
  for (std::size_t k = from; k < parts.size(); ++k) {
    out += (k == from ? "" : ".") + parts[k];
  }
  return out;
}

std::string clip(std::string_view text, std::size_t characters) {
  std::size_t end = 0;
  for (std::size_t count = 0; count < characters && end < text.size() && text[end] != '\n';
       ++count) {
    end += std::max<std::size_t>(decodeUtf8(text, end).length, 1);
  }
  return std::string(text.substr(0, std::min(end, text.size())));
}

}  // namespace proofport::lean::detail
