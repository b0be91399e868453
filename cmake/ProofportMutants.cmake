# The mutant tree: the same sources configured with PROOFPORT_MUTANTS=ON under <build>/mutants,
# so the production targets of this tree contain no fault site. `proofport mutants` runs its
# CLI; that CLI and examples/shadow_mlp (the checked levels' catch table) are built there, over
# PROOFPORT_MUTANT_SCALARS.
include(ExternalProject)

string(REPLACE ";" "|" mutant_scalars "${PROOFPORT_MUTANT_SCALARS}")
set(PROOFPORT_MUTANT_BINARY_DIR "${PROJECT_BINARY_DIR}/mutants")
ExternalProject_Add(proofport_mutant_tree
  SOURCE_DIR "${PROJECT_SOURCE_DIR}"
  BINARY_DIR "${PROOFPORT_MUTANT_BINARY_DIR}"
  LIST_SEPARATOR "|"
  CMAKE_ARGS
    -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
    -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
    -DPROOFPORT_MUTANTS=ON
    -DPROOFPORT_BUILD_MUTANTS=OFF
    -DPROOFPORT_BUILD_TESTS=OFF
    -DPROOFPORT_BUILD_BENCH=OFF
    -DPROOFPORT_BUILD_TOOLS=ON
    -DPROOFPORT_WERROR=${PROOFPORT_WERROR}
    -DPROOFPORT_SANITIZE=${PROOFPORT_SANITIZE}
    -DPROOFPORT_SCALARS=${mutant_scalars}
    -DPROOFPORT_CORPUS_DIR=${PROOFPORT_CORPUS_DIR}
  BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target proofport proofport_example_shadow_mlp
  INSTALL_COMMAND ""
  BUILD_ALWAYS ON
  # The nested configure's output goes to a log, shown only if it fails (a build prints the
  # usual compiler-detection lines once, for the tree it configures itself).
  LOG_CONFIGURE ON
  LOG_OUTPUT_ON_FAILURE ON)
set(PROOFPORT_MUTANT_CLI "${PROOFPORT_MUTANT_BINARY_DIR}/bin/proofport")
target_compile_definitions(proofport PRIVATE
  PROOFPORT_MUTANT_CLI="${PROOFPORT_MUTANT_CLI}")
