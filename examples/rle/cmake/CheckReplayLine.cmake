# A failing property test prints commands that repeat the failure with the programs of this
# project, pasted as they are into a shell without the failing run's environment: the replay
# names `rle_mutant` (the command line over the same catalog), the rerun the test program
# itself, and both re-arm the mutant. Runs TESTS on one test with MUTANT armed, then each
# printed command through `sh -c`, which must fail the same way.
#   cmake -D TESTS=<rle_mutant_tests> -D CLI=<rle_mutant> -D MUTANT=<name> -D FILTER=<gtest filter>
#         -P CheckReplayLine.cmake
set(ENV{RLE_MUTANT} "${MUTANT}")
set(ENV{RC_PARAMS} "max_size=50 seed=1")
execute_process(COMMAND "${TESTS}" "--gtest_filter=${FILTER}" OUTPUT_VARIABLE out
                ERROR_VARIABLE err RESULT_VARIABLE status)
unset(ENV{RLE_MUTANT})
unset(ENV{RC_PARAMS})
if(status EQUAL 0)
  message(FATAL_ERROR "${FILTER} held with '${MUTANT}' armed:\n${out}")
endif()
string(REGEX MATCH "--token [^ \n']+" token "${out}")
if(NOT out MATCHES "  replay: ([^\n]*)\n")
  message(FATAL_ERROR "no replay line in the failure:\n${out}")
endif()
set(replay "${CMAKE_MATCH_1}")
if(NOT replay MATCHES "^env RLE_MUTANT=${MUTANT} '?${CLI}'? replay --theorem ")
  message(FATAL_ERROR "the replay line '${replay}' does not re-arm ${MUTANT} and name ${CLI}")
endif()
execute_process(COMMAND sh -c "${replay}" OUTPUT_VARIABLE replayed ERROR_VARIABLE replay_err
                RESULT_VARIABLE replay_status)
if(NOT replay_status EQUAL 1 OR NOT replayed MATCHES "FALSIFIED")
  message(FATAL_ERROR "the printed replay (${replay}) exited ${replay_status}, expected 1 and "
                      "FALSIFIED:\n${replayed}${replay_err}")
endif()
if(NOT out MATCHES "  rerun: ([^\n]*)\n")
  message(FATAL_ERROR "no rerun line in the failure:\n${out}")
endif()
set(rerun "${CMAKE_MATCH_1}")
if(NOT rerun MATCHES "^env RLE_MUTANT=${MUTANT} 'RC_PARAMS=max_size=50 seed=1' '?${TESTS}'? ")
  message(FATAL_ERROR "the rerun line '${rerun}' does not re-arm ${MUTANT}, keep RC_PARAMS and "
                      "name ${TESTS}")
endif()
execute_process(COMMAND sh -c "${rerun}" OUTPUT_VARIABLE rerun_out ERROR_VARIABLE rerun_err
                RESULT_VARIABLE rerun_status)
string(REGEX MATCH "--token [^ \n']+" rerun_token "${rerun_out}")
if(rerun_status EQUAL 0 OR NOT rerun_token STREQUAL token)
  message(FATAL_ERROR "the printed rerun (${rerun}) exited ${rerun_status} with "
                      "'${rerun_token}', expected a failure with '${token}':\n${rerun_out}")
endif()
message(STATUS "the replay and the rerun, pasted, repeat the failure")
