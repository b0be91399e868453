// Dec50: Boost's cpp_dec_float<50> rounded to its 50 declared digits after every operation.
#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "proofport/scalars/Multiprecision.h"

namespace proofport {
namespace {

using Number = Dec50::Number;
using Backend = Number::backend_type;
using Integer = bmp::cpp_int;

/// 10^k, exact (one significant digit); `k` lies within the exponent range (about ±6.7e7).
Number powerOfTen(std::int64_t k) { return Number(Backend(1.0, static_cast<std::int32_t>(k))); }

/// 10^k for the exponents ordinary values have, built once.
constexpr std::int64_t kTable = 1100;
const Number &tabledPowerOfTen(std::int64_t k) {
  static const std::vector<Number> table = [] {
    std::vector<Number> out;
    out.reserve(2 * kTable + 1);
    for (std::int64_t j = -kTable; j <= kTable; ++j) {
      out.push_back(powerOfTen(j));
    }
    return out;
  }();
  return table[static_cast<std::size_t>(k + kTable)];
}

/// `x` times 10^k; exact whenever the product has at most 80 digits.
Number scaled(const Number &x, std::int64_t k) {
  if (k > -kTable && k < kTable) {
    return x * tabledPowerOfTen(k);
  }
  // Two steps keep every factor inside the exponent range.
  const std::int64_t half = k / 2;
  return Number(x * powerOfTen(half)) * powerOfTen(k - half);
}

/// `x` rounded to 50 significant digits, ties to even. Boost's digits are integers in base
/// 10^8 and every step here (scaling by powers of ten, truncation, comparison) is integer
/// arithmetic on them, so the result is the same on every compiler.
Number roundToDigits(const Number &x) {
  if (!bmp::isfinite(x) || x == 0) {
    return x;
  }
  const std::int64_t order = x.backend().order();
  const Number magnitude = bmp::abs(x);
  // y in [10^49, 10^50): the 50 kept digits before the point, the rest after it.
  const Number y = scaled(magnitude, Dec50::kDigits - 1 - order);
  Number kept = bmp::trunc(y);
  const Number rest = y - kept;
  static const Number half(0.5);
  const auto odd = [&kept] {
    const Number halved = kept * half;
    return halved != bmp::trunc(halved);
  };
  if (rest > half || (rest == half && odd())) {
    kept += 1;
  }
  Number out = scaled(kept, order - (Dec50::kDigits - 1));
  return x < 0 ? Number(-out) : out;
}

/// A finite nonzero value as `±significand · 10^exponent` with an integer significand below
/// 10^50, read off its 50-digit text.
struct Parts {
  bool negative = false;
  Integer significand;
  std::int64_t exponent = 0;
};

Parts partsOf(const Number &x) {
  const std::string text = x.str(Dec50::kDigits - 1, std::ios_base::scientific);
  Parts out;
  std::size_t at = 0;
  if (text[at] == '-') {
    out.negative = true;
    ++at;
  }
  std::string digits;
  for (; at < text.size() && text[at] != 'e'; ++at) {
    if (text[at] != '.') {
      digits += text[at];
    }
  }
  out.significand = Integer(digits);
  const std::int64_t exponent = std::stoll(text.substr(at + 1));
  out.exponent = exponent - static_cast<std::int64_t>(digits.size() - 1);
  return out;
}

/// `±significand · 10^exponent` rounded to 50 digits, ties to even, from its exact digits.
Number fromExact(bool negative, const Integer &significand, std::int64_t exponent) {
  std::string digits = significand.str();
  if (digits.size() > static_cast<std::size_t>(Dec50::kDigits)) {
    const std::string rest = digits.substr(Dec50::kDigits);
    digits.resize(Dec50::kDigits);
    exponent += static_cast<std::int64_t>(rest.size());
    const bool aboveHalf =
        rest[0] > '5' || (rest[0] == '5' && rest.find_first_not_of('0', 1) != std::string::npos);
    const bool tie = rest[0] == '5' && !aboveHalf;
    const bool odd = ((digits.back() - '0') % 2) != 0;
    if (aboveHalf || (tie && odd)) {
      digits = Integer(Integer(digits) + 1).str();
    }
  }
  const std::string text = (negative ? "-" : "") + digits + "e" + std::to_string(exponent);
  return Number(text);
}

}  // namespace

Dec50::Dec50(double value) : m_value(roundToDigits(Number(value))) {}

Dec50::Dec50(const std::string &text) : m_value(roundToDigits(Number(text))) {}

Dec50::Dec50(const Number &value) : m_value(roundToDigits(value)) {}

Dec50 Dec50::infinity() { return Dec50(Rounded{}, std::numeric_limits<Number>::infinity()); }

Dec50 Dec50::quietNaN() { return Dec50(Rounded{}, std::numeric_limits<Number>::quiet_NaN()); }

Dec50 Dec50::epsilon() { return Dec50(Rounded{}, powerOfTen(1 - kDigits)); }

Dec50 operator+(const Dec50 &a, const Dec50 &b) {
  return Dec50(Dec50::Rounded{}, roundToDigits(a.m_value + b.m_value));
}

Dec50 operator-(const Dec50 &a, const Dec50 &b) {
  return Dec50(Dec50::Rounded{}, roundToDigits(a.m_value - b.m_value));
}

Dec50 operator-(const Dec50 &a) { return Dec50(Dec50::Rounded{}, -a.m_value); }

Dec50 operator*(const Dec50 &a, const Dec50 &b) {
  const Number &x = a.m_value;
  const Number &y = b.m_value;
  if (!bmp::isfinite(x) || !bmp::isfinite(y) || x == 0 || y == 0) {
    return Dec50(Dec50::Rounded{}, x * y);  // exact: a special value or zero
  }
  const Parts p = partsOf(x);
  const Parts q = partsOf(y);
  return Dec50(Dec50::Rounded{}, fromExact(p.negative != q.negative, p.significand * q.significand,
                                           p.exponent + q.exponent));
}

Dec50 operator/(const Dec50 &a, const Dec50 &b) {
  const Number &x = a.m_value;
  const Number &y = b.m_value;
  if (!bmp::isfinite(x) || !bmp::isfinite(y) || x == 0 || y == 0) {
    return Dec50(Dec50::Rounded{}, x / y);  // exact: a special value or zero
  }
  const Parts p = partsOf(x);
  const Parts q = partsOf(y);
  // 10^52 · p / q has at least 52 digits; one more digit, 1 if the division left a remainder,
  // keeps a quotient just above a tie from reading as the tie.
  constexpr int kExtra = 52;
  const Integer numerator = p.significand * bmp::pow(Integer(10), kExtra);
  const Integer quotient = numerator / q.significand;
  const Integer remainder = numerator % q.significand;
  const Integer sticky = quotient * 10 + (remainder != 0 ? 1 : 0);
  return Dec50(Dec50::Rounded{},
               fromExact(p.negative != q.negative, sticky, p.exponent - q.exponent - kExtra - 1));
}

void showValue(const Dec50 &x, std::ostream &os) { os << ScalarTraits<Dec50>::show(x); }

}  // namespace proofport
