// A library that changes one floating-point setting when it is loaded, as a runtime or a
// library built with unusual flags can: preloaded into proofport by the environment tests.
// Built with -DPROOFPORT_SSE_ROUND_DOWN (MXCSR rounding down, x87 untouched) or
// -DPROOFPORT_X87_DOUBLE_PRECISION (x87 precision control 53 bits).
#include <xmmintrin.h>

namespace {

[[gnu::constructor]] void changeFloatEnvironment() {
#if defined(PROOFPORT_SSE_ROUND_DOWN)
  _mm_setcsr((_mm_getcsr() & ~0x6000U) | 0x2000U);
#elif defined(PROOFPORT_X87_DOUBLE_PRECISION)
  unsigned short control = 0;
  __asm__ volatile("fnstcw %0" : "=m"(control));
  control = static_cast<unsigned short>((control & ~0x0300U) | 0x0200U);
  __asm__ volatile("fldcw %0" : : "m"(control));
#else
#error "define PROOFPORT_SSE_ROUND_DOWN or PROOFPORT_X87_DOUBLE_PRECISION"
#endif
}

}  // namespace
