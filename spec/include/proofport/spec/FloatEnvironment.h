// The floating-point environment that dense and deferred results are compared under.
#pragma once

#include <string>

namespace proofport {

/// What the current thread's floating-point hardware is set to, read from the registers
/// themselves: on x86-64 the SSE control register MXCSR (float, double and the float16 sums
/// done in float) and the x87 control word (long double). The C library's `fegetround` reads
/// the x87 unit alone on x86-64, so an SSE rounding mode set behind its back would go unseen.
/// Elsewhere there is no such register to read: both rounding fields report `fegetround()`,
/// flush-to-zero and denormals-are-zero read false, and the precision reads 64.
struct FloatEnvironment {
  /// SSE flush-to-zero (MXCSR bit 15): subnormal results become zero.
  bool flushToZero = false;
  /// SSE denormals-are-zero (MXCSR bit 6): subnormal inputs read as zero.
  bool denormalsAreZero = false;
  /// SSE rounding mode (MXCSR bits 13-14) as FE_TONEAREST, FE_DOWNWARD, FE_UPWARD or
  /// FE_TOWARDZERO.
  int sseRounding = 0;
  /// x87 rounding mode (control word bits 10-11), as `sseRounding`.
  int x87Rounding = 0;
  /// Significand bits x87 results are rounded to (control word bits 8-9): 24, 53 or 64;
  /// 0 for the reserved encoding. Anything but 64 silently shortens every long double.
  int x87Precision = 64;
};

/// Reads the current thread's environment.   Cost: O(1)   Throws: nothing.
FloatEnvironment currentFloatEnvironment();

/// `nearest`, `down`, `up`, `zero` for the FE_* rounding modes.
std::string roundingName(int rounding);

/// Refuses to run in an environment that changes IEEE results: flush-to-zero or
/// denormals-are-zero on (a library built with -ffast-math switches them on at load), an SSE
/// or x87 rounding mode other than `expectedRounding` (`fesetround` sets both units, so the
/// rounding-mode variants pass with their own mode), or an x87 precision below 64 bits (some
/// runtimes set 53).
/// Cost: O(1)   Throws: EnvironmentError naming the setting, expected and actual.
void checkFloatEnvironment(int expectedRounding);

/// Sets the rounding mode (`fesetround`) for its lifetime and restores the one before.
/// Cost: O(1)   Throws: nothing.
class RoundingGuard {
public:
  /// `mode` is an FE_* rounding mode.
  explicit RoundingGuard(int mode) noexcept;
  ~RoundingGuard();
  RoundingGuard(const RoundingGuard &) = delete;
  RoundingGuard &operator=(const RoundingGuard &) = delete;

private:
  int m_saved;
};

}  // namespace proofport
