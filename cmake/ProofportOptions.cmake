# Compiler settings shared by every proofport target, and the guard against fast-math.

# Results must not depend on value-changing optimizations: refuse them loudly.
foreach(flags_var CMAKE_CXX_FLAGS CMAKE_CXX_FLAGS_DEBUG CMAKE_CXX_FLAGS_RELEASE
                  CMAKE_CXX_FLAGS_RELWITHDEBINFO CMAKE_CXX_FLAGS_MINSIZEREL)
  foreach(bad -ffast-math -Ofast -funsafe-math-optimizations -fassociative-math
              -freciprocal-math -ffinite-math-only -fno-signed-zeros -ffp-contract=fast)
    string(FIND " ${${flags_var}} " " ${bad} " found)
    if(NOT found EQUAL -1)
      message(FATAL_ERROR
        "proofport: ${flags_var} contains ${bad}; value-changing floating-point "
        "optimizations break bitwise agreement with the dense semantics. Remove it.")
    endif()
  endforeach()
endforeach()

add_library(proofport_options INTERFACE)
add_library(proofport::options ALIAS proofport_options)
target_compile_features(proofport_options INTERFACE cxx_std_20)
# g++ defaults to -ffp-contract=fast, which fuses a*b+c and changes results.
# -frounding-math: results must follow the dynamic rounding mode (the rounding-mode scalar
# variants run every property under fesetround), so no constant folding may assume nearest.
# The floating-point flags go to installed consumers too; the warnings are proofport's own.
target_compile_options(proofport_options INTERFACE
  -ffp-contract=off -fno-fast-math -frounding-math
  "$<BUILD_INTERFACE:-Wall;-Wextra;-Wpedantic;-Wshadow;-Wconversion;-Wno-sign-conversion>"
  "$<BUILD_INTERFACE:$<$<BOOL:${PROOFPORT_WERROR}>:-Werror>>")
# Build speed, when proofport is the top-level project (a project that adds it with
# add_subdirectory, and consumers of the installed package, keep their own settings). With GCC:
# - the memory collector runs only past 1 GB and then lets the heap grow 4x (its defaults collect
#   from 128 MB): the same object code, 15% less time for a catalog unit compiled alone (GCC 12,
#   float32 unit: 25 s to 21 s), 7% in a parallel build, at 1.4 GB instead of 1.1 GB; the largest
#   unit (tests/unit/SoundnessTest.cpp) compiles in 152 s instead of 164 s at 5.8 GB instead of
#   4.0 GB. PROOFPORT_GCC_MEMORY_PARAMS empty keeps GCC's defaults (a machine short of memory);
# - in RelWithDebInfo, no variable-tracking assignments: variables keep their debug info with
#   coarser locations in optimized code, and the CLI's units compile 18% faster (cli/Main.cpp:
#   10.3 s to 8.5 s).
set(PROOFPORT_GCC_MEMORY_PARAMS "--param=ggc-min-expand=400;--param=ggc-min-heapsize=1048576"
  CACHE STRING "GCC's memory-collector settings for proofport's own build (empty: GCC's defaults)")
if(PROOFPORT_TOP_LEVEL)
  target_compile_options(proofport_options INTERFACE
    "$<BUILD_INTERFACE:$<$<CXX_COMPILER_ID:GNU>:${PROOFPORT_GCC_MEMORY_PARAMS}>>"
    "$<BUILD_INTERFACE:$<$<AND:$<CXX_COMPILER_ID:GNU>,$<CONFIG:RelWithDebInfo>>:-fno-var-tracking-assignments>>")
endif()
if(PROOFPORT_MUTANTS)
  # Arms every `if (PROOFPORT_MUTANT(name))` fault site of the built-in catalog's code
  # (core/include/proofport/core/Mutants.h).
  target_compile_definitions(proofport_options INTERFACE PROOFPORT_MUTANTS=1)
endif()
if(PROOFPORT_SANITIZE)
  target_compile_options(proofport_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(proofport_options INTERFACE -fsanitize=address,undefined)
endif()
if(PROOFPORT_FUZZ)
  # Coverage instrumentation for libFuzzer on every target, so the production code under test
  # guides the search; the fuzz targets link libFuzzer itself (proofport_add_fuzzer).
  target_compile_options(proofport_options INTERFACE "$<BUILD_INTERFACE:-fsanitize=fuzzer-no-link>")
  target_link_options(proofport_options INTERFACE "$<BUILD_INTERFACE:-fsanitize=fuzzer-no-link>")
endif()

set(CMAKE_CXX_EXTENSIONS OFF)
