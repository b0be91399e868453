// `rle_checked LEVEL [OPERATIONS [SEED]]`: a seeded sequence of pushes and sets on a checked
// run-length encoded vector (rle/Checked.h) at check level LEVEL (off, invariants, local,
// shadow), over values where identity and == part ways (+0, -0, NaN). Prints the first theorem
// violation and exits 1, or prints how many operations ran unviolated and exits 0. Built with
// the mutants compiled in (RLE_MUTANTS), `RLE_MUTANT=<name>` shows which level catches which
// fault.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <limits>
#include <string>
#include <string_view>

#include "proofport/spec/Error.h"
#include "proofport/spec/Numbers.h"
#include "rle/Checked.h"

namespace {

using proofport::checked::CheckLevel;
using proofport::checked::SplitMix64;

template <CheckLevel L>
int runAt(std::size_t operations, std::uint64_t seed) {
  constexpr float kValues[] = {0.0F, -0.0F, 1.0F, 2.0F, std::numeric_limits<float>::quiet_NaN()};
  rle::CheckedRleVector<float, L> v;
  SplitMix64 random(seed);
  for (std::size_t k = 0; k < operations; ++k) {
    const float value = kValues[random.next() % 5];
    const bool push = v.size() == 0 || random.next() % 2 == 0;
    try {
      if (push) {
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

int main(int argc, char **argv) {
  if (argc < 2 || argc > 4) {
    std::fprintf(stderr, "usage: %s off|invariants|local|shadow [OPERATIONS [SEED]]\n", argv[0]);
    return 2;
  }
  const std::string_view level = argv[1];
  std::size_t operations = 500;
  std::uint64_t seed = 1;
  try {
    // proofport's one number reader: decimal digits only, range-checked, as its flags are.
    if (argc > 2) {
      operations = proofport::readWholeNumber("OPERATIONS", argv[2], 0, 100'000'000);
    }
    if (argc > 3) {
      seed = proofport::readWholeNumber("SEED", argv[3], 0, proofport::kLargestWholeNumber);
    }
  } catch (const proofport::Error &e) {
    std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
    return 2;
  }
  if (level == "off") {
    return runAt<CheckLevel::off>(operations, seed);
  }
  if (level == "invariants") {
    return runAt<CheckLevel::invariants>(operations, seed);
  }
  if (level == "local") {
    return runAt<CheckLevel::local>(operations, seed);
  }
  if (level == "shadow") {
    return runAt<CheckLevel::shadow>(operations, seed);
  }
  std::fprintf(stderr, "%s: expected a level among off, invariants, local, shadow, got '%s'\n",
               argv[0], argv[1]);
  return 2;
}
