#!/usr/bin/env bash
# Repository rules that no compiler checks: no value-changing float flags, every source file
# says what it is, no source file outside the tests is over 500 lines. (That the oracle and the
# Lean reader use the vocabulary alone is checked by the build: tests/rules/VocabularyOnly.cpp
# compiles against proofport::spec and nothing else.)
set -uo pipefail
root="${1:?usage: check_rules.sh <repository root>}"
cd "$root"
status=0
fail() { echo "rule broken: $*"; status=1; }

# No value-changing floating-point optimization anywhere in the build.
while IFS= read -r hit; do
  fail "value-changing float flag: $hit"
done < <(grep -rnE --include=CMakeLists.txt --include='*.cmake' --include='*.json' \
           --include='*.sh' --exclude-dir=build -e '-ffast-math|-Ofast|-funsafe-math|-ffp-contract=fast' . \
           | grep -v 'ProofportOptions.cmake' | grep -v 'tests/rules/' || true)
grep -q -- '-ffp-contract=off' cmake/ProofportOptions.cmake || fail "-ffp-contract=off missing"

# Every C++ file opens with a comment line saying what it is (the rules' fixtures, deliberately
# broken files that each rule checks on its own, aside).
while IFS= read -r file; do
  head -n1 "$file" | grep -q '^//' || fail "$file does not open with a one-line description"
done < <({ git ls-files '*.h' '*.cpp' 2>/dev/null | grep . ||
           find . \( -name '*.h' -o -name '*.cpp' \) -not -path './build/*' -printf '%P\n'; } |
         grep -v '^tests/rules/fixtures/')

# (That every error is thrown through one [[noreturn]] helper per kind is tests/rules/
# check_throws.sh, which has a fixture of its own.)

# No source file outside the tests grows past 500 lines: a header that long is several jobs (the
# house style's table of contents), and one that crosses the line is split, not stretched.
while IFS= read -r file; do
  lines=$(wc -l <"$file")
  ((lines <= 500)) || fail "$file has $lines lines (at most 500 outside tests/)"
done < <(git ls-files '*.h' '*.hpp' '*.cpp' 2>/dev/null | grep -v '^tests/')

exit $status
