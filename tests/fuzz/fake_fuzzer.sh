#!/usr/bin/env bash
# A stand-in for a catalog's libFuzzer target in the tests of `proofport fuzz`: prints what
# libFuzzer prints at the end of a run (-print_final_stats=1), and for a theorem whose name
# contains FAKE_FALSIFY prints a failure as the target prints one, then the statistics, and dies by SIGABRT.
# With -merge=1 it records the folders it was given in FAKE_MERGE_LOG, if set.
theorem=""
for word in "$@"; do
  case "$word" in
    --theorem=*) theorem="${word#--theorem=}" ;;
    -merge=1) [[ -n "${FAKE_MERGE_LOG:-}" ]] && echo "merge $*" >> "$FAKE_MERGE_LOG"; exit 0 ;;
  esac
done
echo "INFO: Running with entropic power schedule (0xFF, 100)."
echo "#2      INITED cov: 40 ft: 41 corp: 1/1b exec/s: 0 rss: 30Mb"
echo "#4096   DONE   cov: 57 ft: 90 corp: 5/45b lim: 17 exec/s: 2048 rss: 31Mb"
if [[ -n "${FAKE_FALSIFY:-}" && "$theorem" == *"$FAKE_FALSIFY"* ]]; then
  printf '\nFALSIFIED %s over float32\n  inputs:\n    k := 0\n  saved to corpus:   c/x.case\n' "$theorem"
  echo "==1== ERROR: libFuzzer: deadly signal"
  echo "stat::number_of_executed_units: 4096"
  kill -ABRT $$
fi
echo "stat::number_of_executed_units: 4096"
echo "stat::average_exec_per_sec:     2048"
exit 0
