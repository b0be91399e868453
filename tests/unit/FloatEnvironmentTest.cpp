// Unit tests for the floating-point environment check: FTZ, DAZ, the SSE and x87 rounding modes
// and the x87 precision, each set in-process and restored.
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>

#include <gtest/gtest.h>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "UnitSupport.h"
#include "proofport/core/Gradients.h"
#include "proofport/spec/FloatEnvironment.h"

namespace proofport {
namespace {

using unit::throwsError;

/// Sets the rounding mode of both units with `fesetround` for the lifetime of the object.
class ScopedRounding {
public:
  explicit ScopedRounding(int mode) : m_saved(std::fegetround()) { std::fesetround(mode); }
  ~ScopedRounding() { std::fesetround(m_saved); }
  ScopedRounding(const ScopedRounding &) = delete;
  ScopedRounding &operator=(const ScopedRounding &) = delete;

private:
  int m_saved;
};

#if defined(__x86_64__)

/// Sets the MXCSR bits in `mask` to `bits` for the lifetime of the object, then restores the
/// old register.
class ScopedCsr {
public:
  ScopedCsr(unsigned mask, unsigned bits) : m_saved(_mm_getcsr()) {
    _mm_setcsr((m_saved & ~mask) | bits);
  }
  ~ScopedCsr() { _mm_setcsr(m_saved); }
  ScopedCsr(const ScopedCsr &) = delete;
  ScopedCsr &operator=(const ScopedCsr &) = delete;

private:
  unsigned m_saved;
};

/// Sets the x87 control-word bits in `mask` to `bits` for the lifetime of the object, then
/// restores the old control word.
class ScopedX87Control {
public:
  ScopedX87Control(unsigned short mask, unsigned short bits) {
    __asm__ volatile("fnstcw %0" : "=m"(m_saved));
    const auto changed = static_cast<unsigned short>((m_saved & ~mask) | bits);
    __asm__ volatile("fldcw %0" : : "m"(changed));
  }
  ~ScopedX87Control() { __asm__ volatile("fldcw %0" : : "m"(m_saved)); }
  ScopedX87Control(const ScopedX87Control &) = delete;
  ScopedX87Control &operator=(const ScopedX87Control &) = delete;

private:
  unsigned short m_saved = 0;
};

constexpr unsigned kCsrRounding = 0x6000U;  // MXCSR bits 13-14
constexpr unsigned kCsrDown = 0x2000U;
constexpr unsigned short kX87Rounding = 0x0C00U;  // control word bits 10-11
constexpr unsigned short kX87Down = 0x0400U;
constexpr unsigned short kX87Precision = 0x0300U;  // control word bits 8-9
constexpr unsigned short kX87Double = 0x0200U;     // 53-bit significand
constexpr unsigned short kX87Single = 0x0000U;     // 24-bit significand

const std::string kOperation = "floating-point environment";
const std::string kExpectNearest =
    "rounding mode nearest in SSE (MXCSR bits 13-14) and x87 (control word bits 10-11)";
const std::string kExpectPrecision =
    "x87 precision control (control word bits 8-9) 64-bit significand";

/// 1 + 1.5·2^-24 in binary32, computed at run time: 0x3f800001 rounding to nearest,
/// 0x3f800000 rounding down.
std::uint32_t onePlusThreeHalvesUlpBits() {
  volatile float one = 1.0F;
  volatile float small = 0x1.8p-24F;
  return std::bit_cast<std::uint32_t>(static_cast<float>(one + small));
}

/// Whether 1 + 2^-60 in long double, computed at run time, keeps its low bit.
bool float80KeepsTwoToTheMinus60() {
  volatile long double one = 1.0L;
  volatile long double tiny = 0x1p-60L;
  return static_cast<long double>(one + tiny) != 1.0L;
}

TEST(FloatEnvironment, defaultEnvironmentIsAccepted) {
  const FloatEnvironment env = currentFloatEnvironment();
  EXPECT_FALSE(env.flushToZero);
  EXPECT_FALSE(env.denormalsAreZero);
  EXPECT_EQ(env.sseRounding, FE_TONEAREST);
  EXPECT_EQ(env.x87Rounding, FE_TONEAREST);
  EXPECT_EQ(env.x87Precision, 64);
  EXPECT_NO_THROW(checkFloatEnvironment(FE_TONEAREST));
  EXPECT_EQ(onePlusThreeHalvesUlpBits(), 0x3f800001U);
  EXPECT_TRUE(float80KeepsTwoToTheMinus60());
}

TEST(FloatEnvironment, flushToZeroIsRefusedByName) {
  const ScopedCsr ftz(0x8000U, 0x8000U);
  EXPECT_TRUE(currentFloatEnvironment().flushToZero);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); }, kOperation,
                                            "flush-to-zero (FTZ, MXCSR bit 15) off", "FTZ on"));
}

