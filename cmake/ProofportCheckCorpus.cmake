# Replays the committed corpus: every case must hold on the real build, and every case recorded
# on a mutant must fail again on that mutant with exactly its recorded inputs.
#   cmake -D EXE=<proofport> -D CORPUS=<dir> -P ProofportCheckCorpus.cmake
cmake_policy(SET CMP0057 NEW)
file(GLOB_RECURSE cases "${CORPUS}/*.case")
list(LENGTH cases count)
if(count EQUAL 0)
  message(FATAL_ERROR "expected corpus cases under ${CORPUS}, got none")
endif()
# A build that registers only some scalar types (PROOFPORT_SCALARS) replays only their cases.
execute_process(COMMAND "${EXE}" list --scalars OUTPUT_VARIABLE listing RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "proofport list --scalars failed with exit ${status}")
endif()
string(REGEX MATCHALL "(^|\n)[^ \n]+" registered "${listing}")
list(TRANSFORM registered STRIP)
set(mutant_cases 0)
set(replayed 0)
foreach(case IN LISTS cases)
  file(STRINGS "${case}" scalar_line REGEX "^scalar: ")
  string(REPLACE "scalar: " "" scalar "${scalar_line}")
  if(NOT scalar IN_LIST registered)
    continue()
  endif()
  math(EXPR replayed "${replayed} + 1")
  execute_process(COMMAND "${EXE}" replay "${case}" OUTPUT_VARIABLE out ERROR_VARIABLE err
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${case}: expected it to hold on the real build with its recorded "
                        "inputs, got exit ${status}\n${out}${err}")
  endif()
  file(STRINGS "${case}" build REGEX "^build: mutant ")
  if(build MATCHES "^build: mutant ([a-zA-Z_]+)")
    math(EXPR mutant_cases "${mutant_cases} + 1")
    execute_process(COMMAND "${EXE}" replay --mutant "${CMAKE_MATCH_1}" "${case}"
                    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
    if(NOT status EQUAL 1 OR NOT out MATCHES "FALSIFIED" OR out MATCHES "STALE")
      message(FATAL_ERROR "${case}: expected the replay on mutant ${CMAKE_MATCH_1} to fail, got "
                          "exit ${status}\n${out}${err}")
    endif()
  endif()
endforeach()
message(STATUS "${replayed} of ${count} corpus cases (the scalar types of this build) hold on "
               "the real build; ${mutant_cases} fail again on their mutant")
