# Runs proofport_hashmap over a Lean file and checks the tally: exit 0 (nothing falsified, nothing
# given up) and at least MIN distinct theorems held for each key type (Int, String) over its
# instantiations `unordered_map-<key>-<value>` (the test key types' verdicts are pinned by
# hashmap/conformance instead).
#   cmake -D CLI=<proofport_hashmap> -D LEAN=<Lemmas.lean> -D MIN=<count> -P LemmasTally.cmake
execute_process(COMMAND "${CLI}" run --lean "${LEAN}" --structure unordered_map --seed 1
                        --no-save -j 2 --scalar
                        unordered_map-int-int,unordered_map-string-int,unordered_map-int-unit,unordered_map-string-unit
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "expected exit 0, got ${status}\nstdout:\n${out}\nstderr:\n${err}")
endif()
string(REPLACE "\n" ";" lines "${out}")
foreach(key int string)
  set(held_${key} "")
endforeach()
foreach(line IN LISTS lines)
  if(line MATCHES "^passed +unordered_map-(int|string)-[a-z]+ +([^ ]+) ")
    list(APPEND held_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  endif()
endforeach()
foreach(key int string)
  list(REMOVE_DUPLICATES held_${key})
  list(LENGTH held_${key} count)
  message(STATUS "key type ${key}: ${count} theorems held")
  if(count LESS MIN)
    message(FATAL_ERROR "key type ${key}: expected at least ${MIN} theorems held, got ${count}\n"
                        "stdout:\n${out}")
  endif()
endforeach()
