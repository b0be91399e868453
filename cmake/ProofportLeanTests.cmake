# proofport_add_lean_tests(<name> CLI <program> LEAN <file> STRUCTURE <structure>
#   [TEST_PREFIX <prefix>] [LABELS <labels>…] [ARGS <run options>…]
#   [ENVIRONMENT <VAR=value>…] [INSTANTIATIONS <regex>])
#   Registers the theorems of a Lean file, interpreted over a structure the program registers
#   (proofport_add_cli … PORTINGS), as ctest tests: one per (Lean section, instantiation), named
#   `<prefix><section>/<instantiation>` (prefix default `lean/<name>/`), each running
#   `<program> run --lean <file> --structure <structure> --group <section> --scalar
#   <instantiation> <ARGS>`. The tests are listed from the program when ctest starts
#   (`list --groups`), so a new theorem or section needs no reconfigure. A file that does not
#   exist is said at configure time and registers nothing; a program not built yet registers
#   one failing test saying so. ENVIRONMENT is set for every test (`RC_PARAMS=max_discard_ratio=…`
#   for premises that hold rarely). INSTANTIATIONS registers only the instantiations whose name
#   matches the regex (the others run elsewhere, e.g. against a list of expected verdicts).
function(proofport_add_lean_tests name)
  cmake_parse_arguments(ARG "" "CLI;LEAN;STRUCTURE;TEST_PREFIX;INSTANTIATIONS"
    "LABELS;ARGS;ENVIRONMENT" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "proofport_add_lean_tests(${name}): unknown arguments: "
                        "${ARG_UNPARSED_ARGUMENTS}")
  endif()
  foreach(required CLI LEAN STRUCTURE)
    if(NOT ARG_${required})
      message(FATAL_ERROR "proofport_add_lean_tests(${name}): ${required} is required")
    endif()
  endforeach()
  if(NOT TARGET "${ARG_CLI}")
    message(FATAL_ERROR "proofport_add_lean_tests(${name}): CLI '${ARG_CLI}' is not a target "
                        "(declare it with proofport_add_cli first)")
  endif()
  if(NOT EXISTS "${ARG_LEAN}")
    message(STATUS "proofport: ${ARG_LEAN} does not exist; the Lean tests ${name} are not "
                   "registered")
    return()
  endif()
  set(prefix "lean/${name}/")
  if(DEFINED ARG_TEST_PREFIX)
    set(prefix "${ARG_TEST_PREFIX}")
  endif()
  set(labels "lean;interpreted")
  if(ARG_LABELS)
    set(labels "${ARG_LABELS}")
  endif()
  set(script "${CMAKE_CURRENT_BINARY_DIR}/${name}_lean_tests.cmake")
  # Bracket arguments keep paths and options as written; the listing is read when ctest starts.
  file(GENERATE OUTPUT "${script}" CONTENT "\
set(cli [==[$<TARGET_FILE:${ARG_CLI}>]==])
set(lean [==[${ARG_LEAN}]==])
set(structure [==[${ARG_STRUCTURE}]==])
set(prefix [==[${prefix}]==])
set(labels [==[${labels}]==])
set(extra [==[${ARG_ARGS}]==])
set(environment [==[${ARG_ENVIRONMENT}]==])
set(instantiations [==[${ARG_INSTANTIATIONS}]==])
if(NOT EXISTS \"\${cli}\")
  add_test([==[${prefix}not_built]==] \"\${CMAKE_COMMAND}\" -E false)
  set_tests_properties([==[${prefix}not_built]==] PROPERTIES LABELS \"\${labels}\")
  return()
endif()
execute_process(COMMAND \"\${cli}\" list --groups --lean \"\${lean}\" --structure \"\${structure}\"
  OUTPUT_VARIABLE listing ERROR_VARIABLE error RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  add_test([==[${prefix}list]==] \"\${cli}\" list --groups --lean \"\${lean}\" --structure \"\${structure}\")
  set_tests_properties([==[${prefix}list]==] PROPERTIES LABELS \"\${labels}\")
  return()
endif()
string(REPLACE \"\\n\" \";\" lines \"\${listing}\")
foreach(line IN LISTS lines)
  if(NOT line MATCHES \"^([^ ]+) ([^ ]+) [0-9]+$\")
    continue()
  endif()
  set(group \"\${CMAKE_MATCH_1}\")
  set(instantiation \"\${CMAKE_MATCH_2}\")
  if(instantiations STREQUAL \"\" OR instantiation MATCHES \"\${instantiations}\")
    set(test \"\${prefix}\${group}/\${instantiation}\")
    add_test(\"\${test}\" \"\${cli}\" run --lean \"\${lean}\" --structure \"\${structure}\"
      --group \"\${group}\" --scalar \"\${instantiation}\" \${extra})
    set_tests_properties(\"\${test}\" PROPERTIES LABELS \"\${labels}\"
      ENVIRONMENT \"\${environment}\")
  endif()
endforeach()
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${script}")
endfunction()
