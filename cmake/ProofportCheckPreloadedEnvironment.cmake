# Builds a tiny shared library whose constructor changes one floating-point setting, preloads it
# into `proofport run` (and the property test binary), and checks that each refuses to run
# (exit 2) naming the setting; the same run without the library must hold, so the refusal is
# the library's doing.
#   cmake -D EXE=<proofport> -D PROPERTY_EXE=<property tests> -D CXX=<compiler>
#         -D SOURCE=<SetFloatEnvironment.cpp> -D SETTING=<macro> -D MATCH=<regex>
#         -D OUT=<scratch dir> -P ProofportCheckPreloadedEnvironment.cmake
file(MAKE_DIRECTORY "${OUT}")
set(library "${OUT}/lib${SETTING}.so")
execute_process(COMMAND "${CXX}" -shared -fPIC -O2 "-D${SETTING}" -o "${library}" "${SOURCE}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "building ${library} failed (exit ${status})\n${out}${err}")
endif()

set(selection run --scalar float32,float80 --cases 20 --seed 1 --no-corpus --no-save)
execute_process(COMMAND "${EXE}" ${selection} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "without the library, expected proofport ${selection} to hold, got exit "
                      "${status}\n${out}${err}")
endif()

# AddressSanitizer insists on being first in the library list; a preloaded library is not.
set(preload "LD_PRELOAD=${library}" "ASAN_OPTIONS=verify_asan_link_order=0")
foreach(command IN ITEMS "${EXE};${selection}" "${PROPERTY_EXE};--gtest_filter=float32.*")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env ${preload} ${command}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 2 OR NOT "${out}${err}" MATCHES "refusing to run: .*${MATCH}")
    message(FATAL_ERROR "with ${library} preloaded, expected ${command} to refuse to run "
                        "(exit 2) naming '${MATCH}', got exit ${status}\n${out}${err}")
  endif()
endforeach()
message(STATUS "${SETTING}: refused by both binaries: ${err}")
