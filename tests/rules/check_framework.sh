#!/usr/bin/env bash
# Shows the rule "the framework includes no catalog" (cmake/ProofportFrameworkOnly.cmake)
# failing on its fixture project, each way: the configure step names the framework target that
# links a catalog's, and the build of the framework-only unit stops at the header it cannot
# find. Prints what each step said; ctest matches both refusals.
#   check_framework.sh <source root> <scratch folder>
set -uo pipefail
root="$1"
scratch="$2"
fixture="$root/tests/rules/fixtures/framework"
rm -rf "$scratch"
mkdir -p "$scratch"
# CMake wraps a long message: its lines are joined before they are printed.
cmake -S "$fixture" -B "$scratch/links" -G Ninja -DFIXTURE_PART=links \
  -DPROOFPORT_CMAKE_DIR="$root/cmake" 2>&1 | tr -s ' \n' ' '
echo
if cmake -S "$fixture" -B "$scratch/headers" -G Ninja -DFIXTURE_PART=headers \
  -DPROOFPORT_CMAKE_DIR="$root/cmake" >/dev/null 2>&1; then
  cmake --build "$scratch/headers" 2>&1 | grep -o "proofport/core/Context.h: No such file or directory" |
    head -n 1
fi
rm -rf "$scratch"
