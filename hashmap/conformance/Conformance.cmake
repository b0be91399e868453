# Writes the conformance table of the production maps and Lean's port against a Lean file of
# Std.HashMap lemmas: per map and key type, how many theorems hold, are falsified, are not
# admissible or unsupported; then every falsified theorem with its shrunk counterexample per map
# and the semantic difference it shows (Differences.txt).
#   cmake -D CLI=<proofport_hashmap> -D LEAN=<Lemmas.lean> -D OUTPUT=docs/CONFORMANCE.md
#         [-D EXPECTED_OUTPUT=hashmap/conformance/Expected.txt] [-D STRUCTURES=<a;b>]
#         [-D CORPUS=<dir>] [-D JOBS=2] [-D REUSE=ON] -P hashmap/conformance/Conformance.cmake
# Each map runs once, seeded (--seed 1), the pinned corpus (CORPUS, default corpus/ beside this
# script) replayed first, so the table is the same on every run and at every -j. With
# EXPECTED_OUTPUT, the falsified (instantiation, theorem) pairs are also written there: the list
# CheckExpected.cmake pins. The reports are kept beside CLI (conformance/<map>.json); REUSE=ON
# reads those already there instead of running their maps again.
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/ConformanceRun.cmake")

foreach(required CLI LEAN OUTPUT)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "Conformance: -D ${required}=… is required")
  endif()
endforeach()
if(NOT DEFINED STRUCTURES)
  set(STRUCTURES unordered_map absl_flat_hash_map absl_node_hash_map boost_unordered_map
                 dense_hash_map lean_hashmap)
endif()
if(NOT DEFINED CORPUS)
  set(CORPUS "${CMAKE_CURRENT_LIST_DIR}/corpus")
endif()
set(differences_file "${CMAKE_CURRENT_LIST_DIR}/Differences.txt")

# Differences.txt: `<regex> <explanation>` a line, the regex matched against the whole short
# theorem name; the first match explains.
file(STRINGS "${differences_file}" difference_lines REGEX "^[^#]")
set(pattern_count 0)
foreach(line IN LISTS difference_lines)
  if(NOT line MATCHES "^([^ ]+) +(.+)$")
    message(FATAL_ERROR "${differences_file}: expected `<regex> <explanation>`, got '${line}'")
  endif()
  set(pattern_${pattern_count} "${CMAKE_MATCH_1}")
  set(explanation_${pattern_count} "${CMAKE_MATCH_2}")
  math(EXPR pattern_count "${pattern_count} + 1")
endforeach()

# A theorem's name as a variable name: `?` and `!` spelt out, so that `getKey?_insert`,
# `getKey!_insert` and `getKey_insert` stay apart.
function(conformance_key theorem out)
  string(REPLACE "?" "_query" name "${theorem}")
  string(REPLACE "!" "_bang" name "${name}")
  string(MAKE_C_IDENTIFIER "${name}" name)
  set(${out} "${name}" PARENT_SCOPE)
endfunction()

