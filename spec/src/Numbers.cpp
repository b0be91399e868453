// The one reading of numbers written as text: whole numbers and durations.
#include "proofport/spec/Numbers.h"

#include <charconv>
#include <system_error>

#include "proofport/spec/Error.h"

namespace proofport {
namespace {

constexpr std::string_view kDigits = "0123456789";

/// `text` quoted for a message.
std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

/// How many decimal digits open `text`.
std::size_t leadingDigits(std::string_view text) {
  const std::size_t end = text.find_first_not_of(kDigits);
  return end == std::string_view::npos ? text.size() : end;
}

}  // namespace

std::uint64_t readWholeNumber(const std::string &name, std::string_view text, std::uint64_t min,
                              std::uint64_t max) {
  const auto fail = [&] {
    throwFormatError(name,
                     "a whole number in decimal digits from " + std::to_string(min) + " to " +
                         std::to_string(max),
                     quoted(text));
  };
  if (text.empty() || leadingDigits(text) != text.size()) {
    fail();
  }
  std::uint64_t value = 0;
  for (const char c : text) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kLargestWholeNumber - digit) / 10) {
      fail();
    }
    value = value * 10 + digit;
  }
  if (value < min || value > max) {
    fail();
  }
  return value;
}

double readSeconds(const std::string &name, std::string_view text, ZeroSeconds zero) {
  const auto fail = [&] {
    throwFormatError(name,
                     std::string("a duration: a decimal number of seconds, alone or followed by "
                                 "s, m or h (90, 2.5, 30s, 10m, 2h), ") +
                         (zero == ZeroSeconds::NoLimit ? "from 0 (no limit)" : "above 0") +
                         " up to " + std::to_string(static_cast<std::uint64_t>(kLongestSeconds)) +
                         " s",
                     quoted(text));
  };
  std::size_t end = leadingDigits(text);
  if (end == 0) {
    fail();
  }
  if (end < text.size() && text[end] == '.') {
    const std::size_t fraction = leadingDigits(text.substr(end + 1));
    if (fraction == 0) {
      fail();
    }
    end += 1 + fraction;
  }
  const std::string_view unit = text.substr(end);
  const double scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : 0;
  double number = 0;
  const auto [last, error] = std::from_chars(text.data(), text.data() + end, number);
  if (scale == 0 || error != std::errc() || last != text.data() + end) {
    fail();
  }
  const double seconds = number * scale;
  if (seconds > kLongestSeconds || (seconds == 0 && zero == ZeroSeconds::Refused)) {
    fail();
  }
  return seconds;
}

}  // namespace proofport
