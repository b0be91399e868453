// Exact printing of IEEE scalars.
#include "proofport/spec/Scalar.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace proofport::detail {
namespace {

template <class F>
std::string showIeeeImpl(F value) {
  if (std::isnan(value)) {
    return "nan";
  }
  if (std::isinf(value)) {
    return value < 0 ? "-inf" : "inf";
  }
  char decimal[128];
  char hex[128];
  const auto d = std::to_chars(decimal, decimal + sizeof decimal, value);
  const auto h = std::to_chars(hex, hex + sizeof hex, value, std::chars_format::hex);
  std::string out(decimal, d.ptr);
  out += " (";
  if (std::signbit(value)) {
    out += '-';
    out += "0x";
    out.append(hex + 1, h.ptr);
  } else {
    out += "0x";
    out.append(hex, h.ptr);
  }
  out += ')';
  return out;
}

}  // namespace

std::string showIeee(float value) { return showIeeeImpl(value); }
std::string showIeee(double value) { return showIeeeImpl(value); }
std::string showIeee(long double value) { return showIeeeImpl(value); }

}  // namespace proofport::detail
