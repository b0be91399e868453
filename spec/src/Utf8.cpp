// UTF-8 decoding (RFC 3629): the one decoder of the project.
#include "proofport/spec/Utf8.h"

namespace proofport {

CodePoint decodeUtf8(std::string_view text, std::size_t i) noexcept {
  const auto byte = [&text](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80U) {
    return {lead, 1};
  }
  std::size_t length = 0;
  char32_t value = 0;
  char32_t smallest = 0;
  if (lead >= 0xC2U && lead <= 0xDFU) {
    length = 2;
    value = lead & 0x1FU;
    smallest = 0x80;
  } else if (lead >= 0xE0U && lead <= 0xEFU) {
    length = 3;
    value = lead & 0x0FU;
    smallest = 0x800;
  } else if (lead >= 0xF0U && lead <= 0xF4U) {
    length = 4;
    value = lead & 0x07U;
    smallest = 0x10000;
  } else {
    return {};
  }
  if (length > text.size() - i) {
    return {};
  }
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0U) != 0x80U) {
      return {};
    }
    value = (value << 6U) | (byte(i + k) & 0x3FU);
  }
  if (value < smallest || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
    return {};
  }
  return {value, length};
}

}  // namespace proofport
