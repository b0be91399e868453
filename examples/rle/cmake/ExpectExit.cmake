# Runs CMD with RLE_MUTANT=MUTANT (`none`: unarmed) and checks its exit status and that its
# output matches MATCH.
#   cmake -D "CMD=prog;arg;..." -D MUTANT=<name> -D EXPECT=<status> -D MATCH=<regex>
#         -P ExpectExit.cmake
if(NOT MUTANT STREQUAL "none")
  set(ENV{RLE_MUTANT} "${MUTANT}")
endif()
execute_process(COMMAND ${CMD} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL EXPECT OR NOT "${out}${err}" MATCHES "${MATCH}")
  message(FATAL_ERROR "expected exit ${EXPECT} and output matching '${MATCH}', got exit "
                      "${status}\nstdout:\n${out}\nstderr:\n${err}")
endif()
message(STATUS "${out}")
