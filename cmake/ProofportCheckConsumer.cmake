# Installs a build into a scratch prefix, then configures, builds and tests a project of the
# examples (examples/consumer, examples/rle, examples/hashmap_own) against that prefix alone: the
# installed package is all the project sees.
#   cmake -D BUILD_DIR=<build> -D PREFIX=<scratch prefix> -D SOURCE=<examples/consumer>
#         -D WORK=<scratch build dir> -D GENERATOR=<generator> -D CXX=<compiler>
#         -D BUILD_TYPE=<type> -D CTEST=<ctest> -D SOURCE_ROOT=<repository>
#         [-D FRAMEWORK_ONLY=ON -D NM=<nm> -D MAKE_PROGRAM=<ninja>]
#         [-D "CONFIGURE_ARGS=-D<VAR>=<value>;…"] [-D CTEST_JOBS=<n>] [-D LAUNCHER=<ccache>]
#         -P ProofportCheckConsumer.cmake
# CONFIGURE_ARGS are passed to the project's configuration (cache variables such as the path of a
# Lean file it reads); CTEST_JOBS runs its ctest with -j (default 1).
# FRAMEWORK_ONLY: the project is a structure of its own, built on the framework alone: no unit's
# dependency output lists a header of the deferred context's folders (core, tape, oracle,
# generators, properties, the umbrella proofport.h), and no object or program holds a
# GradientContext or Deferred symbol (`nm -C`).
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

# The build's compiler cache, if it has one, compiles the consumer too: a unit compiled before
# with the same headers is not compiled again (what it checks does not depend on it).
if(LAUNCHER)
  list(APPEND CONFIGURE_ARGS "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
step("configuring the consumer" "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${WORK}" -G "${GENERATOR}"
     "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}" "-DCMAKE_CXX_COMPILER=${CXX}"
     "-DCMAKE_PREFIX_PATH=${PREFIX}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF ${CONFIGURE_ARGS})
file(STRINGS "${WORK}/CMakeCache.txt" found REGEX "^proofport_DIR:")
string(FIND "${found}" "proofport_DIR:PATH=${PREFIX}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "the consumer found proofport elsewhere: ${found}")
endif()
step("building the consumer" "${CMAKE_COMMAND}" --build "${WORK}" --parallel 2)
if(FRAMEWORK_ONLY)
  # Every unit's headers, as the build recorded them: Ninja keeps them in its own log
  # (`ninja -t deps`), other generators in the compiler's *.o.d files.
  set(dependencies "")
  if(GENERATOR MATCHES "Ninja")
    execute_process(COMMAND "${MAKE_PROGRAM}" -C "${WORK}" -t deps OUTPUT_VARIABLE dependencies
                    RESULT_VARIABLE deps_status)
    if(NOT deps_status EQUAL 0)
      message(FATAL_ERROR "${MAKE_PROGRAM} -t deps failed (exit ${deps_status})")
    endif()
    string(REGEX MATCHALL "\\.o: #deps" units "${dependencies}")
  else()
    file(GLOB_RECURSE units "${WORK}/*.o.d")
    foreach(file IN LISTS units)
      file(READ "${file}" text)
      string(APPEND dependencies "${file}:\n${text}\n")
    endforeach()
  endif()
  list(LENGTH units unit_count)
  if(unit_count EQUAL 0)
    message(FATAL_ERROR "no dependency record of any unit under ${WORK}: nothing to check")
  endif()
  # Plain substring searches: a regular expression over megabytes of paths is slow in CMake.
  # Fails with `message` and the line of `text` where the first of the needles is found.
  function(fail_on_first text message)
    foreach(needle IN LISTS ARGN)
      string(FIND "${text}" "${needle}" at)
      if(NOT at EQUAL -1)
        string(SUBSTRING "${text}" ${at} 200 hit)
        string(REGEX REPLACE "\n.*" "" hit "${hit}")
        message(FATAL_ERROR "rule broken: ${message}: ${hit}")
      endif()
    endforeach()
  endfunction()
  fail_on_first("${dependencies}" "a unit under ${WORK} includes a header of the deferred context"
                include/proofport/core/ include/proofport/tape/ include/proofport/oracle/
                include/proofport/generators/ include/proofport/properties/
                include/proofport/proofport.h include/proofport/torchlean.h)
  execute_process(COMMAND find "${WORK}" -type f ( -name "*.o" -o -perm -u+x ) -not -name "*.sh"
                  -not -path "*/CMakeFiles/*.bin" -not -path "*/CMakeFiles/[0-9]*"
                  OUTPUT_VARIABLE binaries OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REPLACE "\n" ";" binaries "${binaries}")
  set(checked_binaries 0)
  foreach(binary IN LISTS binaries)
    execute_process(COMMAND "${NM}" -C "${binary}" OUTPUT_VARIABLE symbols ERROR_QUIET
                    RESULT_VARIABLE nm_status)
    if(NOT nm_status EQUAL 0)
      continue()
    endif()
    math(EXPR checked_binaries "${checked_binaries} + 1")
    fail_on_first("${symbols}" "${binary} holds a symbol of the deferred context"
                  GradientContext Deferred)
  endforeach()
  message(STATUS "framework only: ${unit_count} units' dependencies and ${checked_binaries} objects and "
                 "programs checked")
endif()
if(NOT CTEST_JOBS)
  set(CTEST_JOBS 1)
endif()
step("the consumer's ctest" "${CTEST}" --test-dir "${WORK}" --output-on-failure -j ${CTEST_JOBS})
message(STATUS "${step_output}")
