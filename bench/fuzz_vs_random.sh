#!/usr/bin/env bash
# Time to first falsification of the HashMap port's mutants, random search against
# coverage-guided search, back to back on one machine: the table of docs/FUZZING.md.
#
#   bench/fuzz_vs_random.sh <GCC build> <fuzz build> <Lean file> [runs] [seconds] [selection]
#
# For each line of the selection (default bench/fuzz_vs_random.txt: `<list> <mutant> <theorem>
# <instantiation>`, list `main` or `deep`) the mutant is armed (PROOFPORT_HASHMAP_MUTANT or
# PROOFPORT_HASHMAP_DEEP_MUTANT) and the same entry is searched `runs` times (default 3) for at
# most `seconds` (default 180) each way:
#   random   <GCC build>/bin/proofport_hashmap_mutant run --time-budget <seconds>s --seed <run>
#   guided   <GCC build>/bin/proofport_hashmap_mutant fuzz --fuzzer
#            <fuzz build>/bin/proofport_hashmap_mutant_fuzzer --time-budget <seconds>
# timing the wall clock from the start to the end of the command, which comes at the first
# falsified report (its shrink included) or at the budget. Prints a Markdown table: each way's
# times and their median; a run that found nothing counts as `>seconds`.
set -euo pipefail
gcc_build="$(cd "${1:?usage: fuzz_vs_random.sh <GCC build> <fuzz build> <Lean file>}" && pwd)"
fuzz_build="$(cd "${2:?usage: fuzz_vs_random.sh <GCC build> <fuzz build> <Lean file>}" && pwd)"
lean="${3:?usage: fuzz_vs_random.sh <GCC build> <fuzz build> <Lean file>}"
runs="${4:-3}"
seconds="${5:-180}"
selection="${6:-$(dirname "$0")/fuzz_vs_random.txt}"
program="$gcc_build/bin/proofport_hashmap_mutant"
fuzzer="$fuzz_build/bin/proofport_hashmap_mutant_fuzzer"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Runs "$@" and prints its wall time in seconds, or `>seconds` if it found nothing.
timed() {
  local start end status=0
  start=$(date +%s.%N)
  "$@" >"$scratch/out.txt" 2>&1 || status=$?
  end=$(date +%s.%N)
  if ((status == 1)) && grep -q "FALSIFIED" "$scratch/out.txt"; then
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }'
  else
    printf '>%s' "$seconds"
  fi
}

# The median of the words given (`>N` sorts after every number).
median() {
  printf '%s\n' "$@" | sed 's/^>/999999 >/' | sort -n | sed -n "$((($# + 1) / 2))p" |
    sed 's/^999999 //'
}

echo "| list | mutant | theorem | instantiation | random (s) | median | guided (s) | median |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
while read -r list mutant theorem instantiation; do
  [[ -z "$list" || "$list" == \#* ]] && continue
  variable=PROOFPORT_HASHMAP_MUTANT
  [[ "$list" == deep ]] && variable=PROOFPORT_HASHMAP_DEEP_MUTANT
  random=()
  guided=()
  for ((run = 1; run <= runs; ++run)); do
    random+=("$(timed env "$variable=$mutant" "$program" run --lean "$lean" \
      --structure lean_hashmap --theorem "$theorem" --scalar "$instantiation" --seed "$run" \
      --time-budget "${seconds}s" --no-save)")
    rm -rf "$scratch/inputs" "$scratch/corpus"
    guided+=("$(timed env "$variable=$mutant" "$program" fuzz --fuzzer "$fuzzer" --lean "$lean" \
      --structure lean_hashmap --theorem "$theorem" --scalar "$instantiation" \
      --time-budget "$seconds" --inputs "$scratch/inputs" --corpus "$scratch/corpus")")
  done
  echo "| $list | \`$mutant\` | \`$theorem\` | $instantiation | ${random[*]} |" \
    "$(median "${random[@]}") | ${guided[*]} | $(median "${guided[@]}") |"
done <"$selection"
