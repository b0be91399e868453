// Unit tests for the floating-point environment check: FTZ, DAZ and the rounding mode.
#include <cfenv>

#include <gtest/gtest.h>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "UnitSupport.h"
#include "proofport/spec/FloatEnvironment.h"

namespace proofport {
namespace {

using unit::throwsError;

/// Sets MXCSR bits for the lifetime of the object, then restores the old register.
class ScopedCsrBits {
public:
  explicit ScopedCsrBits(unsigned bits) : m_saved(_mm_getcsr()) { _mm_setcsr(m_saved | bits); }
  ~ScopedCsrBits() { _mm_setcsr(m_saved); }
  ScopedCsrBits(const ScopedCsrBits &) = delete;
  ScopedCsrBits &operator=(const ScopedCsrBits &) = delete;

private:
  unsigned m_saved;
};

/// Sets the rounding mode for the lifetime of the object.
class ScopedRounding {
public:
  explicit ScopedRounding(int mode) : m_saved(std::fegetround()) { std::fesetround(mode); }
  ~ScopedRounding() { std::fesetround(m_saved); }
  ScopedRounding(const ScopedRounding &) = delete;
  ScopedRounding &operator=(const ScopedRounding &) = delete;

private:
  int m_saved;
};

TEST(FloatEnvironment, defaultEnvironmentIsAccepted) {
  const FloatEnvironment env = currentFloatEnvironment();
  EXPECT_FALSE(env.flushToZero);
  EXPECT_FALSE(env.denormalsAreZero);
  EXPECT_EQ(env.rounding, FE_TONEAREST);
  EXPECT_NO_THROW(checkFloatEnvironment(FE_TONEAREST));
}

TEST(FloatEnvironment, flushToZeroIsRefusedByName) {
  const ScopedCsrBits ftz(0x8000U);
  EXPECT_TRUE(currentFloatEnvironment().flushToZero);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); },
                                            "floating-point environment",
                                            "flush-to-zero (FTZ, MXCSR bit 15) off", "FTZ on"));
}

TEST(FloatEnvironment, denormalsAreZeroIsRefusedByName) {
  const ScopedCsrBits daz(0x0040U);
  EXPECT_TRUE(currentFloatEnvironment().denormalsAreZero);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); },
                                            "floating-point environment",
                                            "denormals-are-zero (DAZ, MXCSR bit 6) off",
                                            "DAZ on"));
}

TEST(FloatEnvironment, unexpectedRoundingModeIsRefusedByName) {
  const ScopedRounding up(FE_UPWARD);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); },
                                            "floating-point environment",
                                            "rounding mode nearest", "rounding mode up"));
  EXPECT_NO_THROW(checkFloatEnvironment(FE_UPWARD));
}

// The reason the rounding variants exist: under round-down, +0 + -0 is -0.
TEST(FloatEnvironment, roundDownMakesPositivePlusNegativeZeroNegative) {
  volatile float plus = 0.0F;
  volatile float minus = -0.0F;
  {
    const ScopedRounding down(FE_DOWNWARD);
    EXPECT_TRUE(std::signbit(plus + minus));
  }
  EXPECT_FALSE(std::signbit(plus + minus));
}

} // namespace
} // namespace proofport