get_filename_component(lean_name "${LEAN}" NAME)
# The reports go beside the program, in its build tree.
get_filename_component(cli_dir "${CLI}" DIRECTORY)
set(work "${cli_dir}/conformance")
set(table "| map | key type - value type | held | falsified | not admissible | unsupported | other |\n")
string(APPEND table "| --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
set(expected_pairs "")
set(theorems "")
set(unexplained "")
foreach(structure IN LISTS STRUCTURES)
  message(STATUS "running ${lean_name} over ${structure}")
  conformance_run("${structure}" "${work}")
  set(instantiations "")
  foreach(row IN LISTS conformance_rows)
    string(REPLACE "|" ";" parts "${row}")
    list(GET parts 0 instantiation)
    list(GET parts 2 verdict)
    if(NOT instantiation IN_LIST instantiations)
      list(APPEND instantiations "${instantiation}")
      foreach(kind passed falsified not_admissible unsupported other)
        set(count_${instantiation}_${kind} 0)
      endforeach()
    endif()
    if(NOT verdict MATCHES "^(passed|falsified|not_admissible|unsupported)$")
      set(verdict other)
    endif()
    math(EXPR count_${instantiation}_${verdict} "${count_${instantiation}_${verdict}} + 1")
  endforeach()
  foreach(instantiation IN LISTS instantiations)
    string(REPLACE "${structure}-" "" types "${instantiation}")
    string(APPEND table "| `${structure}` | ${types} | ${count_${instantiation}_passed} | "
                        "${count_${instantiation}_falsified} | "
                        "${count_${instantiation}_not_admissible} | "
                        "${count_${instantiation}_unsupported} | ${count_${instantiation}_other} |\n")
  endforeach()
  foreach(index IN LISTS conformance_indices)
    string(JSON result GET "${conformance_json}" results ${index})
    string(JSON instantiation GET "${result}" scalar)
    string(JSON theorem GET "${result}" short)
    conformance_counterexample("${result}" counterexample)
    conformance_description("${result}" description)
    list(APPEND expected_pairs "${instantiation} ${theorem}")
    conformance_key("${theorem}" key)
    if(NOT DEFINED seen_${key})
      set(seen_${key} TRUE)
      list(APPEND theorems "${theorem}")
      set(cases_${key} "")
      set(description_${key} "${description}")
    endif()
    string(REPLACE "|" "\\|" counterexample "${counterexample}")
    string(APPEND cases_${key} "| `${structure}` | ${instantiation} | `${counterexample}` |\n")
  endforeach()
endforeach()

set(details "")
foreach(theorem IN LISTS theorems)
  conformance_key("${theorem}" key)
  set(explanation "")
  foreach(p RANGE ${pattern_count})
    if(p LESS pattern_count AND explanation STREQUAL "" AND theorem MATCHES "^${pattern_${p}}$")
      set(explanation "${explanation_${p}}")
    endif()
  endforeach()
  if(explanation STREQUAL "")
    list(APPEND unexplained "${theorem}")
    set(explanation "(no difference recorded in hashmap/conformance/Differences.txt)")
  endif()
  string(APPEND details "### `${theorem}`\n\n${explanation}\n\n"
                        "First case, as the run reports it:\n\n```\n${description_${key}}\n```\n\n"
                        "| map | instantiation | shrunk counterexample |\n| --- | --- | --- |\n"
                        "${cases_${key}}\n")
endforeach()

list(LENGTH theorems theorem_count)
string(REPLACE ";" " " structure_text "${STRUCTURES}")
file(WRITE "${OUTPUT}" "# Conformance of C++ maps to Lean's Std.HashMap lemmas

Generated by `hashmap/conformance/Conformance.cmake` (do not edit by hand):

```
cmake -D CLI=build/ci/bin/proofport_hashmap -D LEAN=<${lean_name}> -D OUTPUT=docs/CONFORMANCE.md \\
      -D EXPECTED_OUTPUT=hashmap/conformance/Expected.txt -P hashmap/conformance/Conformance.cmake
```

Lean core's Std.HashMap lemmas (`${lean_name}`) interpreted over each map (`proofport_hashmap
run --lean ${lean_name} --structure MAP --seed 1`, the pinned cases of hashmap/conformance/corpus
replayed first; docs/STATEMENTS.md). Maps: ${structure_text}. A theorem *held* on its 100 drawn
cases; *falsified* is a counterexample; *not admissible* means the key type does not claim a class
the theorem needs or claims one its laws refute (CaseInsensitive and FiniteFloat keys are not
`LawfulBEq`; NaNFloat's `EquivBEq` and CaseSensitiveHash's `LawfulHashable` are refused, see
`list --scalars`); *unsupported* is a construct the interpreter does not read; *other* gave up
or errored. ctest `hashmap/lean/expected/<map>` fails
when a falsified theorem appears or disappears (hashmap/conformance/Expected.txt).

${table}
## Falsified theorems (${theorem_count})

Each with the semantic difference it shows (hashmap/conformance/Differences.txt) and its shrunk
counterexample per map.

${details}")
if(DEFINED EXPECTED_OUTPUT)
  list(SORT expected_pairs)
  string(REPLACE ";" "\n" expected_text "${expected_pairs}")
  file(WRITE "${EXPECTED_OUTPUT}" "# The falsified (instantiation, theorem) pairs of the Lean \
file over each map,\n# written by Conformance.cmake and pinned by CheckExpected.cmake (ctest \
hashmap/lean/expected/<map>).\n${expected_text}\n")
endif()
message(STATUS "wrote ${OUTPUT}: ${theorem_count} falsified theorems")
if(unexplained)
  string(REPLACE ";" "\n  " unexplained_text "${unexplained}")
  message(WARNING "falsified theorems with no difference recorded in ${differences_file}:\n"
                  "  ${unexplained_text}")
endif()
