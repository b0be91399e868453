#!/usr/bin/env bash
# Repository rules: every error is thrown from one place, a [[noreturn]] helper (fmt's way; the
# kinds and their helpers are listed in spec/Error.h). In the C++ files under version control
# below the given folder, outside tests/ (tests may throw as they like):
# - every `throw` is inside the body of a function declared [[noreturn]] (a kind's helper, or a
#   local one that words a message and calls it) or is a rethrow `throw;`. The one exception is
#   the test-fault injection of cli/Workers.cpp (PROOFPORT_TEST_FAULT), which throws an
#   exception no property catches on purpose. Comments, string and character literals are
#   skipped; a function's body runs from the first `{` after `[[noreturn]]` to its match.
# - each error kind is constructed and thrown at one place (its helper) at most; with
#   --every-kind (the repository's run), at exactly one, so a helper that calls itself instead
#   of throwing is caught.
# The fixture folders tests/rules/fixtures/throws*/ break these rules and are checked on their
# own.
set -uo pipefail
root="${1:?usage: check_throws.sh <folder> [--every-kind]}"
every="${2:-}"
cd "$root"
status=0
while IFS= read -r hit; do
  echo "rule broken: ${hit%%$'\t'*} throws outside a [[noreturn]] helper (call its kind's" \
    "helper, see spec/Error.h): ${hit#*$'\t'}"
  status=1
done < <(git ls-files '*.h' '*.hpp' '*.cpp' | grep -v '^tests/' | while IFS= read -r file; do
  awk -v file="$file" '
    function isWord(c) { return c ~ /[A-Za-z0-9_]/ }
    function blanks(k,  out) { out = ""; while (k-- > 0) out = out " "; return out }
    {
      raw = $0
      # Blank out comments and literals, keeping columns, so braces and words inside them
      # count for nothing.
      line = ""
      n = length(raw)
      for (i = 1; i <= n; i++) {
        c = substr(raw, i, 1)
        if (inBlock) {
          if (c == "*" && substr(raw, i + 1, 1) == "/") { inBlock = 0; i++; line = line "  " }
          else line = line " "
          continue
        }
        if (inRaw) {
          if (substr(raw, i, length(rawEnd)) == rawEnd) {
            inRaw = 0; line = line blanks(length(rawEnd)); i += length(rawEnd) - 1
          } else line = line " "
          continue
        }
        if (c == "/" && substr(raw, i + 1, 1) == "/") break
        if (c == "/" && substr(raw, i + 1, 1) == "*") { inBlock = 1; i++; line = line "  "; continue }
        if (c == "R" && substr(raw, i + 1, 1) == "\"" && (i == 1 || !isWord(substr(raw, i - 1, 1)))) {
          open = index(substr(raw, i + 2), "(")
          if (open > 0) {
            rawEnd = ")" substr(raw, i + 2, open - 1) "\""
            inRaw = 1; line = line blanks(open + 1); i += open + 1
            continue
          }
        }
        if (c == "\"" || (c == "\047" && !(i > 1 && substr(raw, i - 1, 1) ~ /[0-9A-Fa-f]/))) {
          quote = c; line = line " "
          for (i++; i <= n; i++) {
            d = substr(raw, i, 1)
            line = line " "
            if (d == "\\") { i++; line = line " "; continue }
            if (d == quote) break
          }
          continue
        }
        line = line c
      }
      # Walk the code: [[noreturn]] arms the next body; braces open and close scopes; a throw
      # is checked where it stands.
      n = length(line)
      for (i = 1; i <= n; i++) {
        c = substr(line, i, 1)
        if (substr(line, i, 12) == "[[noreturn]]") { armed = 1; i += 11; continue }
        if (c == "{") {
          depth++
          if (armed && !helperDepth) helperDepth = depth
          armed = 0
          continue
        }
        if (c == "}") {
          if (helperDepth == depth) helperDepth = 0
          depth--
          continue
        }
        if (c == ";" && armed && !helperDepth) { armed = 0; continue }
        if (c == "t" && substr(line, i, 5) == "throw" && (i == 1 || !isWord(substr(line, i - 1, 1))) \
            && !isWord(substr(line, i + 5, 1))) {
          rest = substr(line, i + 5)
          sub(/^[ \t]*/, "", rest)
          rethrow = substr(rest, 1, 1) == ";"
          fault = file == "cli/Workers.cpp" && raw ~ /PROOFPORT_TEST_FAULT/
          if (!helperDepth && !rethrow && !fault) {
            text = raw
            sub(/^[ \t]*/, "", text)
            print file ":" FNR "\t" text
          }
          i += 4
        }
      }
    }
  ' "$file"
done)

kinds='ShapeError|IndexError|ContractError|EnvironmentError|FormatError|IoError|UsageError|ReportError'
kinds+='|ReadError|TheoremViolation|NotWellFormed'
while IFS= read -r kind; do
  mapfile -t sites < <(git ls-files '*.h' '*.hpp' '*.cpp' | grep -v '^tests/' \
                         | xargs -r grep -HnE "throw ([a-z]+::)*$kind[({]" | cut -d: -f1,2)
  if ((${#sites[@]} > 1)); then
    echo "rule broken: $kind is thrown at ${#sites[@]} places, not through one helper: ${sites[*]}"
    status=1
  elif ((${#sites[@]} == 0)) && [[ "$every" == --every-kind ]]; then
    echo "rule broken: $kind is thrown nowhere: its helper must throw it (\`throw $kind(\`)"
    status=1
  fi
done < <(tr '|' '\n' <<<"$kinds")
exit $status
