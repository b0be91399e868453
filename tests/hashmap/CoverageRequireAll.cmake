# Runs the Lean file over Lean's HashMap port at every key type, then `coverage --require-all`
# over the file with that run as evidence: every theorem interpreted and held with at least 100
# cases whose premises held, or waived with its reason (hashmap/conformance/Waivers.txt).
# Exit 0 of coverage is the test; its report is printed either way.
#   cmake -D CLI=<proofport_hashmap> -D LEAN=<Lemmas.lean> -D WAIVERS=<Waivers.txt>
#         -D WORK=<scratch dir> -P CoverageRequireAll.cmake
file(MAKE_DIRECTORY "${WORK}")
set(report "${WORK}/lean_hashmap.json")
execute_process(COMMAND "${CLI}" run --lean "${LEAN}" --structure lean_hashmap --seed 1 --no-save
                        --no-corpus -j 2 --json "${report}"
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "run: expected exit 0, got ${status}\nstdout:\n${out}\nstderr:\n${err}")
endif()
execute_process(COMMAND "${CLI}" coverage "${LEAN}" --lean "${LEAN}" --structure lean_hashmap
                        --held-in "${report}" --waivers "${WAIVERS}" --require-all
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
message("${out}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "coverage: expected exit 0, got ${status}\nstderr:\n${err}")
endif()
string(REGEX MATCH "ported \\(([0-9]+)\\)" ported "${out}")
message(STATUS "interpreted and held: ${CMAKE_MATCH_1}")
if(CMAKE_MATCH_1 LESS 330)
  message(FATAL_ERROR "expected at least 330 theorems interpreted and held, got ${CMAKE_MATCH_1}")
endif()
