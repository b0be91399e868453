# Checks crash isolation: a property made to fail the way KIND says (PROOFPORT_TEST_FAULT:
# segv, fpe, abort, throw, hang) becomes that property's error row in the table, the JUnit and
# the JSON report, and the other properties of the run still run and are reported.
#   cmake -D EXE=<proofport> -D OUT=<scratch dir> -D KIND=<kind> -P ProofportCheckIsolation.cmake
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
set(victim float32/GradientContext.toPack_pop)
set(ENV{PROOFPORT_TEST_FAULT} "${KIND}:${victim}")
execute_process(
  COMMAND "${EXE}" run --theorem "GradientContext.toPack_*" --scalar float32 --seed 3
          --cases 10 --timeout 2 -j 2 --no-corpus --no-save
          --junit "${OUT}/report.xml" --json "${OUT}/report.json"
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
set(all "stdout:\n${out}\nstderr:\n${err}")
if(NOT status EQUAL 1)
  message(FATAL_ERROR "expected exit 1 (a property could not run), got ${status}\n${all}")
endif()
set(why "killed by SIG|threw std::runtime_error|timed out after 2 s")
if(NOT out MATCHES "error +float32 +GradientContext.toPack_pop"
   OR NOT out MATCHES "4 held, 0 falsified, 1 could not run"
   OR NOT out MATCHES "the property's process (${why})")
  message(FATAL_ERROR "expected toPack_pop's error row and four passing rows\n${all}")
endif()
file(READ "${OUT}/report.xml" junit)
string(REGEX MATCHALL "<testcase " cases "${junit}")
list(LENGTH cases count)
if(NOT count EQUAL 5 OR NOT junit MATCHES "errors=\"1\""
   OR NOT junit MATCHES "name=\"GradientContext.toPack_pop\"[^>]*>[^<]*<error")
  message(FATAL_ERROR "expected 5 testcases, toPack_pop's an <error>, in:\n${junit}")
endif()
file(READ "${OUT}/report.json" json)
string(JSON results LENGTH "${json}" results)
string(JSON verdict GET "${json}" results 4 verdict)
string(JSON short GET "${json}" results 4 short)
if(NOT results EQUAL 5 OR NOT verdict STREQUAL "error" OR NOT short STREQUAL "GradientContext.toPack_pop")
  message(FATAL_ERROR "expected 5 results, toPack_pop's an error, in:\n${json}")
endif()
