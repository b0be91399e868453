// One input of a reported case: the name of the binder it stands for, its type and its value.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace proofport::runner {

/// The byte that opens and closes a draw's name in its printed value (`\x1F` name `\x1F` value),
/// where the property engine reads it back off (gen::pick, proofport/gen/Named.h); no printed value
/// of a vocabulary type starts with it.
inline constexpr char kNameMark = '\x1F';

/// Whether `name` can name a draw: 1 to 64 bytes, none of them a control byte, a space, `:` or
/// `=` (so `name := value` and `input: name : type = value` read back unambiguously). Lean's
/// own spellings (`ss₁`, `τ`, `xs'`) and paths into a built value (`v.set.i`) are names.
/// Cost: O(name)
inline bool isName(std::string_view name) {
  constexpr std::size_t kLongest = 64;
  if (name.empty() || name.size() > kLongest) {
    return false;
  }
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte == 0x7F || c == ':' || c == '=') {
      return false;
    }
  }
  return true;
}

/// One generated input of a case, as a counterexample shows it.
struct Input {
  /// The Lean binder (or descriptive name) the draw was given (`gen::pick`, proofport/gen/Named.h);
  /// empty for an unnamed draw (RapidCheck's `*gen`) and in files written before names.
  std::string name;
  /// The C++ type as RapidCheck spells it, or with the registered scalar name once shown.
  std::string type;
  /// The exact value as printed.
  std::string value;

  friend bool operator==(const Input &, const Input &) = default;
};

}  // namespace proofport::runner
