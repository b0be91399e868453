# Checks `proofport run --time-budget`:
#   MODE=budget: a short budget ends in time with both reports written;
#   MODE=signal: SIGTERM ends a long budget early, cleanly, with both reports written;
#   MODE=mutant: a failure found on a mutant prints a rerun command that reproduces it without
#   the budget (through `sh -c`, exit 1).
#   cmake -D EXE=<proofport> -D OUT=<scratch dir> -D MODE=budget|signal|mutant
#         -P ProofportCheckCampaign.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
set(reports --json "${OUT}/report.json" --junit "${OUT}/report.xml")

# Fails unless both reports exist and hold the same results, one per float32 property.
function(expect_reports)
  file(READ "${OUT}/report.json" json)
  string(JSON results LENGTH "${json}" results)
  file(READ "${OUT}/report.xml" junit)
  string(REGEX MATCHALL "<testcase classname=\"float32\"" cases "${junit}")
  list(LENGTH cases count)
  if(results EQUAL 0 OR NOT results EQUAL count OR NOT junit MATCHES "</testsuites>")
    message(FATAL_ERROR "expected both reports with the same results:\n${json}\n${junit}")
  endif()
endfunction()

string(TIMESTAMP started "%s")
if(MODE STREQUAL "budget")
  execute_process(COMMAND "${EXE}" run --scalar float32 --time-budget 5s --seed 1 --no-save
                          ${reports}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  string(TIMESTAMP ended "%s")
  math(EXPR seconds "${ended} - ${started}")
  if(NOT status EQUAL 0 OR seconds GREATER 10 OR NOT out MATCHES "round 2:")
    message(FATAL_ERROR "expected exit 0 within 10 s after rounds, got ${status} after "
                        "${seconds} s\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "passed +float32 +GradientContext.toPack_pop +[0-9]+")
    message(FATAL_ERROR "expected the cases run per property:\n${out}")
  endif()
  expect_reports()
elseif(MODE STREQUAL "signal")
  execute_process(
    COMMAND sh -c "\"$0\" run --scalar float32 --time-budget 10m --seed 1 --no-save --json \"$1/report.json\" --junit \"$1/report.xml\" & pid=$!; sleep 3; kill -TERM $pid; wait $pid"
            "${EXE}" "${OUT}"
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  string(TIMESTAMP ended "%s")
  math(EXPR seconds "${ended} - ${started}")
  if(NOT status MATCHES "^[01]$" OR seconds GREATER 20 OR NOT out MATCHES "interrupted")
    message(FATAL_ERROR "expected a clean end soon after SIGTERM, got exit ${status} after "
                        "${seconds} s\n${out}\n${err}")
  endif()
  expect_reports()
elseif(MODE STREQUAL "mutant")
  execute_process(COMMAND "${EXE}" run --mutant push_merges_by_equality --scalar float32
                          --theorem "GradientContext.*" --time-budget 5s --seed 1 --no-corpus
                          ${reports}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 1 OR NOT out MATCHES "rerun the search:  ([^\n]*)")
    message(FATAL_ERROR "expected a falsified property and its rerun line:\n${out}\n${err}")
  endif()
  set(rerun "${CMAKE_MATCH_1}")
  if(rerun MATCHES "time-budget")
    message(FATAL_ERROR "the rerun command keeps the budget: ${rerun}")
  endif()
  execute_process(COMMAND sh -c "${rerun}" OUTPUT_VARIABLE again RESULT_VARIABLE status)
  if(NOT status EQUAL 1 OR NOT again MATCHES "FALSIFIED")
    message(FATAL_ERROR "the rerun command did not reproduce the failure: ${rerun}\n${again}")
  endif()
else()
  message(FATAL_ERROR "MODE: expected budget, signal or mutant, got '${MODE}'")
endif()
