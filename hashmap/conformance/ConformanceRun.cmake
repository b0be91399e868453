# The one run the conformance table and the pinned differences read: a Lean file over one
# structure of proofport_hashmap, seeded, replaying the pinned corpus first, its JSON report
# parsed. Included by Conformance.cmake and CheckExpected.cmake.
#
# conformance_run(<structure> <work dir> [SCALARS <names>] [THEOREMS <globs>…])
#   Runs `${CLI} run --lean ${LEAN} --structure <structure> --seed 1 --no-save --corpus
#   ${CORPUS} -j ${JOBS} --json <work dir>/<structure>.json` and sets, in the caller's scope:
#   - conformance_rows: one `<instantiation>|<theorem>|<verdict>` per result (`not admissible`
#     spelt `not_admissible`, `gave up` `gave_up`), theorem by its short name;
#   - conformance_json: the report's text, and conformance_indices: the positions in its
#     `results` of the falsified results, for conformance_counterexample.
#   Exit 0 or 1 (some theorem falsified) is a run; any other status stops the script. With
#   REUSE set, a report already in <work dir> is read instead of run again.
#
# conformance_counterexample(<result> <out>)
#   Sets <out> to a falsified result's binders (<result>: its JSON object) as `name := value`,
#   comma-separated.
#
# conformance_description(<result> <out>)
#   Sets <out> to the result's description (the conclusion and both sides of its relation), the
#   Lean file named without its folder.
if(NOT DEFINED JOBS)
  set(JOBS 2)
endif()

function(conformance_run structure work)
  cmake_parse_arguments(ARG "" "SCALARS" "THEOREMS" ${ARGN})
  foreach(required CLI LEAN CORPUS)
    if(NOT DEFINED ${required})
      message(FATAL_ERROR "conformance_run: -D ${required}=… is required")
    endif()
  endforeach()
  set(report "${work}/${structure}.json")
  set(selection "")
  if(ARG_SCALARS)
    list(APPEND selection --scalar "${ARG_SCALARS}")
  endif()
  foreach(glob IN LISTS ARG_THEOREMS)
    list(APPEND selection --theorem "${glob}")
  endforeach()
  file(MAKE_DIRECTORY "${work}")
  if(REUSE AND EXISTS "${report}")
    message(STATUS "${structure}: reusing ${report}")
  else()
    execute_process(COMMAND "${CLI}" run --lean "${LEAN}" --structure "${structure}" --seed 1
                            --no-save --corpus "${CORPUS}" -j "${JOBS}" --json "${report}"
                            ${selection}
      OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
    if(NOT status EQUAL 0 AND NOT status EQUAL 1)
      message(FATAL_ERROR "${structure}: expected exit 0 or 1, got ${status}\n"
                          "stdout:\n${out}\nstderr:\n${err}")
    endif()
  endif()
  # The report prints one field a line, a result's fields in name order (index, scalar, short,
  # verdict): read line by line, since a JSON query parses the whole report (2 MB) each time.
  # The falsified results alone are then read as JSON, each once.
  file(STRINGS "${report}" fields
       REGEX "^      \"(index|scalar|short|verdict)\": ")
  set(rows "")
  set(indices "")
  foreach(field IN LISTS fields)
    if(field MATCHES "^      \"index\": ([0-9]+),$")
      set(index "${CMAKE_MATCH_1}")
    elseif(field MATCHES "^      \"scalar\": \"([^\"]*)\",$")
      set(instantiation "${CMAKE_MATCH_1}")
    elseif(field MATCHES "^      \"short\": \"([^\"]*)\",$")
      set(theorem "${CMAKE_MATCH_1}")
    elseif(field MATCHES "^      \"verdict\": \"([^\"]*)\"$")
      string(REPLACE " " "_" verdict "${CMAKE_MATCH_1}")
      list(APPEND rows "${instantiation}|${theorem}|${verdict}")
      if(verdict STREQUAL "falsified")
        list(APPEND indices ${index})
      endif()
    else()
      message(FATAL_ERROR "${report}: a field read as other than expected: '${field}'")
    endif()
  endforeach()
  file(READ "${report}" json)
  string(JSON count LENGTH "${json}" results)
  list(LENGTH rows read)
  if(NOT read EQUAL count)
    message(FATAL_ERROR "${report}: ${count} results, ${read} read line by line")
  endif()
  set(conformance_rows "${rows}" PARENT_SCOPE)
  set(conformance_indices "${indices}" PARENT_SCOPE)
  set(conformance_json "${json}" PARENT_SCOPE)
endfunction()

function(conformance_counterexample result out)
  string(JSON binders LENGTH "${result}" counterexample)
  set(text "")
  if(binders GREATER 0)
    math(EXPR last "${binders} - 1")
    foreach(b RANGE ${last})
      string(JSON name GET "${result}" counterexample ${b} name)
      string(JSON value GET "${result}" counterexample ${b} value)
      if(NOT text STREQUAL "")
        string(APPEND text ", ")
      endif()
      string(APPEND text "${name} := ${value}")
    endforeach()
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(conformance_description result out)
  string(JSON text GET "${result}" description)
  # The Lean file by its name: the table reads the same wherever the file is kept.
  get_filename_component(lean_dir "${LEAN}" DIRECTORY)
  string(REPLACE "${lean_dir}/" "" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
