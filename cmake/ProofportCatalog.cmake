# Catalogs of theorem declarations, built per scalar type: the CMake side of proofport's
# framework, used for the built-in catalog and installed for users' own catalogs.
#
#   proofport_register_scalar(<name> TYPE <C++ type> HEADER <traits header>
#     GEN_HEADER <generator header> FAMILY float|exact|witness DETECTS "<what it detects>"
#     [ROUNDING down up zero])
#       Makes a scalar type available to catalogs under <name> (`float32`, `rational`, …).
#       ROUNDING adds variants `<name>-down` … that run every property under that IEEE mode.
#
#   proofport_add_catalog(<target> LIST <C++ type> HEADER <header> FUNCTION <qualified name>
#     PREFIX <Lean prefix> [SCALARS <names>...] [LINKS <targets>...] [DEFINITIONS <defs>...]
#     [UNIT_SCALARS <n>])
#       A static library defining `const proofport::runner::Catalog &<FUNCTION>()` (the
#       name is stored on the target, property PROOFPORT_CATALOG_FUNCTION): every
#       declaration of the `proofport::runner::Theorems<…>` type LIST (declared in HEADER)
#       over each scalar of SCALARS (default: every registered one), UNIT_SCALARS of them
#       (default 2) per translation unit: the units build in parallel, and the code that names
#       no scalar type (about a quarter of a unit) is compiled once per unit, so two scalar
#       types to a unit take 15% less compile time than one each (GCC 12, about twice the
#       memory: 2 to 2.5 GB for the built-in catalog's). A name in SCALARS twice is an error.
#       PREFIX is the Lean namespace short names drop
#       (`Proofs.Autograd.Algebra.`). LINKS are the targets HEADER needs; DEFINITIONS are
#       compile definitions of the catalog's units and of every target linking the catalog (e.g.
#       a mutant build's switch: every unit that includes the port must see the same one).
#
#   proofport_catalog_scalars(<out-var>)
#       The names of every registered scalar type, in registration order.
#
#   proofport_add_property_tests(...) and proofport_add_cli(...): below.

set(PROOFPORT_CATALOG_TEMPLATE_DIR "${CMAKE_CURRENT_LIST_DIR}" CACHE INTERNAL
  "Where proofport's catalog templates live")

