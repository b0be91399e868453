// The floating-point environment that dense and deferred results are compared under.
#pragma once

#include <string>

namespace proofport {

/// What the current thread's floating-point environment is.
struct FloatEnvironment {
  /// SSE flush-to-zero (MXCSR bit 15): subnormal results become zero.
  bool flushToZero = false;
  /// SSE denormals-are-zero (MXCSR bit 6): subnormal inputs read as zero.
  bool denormalsAreZero = false;
  /// `fegetround()`: FE_TONEAREST, FE_DOWNWARD, FE_UPWARD or FE_TOWARDZERO.
  int rounding = 0;
};

/// Reads the current thread's environment.   Cost: O(1)   Throws: nothing.
FloatEnvironment currentFloatEnvironment();

/// `nearest`, `down`, `up`, `zero` for the FE_* rounding modes.
std::string roundingName(int rounding);

/// Refuses to run in an environment that changes IEEE results: flush-to-zero or
/// denormals-are-zero on (a library built with -ffast-math switches them on at load), or a
/// rounding mode other than `expectedRounding`.
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

} // namespace proofport
