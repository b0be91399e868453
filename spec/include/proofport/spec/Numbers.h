// Numbers written as text (command-line flags, RC_PARAMS values): one reading for all of them,
// so the same text means the same number wherever it is given.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace proofport {

/// The largest whole number readWholeNumber can be asked for (2^64 - 1).
inline constexpr std::uint64_t kLargestWholeNumber = std::numeric_limits<std::uint64_t>::max();

/// Reads `text` as a whole number written in decimal digits alone, from `min` to `max`: no sign,
/// blank, point, exponent or `0x`, and a leading zero is still decimal (`010` is ten).
/// `name` says where the text was given (`--seed`, `RC_PARAMS seed`) for the message.
/// Cost: O(text)
/// Throws: FormatError naming `name`, the accepted range and `text` (a value out of range or
/// past 2^64 - 1 included).
std::uint64_t readWholeNumber(const std::string &name, std::string_view text, std::uint64_t min,
                              std::uint64_t max);

/// What a duration of 0 means where it is read.
enum class ZeroSeconds {
  /// 0 is refused: the duration must be above 0.
  Refused,
  /// 0 is accepted and means "no limit".
  NoLimit,
};

/// The longest duration readSeconds accepts: 10^9 s (about 31 years).
inline constexpr double kLongestSeconds = 1e9;

/// Reads `text` as a duration in seconds: a decimal number (digits, optionally a point and more
/// digits) followed by nothing or s (seconds), m (minutes) or h (hours): `90`, `2.5`, `30s`,
/// `10m`, `1.5h`. At most kLongestSeconds; 0 only where `zero` accepts it. `name` says where
/// the text was given (`--timeout`) for the message.
/// Cost: O(text)
/// Throws: FormatError naming `name`, the accepted form and `text` (signs, exponents, `nan`,
/// `inf`, other units and blanks included).
double readSeconds(const std::string &name, std::string_view text, ZeroSeconds zero);

}  // namespace proofport
