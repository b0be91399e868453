# The production CLI must contain no fault of the mutant build: none of the mutant names (the
# mutant build's CLI, which lists them, is the control that the search can find them).
#   cmake -D PRODUCTION=<proofport> -D MUTANT=<mutants/tools/proofport> -P ProofportCheckNoFaults.cmake
set(probe "push_merges_by_equality")
file(STRINGS "${MUTANT}" control REGEX "${probe}")
if(NOT control)
  message(FATAL_ERROR "expected the mutant build's CLI to name ${probe}, got no such string: "
                      "the check below would prove nothing")
endif()
file(STRINGS "${PRODUCTION}" leaked REGEX "${probe}|PROOFPORT_MUTANT")
if(leaked)
  message(FATAL_ERROR "expected no mutant in the production CLI, got: ${leaked}")
endif()
