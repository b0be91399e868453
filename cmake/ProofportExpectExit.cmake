# Runs a command and checks its exit status and, optionally, that its output matches a regex
# and does not match another.
#   cmake -D "CMD=prog;arg;..." -D EXPECT=<status> [-D MATCH=<regex>] [-D NOMATCH=<regex>]
#         -P ProofportExpectExit.cmake
#   cmake -D "SH=<shell command line>" ...: runs the line through `sh -c` (for arguments CMake
#   lists cannot carry, such as an empty one).
if(DEFINED SH)
  set(CMD sh -c "${SH}")
endif()
execute_process(COMMAND ${CMD} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL EXPECT)
  message(FATAL_ERROR "expected exit ${EXPECT}, got ${status}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED MATCH AND NOT "${out}${err}" MATCHES "${MATCH}")
  message(FATAL_ERROR "output does not match '${MATCH}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED NOMATCH AND NOT NOMATCH STREQUAL "" AND "${out}${err}" MATCHES "${NOMATCH}")
  message(FATAL_ERROR "output matches '${NOMATCH}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
