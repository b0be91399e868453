// Reading violation reports: lines, shapes, counts and exact scalars.
#include "proofport/properties/ViolationReport.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>
#include <utility>

#include "proofport/properties/RationalReport.h"

namespace proofport::properties {

[[noreturn]] void throwReportError(std::string operation, std::string expected,
                                   std::string actual) {
  throw ReportError(std::move(operation), std::move(expected), std::move(actual));
}

namespace report {
namespace {

/// Refuses `text`, which should have been `what`.   Throws: ReportError, always.
[[noreturn]] void badText(const std::string &what, std::string_view text) {
  throwReportError("violation report", what, "\"" + std::string(text) + "\"");
}

/// `[-]0x<hex>p<exp>` or a decimal, read whole by from_chars; the sign applied afterwards so
/// that `-0x0p+0` is negative zero.
template <class F>
F readFloat(std::string_view text, bool hex) {
  const bool negative = text.starts_with('-');
  if (negative) {
    text.remove_prefix(1);
  }
  if (hex) {
    if (!text.starts_with("0x")) {
      badText("a hexadecimal float", text);
    }
    text.remove_prefix(2);
  }
  F value{};
  const char *end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value,
                                         hex ? std::chars_format::hex : std::chars_format::general);
  if (ec != std::errc{} || ptr != end || text.empty() || text.starts_with('-')) {
    badText(hex ? "a hexadecimal float" : "a decimal float", text);
  }
  return negative ? -value : value;
}

/// The IEEE text `ScalarTraits<F>::show` prints: `nan`, `inf`, `-inf`, `<decimal> (<hex>)`.
template <class F>
F parseIeee(std::string_view text) {
  if (text == "nan") {
    return std::numeric_limits<F>::quiet_NaN();
  }
  if (text == "inf" || text == "-inf") {
    return text == "inf" ? std::numeric_limits<F>::infinity() : -std::numeric_limits<F>::infinity();
  }
  const std::size_t open = text.find(" (");
  if (open == std::string_view::npos || !text.ends_with(')')) {
    badText("an IEEE value \"<decimal> (<hex>)\"", text);
  }
  const F decimal = readFloat<F>(text.substr(0, open), false);
  const F hex = readFloat<F>(text.substr(open + 2, text.size() - open - 3), true);
  if (!ScalarTraits<F>::identical(decimal, hex)) {
    badText("decimal and hexadecimal parts of one value", text);
  }
  return hex;
}

}  // namespace

float ScalarText<float>::parse(std::string_view text) { return parseIeee<float>(text); }

double ScalarText<double>::parse(std::string_view text) { return parseIeee<double>(text); }

Rational ScalarText<Rational>::parse(std::string_view text) {
  const bool wellFormed =
      !text.empty() && text.find_first_not_of("-/0123456789") == std::string_view::npos;
  Rational value;
  try {
    if (wellFormed) {
      value = Rational(std::string(text));
    }
  } catch (const std::exception &) {
    badText("a rational p or p/q", text);
  }
  if (!wellFormed || ScalarTraits<Rational>::show(value) != text) {
    badText("a rational p or p/q in lowest terms", text);
  }
  return value;
}

std::size_t parseCount(std::string_view text) {
  std::size_t value = 0;
  const char *end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc{} || ptr != end || text.empty()) {
    badText("a whole number", text);
  }
  return value;
}

Shape parseShape(std::string_view text) {
  if (!text.starts_with('[') || !text.ends_with(']')) {
    badText("a shape [d,…]", text);
  }
  Shape shape;
  std::string_view inner = text.substr(1, text.size() - 2);
  while (!inner.empty()) {
    const std::size_t comma = inner.find(',');
    shape.push_back(parseCount(inner.substr(0, comma)));
    inner = comma == std::string_view::npos ? std::string_view() : inner.substr(comma + 1);
  }
  return shape;
}

std::vector<Shape> parseShapes(std::string_view text) {
  if (!text.starts_with('[') || !text.ends_with(']')) {
    badText("a shape list [[d,…],…]", text);
  }
  std::vector<Shape> shapes;
  std::string_view inner = text.substr(1, text.size() - 2);
  while (!inner.empty()) {
    const std::size_t close = inner.find(']');
    if (close == std::string_view::npos) {
      badText("a shape list [[d,…],…]", text);
    }
    shapes.push_back(parseShape(inner.substr(0, close + 1)));
    inner.remove_prefix(close + 1);
    if (!inner.empty()) {
      if (!inner.starts_with(',')) {
        badText("a shape list [[d,…],…]", text);
      }
      inner.remove_prefix(1);
    }
  }
  return shapes;
}

bool LineReader::nextLine(std::string &line) {
  if (m_hasPending) {
    m_hasPending = false;
    line = std::move(m_pending);
    return true;
  }
  while (std::getline(m_in, line)) {
    ++m_number;
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    if (!line.starts_with('#') && !line.empty()) {
      return true;
    }
  }
  return false;
}

void LineReader::expectMarker() {
  std::string line;
  if (!std::getline(m_in, line) || line != kMarker) {
    m_number = 1;
    fail("first line \"" + std::string(kMarker) + "\"", "\"" + line + "\"");
  }
  m_number = 1;
}

std::string LineReader::field(std::string_view key) {
  std::string line;
  if (!nextLine(line)) {
    fail("a line \"" + std::string(key) + " …\"", "the end of the file");
  }
  if (line == key) {
    return {};
  }
  if (!line.starts_with(key) || line.size() <= key.size() || line[key.size()] != ' ') {
    fail("a line \"" + std::string(key) + " …\"", "\"" + line + "\"");
  }
  return line.substr(key.size() + 1);
}

std::string LineReader::peekKey() {
  if (!m_hasPending) {
    m_hasPending = nextLine(m_pending);
    if (!m_hasPending) {
      return {};
    }
  }
  return m_pending.substr(0, m_pending.find(' '));
}

std::string LineReader::value() {
  std::string line;
  if (!nextLine(line)) {
    fail("an indented value line", "the end of the file");
  }
  if (!line.starts_with("  ")) {
    fail("an indented value line", "\"" + line + "\"");
  }
  return line.substr(2);
}

[[noreturn]] void LineReader::fail(const std::string &expected, const std::string &actual) const {
  throwReportError("violation report line " + std::to_string(m_number), expected, actual);
}

}  // namespace report
}  // namespace proofport::properties
