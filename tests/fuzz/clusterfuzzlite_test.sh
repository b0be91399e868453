#!/usr/bin/env bash
# ctest `libfuzzer`: runs .clusterfuzzlite/build.sh as ClusterFuzzLite runs it (CXX, CXXFLAGS,
# LIB_FUZZING_ENGINE, OUT, WORK; here clang 14, AddressSanitizer and libFuzzer) for the programs
# given, then runs every fuzzer it made in $OUT for a few seconds, started by its name alone as
# ClusterFuzzLite starts one. Passes if every fuzzer ran its time without a finding.
#   clusterfuzzlite_test.sh <checkout> <work folder> <seconds per fuzzer> <program>...
set -euo pipefail
checkout="$1"
work="$2"
seconds="$3"
shift 3
export CXX="${PROOFPORT_FUZZ_CXX:-clang++-14}"
export CXXFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address \
-fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
export WORK="$work"
export OUT="$work/out"
export PROOFPORT_FUZZ_PROGRAMS="$*"
rm -rf "$OUT"
"$checkout/.clusterfuzzlite/build.sh"

fuzzers=()
for entry in "$OUT"/*.entry; do
  fuzzers+=("${entry%.entry}")
done
if ((${#fuzzers[@]} == 0)); then
  echo "clusterfuzzlite_test: build.sh made no fuzzer" >&2
  exit 1
fi
# Two at a time; each from its own empty corpus folder, its findings (if any) in its own folder.
failed=0
run_one() {
  local fuzzer="$1" name
  name="$(basename "$fuzzer")"
  mkdir -p "$work/runs/$name/corpus"
  (cd "$work/runs/$name" &&
    "$fuzzer" -max_total_time="$seconds" -max_len=73 -print_final_stats=1 corpus \
      >log.txt 2>&1) || { echo "FAILED $name"; tail -40 "$work/runs/$name/log.txt"; return 1; }
  printf '%-70s %s\n' "$name" "$(grep -m1 -o 'stat::number_of_executed_units: [0-9]*' \
    "$work/runs/$name/log.txt" | grep -o '[0-9]*$') execs"
}
rm -rf "$work/runs"
for ((k = 0; k < ${#fuzzers[@]}; k += 2)); do
  pids=()
  for fuzzer in "${fuzzers[@]:k:2}"; do
    run_one "$fuzzer" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || failed=$((failed + 1))
  done
done
echo "${#fuzzers[@]} fuzzers ran ${seconds} s each; ${failed} failed"
((failed == 0))
