// `rle_checked LEVEL`: 500 seeded pushes and sets of +0, -0, NaN, 1, 2 on a checked vector
// (rle/Checked.h) at LEVEL (off, invariants, local, shadow): prints the first theorem violation
// and exits 1, or exits 0. With the mutants compiled in (RLE_MUTANTS), `RLE_MUTANT=<name>` shows
// which level catches which fault.
#include <cstdio>
#include <limits>

#include "rle/Checked.h"

namespace {

using proofport::checked::CheckLevel;

template <CheckLevel L>
int runAt(std::size_t operations) {
  constexpr float kValues[] = {0.0F, -0.0F, 1.0F, 2.0F, std::numeric_limits<float>::quiet_NaN()};
  rle::CheckedRleVector<float, L> v;
  proofport::checked::SplitMix64 random(1);
  for (std::size_t k = 0; k < operations; ++k) {
    const float value = kValues[random.next() % 5];
    try {
      if (v.size() == 0 || random.next() % 2 == 0) {
        v.push(value);
      } else {
        v.set(random.next() % v.size(), value);
      }
    } catch (const proofport::checked::TheoremViolation &violation) {
      std::printf("%s: caught after %zu operations: %s\n", proofport::checked::levelName(L), k + 1,
                  violation.what());
      return 1;
    }
  }
  std::printf("%s: no violation in %zu operations (final size %zu, %zu runs)\n",
              proofport::checked::levelName(L), operations, v.size(), v.runs().size());
  return 0;
}

}  // namespace

int main(int argc, char **argv) try {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s off|invariants|local|shadow\n", argv[0]);
    return 2;
  }
  return proofport::checked::withLevel(argv[1], []<CheckLevel L>() { return runAt<L>(500); });
} catch (const proofport::Error &e) {
  std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
  return 2;
}
