# Checks that the commands a failure prints paste into a shell: a falsified run over a corpus
# folder whose name holds a space, a `$`, quotes and a non-ASCII letter prints replay and rerun
# lines; each, run through `sh -c`, must exit 1 as the failure did. `run --reproduce` must
# reproduce it too and offer no search to rerun.
#   cmake -D EXE=<proofport> -D OUT=<scratch dir> -P ProofportCheckPaste.cmake
set(corpus "${OUT}/my corpus $HOME 'q' \"d\" é")
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
set(failing run --mutant push_merges_by_equality --scalar float32 --seed 1
    --theorem GradientContext.lookup_addUniform)

# Runs `args`, expects exit 1, and leaves the output in `out`.
function(expect_falsified)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 1)
    message(FATAL_ERROR "${ARGN}: expected exit 1, got ${status}\nstdout:\n${text}\nstderr:\n${err}")
  endif()
  set(out "${text}" PARENT_SCOPE)
endfunction()

# Pastes the command printed after `label` in `text` into `sh -c`; expects exit 1.
function(paste label text)
  if(NOT text MATCHES "${label}  ([^\n]*)")
    message(FATAL_ERROR "no '${label}' line in:\n${text}")
  endif()
  set(line "${CMAKE_MATCH_1}")
  expect_falsified(sh -c "${line}")
  message(STATUS "pasted (exit 1): ${line}")
endfunction()

expect_falsified("${EXE}" ${failing} --corpus "${corpus}" --save)
set(first "${out}")
paste("replay this case:" "${first}")
paste("rerun the search:" "${first}")
if(NOT first MATCHES "--token ([^ \n]+)")
  message(FATAL_ERROR "no token in:\n${first}")
endif()
set(token "${CMAKE_MATCH_1}")

# The saved case replays before any search, and its replay line names the case file.
expect_falsified("${EXE}" ${failing} --corpus "${corpus}")
if(NOT out MATCHES "replay this case:  [^\n]*replay --mutant push_merges_by_equality '")
  message(FATAL_ERROR "expected a replay of the quoted corpus file, got:\n${out}")
endif()
paste("replay this case:" "${out}")

expect_falsified("${EXE}" ${failing} --no-corpus --reproduce "${token}")
if(out MATCHES "rerun the search")
  message(FATAL_ERROR "--reproduce ran no search, yet offers one to rerun:\n${out}")
endif()
paste("replay this case:" "${out}")