TEST(FloatEnvironment, denormalsAreZeroIsRefusedByName) {
  const ScopedCsr daz(0x0040U, 0x0040U);
  EXPECT_TRUE(currentFloatEnvironment().denormalsAreZero);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); }, kOperation,
                                            "denormals-are-zero (DAZ, MXCSR bit 6) off", "DAZ on"));
}

// fesetround sets both units: every mode reads back from both registers, and the check
// accepts exactly the mode it expects (the rounding-mode variants run under their own).
TEST(FloatEnvironment, fesetroundSetsBothUnitsAndTheCheckComparesBoth) {
  for (const int mode : {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO, FE_TONEAREST}) {
    const ScopedRounding scoped(mode);
    const FloatEnvironment env = currentFloatEnvironment();
    EXPECT_EQ(env.sseRounding, mode) << roundingName(mode);
    EXPECT_EQ(env.x87Rounding, mode) << roundingName(mode);
    EXPECT_NO_THROW(checkFloatEnvironment(mode)) << roundingName(mode);
  }
  const ScopedRounding up(FE_UPWARD);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); }, kOperation,
                                            kExpectNearest, "SSE rounding up, x87 rounding up"));
  EXPECT_TRUE(throwsError<EnvironmentError>(
      [] { checkFloatEnvironment(FE_DOWNWARD); }, kOperation,
      "rounding mode down in SSE (MXCSR bits 13-14) and x87 (control word bits 10-11)",
      "SSE rounding up, x87 rounding up"));
}

// The case fegetround misses on x86-64: it reads the x87 unit only, while every float and
// double addition rounds by MXCSR.
TEST(FloatEnvironment, sseRoundingAloneIsReadFromMxcsrAndRefused) {
  const ScopedCsr down(kCsrRounding, kCsrDown);
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
  EXPECT_EQ(onePlusThreeHalvesUlpBits(), 0x3f800000U);
  const FloatEnvironment env = currentFloatEnvironment();
  EXPECT_EQ(env.sseRounding, FE_DOWNWARD);
  EXPECT_EQ(env.x87Rounding, FE_TONEAREST);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); }, kOperation,
                                            kExpectNearest,
                                            "SSE rounding down, x87 rounding nearest"));
  // A variant expecting "down" is refused too: its x87 unit would still round to nearest.
  EXPECT_TRUE(throwsError<EnvironmentError>(
      [] { checkFloatEnvironment(FE_DOWNWARD); }, kOperation,
      "rounding mode down in SSE (MXCSR bits 13-14) and x87 (control word bits 10-11)",
      "SSE rounding down, x87 rounding nearest"));
}

TEST(FloatEnvironment, x87RoundingAloneIsRefused) {
  const ScopedX87Control down(kX87Rounding, kX87Down);
  const FloatEnvironment env = currentFloatEnvironment();
  EXPECT_EQ(env.sseRounding, FE_TONEAREST);
  EXPECT_EQ(env.x87Rounding, FE_DOWNWARD);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); }, kOperation,
                                            kExpectNearest,
                                            "SSE rounding nearest, x87 rounding down"));
}

