# Checks that a command that fails with a usage error leaves the reports it was asked to write
# byte for byte as they were: each target holds known text before the command runs and the
# same text after it.
#   MODE=coverage: `proofport coverage --json OLD FILE` with a Lean file that cannot be read.
#   MODE=merge_null, merge_missing, merge_nan: `proofport merge --json OLD --junit OLD SHARD`
#   where SHARD is a one-shard run's JSON report whose first result's "milliseconds" is null,
#   missing, or NaN (which JSON cannot carry); the error names the shard and the field. The
#   shard as written merges (exit 0), so the edited field is what is refused.
#   cmake -D EXE=<proofport> -D OUT=<scratch dir> -D MODE=<mode> -P ProofportCheckReportKept.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")

# Runs proofport with the arguments after `expect` and `match`; fails unless it exits `expect`
# with output matching `match`.
function(run_proofport expect match)
  execute_process(COMMAND "${EXE}" ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err
                  RESULT_VARIABLE status)
  if(NOT status EQUAL expect OR NOT "${out}${err}" MATCHES "${match}")
    message(FATAL_ERROR "proofport ${ARGN}: expected exit ${expect} and output matching "
                        "'${match}', got exit ${status}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
endfunction()

# The known text `plant` writes to `file`.
function(planted_text file var)
  set(${var} "an earlier report, which a failing command must keep: ${file}\n" PARENT_SCOPE)
endfunction()

# Writes known text to each report named.
function(plant)
  foreach(file IN LISTS ARGN)
    planted_text("${file}" text)
    file(WRITE "${file}" "${text}")
  endforeach()
endfunction()

# Runs proofport with the arguments after `reports`, `expect` and `match`, each report in the
# list `reports` holding the text `plant` writes; fails, listing every problem, unless it exits
# `expect` with output matching `match` and each report still holds that text byte for byte.
function(expect_failure_keeps reports expect match)
  plant(${reports})
  execute_process(COMMAND "${EXE}" ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err
                  RESULT_VARIABLE status)
  set(problems "")
  foreach(file IN LISTS reports)
    planted_text("${file}" expected)
    if(NOT EXISTS "${file}")
      string(APPEND problems "${file}: the report is gone\n")
      continue()
    endif()
    file(READ "${file}" text)
    if(NOT text STREQUAL expected)
      file(SIZE "${file}" size)
      string(SUBSTRING "${text}" 0 400 start)
      string(APPEND problems "${file}: the report changed (${size} bytes now): ${start}\n")
    endif()
  endforeach()
  if(NOT status EQUAL expect OR NOT "${out}${err}" MATCHES "${match}")
    string(APPEND problems "expected exit ${expect} and output matching '${match}', got exit "
                           "${status}\n")
  endif()
  if(problems)
    message(FATAL_ERROR "proofport ${ARGN}:\n${problems}stdout:\n${out}\nstderr:\n${err}")
  endif()
endfunction()

if(MODE STREQUAL "coverage")
  expect_failure_keeps("${OUT}/coverage.json" 2 "cannot read .*no-such-file.lean"
                       coverage --json "${OUT}/coverage.json" "${OUT}/no-such-file.lean")
elseif(MODE MATCHES "^merge_(null|missing|nan)$")
  set(shard "${OUT}/shard.json")
  run_proofport(0 "1 held" run --theorem GradientContext.toPack_pop --scalar float32 --seed 7
                --shard 1/1 --no-corpus --json "${shard}")
  run_proofport(0 "1 results: 1 held" merge --json "${OUT}/whole.json" "${shard}")
  file(READ "${shard}" text)
  if(MODE STREQUAL "merge_null")
    string(JSON text SET "${text}" results 0 milliseconds null)
  elseif(MODE STREQUAL "merge_missing")
    string(JSON text REMOVE "${text}" results 0 milliseconds)
  else()
    string(REGEX REPLACE "\"milliseconds\": [^,\n]+" "\"milliseconds\": NaN" text "${text}")
  endif()
  if(text MATCHES "\"milliseconds\": [0-9]")
    message(FATAL_ERROR "the shard's milliseconds were not edited:\n${text}")
  endif()
  set(broken "${OUT}/shard-${MODE}.json")
  file(WRITE "${broken}" "${text}")
  set(json "${OUT}/merged.json")
  set(junit "${OUT}/merged.xml")
  expect_failure_keeps("${json};${junit}" 2 "shard-${MODE}\\.json.*milliseconds"
                       merge --json "${json}" --junit "${junit}" "${broken}")
else()
  message(FATAL_ERROR "MODE '${MODE}': expected coverage, merge_null, merge_missing or merge_nan")
endif()
