#!/usr/bin/env bash
# ctest `cli/fuzz_sigterm_leaves_nothing`: `proofport fuzz` stopped by SIGTERM while its target
# runs ends with the entry's `interrupted` row, the target dies with the worker that started it,
# and the run's scratch folder is gone.
#   sigterm_test.sh <proofport>
set -euo pipefail
exe="$1"
work=$(mktemp -d)
marker="proofport-sigterm-target-$$"
cleanup() {
  pkill -f "$marker" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir "$work/tmp"
# A target that never finishes, one process as a libFuzzer target is, named by the marker.
printf '#!/usr/bin/env bash\nexec -a %s sleep 1000\n' "$marker" > "$work/target.sh"
chmod +x "$work/target.sh"
TMPDIR="$work/tmp" "$exe" fuzz --theorem GradientContext.toPack_ofPack --scalar float32 \
  --fuzzer "$work/target.sh" --inputs "$work/inputs" --time-budget 60 > "$work/out.txt" 2>&1 &
pid=$!
for _ in $(seq 100); do
  if pgrep -f "$marker" > /dev/null; then break; fi
  sleep 0.1
done
pgrep -f "$marker" > /dev/null || { echo "the target never started"; cat "$work/out.txt"; exit 1; }
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
for _ in $(seq 50); do
  if ! pgrep -f "$marker" > /dev/null; then break; fi
  sleep 0.1
done
if pgrep -f "$marker" > /dev/null; then
  echo "the target outlived the run"; exit 1
fi
if compgen -G "$work/tmp/proofport-fuzz-*" > /dev/null; then
  echo "the scratch folder was left: $(ls "$work/tmp")"; exit 1
fi
if [[ $status -ne 1 ]] || ! grep -q "interrupted" "$work/out.txt"; then
  echo "expected exit 1 and the interrupted row, got exit $status:"; cat "$work/out.txt"; exit 1
fi
echo "stopped cleanly: exit $status, no target, no scratch folder"
