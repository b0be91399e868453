# A failing property test prints commands that repeat the failure with the programs of this
# project: the replay names `rle_mutant` (the command line over the same catalog), the rerun
# names the test program itself. Runs TESTS on one test with MUTANT armed, then each printed
# command, which must fail the same way.
#   cmake -D TESTS=<rle_mutant_tests> -D CLI=<rle_mutant> -D MUTANT=<name> -D FILTER=<gtest filter>
#         -P CheckReplayLine.cmake
set(ENV{RLE_MUTANT} "${MUTANT}")
set(ENV{RC_PARAMS} "seed=1")
execute_process(COMMAND "${TESTS}" "--gtest_filter=${FILTER}" OUTPUT_VARIABLE out
                ERROR_VARIABLE err RESULT_VARIABLE status)
if(status EQUAL 0)
  message(FATAL_ERROR "${FILTER} held with ${MUTANT} armed:\n${out}")
endif()
if(NOT out MATCHES "replay: ([^\n]*) replay --theorem ([^ \n]+) --scalar ([^ \n]+) --token ([^ \n]+)\n")
  message(FATAL_ERROR "no replay line in the failure:\n${out}")
endif()
set(program "${CMAKE_MATCH_1}")
set(replay "${CMAKE_MATCH_1}" replay --theorem "${CMAKE_MATCH_2}" --scalar "${CMAKE_MATCH_3}"
           --token "${CMAKE_MATCH_4}")
if(NOT program STREQUAL CLI)
  message(FATAL_ERROR "the replay line names '${program}', expected '${CLI}'")
endif()
execute_process(COMMAND ${replay} OUTPUT_VARIABLE replayed ERROR_VARIABLE replay_err
                RESULT_VARIABLE replay_status)
if(NOT replay_status EQUAL 1 OR NOT replayed MATCHES "FALSIFIED")
  message(FATAL_ERROR "the printed replay (${replay}) exited ${replay_status}, expected 1 and "
                      "FALSIFIED:\n${replayed}${replay_err}")
endif()
if(NOT out MATCHES "rerun: RC_PARAMS=\"(seed=[0-9]+)\" ([^\n]*) --gtest_filter=([^ \n]+)\n")
  message(FATAL_ERROR "no rerun line in the failure:\n${out}")
endif()
set(ENV{RC_PARAMS} "${CMAKE_MATCH_1}")
set(rerun "${CMAKE_MATCH_2}" "--gtest_filter=${CMAKE_MATCH_3}")
if(NOT CMAKE_MATCH_2 STREQUAL TESTS)
  message(FATAL_ERROR "the rerun line names '${CMAKE_MATCH_2}', expected '${TESTS}'")
endif()
execute_process(COMMAND ${rerun} OUTPUT_VARIABLE rerun_out ERROR_VARIABLE rerun_err
                RESULT_VARIABLE rerun_status)
string(REGEX MATCH "--token [^ \n]+" first_token "${out}")
string(REGEX MATCH "--token [^ \n]+" rerun_token "${rerun_out}")
if(rerun_status EQUAL 0 OR NOT rerun_token STREQUAL first_token)
  message(FATAL_ERROR "the printed rerun (${rerun}) exited ${rerun_status} with "
                      "'${rerun_token}', expected a failure with '${first_token}':\n${rerun_out}")
endif()
message(STATUS "the replay (${program}) and the rerun repeat the failure")