// A 53-bit x87 precision (as some runtimes set) makes float80 silently lose its low bits.
TEST(FloatEnvironment, x87DoublePrecisionIsRefusedByName) {
  const ScopedX87Control precision(kX87Precision, kX87Double);
  EXPECT_FALSE(float80KeepsTwoToTheMinus60());
  EXPECT_EQ(currentFloatEnvironment().x87Precision, 53);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); }, kOperation,
                                            kExpectPrecision, "53-bit significand"));
}

TEST(FloatEnvironment, x87SinglePrecisionIsRefusedByName) {
  const ScopedX87Control precision(kX87Precision, kX87Single);
  EXPECT_EQ(currentFloatEnvironment().x87Precision, 24);
  EXPECT_TRUE(throwsError<EnvironmentError>([] { checkFloatEnvironment(FE_TONEAREST); }, kOperation,
                                            kExpectPrecision, "24-bit significand"));
}

TEST(FloatEnvironment, everySettingIsRestoredAfterEachTest) {
  { const ScopedCsr down(kCsrRounding, kCsrDown); }
  { const ScopedX87Control precision(kX87Precision, kX87Double); }
  EXPECT_NO_THROW(checkFloatEnvironment(FE_TONEAREST));
  EXPECT_TRUE(float80KeepsTwoToTheMinus60());
}

#else

TEST(FloatEnvironment, elsewhereBothRoundingFieldsReportFegetround) {
  const ScopedRounding up(FE_UPWARD);
  const FloatEnvironment env = currentFloatEnvironment();
  EXPECT_EQ(env.sseRounding, FE_UPWARD);
  EXPECT_EQ(env.x87Rounding, FE_UPWARD);
  EXPECT_NO_THROW(checkFloatEnvironment(FE_UPWARD));
}

#endif

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

/// The bits of a binary32 value.
std::uint32_t bitsOf(float x) { return std::bit_cast<std::uint32_t>(x); }

// A deferred context adds nothing when a uniform arrives: it replays its pending uniforms when
// it is read, under the rounding mode in force then, so a context filled under "down" and read
// under "nearest" gives the nearest-mode sum, as dense accumulation done at read time would.
TEST(FloatEnvironment, deferredContextReplaysUnderTheRoundingModeOfTheRead) {
  // Every operand is read from a volatile, so no sum is folded at compile time or reused
  // across a change of mode (GCC's -frounding-math does not stop either across fesetround).
  volatile float one = 1.0F;
  volatile float u = 0x1.8p-24F;  // 1 + u: 0x3f800001 to nearest, 0x3f800000 down
  const Idx at{0, {}};
  auto ctx = GradientContext<float>::ofPack(
      unit::packOf<float>({Tensor<float>::full({}, static_cast<float>(one))}));
  volatile float denseAtFill = 0.0F;
  {
    const ScopedRounding down(FE_DOWNWARD);
    ctx.addUniform(static_cast<float>(u));
    denseAtFill = one + u;
  }
  volatile float denseAtRead = one + u;
  EXPECT_EQ(bitsOf(denseAtFill), 0x3f800000U);
  EXPECT_EQ(bitsOf(denseAtRead), 0x3f800001U);
  EXPECT_EQ(bitsOf(ctx.lookup().read(at)[0]), 0x3f800001U);
  EXPECT_EQ(bitsOf(ctx.toPack()[0][0]), 0x3f800001U);
  // And the other way round: the same context read under "down" gives the down-mode sum.
  const ScopedRounding down(FE_DOWNWARD);
  EXPECT_EQ(bitsOf(ctx.lookup().read(at)[0]), 0x3f800000U);
}

}  // namespace
}  // namespace proofport
