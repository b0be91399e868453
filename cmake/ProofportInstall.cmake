# Installation: headers, libraries, the proofport CLI, and a CMake package, so that another
# project does find_package(proofport CONFIG REQUIRED) and links proofport::proofport (the
# umbrella), the framework (proofport::runner, ::gen, ::checked, ::cli, ::testing, ...) and the
# deferred context's catalog (proofport::core, ::properties, ::catalog, ...).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(PROOFPORT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/proofport" CACHE STRING
  "Where the proofport CMake package files are installed, relative to the prefix")

# Every library folder: its target proofport_<folder> is exported as proofport::<folder>.
set(proofport_library_folders spec mutant scalars runner fuzz gen checked port lean interp core tape
  oracle generators properties hashmap)
# proofport::testing (GoogleTest) only when the tests are built; the package config then finds
# GoogleTest too.
set(PROOFPORT_PACKAGE_HAS_TESTING OFF)
if(TARGET proofport_testing)
  set(PROOFPORT_PACKAGE_HAS_TESTING ON)
  list(APPEND proofport_library_folders testing)
endif()
set(proofport_exported_targets proofport_options)
set_target_properties(proofport_options PROPERTIES EXPORT_NAME options)
foreach(folder IN LISTS proofport_library_folders)
  set_target_properties(proofport_${folder} PROPERTIES EXPORT_NAME ${folder})
  list(APPEND proofport_exported_targets proofport_${folder})
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/${folder}/include/"
          DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
endforeach()
# The HashMap catalog's oracle model (proofport::hashmap_model), in hashmap/model/.
set_target_properties(proofport_hashmap_model PROPERTIES EXPORT_NAME hashmap_model)
list(APPEND proofport_exported_targets proofport_hashmap_model)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/hashmap/model/include/"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
# The built-in catalog (proofport::catalog), built in properties/.
set_target_properties(proofport_catalog PROPERTIES EXPORT_NAME catalog)
list(APPEND proofport_exported_targets proofport_catalog)
# The CMake side of the framework: catalogs, scalar registrations, property tests.
install(FILES
  "${PROJECT_SOURCE_DIR}/cmake/ProofportCatalog.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ProofportScalars.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ProofportDiscoverProperties.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/CatalogScalar.cpp.in"
  "${PROJECT_SOURCE_DIR}/cmake/CatalogUnit.cpp.in"
  "${PROJECT_SOURCE_DIR}/cmake/Catalog.cpp.in"
  "${PROJECT_SOURCE_DIR}/cmake/PropertyTestsMain.cpp.in"
  "${PROJECT_SOURCE_DIR}/cmake/CliMain.cpp.in"
  "${PROJECT_SOURCE_DIR}/cmake/FuzzMain.cpp.in"
  "${PROJECT_SOURCE_DIR}/cmake/ProofportLeanTests.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ProofportHashMap.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/ProofportExpectExit.cmake"
  DESTINATION "${PROOFPORT_INSTALL_CMAKEDIR}")
# The command line as a library (folder cli/, target proofport::cli): proofport/cli/Main.h.
set(PROOFPORT_PACKAGE_HAS_CLI OFF)
if(TARGET proofport_cli)
  set(PROOFPORT_PACKAGE_HAS_CLI ON)
  set_target_properties(proofport_cli PROPERTIES EXPORT_NAME cli)
  list(APPEND proofport_exported_targets proofport_cli)
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/cli/include/"
          DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# The deferred context's header (folder include/, target proofport::proofport):
# proofport/torchlean.h, and proofport/proofport.h forwarding to it.
set_target_properties(proofport_proofport PROPERTIES EXPORT_NAME proofport)
list(APPEND proofport_exported_targets proofport_proofport)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/proofport"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" FILES_MATCHING PATTERN "*.h")

install(TARGETS ${proofport_exported_targets} EXPORT proofportTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(EXPORT proofportTargets NAMESPACE proofport::
  DESTINATION "${PROOFPORT_INSTALL_CMAKEDIR}")

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/proofportConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/proofportConfig.cmake"
  INSTALL_DESTINATION "${PROOFPORT_INSTALL_CMAKEDIR}")
# 0.x: a minor version may change the interface.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/proofportConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/proofportConfig.cmake"
              "${PROJECT_BINARY_DIR}/proofportConfigVersion.cmake"
  DESTINATION "${PROOFPORT_INSTALL_CMAKEDIR}")

if(TARGET proofport)
  install(TARGETS proofport RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
  # Its regression corpus, which the installed program replays (properties/program/proofport.cpp).
  install(DIRECTORY "${PROOFPORT_CORPUS_DIR}/"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/proofport/corpus")
endif()
