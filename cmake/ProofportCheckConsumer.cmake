# Installs a build into a scratch prefix, then configures, builds and tests a project of the
# examples (examples/consumer, examples/rle) against that prefix alone: the installed package is
# all the project sees.
#   cmake -D BUILD_DIR=<build> -D PREFIX=<scratch prefix> -D SOURCE=<examples/consumer>
#         -D WORK=<scratch build dir> -D GENERATOR=<generator> -D CXX=<compiler>
#         -D BUILD_TYPE=<type> -D CTEST=<ctest> -D SOURCE_ROOT=<repository>
#         -P ProofportCheckConsumer.cmake
function(step what)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit ${status})\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${PREFIX}" "${WORK}")
step("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}")

# The package must not point back into the source or build tree.
file(GLOB_RECURSE package_files "${PREFIX}/*.cmake")
foreach(file IN LISTS package_files)
  file(READ "${file}" text)
  foreach(tree IN ITEMS "${SOURCE_ROOT}" "${BUILD_DIR}")
    string(FIND "${text}" "${tree}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${file} refers to ${tree}: the installed package is not standalone")
    endif()
  endforeach()
endforeach()

step("configuring the consumer" "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${WORK}" -G "${GENERATOR}"
     "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}" "-DCMAKE_CXX_COMPILER=${CXX}"
     "-DCMAKE_PREFIX_PATH=${PREFIX}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
file(STRINGS "${WORK}/CMakeCache.txt" found REGEX "^proofport_DIR:")
string(FIND "${found}" "proofport_DIR:PATH=${PREFIX}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "the consumer found proofport elsewhere: ${found}")
endif()
step("building the consumer" "${CMAKE_COMMAND}" --build "${WORK}" --parallel 2)
step("the consumer's ctest" "${CTEST}" --test-dir "${WORK}" --output-on-failure)
message(STATUS "${step_output}")
