// A hook naming a mutant of the list: compiles in every build.
#include "proofport/core/Mutants.h"

int main() {
  if (PROOFPORT_MUTANT(push_merges_by_equality)) {
    return 1;
  }
  return 0;
}
