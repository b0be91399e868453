// Reads and checks the floating-point environment (SSE MXCSR and the x87 control word).
#include "proofport/spec/FloatEnvironment.h"

#include <cfenv>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "proofport/spec/Error.h"

namespace proofport {
namespace {

/// The FE_* mode of a two-bit rounding-control field; SSE and x87 share the encoding.
[[maybe_unused]] int roundingOfField(unsigned field) {
  switch (field & 3U) {
  case 0U: return FE_TONEAREST;
  case 1U: return FE_DOWNWARD;
  case 2U: return FE_UPWARD;
  default: return FE_TOWARDZERO;
  }
}

}  // namespace

FloatEnvironment currentFloatEnvironment() {
  FloatEnvironment env;
#if defined(__x86_64__)
  const unsigned csr = _mm_getcsr();
  env.flushToZero = (csr & 0x8000U) != 0;
  env.denormalsAreZero = (csr & 0x0040U) != 0;
  env.sseRounding = roundingOfField(csr >> 13U);
  unsigned short control = 0;
  __asm__ volatile("fnstcw %0" : "=m"(control));
  env.x87Rounding = roundingOfField(static_cast<unsigned>(control) >> 10U);
  switch ((static_cast<unsigned>(control) >> 8U) & 3U) {
  case 0U: env.x87Precision = 24; break;
  case 2U: env.x87Precision = 53; break;
  case 3U: env.x87Precision = 64; break;
  default: env.x87Precision = 0; break;
  }
#else
  env.sseRounding = std::fegetround();
  env.x87Rounding = env.sseRounding;
#endif
  return env;
}

std::string roundingName(int rounding) {
  switch (rounding) {
  case FE_TONEAREST: return "nearest";
  case FE_DOWNWARD: return "down";
  case FE_UPWARD: return "up";
  case FE_TOWARDZERO: return "zero";
  default: return "unknown (" + std::to_string(rounding) + ")";
  }
}

void checkFloatEnvironment(int expectedRounding) {
  const FloatEnvironment env = currentFloatEnvironment();
  const std::string operation = "floating-point environment";
  if (env.flushToZero) {
    throwEnvironmentError(operation, "flush-to-zero (FTZ, MXCSR bit 15) off", "FTZ on");
  }
  if (env.denormalsAreZero) {
    throwEnvironmentError(operation, "denormals-are-zero (DAZ, MXCSR bit 6) off", "DAZ on");
  }
  if (env.sseRounding != expectedRounding || env.x87Rounding != expectedRounding) {
    throwEnvironmentError(operation,
                          "rounding mode " + roundingName(expectedRounding) +
                              " in SSE (MXCSR bits 13-14) and x87 (control word bits 10-11)",
                          "SSE rounding " + roundingName(env.sseRounding) + ", x87 rounding " +
                              roundingName(env.x87Rounding));
  }
  if (env.x87Precision != 64) {
    throwEnvironmentError(
        operation, "x87 precision control (control word bits 8-9) 64-bit significand",
        env.x87Precision == 0 ? std::string("the reserved precision encoding")
                              : std::to_string(env.x87Precision) + "-bit significand");
  }
}

RoundingGuard::RoundingGuard(int mode) noexcept : m_saved(std::fegetround()) {
  std::fesetround(mode);
}

RoundingGuard::~RoundingGuard() { std::fesetround(m_saved); }

}  // namespace proofport
