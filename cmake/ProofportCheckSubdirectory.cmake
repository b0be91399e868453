# Configures and builds tests/package/subdirectory, a project that add_subdirectory's this
# source tree and links proofport::core alone, then checks that the build compiled no object of
# a library it does not link: no catalog unit (properties), no generator, scalar, checked,
# oracle, tape or Lean reader object, and no tool or test.
#   cmake -D SOURCE_ROOT=<repository> -D WORK=<scratch build dir> -D GENERATOR=<generator>
#         -D CXX=<compiler> -D BUILD_TYPE=<type> -P ProofportCheckSubdirectory.cmake
function(step what)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit ${status})\nstdout:\n${out}\nstderr:\n${err}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK}")
step("configuring the project" "${CMAKE_COMMAND}" -S "${SOURCE_ROOT}/tests/package/subdirectory"
     -B "${WORK}" -G "${GENERATOR}" "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
     "-DCMAKE_CXX_COMPILER=${CXX}" "-DPROOFPORT_SOURCE_DIR=${SOURCE_ROOT}")
step("building the project" "${CMAKE_COMMAND}" --build "${WORK}" --parallel 2)
step("running what it built" "${WORK}/uses_core")

file(GLOB_RECURSE objects RELATIVE "${WORK}/proofport" "${WORK}/proofport/*.o")
set(unexpected)
foreach(object IN LISTS objects)
  # proofport::core links the vocabulary (spec) and the mutant hooks; nothing else is needed.
  if(NOT object MATCHES "^(spec|mutant|core)/")
    list(APPEND unexpected "${object}")
  endif()
endforeach()
if(unexpected)
  list(JOIN unexpected "\n  " listed)
  message(FATAL_ERROR "linking proofport::core built objects it does not need:\n  ${listed}")
endif()
list(LENGTH objects count)
message(STATUS "linking proofport::core built ${count} proofport object(s), all of spec/mutant/core")
