#!/usr/bin/env bash
# A stand-in for a catalog's libFuzzer target in the tests of `proofport fuzz`: prints what
# libFuzzer prints at the end of a run (-print_final_stats=1). For a theorem whose name contains
# FAKE_FALSIFY it prints a failure as the target prints one, then the statistics, and dies by
# SIGABRT. For one whose name contains FAKE_CRASH it writes a crash-… input where
# -artifact_prefix says and dies by SIGSEGV without a report (a crash, not a falsified case);
# given that input back with --minimize-crash=FILE it prints the shrunk crash's report.
# With -merge=1 it records the folders it was given in FAKE_MERGE_LOG, if set.
theorem=""
prefix="./"
for word in "$@"; do
  case "$word" in
    --theorem=*) theorem="${word#--theorem=}" ;;
    -artifact_prefix=*) prefix="${word#-artifact_prefix=}" ;;
    --minimize-crash=*)
      input="${word#--minimize-crash=}"
      [[ "$(cat "$input")" == "crashing bytes" ]] || { echo "does not crash"; exit 0; }
      echo "AddressSanitizer: SEGV on unknown address (shrunk case)"
      printf '\nFALSIFIED %s over float32\n  failure: the case crashed the process: signal 11\n  saved to corpus:   c/y.case\n' "$theorem"
      exit 1 ;;
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
if [[ -n "${FAKE_CRASH:-}" && "$theorem" == *"$FAKE_CRASH"* ]]; then
  echo "==1== ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000"
  printf 'crashing bytes' > "${prefix}crash-0123"
  echo "stat::number_of_executed_units: 4096"
  kill -SEGV $$
fi
echo "stat::number_of_executed_units: 4096"
echo "stat::average_exec_per_sec:     2048"
exit 0
