# proofport_add_test: one executable, its links, labels and ctest discovery in one call.
#
#   proofport_add_test(<name> SOURCES <files...> [LINKS <targets...>] LABELS <labels...>)
#
# Links GoogleTest's main unless the sources define their own, and after each build registers
# every test as a ctest test named as GoogleTest names it (`Suite.Test`, or `Suite/float32.Test`
# for a typed suite named by its scalar), carrying LABELS.

# proofport_include_discovered(<target> <script> [-D …]): after each build of <target>, runs
# <script> (cmake -P, with EXE=<the binary>, OUT=<a ctest file> and the extra -D arguments) to
# write its ctest tests, and has ctest include that file (a placeholder test until it exists).
function(proofport_include_discovered target script)
  set(ctest_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_discovered.cmake")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -D "EXE=$<TARGET_FILE:${target}>" -D "OUT=${ctest_file}" ${ARGN}
            -P "${script}"
    VERBATIM)
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake")
  file(WRITE "${include_file}"
    "if(EXISTS [=[${ctest_file}]=])\n"
    "  include([=[${ctest_file}]=])\n"
    "else()\n"
    "  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()

function(proofport_add_test name)
  cmake_parse_arguments(ARG "OWN_MAIN" "" "SOURCES;LINKS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LINKS} GTest::gtest)
  if(NOT ARG_OWN_MAIN)
    target_link_libraries(${name} PRIVATE GTest::gtest_main)
  endif()
  proofport_include_discovered(${name} "${PROJECT_SOURCE_DIR}/cmake/ProofportDiscoverTests.cmake"
    -D "LABELS=${ARG_LABELS}")
endfunction()
