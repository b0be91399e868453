// A hook whose name is misspelt (equalty): must not compile, in any build.
#include "proofport/core/Mutants.h"

int main() {
  if (PROOFPORT_MUTANT(push_merges_by_equalty)) {
    return 1;
  }
  return 0;
}