# Fails naming `<command>(<target>)` on a word that is no keyword of it, a keyword without a
# value, or a missing REQUIRED argument (ARG_<name> in the caller).
macro(_proofport_check_keywords command target)
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${command}(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(ARG_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${command}(${target}): no value after ${ARG_KEYWORDS_MISSING_VALUES}")
  endif()
  foreach(required ${ARGN})
    if(NOT ARG_${required})
      message(FATAL_ERROR "${command}(${target}): ${required} is required")
    endif()
  endforeach()
endmacro()

# _proofport_check_keywords, then splits ARG_FUNCTION (`my::catalog`) into NAMESPACE and
# FUNCTION_NAME in the caller's scope.
macro(_proofport_check_arguments command target)
  _proofport_check_keywords(${command} ${target} ${ARGN})
  if(NOT ARG_FUNCTION MATCHES "^([A-Za-z_][A-Za-z0-9_:]*)::([A-Za-z_][A-Za-z0-9_]*)$")
    message(FATAL_ERROR "${command}(${target}): FUNCTION must be a qualified name like "
                        "my::catalog, got '${ARG_FUNCTION}'")
  endif()
  set(NAMESPACE "${CMAKE_MATCH_1}")
  set(FUNCTION_NAME "${CMAKE_MATCH_2}")
endmacro()

# Sets <out> in the caller's scope to the target <name> names (an ALIAS resolved).
function(_proofport_real_target out name)
  get_target_property(aliased "${name}" ALIASED_TARGET)
  if(aliased)
    set(name "${aliased}")
  endif()
  set(${out} "${name}" PARENT_SCOPE)
endfunction()

# Sets MUTANTS_INCLUDE and MUTANTS_REGISTRY in the caller's scope from ARG_MUTANTS and
# ARG_MUTANTS_HEADER (both or neither): the include of the header and the statement that sets
# <field> to the list's registry; empty without mutants.
macro(_proofport_mutants_include command target field)
  set(MUTANTS_INCLUDE "")
  set(MUTANTS_REGISTRY "")
  if(ARG_MUTANTS OR ARG_MUTANTS_HEADER)
    if(NOT ARG_MUTANTS OR NOT ARG_MUTANTS_HEADER)
      message(FATAL_ERROR "${command}(${target}): MUTANTS and MUTANTS_HEADER go together "
                          "(the namespace of PROOFPORT_DEFINE_MUTANTS and the header declaring it)")
    endif()
    set(MUTANTS_INCLUDE "#include \"${ARG_MUTANTS_HEADER}\"")
    set(MUTANTS_REGISTRY "${field} = &${ARG_MUTANTS}::registry();")
  endif()
endmacro()

# Sets ARG_FUNCTION in the caller's scope to the catalog function stored on ARG_CATALOG (a target
# of proofport_add_catalog), failing naming `<command>(<target>)` when ARG_CATALOG is no such
# target. A FUNCTION the caller still passes (proofport 0.x) must name the same function.
macro(_proofport_catalog_function command target)
  if(NOT ARG_CATALOG)
    message(FATAL_ERROR "${command}(${target}): CATALOG is required")
  endif()
  if(NOT TARGET "${ARG_CATALOG}")
    message(FATAL_ERROR "${command}(${target}): CATALOG '${ARG_CATALOG}' is not a target")
  endif()
  get_target_property(_proofport_stored "${ARG_CATALOG}" PROOFPORT_CATALOG_FUNCTION)
  if(NOT _proofport_stored)
    message(FATAL_ERROR "${command}(${target}): CATALOG '${ARG_CATALOG}' is not a catalog "
                        "(make it with proofport_add_catalog)")
  endif()
  if(ARG_FUNCTION AND NOT ARG_FUNCTION STREQUAL _proofport_stored)
    message(FATAL_ERROR "${command}(${target}): FUNCTION ${ARG_FUNCTION} is not the function "
                        "of ${ARG_CATALOG} (${_proofport_stored}); leave FUNCTION out, the "
                        "catalog target carries it")
  elseif(ARG_FUNCTION)
    message(DEPRECATION "${command}(${target}): FUNCTION is no longer needed (the catalog "
                        "target ${ARG_CATALOG} carries it); it will be removed")
  endif()
  set(ARG_FUNCTION "${_proofport_stored}")
endmacro()

function(proofport_register_scalar name)
  cmake_parse_arguments(ARG "" "TYPE;HEADER;GEN_HEADER;FAMILY;DETECTS" "ROUNDING" ${ARGN})
  foreach(required TYPE HEADER GEN_HEADER FAMILY DETECTS)
    if(NOT ARG_${required})
      message(FATAL_ERROR "proofport_register_scalar(${name}): ${required} is required")
    endif()
  endforeach()
  if(NOT ARG_FAMILY MATCHES "^(float|exact|witness)$")
    message(FATAL_ERROR "proofport_register_scalar(${name}): FAMILY must be float, exact or "
                        "witness, got '${ARG_FAMILY}'")
  endif()
  set(modes "")
  foreach(mode IN LISTS ARG_ROUNDING)
    string(TOUPPER "${mode}" upper)
    if(upper STREQUAL "DOWN")
      list(APPEND modes FE_DOWNWARD)
    elseif(upper STREQUAL "UP")
      list(APPEND modes FE_UPWARD)
    elseif(upper STREQUAL "ZERO")
      list(APPEND modes FE_TOWARDZERO)
    else()
      message(FATAL_ERROR "proofport_register_scalar(${name}): unknown rounding '${mode}'")
    endif()
  endforeach()
  get_property(known GLOBAL PROPERTY PROOFPORT_SCALAR_NAMES)
  if(name IN_LIST known)
    message(FATAL_ERROR "proofport_register_scalar(${name}): registered twice")
  endif()
  set_property(GLOBAL APPEND PROPERTY PROOFPORT_SCALAR_NAMES "${name}")
  foreach(field TYPE HEADER GEN_HEADER FAMILY DETECTS)
    set_property(GLOBAL PROPERTY "PROOFPORT_SCALAR_${name}_${field}" "${ARG_${field}}")
  endforeach()
  set_property(GLOBAL PROPERTY "PROOFPORT_SCALAR_${name}_MODES" "${modes}")
endfunction()

function(proofport_catalog_scalars out)
  get_property(names GLOBAL PROPERTY PROOFPORT_SCALAR_NAMES)
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

# _proofport_cxx_string(<out> <text>): <text> as it must appear inside a C++ string literal of a
# generated source (backslashes and double quotes escaped).
function(_proofport_cxx_string out text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(proofport_add_catalog target)
  cmake_parse_arguments(ARG "" "LIST;HEADER;FUNCTION;PREFIX;UNIT_SCALARS"
                        "SCALARS;LINKS;DEFINITIONS" ${ARGN})
  _proofport_check_arguments(proofport_add_catalog "${target}" LIST HEADER FUNCTION)
  set(LIST "${ARG_LIST}")
  set(THEOREMS_HEADER "${ARG_HEADER}")
  _proofport_cxx_string(PREFIX "${ARG_PREFIX}")
  get_property(registered GLOBAL PROPERTY PROOFPORT_SCALAR_NAMES)
  set(scalars "${ARG_SCALARS}")
  if(NOT scalars)
    set(scalars "${registered}")
  endif()
  if(NOT DEFINED ARG_UNIT_SCALARS)
    set(ARG_UNIT_SCALARS 2)
  endif()
  if(NOT ARG_UNIT_SCALARS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "proofport_add_catalog(${target}): UNIT_SCALARS must be a positive "
                        "whole number, got '${ARG_UNIT_SCALARS}'")
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_catalog")
  file(READ "${PROOFPORT_CATALOG_TEMPLATE_DIR}/CatalogScalar.cpp.in" scalar_template)
  set(sources "")
  set(declarations "")
  set(calls "")
  set(UNIT_SCALARS "")
  set(UNIT_INCLUDES "")
  set(UNIT_FUNCTIONS "")
  list(LENGTH scalars scalar_count)
  set(distinct "${scalars}")
  list(REMOVE_DUPLICATES distinct)
  list(LENGTH distinct distinct_count)
  if(NOT distinct_count EQUAL scalar_count)
    message(FATAL_ERROR "proofport_add_catalog(${target}): SCALARS names a scalar type twice: "
                        "${scalars}")
  endif()
  set(position 0)
  set(unit 0)
  foreach(name IN LISTS scalars)
    if(NOT name IN_LIST registered)
      message(FATAL_ERROR "proofport_add_catalog(${target}): no scalar type '${name}' is "
                          "registered (proofport_register_scalar); registered: ${registered}")
    endif()
    foreach(field TYPE HEADER GEN_HEADER FAMILY DETECTS MODES)
      get_property(${field} GLOBAL PROPERTY "PROOFPORT_SCALAR_${name}_${field}")
    endforeach()
    set(NAME "${name}")
    _proofport_cxx_string(DETECTS "${DETECTS}")
    string(REPLACE ";" ", " VARIANTS "${MODES}")
    string(MAKE_C_IDENTIFIER "entries_${name}" ENTRIES)
    string(CONFIGURE "${scalar_template}" function @ONLY)
    list(APPEND UNIT_SCALARS "${name}")
    foreach(header IN ITEMS "${HEADER}" "${GEN_HEADER}")
      string(FIND "${UNIT_INCLUDES}" "#include \"${header}\"\n" included)
      if(included EQUAL -1)
        string(APPEND UNIT_INCLUDES "#include \"${header}\"\n")
      endif()
    endforeach()
    string(APPEND UNIT_FUNCTIONS "${function}\n")
    string(APPEND declarations "std::vector<proofport::runner::Entry> ${ENTRIES}();\n")
    string(APPEND calls "  append(${ENTRIES}());\n")
    math(EXPR position "${position} + 1")
    list(LENGTH UNIT_SCALARS unit_size)
    if(unit_size EQUAL ARG_UNIT_SCALARS OR position EQUAL scalar_count)
      # Numbered, so no two units' names meet (scalar names may hold `_`); named after their
      # first scalar type, so a build log says what compiles.
      list(GET UNIT_SCALARS 0 first)
      string(MAKE_C_IDENTIFIER "unit${unit}_${first}" unit_file)
      math(EXPR unit "${unit} + 1")
      string(REPLACE ";" ", " UNIT_SCALARS "${UNIT_SCALARS}")
      configure_file("${PROOFPORT_CATALOG_TEMPLATE_DIR}/CatalogUnit.cpp.in"
        "${dir}/${unit_file}.cpp" @ONLY)
      list(APPEND sources "${dir}/${unit_file}.cpp")
      set(UNIT_SCALARS "")
      set(UNIT_INCLUDES "")
      set(UNIT_FUNCTIONS "")
    endif()
  endforeach()
  set(DECLARATIONS "${declarations}")
  set(CALLS "${calls}")
  configure_file("${PROOFPORT_CATALOG_TEMPLATE_DIR}/Catalog.cpp.in" "${dir}/catalog.cpp" @ONLY)
  add_library(${target} STATIC "${dir}/catalog.cpp" ${sources})
  # The catalog function, read by proofport_add_property_tests and proofport_add_cli (and kept
  # by an installed export of the target).
  set_target_properties(${target} PROPERTIES PROOFPORT_CATALOG_FUNCTION "${ARG_FUNCTION}"
                                             EXPORT_PROPERTIES PROOFPORT_CATALOG_FUNCTION)
  target_link_libraries(${target} PUBLIC proofport::runner proofport::gen ${ARG_LINKS})
  # PUBLIC: the property tests and the command line over this catalog include the same headers
  # and must see the same switches (one definition of each inline function).
  target_compile_definitions(${target} PUBLIC ${ARG_DEFINITIONS})
  # Each unit instantiates every declaration's generators and property over its scalar types:
  # the build's most expensive code, and test code. Debug info triples its compile time (the
  # property code is debuggable through the headers' other users), and -O2/-O3 more than
  # doubles it (GCC 12, float32 unit: 26 s at -Og, 43 s at -O2) for properties that then run
  # about a quarter faster (2.7 s against 3.4 s for a whole run over four scalar types). -Og
  # in every configuration: the catalog checks the port, the port is built as the user asks.
  # Results cannot depend on it: -ffp-contract=off and -frounding-math hold at every level.
  set_source_files_properties(${sources} PROPERTIES COMPILE_OPTIONS "-g0;-Og")
endfunction()

# proofport_add_property_tests(<target> CATALOG <catalog target> [CLI <cli target>]
#   [CORPUS <dir>] [TEST_PREFIX <text>] [MUTANTS <namespace> MUTANTS_HEADER <header>])
#   A GoogleTest program running the catalog of the target CATALOG (from proofport_add_catalog),
#   registered in
#   ctest as one test per admissible (declaration, scalar) pair, named `<scalar>/<short name>`
#   with labels `property`, the kind (`seed`, `lemma`, `law`, `model`), the scalar's family and
#   `rounding` for rounding variants. Saved counterexamples under CORPUS are replayed first.
#   The tests are discovered after each build of <target>. A failure prints how to rerun it with
#   this program and, with CLI (a proofport_add_cli program over the same catalog), the exact
#   replay command with that program (declared before, with proofport_add_cli over the same
#   catalog target); with MUTANTS (as proofport_add_cli's, for a catalog built with the mutants
#   compiled in) the printed commands re-arm the armed mutant. TEST_PREFIX starts every test
#   name (`mutant/float32/…`),
#   so two programs over catalogs with the same declarations (two ports of one Lean file, a
#   mutant build) register distinct tests.
function(proofport_add_property_tests target)
  cmake_parse_arguments(ARG "" "CATALOG;FUNCTION;CLI;CORPUS;TEST_PREFIX;MUTANTS;MUTANTS_HEADER"
                        "" ${ARGN})
  _proofport_catalog_function(proofport_add_property_tests "${target}")
  _proofport_check_arguments(proofport_add_property_tests "${target}" CATALOG FUNCTION)
  if(ARG_CLI)
    set(cli_catalog "")
    if(TARGET "${ARG_CLI}")
      get_target_property(cli_catalog "${ARG_CLI}" PROOFPORT_CLI_CATALOG)
    endif()
    _proofport_real_target(catalog "${ARG_CATALOG}")
    if(NOT cli_catalog)
      message(FATAL_ERROR "proofport_add_property_tests(${target}): CLI '${ARG_CLI}' is not a "
                          "program of proofport_add_cli declared before this call")
    elseif(NOT cli_catalog STREQUAL catalog)
      message(FATAL_ERROR "proofport_add_property_tests(${target}): CLI '${ARG_CLI}' runs the "
                          "catalog ${cli_catalog}, not ${catalog}: its replays would run other "
                          "code")
    endif()
  endif()
  _proofport_mutants_include(proofport_add_property_tests "${target}" "options.mutants")
  if(NOT TARGET proofport::testing)
    message(FATAL_ERROR "proofport_add_property_tests(${target}): this proofport has no "
                        "proofport::testing target (it was built with PROOFPORT_BUILD_TESTS=OFF); "
                        "build and install it with the tests on")
  endif()
  _proofport_cxx_string(CORPUS "${ARG_CORPUS}")
  set(main "${CMAKE_CURRENT_BINARY_DIR}/${target}_main.cpp")
  configure_file("${PROOFPORT_CATALOG_TEMPLATE_DIR}/PropertyTestsMain.cpp.in" "${main}" @ONLY)
  # The replay program's path as a raw string literal (any character a path may hold).
  set(cli "")
  if(ARG_CLI)
    set(cli "$<TARGET_FILE:${ARG_CLI}>")
  endif()
  file(GENERATE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/${target}_cli/replay_program.inc"
    CONTENT "R\"proofport(${cli})proofport\"\n")
  add_executable(${target} "${main}")
  target_include_directories(${target} PRIVATE "${CMAKE_CURRENT_BINARY_DIR}/${target}_cli")
  target_link_libraries(${target} PRIVATE ${ARG_CATALOG} proofport::testing)
  if(ARG_CLI)
    add_dependencies(${target} ${ARG_CLI})
  endif()
  set(listing "${CMAKE_CURRENT_BINARY_DIR}/${target}_tests.cmake")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -D "EXE=$<TARGET_FILE:${target}>" -D "OUT=${listing}"
            -D "PREFIX=${ARG_TEST_PREFIX}"
            -P "${PROOFPORT_CATALOG_TEMPLATE_DIR}/ProofportDiscoverProperties.cmake"
    VERBATIM)
  set(include "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake")
  file(WRITE "${include}"
    "if(EXISTS [=[${listing}]=])\n"
    "  include([=[${listing}]=])\n"
    "else()\n"
    "  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include}")
endfunction()

# _proofport_program_setup(<command> <target>): the C++ a program's main needs for its CATALOG
# or PORTINGS (ARG_… of the calling function): CATALOG_DECLARATION, CATALOG_SETUP,
# PORTINGS_INCLUDE and PORTINGS_SETUP, set in the caller's scope (a macro).
macro(_proofport_program_setup command target)
  set(CATALOG_DECLARATION "")
  set(CATALOG_SETUP "")
  if(ARG_CATALOG OR NOT ARG_PORTINGS)
    _proofport_catalog_function(${command} "${target}")
    _proofport_check_arguments(${command} "${target}" CATALOG FUNCTION)
    set(CATALOG_DECLARATION "namespace ${NAMESPACE} {\nconst proofport::runner::Catalog &${FUNCTION_NAME}();\n} // namespace ${NAMESPACE}")
    set(CATALOG_SETUP "options.catalog = &${NAMESPACE}::${FUNCTION_NAME}();")
  elseif(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${command}(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  set(PORTINGS_INCLUDE "")
  set(PORTINGS_SETUP "")
  if(ARG_PORTINGS OR ARG_PORTINGS_HEADER)
    if(NOT ARG_PORTINGS OR NOT ARG_PORTINGS_HEADER)
      message(FATAL_ERROR "${command}(${target}): PORTINGS and PORTINGS_HEADER go together "
                          "(the function returning the program's interp::Portings and its header)")
    endif()
    if(NOT ARG_PORTINGS MATCHES "^[A-Za-z_][A-Za-z0-9_:]*::[A-Za-z_][A-Za-z0-9_]*$")
      message(FATAL_ERROR "${command}(${target}): PORTINGS must be a qualified name like "
                          "my::portings, got '${ARG_PORTINGS}'")
    endif()
    set(PORTINGS_INCLUDE "#include \"${ARG_PORTINGS_HEADER}\"\n#include \"proofport/interp/Suite.h\"\n#include \"proofport/interp/Mutate.h\"")
    set(PORTINGS_SETUP "const proofport::interp::Portings portings = ${ARG_PORTINGS}();\n  options.structures = proofport::interp::structureNames(portings);\n  options.leanCatalog = proofport::interp::leanCatalogOf(portings);\n  options.leanVariants = proofport::interp::leanVariantsOf(portings);")
  endif()
  if(NOT TARGET proofport::cli)
    message(FATAL_ERROR "${command}(${target}): this proofport has no proofport::cli "
                        "target (it was built with PROOFPORT_BUILD_TOOLS=OFF); build and install "
                        "it with the tools on")
  endif()
endmacro()

# proofport_add_cli(<target> [CATALOG <catalog target>]
#   [PORTINGS <namespace>::<function> PORTINGS_HEADER <header> [PORTINGS_LINKS <targets>…]]
#   [DESCRIPTION <text>] [CORPUS <dir>] [MUTANTS <namespace> MUTANTS_HEADER <header>])
#   An executable <target> with proofport's command line over the catalog of the target CATALOG
#   (from proofport_add_catalog): `<target> run`, `list`, `replay`, `coverage` and `merge`, with the
#   same options, reports and exit statuses as `proofport`. DESCRIPTION heads `--help`; CORPUS
#   is the default `--corpus` folder (default: `corpus` in the working directory). MUTANTS names
#   the namespace of the project's PROOFPORT_DEFINE_MUTANTS (declared in MUTANTS_HEADER): the
#   program then has `mutants` (each mutant armed in turn against the catalog; the catalog must
#   be built with the mutants compiled in), and its printed commands re-arm the armed mutant.
#   PORTINGS names a function returning the structures the program interprets Lean statements
#   over (`proofport::interp::Portings`, declared in PORTINGS_HEADER, defined in PORTINGS_LINKS):
#   its commands then take `--lean FILE --structure NAME`. CATALOG or PORTINGS is required.
function(proofport_add_cli target)
  cmake_parse_arguments(ARG ""
    "CATALOG;FUNCTION;DESCRIPTION;CORPUS;MUTANTS;MUTANTS_HEADER;PORTINGS;PORTINGS_HEADER"
    "PORTINGS_LINKS" ${ARGN})
  _proofport_program_setup(proofport_add_cli "${target}")
  set(NAME "${target}")
  _proofport_cxx_string(DESCRIPTION "${ARG_DESCRIPTION}")
  set(CORPUS "corpus")
  if(ARG_CORPUS)
    set(CORPUS "${ARG_CORPUS}")
  endif()
  _proofport_cxx_string(CORPUS "${CORPUS}")
  _proofport_mutants_include(proofport_add_cli "${target}" "options.mutants")
  set(main "${CMAKE_CURRENT_BINARY_DIR}/${target}_cli_main.cpp")
  configure_file("${PROOFPORT_CATALOG_TEMPLATE_DIR}/CliMain.cpp.in" "${main}" @ONLY)
  add_executable(${target} "${main}")
  target_link_libraries(${target} PRIVATE ${ARG_CATALOG} proofport::cli)
  if(ARG_PORTINGS)
    target_link_libraries(${target} PRIVATE proofport::interp ${ARG_PORTINGS_LINKS})
  endif()
  if(ARG_CATALOG)
    # The catalog it runs, for proofport_add_property_tests(... CLI <target>) to check.
    _proofport_real_target(catalog "${ARG_CATALOG}")
    set_target_properties(${target} PROPERTIES PROOFPORT_CLI_CATALOG "${catalog}")
  endif()
endfunction()

# proofport_add_fuzzer(<target> [CATALOG <catalog target>]
#   [PORTINGS <namespace>::<function> PORTINGS_HEADER <header> [PORTINGS_LINKS <targets>…]]
#   [REPLAY_PROGRAM <name>] [CORPUS <dir>])
#   A libFuzzer target <target> over the same catalog (or portings) as proofport_add_cli: one
#   entry, chosen at start-up (`<target> --theorem=NAME --scalar=NAME [libFuzzer flags] [dirs]`,
#   proofport/cli/Fuzz.h), each input one property case (proofport/fuzz/CaseBytes.h). A falsified
#   case prints the replay command of REPLAY_PROGRAM (default: <target> without a `_fuzzer`
#   suffix), saves it to CORPUS, and aborts as libFuzzer expects. Needs clang with
#   -fsanitize=fuzzer (Debian's libclang-rt-14-dev); the code under test is instrumented when it
#   is compiled with -fsanitize=fuzzer-no-link (the fuzz preset does that for every target).
#   The engine is linked with PROOFPORT_FUZZING_ENGINE (default -fsanitize=fuzzer; ClusterFuzzLite's
#   and OSS-Fuzz's $LIB_FUZZING_ENGINE, .clusterfuzzlite/build.sh).
set(PROOFPORT_FUZZING_ENGINE "-fsanitize=fuzzer" CACHE STRING
  "How proofport_add_fuzzer links the fuzzing engine (flags or a library: $LIB_FUZZING_ENGINE)")
function(proofport_add_fuzzer target)
  cmake_parse_arguments(ARG "" "CATALOG;FUNCTION;CORPUS;PORTINGS;PORTINGS_HEADER;REPLAY_PROGRAM"
    "PORTINGS_LINKS" ${ARGN})
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "proofport_add_fuzzer(${target}): libFuzzer needs clang (this build uses "
                        "${CMAKE_CXX_COMPILER_ID}); configure with the fuzz preset")
  endif()
  _proofport_program_setup(proofport_add_fuzzer "${target}")
  string(REPLACE "const proofport::interp::Portings" "static const proofport::interp::Portings"
    PORTINGS_SETUP "${PORTINGS_SETUP}")
  set(NAME "${target}")
  set(CORPUS "corpus")
  if(ARG_CORPUS)
    set(CORPUS "${ARG_CORPUS}")
  endif()
  _proofport_cxx_string(CORPUS "${CORPUS}")
  set(REPLAY_PROGRAM "${ARG_REPLAY_PROGRAM}")
  if(NOT REPLAY_PROGRAM)
    string(REGEX REPLACE "_fuzzer$" "" REPLAY_PROGRAM "${target}")
  endif()
  _proofport_cxx_string(REPLAY_PROGRAM "${REPLAY_PROGRAM}")
  set(main "${CMAKE_CURRENT_BINARY_DIR}/${target}_fuzz_main.cpp")
  configure_file("${PROOFPORT_CATALOG_TEMPLATE_DIR}/FuzzMain.cpp.in" "${main}" @ONLY)
  add_executable(${target} "${main}")
  target_link_libraries(${target} PRIVATE ${ARG_CATALOG} proofport::cli proofport::fuzz)
  if(ARG_PORTINGS)
    target_link_libraries(${target} PRIVATE proofport::interp ${ARG_PORTINGS_LINKS})
  endif()
  separate_arguments(engine UNIX_COMMAND "${PROOFPORT_FUZZING_ENGINE}")
  target_link_options(${target} PRIVATE ${engine})
endfunction()
