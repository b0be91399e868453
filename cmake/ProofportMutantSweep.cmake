# Runs the model properties (Model.*) against every mutant of the mutant build for each seed and
# fails on any run that ends by a signal, a timeout, a sanitizer report or a usage error: a
# counterexample, a shrink step or a broken context must end in a verdict, never a crash.
#   cmake -D EXE=<mutants/bin/proofport> -D FIRST_SEED=1 -D LAST_SEED=3 [-D TIMEOUT=<s>]
#         -P ProofportMutantSweep.cmake
if(NOT DEFINED TIMEOUT)
  set(TIMEOUT 600)
endif()
execute_process(COMMAND "${EXE}" mutants --list OUTPUT_VARIABLE listing RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${EXE} mutants --list: expected exit 0, got ${status}")
endif()
string(REGEX MATCHALL "(^|\n)[a-zA-Z_]+" mutants "${listing}")
list(TRANSFORM mutants STRIP)
list(LENGTH mutants count)
if(count EQUAL 0)
  message(FATAL_ERROR "${EXE} mutants --list: expected mutant names, got none")
endif()
set(runs 0)
set(falsified 0)
set(bad "")
foreach(seed RANGE ${FIRST_SEED} ${LAST_SEED})
  foreach(mutant IN LISTS mutants)
    execute_process(
      COMMAND "${EXE}" run --mutant "${mutant}" --seed "${seed}" --no-corpus --no-save
              --theorem "Model.*"
      OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT ${TIMEOUT})
    math(EXPR runs "${runs} + 1")
    # Exit 0 (held) or 1 (falsified) only; a number above 128, a signal's name or a timeout
    # message otherwise. A sanitizer may report and still exit 1: its report counts too.
    if(NOT (status STREQUAL "0" OR status STREQUAL "1")
       OR err MATCHES "ERROR: AddressSanitizer|runtime error:|LeakSanitizer")
      string(SUBSTRING "${out}${err}" 0 4000 shown)
      string(APPEND bad "\n--mutant ${mutant} --seed ${seed}: exit '${status}'\n${shown}")
    elseif(status STREQUAL "1")
      math(EXPR falsified "${falsified} + 1")
    endif()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "expected every run to end in a verdict (exit 0 or 1), got:${bad}")
endif()
message(STATUS "${runs} runs (${count} mutants x seeds ${FIRST_SEED}-${LAST_SEED}) of Model.* "
               "ended in a verdict; ${falsified} falsified")
