# Runs a command and checks its exit status and, optionally, that its output matches a regex.
#   cmake -D "CMD=prog;arg;..." -D EXPECT=<status> [-D MATCH=<regex>] -P ProofportExpectExit.cmake
execute_process(COMMAND ${CMD} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL EXPECT)
  message(FATAL_ERROR "expected exit ${EXPECT}, got ${status}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED MATCH AND NOT "${out}${err}" MATCHES "${MATCH}")
  message(FATAL_ERROR "output does not match '${MATCH}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
