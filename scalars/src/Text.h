// Private parsing helpers shared by the witness scalars: canonical integers and quoting.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <system_error>

#include "proofport/spec/Error.h"

namespace proofport::scalars::detail {

/// `text` in double quotes for an error message, control bytes as `\xNN`, cut after 80 bytes.
inline std::string quote(std::string_view text) {
  constexpr std::size_t kLimit = 80;
  std::string out = "\"";
  for (std::size_t k = 0; k < text.size() && k < kLimit; ++k) {
    const auto byte = static_cast<unsigned char>(text[k]);
    if (byte < 0x20 || byte >= 0x7F || byte == '"' || byte == '\\') {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned>(byte));
      out += escaped;
    } else {
      out += static_cast<char>(byte);
    }
  }
  out += '"';
  if (text.size() > kLimit) {
    out += "... (" + std::to_string(text.size()) + " bytes)";
  }
  return out;
}

/// The integer in [lo, hi] whose `std::to_string` is exactly `text` (so no '+', no leading
/// zeros, no "-0", no spaces).
/// Cost: O(text)   Throws: ContractError naming `operation` and `expected` otherwise.
inline std::int64_t parseCanonicalInteger(std::string_view text, std::int64_t lo, std::int64_t hi,
                                          const char *operation, const std::string &expected) {
  std::int64_t value = 0;
  const char *first = text.data();
  const char *last = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(first, last, value);
  if (text.empty() || ec != std::errc() || ptr != last || value < lo || value > hi ||
      std::to_string(value) != text) {
    throwContractError(operation, expected, quote(text));
  }
  return value;
}

}  // namespace proofport::scalars::detail
