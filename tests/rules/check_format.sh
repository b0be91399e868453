#!/usr/bin/env bash
# Repository rule: every C++ file under version control below the given folder is formatted as
# the repository's .clang-format says (clang-format 14, which dev.sh installs). The fixture
# folder tests/rules/fixtures/ holds deliberately broken files and is checked on its own.
set -uo pipefail
root="${1:?usage: check_format.sh <folder>}"
cd "$root"
formatter=$(command -v clang-format-14 || true)
if [[ -z "$formatter" ]]; then
  echo "rule broken: clang-format-14 is not installed (./dev.sh installs it)"
  exit 1
fi
mapfile -t files < <(git ls-files '*.h' '*.hpp' '*.cpp' | grep -v '^tests/rules/fixtures/')
# One formatter run over the whole tree; only when it finds something, a run per file names it.
if "$formatter" --dry-run -Werror "${files[@]}" >/dev/null 2>&1; then
  exit 0
fi
status=0
for file in "${files[@]}"; do
  if ! "$formatter" --dry-run -Werror "$file" >/dev/null 2>&1; then
    echo "rule broken: $file is not formatted (clang-format-14 -i $file)"
    status=1
  fi
done
exit $status
