# Checks that a command that fails with a usage error leaves the reports it was asked to write
# byte for byte as they were: each target holds known text before the command runs and the
# same text after it.
#   MODE=coverage: `proofport coverage --json OLD FILE` with a Lean file that cannot be read.
#   MODE=merge_null, merge_missing, merge_nan: `proofport merge --json OLD --junit OLD SHARD`
#   where SHARD is a one-shard run's JSON report whose first result's "milliseconds" is null,
#   missing, or NaN (which JSON cannot carry); the error names the shard and the field. The
#   shard as written merges (exit 0), so the edited field is what is refused.
#   MODE=run_same_file: `run --json R --junit R`, one file for two reports.
#   MODE=coverage_into_input: `coverage --json L L`, the report over the Lean file it reads.
#   MODE=merge_into_shard: `merge --json S S`, the merged report over its own shard (kept byte
#   for byte as `run` wrote it).
#   MODE=merge_incomplete, merge_foreign, merge_header, merge_overflow, merge_shard_field:
#   `merge --json OLD --junit OLD SHARD` where SHARD, a three-result run that merges as written,
#   lacks its second result, holds a result at an index its selection does not reach, has a
#   seed that is text or 1e999 (which no 64-bit number holds), or a shard field that is not I/N;
#   the error names the shard and what is wrong.
#   MODE=merge_deep, merge_format_null, merge_groups: the same, where SHARD holds an extra field
#   of arrays nested 100 000 deep (refused before anything walks it), a null "format", or a
#   selection whose "groups" is a number. MODE=merge_folder: SHARD is a folder.
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

# Writes the JSON report of a one-result, one-shard run to `shard`.
function(one_result_shard shard)
  run_proofport(0 "1 held" run --theorem GradientContext.toPack_pop --scalar float32 --seed 7
                --shard 1/1 --no-corpus --json "${shard}")
endfunction()

if(MODE STREQUAL "coverage")
  expect_failure_keeps("${OUT}/coverage.json" 2 "cannot read .*no-such-file.lean"
                       coverage --json "${OUT}/coverage.json" "${OUT}/no-such-file.lean")
elseif(MODE MATCHES "^merge_(null|missing|nan)$")
  set(shard "${OUT}/shard.json")
  one_result_shard("${shard}")
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
elseif(MODE STREQUAL "run_same_file")
  set(report "${OUT}/report")
  expect_failure_keeps("${report}" 2 "--junit '[^']*report' and --json '[^']*report' name one file"
                       run --theorem GradientContext.toPack_pop --scalar float32 --seed 7
                       --no-corpus --json "${report}" --junit "${report}")
elseif(MODE STREQUAL "coverage_into_input")
  set(lean "${OUT}/Input.lean")
  expect_failure_keeps("${lean}" 2 "--json '[^']*Input.lean' names the Lean file"
                       coverage --json "${lean}" "${lean}")
elseif(MODE STREQUAL "merge_into_shard")
  set(shard "${OUT}/shard.json")
  one_result_shard("${shard}")
  file(READ "${shard}" before)
  run_proofport(2 "--json '[^']*shard.json' names the shard '[^']*shard.json'"
                merge --json "${shard}" "${shard}")
  file(READ "${shard}" after)
  if(NOT after STREQUAL before)
    message(FATAL_ERROR "merge --json SHARD SHARD changed the shard:\n${after}")
  endif()
elseif(MODE MATCHES "^merge_(incomplete|foreign|header|overflow|shard_field|deep|format_null|groups|folder)$")
  # A shard of three results, edited so that it no longer holds what its run selected.
  set(shard "${OUT}/shard.json")
  run_proofport(0 "3 held" run --theorem GradientContext.toPack_pop --scalar float32 --seed 7
                --cases 5 --shard 1/1 --no-corpus --json "${shard}"
                --theorem GradientContext.toPack_cast --theorem GradientContext.toPack_ofPack)
  run_proofport(0 "3 results: 3 held" merge --json "${OUT}/whole.json" "${shard}")
  file(READ "${shard}" text)
  if(MODE STREQUAL "merge_incomplete")
    string(JSON text REMOVE "${text}" results 1)
    set(match "shard.json' lacks result 1 \\(float32/[A-Za-z.]+GradientContext")
  elseif(MODE STREQUAL "merge_foreign")
    string(JSON text SET "${text}" results 2 index 7)
    set(match "shard.json': result 2 is float32/[^ ]+ at index 7, which the shards' selection does not reach \\(it has 3 entries\\)")
  elseif(MODE STREQUAL "merge_header")
    string(JSON text SET "${text}" seed "\"7\"")
    set(match "shard.json': the field \"seed\": expected a whole number")
  elseif(MODE STREQUAL "merge_overflow")
    string(REGEX REPLACE "\"seed\": 7" "\"seed\": 1e999" text "${text}")
    set(match "shard.json': expected a JSON report .*number overflow")
  elseif(MODE STREQUAL "merge_deep")
    string(REPEAT "[" 100000 open)
    string(REPEAT "]" 100000 close)
    string(REGEX REPLACE "^{" "{\"deep\": ${open}${close}," text "${text}")
    set(match "shard.json': expected JSON nested at most 64 deep, got arrays or objects nested 65 deep")
  elseif(MODE STREQUAL "merge_format_null")
    string(JSON text SET "${text}" format null)
    set(match "shard.json': expected a JSON report of 'run --json'")
  elseif(MODE STREQUAL "merge_groups")
    string(JSON text SET "${text}" selection groups 5)
    set(match "shard.json': the field \"selection\": expected an object holding the lists of strings")
  elseif(MODE STREQUAL "merge_folder")
    file(REMOVE "${shard}")
    file(MAKE_DIRECTORY "${shard}")
    set(match "shard.json': expected a report file, got a folder")
  else()
    string(JSON text SET "${text}" shard "\"x/1\"")
    set(match "shard.json': the field \"shard\": .*'x/1'")
  endif()
  if(NOT MODE STREQUAL "merge_folder")
    file(WRITE "${shard}" "${text}")
  endif()
  set(json "${OUT}/merged.json")
  set(junit "${OUT}/merged.xml")
  expect_failure_keeps("${json};${junit}" 2 "${match}"
                       merge --json "${json}" --junit "${junit}" "${shard}")
else()
  message(FATAL_ERROR "MODE '${MODE}': expected coverage, coverage_into_input, run_same_file, "
                      "merge_null, merge_missing, merge_nan, merge_into_shard, merge_incomplete, "
                      "merge_foreign, merge_header, merge_overflow, merge_shard_field, "
                      "merge_deep, merge_format_null, merge_groups or merge_folder")
endif()
