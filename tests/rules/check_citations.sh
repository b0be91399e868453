#!/usr/bin/env bash
# Repository rule: every citation of the semantics below the given folder, `SEMANTICS §N` or a
# range `SEMANTICS §N–§M`, names sections that docs/SEMANTICS.md defines as headings
# (`## §N …`), and nothing cites the document it replaced (its file name or its sections). Each
# broken citation is named by file and line. The fixture folder tests/rules/fixtures/citations/
# breaks the rule and is checked on its own.
set -uo pipefail
root="${1:?usage: check_citations.sh <folder>}"
cd "$root"
doc=docs/SEMANTICS.md
if [[ ! -f "$doc" ]]; then
  echo "rule broken: $doc is missing, so no citation of it can resolve"
  exit 1
fi
declare -A defined=()
while IFS= read -r number; do
  defined[$number]=1
done < <(grep -oE '^#{1,6} §[0-9]+' "$doc" | grep -oE '[0-9]+$')

# The files under version control (and new ones git does not ignore), outside the fixtures.
mapfile -t files < <({ git ls-files --cached --others --exclude-standard 2>/dev/null ||
                       find . -type f -not -path './build/*' -printf '%P\n'; } |
                     grep -v '^tests/rules/fixtures/' | sort -u)
((${#files[@]})) || exit 0

status=0
while IFS= read -r hit; do
  where="${hit%:*}"  # file:line
  citation="${hit##*:}"
  numbers=$(grep -oE '[0-9]+' <<<"${citation#SEMANTICS }")
  first=$(head -n1 <<<"$numbers")
  last=$(tail -n1 <<<"$numbers")
  for ((n = first; n <= last; n++)); do
    if [[ -z "${defined[$n]:-}" ]]; then
      echo "rule broken: $where: section $n is cited ($citation) but $doc has no heading §$n"
      status=1
    fi
  done
done < <(printf '%s\0' "${files[@]}" | xargs -0 grep -HnoIE 'SEMANTICS §[0-9]+([–-]§[0-9]+)?' \
           2>/dev/null || true)

# The retired document: its name or a section of it.
while IFS= read -r hit; do
  echo "rule broken: ${hit%%:*}:$(cut -d: -f2 <<<"$hit"): cites the retired semantics document" \
    "(cite docs/SEMANTICS.md as SEMANTICS §N): $(cut -d: -f3- <<<"$hit")"
  status=1
done < <(printf '%s\0' "${files[@]}" | xargs -0 grep -HnIE 'SPEC([[:space:]]§|\.md)' \
           2>/dev/null || true)
exit $status
