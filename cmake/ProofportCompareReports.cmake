# Checks that results do not depend on how a run is split:
#   MODE=parallel: `run -j 1` and `run -j 3` give the same JSON results (times aside);
#   MODE=merge: `merge` of the `--shard i/3` runs, each its own process, gives the results of
#   the unsharded run, and merge refuses shards of different seeds or overlapping shards.
#   cmake -D EXE=<proofport> -D OUT=<scratch dir> -D MODE=parallel|merge
#         [-D "ARGS=run arguments"] -P ProofportCompareReports.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON), IN_LIST
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
separate_arguments(extra UNIX_COMMAND "${ARGS}")
set(selection run --seed 5 --cases 20 --no-save ${extra})

# Runs proofport with the arguments; fails unless it exits with one of the `ok` statuses.
function(proofport ok)
  execute_process(COMMAND "${EXE}" ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err
                  RESULT_VARIABLE status)
  if(NOT status IN_LIST ok)
    message(FATAL_ERROR "proofport ${ARGN}: exit ${status}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  set(out "${out}${err}" PARENT_SCOPE)
  set(status "${status}" PARENT_SCOPE)
endfunction()

# Sets `var` to the results of the JSON report `file` without their times, one line each.
function(results file var)
  file(READ "${file}" text)
  string(JSON count LENGTH "${text}" results)
  set(lines "")
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(k RANGE ${last})
      set(line "")
      foreach(key index theorem scalar verdict cases shrinks seed description counterexample
                  reproduce classes unexercised)
        string(JSON value GET "${text}" results ${k} ${key})
        string(APPEND line "${key}=${value} ")
      endforeach()
      string(APPEND lines "${line}\n")
    endforeach()
  endif()
  set(${var} "${lines}" PARENT_SCOPE)
endfunction()

function(expect_same expected actual what)
  if(NOT expected STREQUAL actual)
    message(FATAL_ERROR "${what}\nexpected:\n${expected}\ngot:\n${actual}")
  endif()
endfunction()

if(MODE STREQUAL "parallel")
  proofport("0;1" ${selection} -j 1 --json "${OUT}/one.json")
  proofport("0;1" ${selection} -j 3 --json "${OUT}/three.json")
  results("${OUT}/one.json" one)
  results("${OUT}/three.json" three)
  expect_same("${one}" "${three}" "-j 3 gave other results than -j 1")
elseif(MODE STREQUAL "merge")
  proofport("0;1" ${selection} --json "${OUT}/whole.json")
  set(whole_status "${status}")
  foreach(i 1 2 3)
    proofport("0;1" ${selection} --shard ${i}/3 --json "${OUT}/shard${i}.json")
  endforeach()
  # The merged report exits as the unsharded run did (not admissible pairs are no failure).
  proofport("${whole_status}" merge --json "${OUT}/merged.json" --junit "${OUT}/merged.xml"
            "${OUT}/shard1.json" "${OUT}/shard2.json" "${OUT}/shard3.json")
  results("${OUT}/whole.json" whole)
  results("${OUT}/merged.json" merged)
  expect_same("${whole}" "${merged}" "the merged shards differ from the unsharded run")
  proofport("0;1" run --seed 6 --cases 20 --no-save ${extra} --shard 3/3
            --json "${OUT}/other-seed.json")
  proofport(2 merge --json "${OUT}/refused.json" "${OUT}/shard1.json" "${OUT}/shard2.json"
            "${OUT}/other-seed.json")
  if(NOT out MATCHES "come from different runs: their seed differ")
    message(FATAL_ERROR "merge of different seeds: expected a refusal naming the seed:\n${out}")
  endif()
  proofport(2 merge --json "${OUT}/refused.json" "${OUT}/shard1.json" "${OUT}/shard1.json"
            "${OUT}/shard3.json")
  if(NOT out MATCHES "are both shard 1/3: their selections overlap")
    message(FATAL_ERROR "merge of overlapping shards: expected a refusal:\n${out}")
  endif()
else()
  message(FATAL_ERROR "MODE: expected parallel or merge, got '${MODE}'")
endif()
