# The production CLI must contain no fault of the mutant build: none of the mutant names (the
# mutant build's CLI, which lists them, is the control that the search can find them). Debug
# information is stripped first: hooks name `core::mutants::Id` in every build (so a misspelt hook
# does not compile), and the enumerators' names in the debug sections are no fault compiled in.
#   cmake -D PRODUCTION=<proofport> -D MUTANT=<mutants/bin/proofport> -D OBJCOPY=<objcopy>
#         -D WORK=<scratch folder> -P ProofportCheckNoFaults.cmake
if(NOT OBJCOPY)
  message(FATAL_ERROR "expected an objcopy (CMAKE_OBJCOPY) to strip debug information, got none")
endif()
file(MAKE_DIRECTORY "${WORK}")
foreach(binary PRODUCTION MUTANT)
  set(stripped "${WORK}/${binary}.stripped")
  execute_process(COMMAND "${OBJCOPY}" --strip-debug "${${binary}}" "${stripped}"
                  RESULT_VARIABLE status ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${OBJCOPY} --strip-debug ${${binary}}: expected exit 0, got ${status}\n${err}")
  endif()
  set(${binary}_STRIPPED "${stripped}")
endforeach()
set(probe "push_merges_by_equality")
file(STRINGS "${MUTANT_STRIPPED}" control REGEX "${probe}")
if(NOT control)
  message(FATAL_ERROR "expected the mutant build's CLI to name ${probe}, got no such string: "
                      "the check below would prove nothing")
endif()
file(STRINGS "${PRODUCTION_STRIPPED}" leaked REGEX "${probe}|PROOFPORT_MUTANT")
if(leaked)
  message(FATAL_ERROR "expected no mutant in the production CLI, got: ${leaked}")
endif()
