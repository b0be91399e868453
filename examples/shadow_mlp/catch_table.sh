#!/usr/bin/env bash
# The checked levels' catch power: one backward pass of the shadow_mlp example per mutant of the
# mutant tree and per level, with nonzero uniforms; prints which level catches which mutant
# (exit 1 of the example: a theorem violated) and a count per level.
#   examples/shadow_mlp/catch_table.sh <build folder> [--layers N] [--width N] [--uniform X]
set -euo pipefail
build=${1:?usage: catch_table.sh <build folder> [example options]}
shift
cli="$build/mutants/bin/proofport"
example="$build/mutants/examples/shadow_mlp/proofport_example_shadow_mlp"
for f in "$cli" "$example"; do
  [[ -x $f ]] || { echo "catch_table.sh: expected $f (build the mutant tree), got none" >&2; exit 2; }
done
# A fault can make the deferred replay long (unmerged runs): each pass gets a time limit.
limit=${PROOFPORT_CATCH_SECONDS:-60}
options=("$@")
[[ ${#options[@]} -gt 0 ]] || options=(--layers 83 --width 4 --uniform 0.01)
levels=(invariants local shadow)
declare -A caught
for level in "${levels[@]}"; do caught[$level]=0; done
nodes=$("$example" "${options[@]}" --level off | sed -n 's/.* inputs, \([0-9]*\) nodes.*/\1/p')
echo "one backward pass of ${nodes} nodes (${options[*]}), per mutant:"
printf '| mutant | %s |\n| --- |%s\n' "$(IFS='|'; echo "${levels[*]}" | sed 's/|/ | /g')" \
  "$(printf ' --- |%.0s' "${levels[@]}")"
mutants=$("$cli" mutants --list | awk '$1 ~ /^[a-z][A-Za-z0-9_]*$/ {print $1}')
total=0
for m in $mutants; do
  total=$((total + 1))
  row="| $m |"
  for level in "${levels[@]}"; do
    status=0
    PROOFPORT_MUTANT=$m timeout "$limit" "$example" "${options[@]}" --level "$level" \
      > /dev/null 2>&1 || status=$?
    case $status in
      0) row+=" . |" ;;
      1) row+=" caught |"; caught[$level]=$((caught[$level] + 1)) ;;
      3) row+=" rejected (typed error) |" ;;
      124) row+=" over ${limit} s |" ;;
      *) row+=" exit $status |" ;;
    esac
  done
  echo "$row"
done
for level in "${levels[@]}"; do
  echo "$level: ${caught[$level]} of $total mutants caught"
done
