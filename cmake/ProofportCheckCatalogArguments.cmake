# Configures a scratch project that includes proofport's catalog functions and makes one call of
# them (CALL, after a plain target `plain`, a catalog-like target `fake_catalog` whose function
# is `fake::catalog` and a command-line-like target `other_cli` over `other_catalog`); the
# configure must fail with output matching EXPECT (blanks and line breaks read as one space).
#   cmake -D SOURCE_ROOT=<repository> -D WORK=<scratch dir> -D "CALL=<cmake text>"
#         -D "EXPECT=<regex>" -P ProofportCheckCatalogArguments.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/source")
file(WRITE "${WORK}/source/CMakeLists.txt"
  "cmake_minimum_required(VERSION 3.25)\n"
  "project(catalog_arguments NONE)\n"
  "include([=[${SOURCE_ROOT}/cmake/ProofportCatalog.cmake]=])\n"
  "add_library(plain INTERFACE)\n"
  "add_library(fake_catalog INTERFACE)\n"
  "set_target_properties(fake_catalog PROPERTIES PROOFPORT_CATALOG_FUNCTION fake::catalog)\n"
  "add_custom_target(other_cli)\n"
  "set_target_properties(other_cli PROPERTIES PROOFPORT_CLI_CATALOG other_catalog)\n"
  "${CALL}\n")
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${WORK}/source" -B "${WORK}/build"
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(status EQUAL 0)
  message(FATAL_ERROR "configuring `${CALL}` succeeded; expected it to fail with '${EXPECT}'")
endif()
# CMake wraps its messages: compare with every run of blanks and newlines as one space.
string(REGEX REPLACE "[ \n]+" " " text "${out}${err}")
if(NOT text MATCHES "${EXPECT}")
  message(FATAL_ERROR "configuring `${CALL}` failed without '${EXPECT}':\n${out}${err}")
endif()
message(STATUS "`${CALL}` is refused: matched '${EXPECT}'")
