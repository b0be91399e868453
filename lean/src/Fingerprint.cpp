// Fingerprints of Lean signatures: FNV-1a over the signature with its spacing normalised.
#include "proofport/lean/Fingerprint.h"

#include <cstdint>
#include <cstdio>

#include "Characters.h"
#include "proofport/spec/Utf8.h"

namespace proofport::lean {

namespace {

/// Whether the character that ends just before byte `end` of `text` is an identifier character.
bool identifierBefore(std::string_view text, std::size_t end) {
  std::size_t start = end;
  while (start > 0 && (static_cast<unsigned char>(text[start - 1]) & 0xC0U) == 0x80U) {
    --start;
  }
  if (start == 0) {
    return false;
  }
  const CodePoint c = decodeUtf8(text, start - 1);
  return c.length > 0 && detail::isIdRest(c.value);
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

std::string fingerprint(std::string_view signature) {
  std::string compact;
  compact.reserve(signature.size());
  for (std::size_t i = 0; i < signature.size();) {
    if (!isSpace(signature[i])) {
      compact += signature[i++];
      continue;
    }
    while (i < signature.size() && isSpace(signature[i])) {
      ++i;
    }
    if (i < signature.size() && !compact.empty() && identifierBefore(compact, compact.size())) {
      const CodePoint next = decodeUtf8(signature, i);
      if (next.length > 0 && detail::isIdRest(next.value)) {
        compact += ' ';
      }
    }
  }
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : compact) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

}  // namespace proofport::lean
