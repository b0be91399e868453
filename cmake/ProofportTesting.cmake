# proofport_add_test: one executable, its links, labels and ctest discovery in one call.
#
#   proofport_add_test(<name> SOURCES <files...> [LINKS <targets...>] LABELS <labels...>)
#
# Links GoogleTest's main unless the sources define their own, and discovers every TEST as a
# ctest test named `Suite.Test` carrying LABELS.
include(GoogleTest)

function(proofport_add_test name)
  cmake_parse_arguments(ARG "OWN_MAIN" "" "SOURCES;LINKS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LINKS} GTest::gtest)
  if(NOT ARG_OWN_MAIN)
    target_link_libraries(${name} PRIVATE GTest::gtest_main)
  endif()
  gtest_discover_tests(${name}
    PROPERTIES LABELS "${ARG_LABELS}"
    DISCOVERY_TIMEOUT 60)
endfunction()
