// Reads and checks the floating-point environment (SSE MXCSR and the C rounding mode).
#include "proofport/spec/FloatEnvironment.h"

#include <cfenv>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "proofport/spec/Error.h"

namespace proofport {

FloatEnvironment currentFloatEnvironment() {
  FloatEnvironment env;
#if defined(__SSE__)
  const unsigned csr = _mm_getcsr();
  env.flushToZero = (csr & 0x8000U) != 0;
  env.denormalsAreZero = (csr & 0x0040U) != 0;
#endif
  env.rounding = std::fegetround();
  return env;
}

std::string roundingName(int rounding) {
  switch (rounding) {
  case FE_TONEAREST:
    return "nearest";
  case FE_DOWNWARD:
    return "down";
  case FE_UPWARD:
    return "up";
  case FE_TOWARDZERO:
    return "zero";
  default:
    return "unknown (" + std::to_string(rounding) + ")";
  }
}

void checkFloatEnvironment(int expectedRounding) {
  const FloatEnvironment env = currentFloatEnvironment();
  if (env.flushToZero) {
    throw EnvironmentError("floating-point environment",
                           "flush-to-zero (FTZ, MXCSR bit 15) off", "FTZ on");
  }
  if (env.denormalsAreZero) {
    throw EnvironmentError("floating-point environment",
                           "denormals-are-zero (DAZ, MXCSR bit 6) off", "DAZ on");
  }
  if (env.rounding != expectedRounding) {
    throw EnvironmentError("floating-point environment",
                           "rounding mode " + roundingName(expectedRounding),
                           "rounding mode " + roundingName(env.rounding));
  }
}

RoundingGuard::RoundingGuard(int mode) noexcept : m_saved(std::fegetround()) {
  std::fesetround(mode);
}

RoundingGuard::~RoundingGuard() { std::fesetround(m_saved); }

} // namespace proofport
