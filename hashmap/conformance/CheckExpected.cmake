# Pins the semantic differences of one map: runs the Lean file over STRUCTURE (seeded, the pinned
# corpus replayed first) and compares the falsified (instantiation, theorem) pairs with the lines
# of EXPECTED for that structure. A difference that appears or disappears fails, naming the
# theorem and the instantiation; a theorem that gives up or errors fails too.
#   cmake -D CLI=<proofport_hashmap> -D LEAN=<Lemmas.lean> -D STRUCTURE=<map>
#         -D EXPECTED=<Expected.txt> -D CORPUS=<corpus dir> -D WORK=<scratch dir>
#         [-D SCALARS=<instantiations, comma-separated>] [-D THEOREMS=<globs, comma-separated>]
#         [-D JOBS=2]
#         -P CheckExpected.cmake
# Expected.txt: one `<instantiation> <theorem>` a line (`#` starts a comment); with SCALARS or
# THEOREMS only the lines of the instantiations and theorems run are compared.
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/ConformanceRun.cmake")

foreach(required STRUCTURE EXPECTED WORK)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "CheckExpected: -D ${required}=… is required")
  endif()
endforeach()
set(options "")
if(SCALARS)
  list(APPEND options SCALARS "${SCALARS}")
endif()
if(THEOREMS)
  string(REPLACE "," ";" globs "${THEOREMS}")
  list(APPEND options THEOREMS ${globs})
endif()
conformance_run("${STRUCTURE}" "${WORK}" ${options})

set(ran "")
set(falsified "")
set(broken "")
foreach(row IN LISTS conformance_rows)
  string(REPLACE "|" ";" parts "${row}")
  list(GET parts 0 instantiation)
  list(GET parts 1 theorem)
  list(GET parts 2 verdict)
  list(APPEND ran "${instantiation} ${theorem}")
  if(verdict STREQUAL "falsified")
    list(APPEND falsified "${instantiation} ${theorem}")
  elseif(verdict STREQUAL "gave_up" OR verdict STREQUAL "error")
    list(APPEND broken "${instantiation} ${theorem} (${verdict})")
  endif()
endforeach()

file(STRINGS "${EXPECTED}" lines)
set(expected "")
foreach(line IN LISTS lines)
  if(line MATCHES "^${STRUCTURE}-[^ ]+ [^ ]+$")
    list(FIND ran "${line}" at)
    if(NOT at EQUAL -1)
      list(APPEND expected "${line}")
    endif()
  endif()
endforeach()

set(appeared ${falsified})
if(expected)
  list(REMOVE_ITEM appeared ${expected})
endif()
set(disappeared ${expected})
if(falsified)
  list(REMOVE_ITEM disappeared ${falsified})
endif()
list(LENGTH falsified count)
list(LENGTH expected expected_count)
list(LENGTH ran runs)
message(STATUS "${STRUCTURE}: ${count} of ${runs} (instantiation, theorem) pairs falsified; "
               "${EXPECTED} lists ${expected_count} of them")
set(problems "")
foreach(pair IN LISTS appeared)
  string(APPEND problems "\n  falsified, not expected: ${pair}")
endforeach()
foreach(pair IN LISTS disappeared)
  string(APPEND problems "\n  expected falsified, held: ${pair}")
endforeach()
foreach(pair IN LISTS broken)
  string(APPEND problems "\n  no verdict: ${pair}")
endforeach()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "${STRUCTURE}: the semantic differences changed (regenerate the table "
                      "and Expected.txt with Conformance.cmake once a change is meant):"
                      "${problems}")
endif()
