# Checks that `proofport run --reproduce TOKEN` and `proofport replay --token TOKEN` give the
# same verdict on the same token. The token comes from a committed corpus case, read at test
# time (the first `*.case` of the folder FOLDER): corpus cases are regressions that hold on the
# production build, so both must say the case holds and exit 0.
#   cmake -D EXE=<proofport> -D FOLDER=<one property's corpus folder>
#         -P ProofportCheckReproduce.cmake
cmake_minimum_required(VERSION 3.19)
file(GLOB cases "${FOLDER}/*.case")
list(SORT cases)
if(NOT cases)
  message(FATAL_ERROR "${FOLDER}: expected corpus cases (*.case), found none")
endif()
list(GET cases 0 CASE)

# The value of the `key: value` header line of the case file.
function(case_field key var)
  file(STRINGS "${CASE}" lines REGEX "^${key}: ")
  list(LENGTH lines count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "${CASE}: expected one '${key}:' line, got ${count}")
  endif()
  string(REGEX REPLACE "^${key}: " "" value "${lines}")
  set(${var} "${value}" PARENT_SCOPE)
endfunction()

case_field(theorem theorem)
case_field(scalar scalar)
case_field(token token)

# Runs proofport with the arguments after `what`; fails unless it exits 0 with output matching
# `match`.
function(expect_holds what match)
  execute_process(COMMAND "${EXE}" ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0 OR NOT "${out}${err}" MATCHES "${match}")
    message(FATAL_ERROR "${what} of ${CASE}'s token: expected exit 0 and output matching "
                        "'${match}', got exit ${status}\nproofport ${ARGN}\nstdout:\n${out}\n"
                        "stderr:\n${err}")
  endif()
endfunction()

expect_holds("replay" "(^|\n)holds " replay --theorem "${theorem}" --scalar "${scalar}"
             --token "${token}")
expect_holds("run --reproduce" "1 held, 0 falsified" run --theorem "${theorem}"
             --scalar "${scalar}" --reproduce "${token}")
