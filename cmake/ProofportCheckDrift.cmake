# Checks that `proofport coverage` sees a ported theorem's statement change. SOURCE is a small
# Lean file and TABLE its fingerprint table as ported: `--fingerprints` reproduces the table;
# against it the file is unchanged, and so is a copy re-indented, re-spaced and re-commented; a copy with
# one hypothesis edited (EDIT_FROM → EDIT_TO) lists NAME as changed with the source's text, and
# --require-all exits 1 naming it.
#   cmake -D EXE=<proofport> -D SOURCE=<file.lean> -D TABLE=<file.ported> -D NAME=<full name>
#         -D EDIT_FROM=<text> -D EDIT_TO=<text> -D OUT=<scratch dir> -P ProofportCheckDrift.cmake
cmake_minimum_required(VERSION 3.19)
file(MAKE_DIRECTORY "${OUT}")

function(coverage expect)
  execute_process(COMMAND "${EXE}" coverage ${ARGN}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL expect)
    message(FATAL_ERROR "coverage ${ARGN}: expected exit ${expect}, got ${status}\n"
                        "stdout:\n${out}\nstderr:\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(require text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: no match for '${regex}' in:\n${text}")
  endif()
endfunction()

string(REPLACE "." "\\." name_regex "${NAME}")

# The table is what --fingerprints prints for its theorems.
coverage(0 --fingerprints "${SOURCE}")
file(STRINGS "${TABLE}" rows REGEX "^[^#]")
foreach(row IN LISTS rows)
  string(FIND "${out}" "${row}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "--fingerprints ${SOURCE} does not print the table row '${row}':\n${out}")
  endif()
endforeach()

# As ported: nothing changed; the private theorem is missing and marked private.
coverage(0 --require-all --ported "${TABLE}" "${SOURCE}" --json "${OUT}/unchanged.json")
require("${out}" "changed since ported \\(0\\)" "unchanged source")
file(READ "${SOURCE}" text)

# Re-indented, re-spaced and re-commented: still unchanged.
string(REPLACE "\n    " "\n        " rewrapped "${text}")
string(REPLACE " : " ":" rewrapped "${rewrapped}")
string(REPLACE ") :" ")  /- spacing and comments do not count -/\n  :" rewrapped "${rewrapped}")
file(WRITE "${OUT}/Rewrapped.lean" "${rewrapped}")
coverage(0 --require-all --ported "${TABLE}" "${OUT}/Rewrapped.lean")
require("${out}" "changed since ported \\(0\\)" "re-wrapped source")

# One hypothesis edited: listed as changed, with the source's signature; --require-all fails.
string(FIND "${text}" "${EDIT_FROM}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${SOURCE} does not contain '${EDIT_FROM}'")
endif()
string(REPLACE "${EDIT_FROM}" "${EDIT_TO}" edited "${text}")
file(WRITE "${OUT}/Edited.lean" "${edited}")
string(REPLACE "(" "\\(" edit_regex "${EDIT_TO}")
string(REPLACE ")" "\\)" edit_regex "${edit_regex}")
coverage(0 --ported "${TABLE}" "${OUT}/Edited.lean")
require("${out}" "changed since ported \\(1\\)[^\n]*\n  ${name_regex} [^\n]*Edited\\.lean:[0-9]+:1\n[^\n]*source now [0-9a-f]+: [^\n]*${edit_regex}"
        "edited source")
coverage(1 --require-all --ported "${TABLE}" "${OUT}/Edited.lean")
require("${err}" "1 ported theorem changed since ported:\n  ${name_regex} \\(" "--require-all")
message(STATUS "${NAME}: unchanged, re-wrapped unchanged, edited hypothesis listed as changed")
