# Checks `proofport coverage` on a seed listing: with --require-all it exits 0 and its JSON
# lists as ported exactly the listing's theorems (lines whose first word is `theorem`, as the
# traceability test reads them), each a seed entry; on a copy with one more theorem it exits 1
# and names that theorem as missing. A listing's signatures are elaborated, so none is compared
# with the fingerprints the catalog recorded from the sources: nothing is listed as changed.
#   cmake -D EXE=<proofport> -D SEED=<listing> -D OUT=<scratch dir> -P ProofportCheckCoverage.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
file(MAKE_DIRECTORY "${OUT}")

file(STRINGS "${SEED}" theorem_lines REGEX "^theorem ")
set(expected)
foreach(line IN LISTS theorem_lines)
  string(REGEX REPLACE "^theorem ([^ ]+).*" "\\1" name "${line}")
  list(APPEND expected "${name}")
endforeach()
list(SORT expected)
list(LENGTH expected expected_count)
if(expected_count EQUAL 0)
  message(FATAL_ERROR "${SEED} declares no theorem")
endif()

execute_process(COMMAND "${EXE}" coverage --require-all --json "${OUT}/seed.json" "${SEED}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "coverage --require-all ${SEED}: exit ${status}\n${out}\n${err}")
endif()
if(NOT out MATCHES "ported \\(${expected_count}\\)" OR NOT out MATCHES "missing \\(0\\)"
   OR NOT out MATCHES "changed since ported \\(0\\)")
  message(FATAL_ERROR "expected ${expected_count} ported, none missing or changed:\n${out}")
endif()
file(READ "${OUT}/seed.json" json)
string(JSON ported_count LENGTH "${json}" ported)
string(JSON missing_count LENGTH "${json}" missing)
set(ported)
math(EXPR last "${ported_count} - 1")
foreach(k RANGE ${last})
  string(JSON name GET "${json}" ported ${k} name)
  string(JSON kind GET "${json}" ported ${k} kind)
  if(NOT kind STREQUAL "seed")
    message(FATAL_ERROR "${name} is ported as a ${kind} entry, not a seed entry")
  endif()
  list(APPEND ported "${name}")
endforeach()
list(SORT ported)
if(NOT ported STREQUAL expected OR NOT missing_count EQUAL 0)
  message(FATAL_ERROR "ported:\n  ${ported}\nseed theorems:\n  ${expected}\n"
                      "missing: ${missing_count}")
endif()
foreach(name IN LISTS expected)
  string(FIND "${out}" "  ${name} " at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${name} is not listed in the output:\n${out}")
  endif()
endforeach()

set(extra "Proofs.Autograd.Algebra.GradientContext.toPack_addUniform")
file(READ "${SEED}" text)
file(WRITE "${OUT}/seed_plus_one.txt" "${text}\n\ntheorem ${extra} {α : Type} "
     "[TorchLean.Storage α] {shapes : List Spec.Shape} [Add α] [DecidableEq α] "
     "(ctx : GradientContext α shapes) (uniform : α) : (ctx.addUniform uniform).toPack = "
     "ctx.toPack.add (TorchLean.TensorPack.fill shapes uniform)\n")
execute_process(COMMAND "${EXE}" coverage --require-all "${OUT}/seed_plus_one.txt"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
string(REPLACE "." "\\." extra_regex "${extra}")
if(NOT status EQUAL 1 OR NOT out MATCHES "missing \\(1\\)[^\n]*\n  ${extra_regex} "
   OR NOT err MATCHES "not in the catalog:\n  ${extra_regex} ")
  message(FATAL_ERROR "coverage --require-all on a copy with ${extra}: expected exit 1 naming "
                      "it, got exit ${status}\nstdout:\n${out}\nstderr:\n${err}")
endif()
message(STATUS "${expected_count} seed theorems ported; the extra theorem ${extra} is missing")
