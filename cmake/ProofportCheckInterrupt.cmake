# Checks that whatever ends a run keeps the work that finished, and that a time budget bounds
# the campaign. One selected property hangs (PROOFPORT_TEST_FAULT=hang:VICTIM); the others finish
# in milliseconds.
#   MODE=interrupt: SIGINT during a plain run; every other property keeps its verdict and cases,
#     the hung one alone is an error row saying it was interrupted, in the table and both reports.
#   MODE=campaign: SIGINT during a --time-budget 60s campaign, the same.
#   MODE=budget: a --time-budget 6s campaign ends within its budget plus the grace (2 s), though
#     --timeout would let the hung property run for 45 s; the others keep their rounds.
#   cmake -D EXE=<proofport> -D OUT=<scratch dir> -D MODE=interrupt|campaign|budget
#         -P ProofportCheckInterrupt.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
set(victim "GradientContext.lookup_toPack")
set(ENV{PROOFPORT_TEST_FAULT} "hang:float32/${victim}")
set(common run --theorem "GradientContext.*" --scalar float32,rational --seed 1 --no-save
           --no-corpus -j 2 --json "${OUT}/report.json" --junit "${OUT}/report.xml")
if(MODE STREQUAL "interrupt")
  set(args ${common})
  set(signal_after 6)
  set(why "interrupted")
elseif(MODE STREQUAL "campaign")
  set(args ${common} --time-budget 60s)
  set(signal_after 6)
  set(why "interrupted")
elseif(MODE STREQUAL "budget")
  set(args ${common} --time-budget 6s --timeout 45)
  set(signal_after 0)
  set(why "time budget")
else()
  message(FATAL_ERROR "MODE: expected interrupt, campaign or budget, got '${MODE}'")
endif()

# sh runs the program, sends SIGINT after `signal_after` seconds (0: none), and prints the wall
# time in milliseconds on its last line.
string(REPLACE ";" "' '" quoted "${args}")
execute_process(
  COMMAND sh -c "start=$(date +%s%N); '${EXE}' '${quoted}' & pid=$!; if [ ${signal_after} -gt 0 ]; then sleep ${signal_after}; kill -INT $pid; fi; wait $pid; status=$?; echo \"wall_ms $(( ($(date +%s%N) - start) / 1000000 ))\"; exit $status"
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
set(all "exit ${status}\nstdout:\n${out}\nstderr:\n${err}")
if(NOT status EQUAL 1)
  message(FATAL_ERROR "expected exit 1 (one property could not finish)\n${all}")
endif()
if(MODE STREQUAL "budget")
  string(REGEX MATCH "wall_ms ([0-9]+)" wall "${out}")
  if(CMAKE_MATCH_1 GREATER 8500)
    message(FATAL_ERROR "a 6 s budget (grace 2 s) took ${CMAKE_MATCH_1} ms\n${all}")
  endif()
endif()

# The table: 27 rows held, the victim's the one error row, saying why.
if(NOT out MATCHES "27 held, 0 falsified, 1 could not run"
   OR NOT out MATCHES "error +float32 +${victim}")
  message(FATAL_ERROR "expected 27 held rows and the hung property's error row\n${all}")
endif()

# Both reports: 28 results; every one but the victim passed with cases run.
file(READ "${OUT}/report.json" json)
string(JSON results LENGTH "${json}" results)
if(NOT results EQUAL 28)
  message(FATAL_ERROR "expected 28 results in the JSON report\n${json}")
endif()
math(EXPR last "${results} - 1")
foreach(k RANGE ${last})
  string(JSON short GET "${json}" results ${k} short)
  string(JSON scalar GET "${json}" results ${k} scalar)
  string(JSON verdict GET "${json}" results ${k} verdict)
  string(JSON cases GET "${json}" results ${k} cases)
  if(short STREQUAL victim AND scalar STREQUAL "float32")
    string(JSON description GET "${json}" results ${k} description)
    if(NOT verdict STREQUAL "error" OR NOT description MATCHES "${why}")
      message(FATAL_ERROR "the hung property: expected an error saying '${why}', got "
                          "${verdict}: ${description}")
    endif()
  elseif(NOT verdict STREQUAL "passed" OR cases LESS 1)
    message(FATAL_ERROR "${scalar}/${short} finished but was reported ${verdict} with "
                        "${cases} cases\n${all}")
  endif()
endforeach()
file(READ "${OUT}/report.xml" junit)
string(REGEX MATCHALL "<testcase " testcases "${junit}")
list(LENGTH testcases count)
if(NOT count EQUAL 28 OR NOT junit MATCHES "errors=\"1\"")
  message(FATAL_ERROR "expected 28 testcases, one an <error>, in:\n${junit}")
endif()
