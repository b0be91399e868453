#!/bin/bash -eu
# Builds proofport's libFuzzer targets into $OUT, as ClusterFuzzLite and OSS-Fuzz call a
# project's build script: the compiler from $CXX, its flags (sanitizer, coverage) from $CXXFLAGS,
# the engine from $LIB_FUZZING_ENGINE, intermediate files under $WORK. ctest's `libfuzzer` label
# runs it locally with clang 14 and libFuzzer (tests/fuzz/clusterfuzzlite_test.sh).
#
# One program per catalog (proofport_add_fuzzer) is built; each catalog entry that
# .clusterfuzzlite/entries.txt selects becomes a fuzzer of its own in $OUT, because these engines
# start a fuzzer by its name alone: `<fuzzer>` is a hard link to its program (one copy on disk),
# `<fuzzer>.entry` names the entry (`--theorem=… --scalar=…`, read by the program at start-up,
# proofport/cli/Fuzz.h) and `<fuzzer>.options` limits the input to what a case can be (9 bytes of
# seed and size, at most 64 shrink steps). A Lean file an entry reads is copied to $OUT/lean/.
#
# Optional:
#   PROOFPORT_FUZZ_PROGRAMS  the programs to build, space-separated (default: every program
#                            entries.txt names)
#   PROOFPORT_FUZZ_ENTRIES   another entries file (default: entries.txt beside this script)
#   PROOFPORT_LEAN_DIR       where `--lean=` files of entries.txt are found (default: $SRC/lean
#                            in the build image, else ../shared/lean beside the checkout)
#   PROOFPORT_FUZZ_SCALARS   the scalar types compiled in (default: float32;rational)
set -o pipefail

# The checkout: this script's parent folder, or (the build image runs a copy at $SRC/build.sh)
# $SRC/proofport, where the Dockerfile puts it.
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! grep -qs "project(proofport" "$repository/CMakeLists.txt"; then
  repository="${SRC:?build.sh: run it from a checkout or set SRC}/proofport"
fi
: "${CXX:?build.sh: set CXX to a clang++ (ClusterFuzzLite does)}"
: "${OUT:?build.sh: set OUT to the folder the fuzzers go to (ClusterFuzzLite does)}"
: "${LIB_FUZZING_ENGINE:?build.sh: set LIB_FUZZING_ENGINE, for example -fsanitize=fuzzer}"
work="${WORK:-$repository/build/clusterfuzzlite}/proofport"
entries="${PROOFPORT_FUZZ_ENTRIES:-$repository/.clusterfuzzlite/entries.txt}"
if [[ -n "${PROOFPORT_LEAN_DIR:-}" ]]; then
  lean_dir="$PROOFPORT_LEAN_DIR"
elif [[ -n "${SRC:-}" && -d "$SRC/lean" ]]; then
  lean_dir="$SRC/lean"
else
  lean_dir="$repository/../shared/lean"
fi

# The dependencies are distribution packages built against libstdc++: the build image's
# -stdlib=libc++ would not link with them.
flags=" ${CXXFLAGS:-} "
flags="${flags// -stdlib=libc++ / }"

# The programs entries.txt names (or those PROOFPORT_FUZZ_PROGRAMS keeps).
mapfile -t lines < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$entries")
programs=()
for line in "${lines[@]}"; do
  read -r program _ <<<"$line"
  if [[ -n "${PROOFPORT_FUZZ_PROGRAMS:-}" && " $PROOFPORT_FUZZ_PROGRAMS " != *" $program "* ]]; then
    continue
  fi
  [[ " ${programs[*]} " == *" $program "* ]] || programs+=("$program")
done
if ((${#programs[@]} == 0)); then
  echo "build.sh: $entries names no program to build" >&2
  exit 2
fi

cmake -S "$repository" -B "$work" -G Ninja \
  -DCMAKE_BUILD_TYPE= \
  -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_CXX_FLAGS="$flags" \
  -DPROOFPORT_FUZZ=ON \
  -DPROOFPORT_FUZZING_ENGINE="$LIB_FUZZING_ENGINE" \
  -DPROOFPORT_SCALARS="${PROOFPORT_FUZZ_SCALARS:-float32;rational}" \
  -DPROOFPORT_BUILD_MUTANTS=OFF -DPROOFPORT_BUILD_BENCH=OFF -DPROOFPORT_INSTALL=OFF >/dev/null
cmake --build "$work" --target "${programs[@]}"

# A fuzzer's name: the program's without `_fuzzer`, the theorem's and the scalar's, each
# character outside [A-Za-z0-9_] spelt out (`?` as Q, `!` as B, `'` as P, the rest as _).
fuzzer_name() {
  local name="${1%_fuzzer}_$2_$3"
  name="${name//\?/Q}"
  name="${name//!/B}"
  name="${name//\'/P}"
  printf '%s' "${name//[^A-Za-z0-9_]/_}"
}

mkdir -p "$OUT"
made=0
declare -A named=()
for line in "${lines[@]}"; do
  read -r program selection <<<"$line"
  [[ " ${programs[*]} " == *" $program "* ]] || continue
  extra=()
  for flag in $selection; do
    case "$flag" in
      --lean=*)
        # The Lean file travels with the fuzzers: $OUT/lean/<its path under the Lean folder>.
        file="${flag#--lean=}"
        if [[ ! -f "$lean_dir/$file" ]]; then
          echo "build.sh: $entries: no Lean file $lean_dir/$file (PROOFPORT_LEAN_DIR)" >&2
          exit 2
        fi
        mkdir -p "$OUT/lean/$(dirname "$file")"
        cp "$lean_dir/$file" "$OUT/lean/$file"
        extra+=("--lean=lean/$file") ;;
      --structure=*) extra+=("$flag") ;;
    esac
  done
  selected=()
  for flag in $selection; do
    case "$flag" in
      --lean=*) selected+=("--lean=$OUT/lean/${flag#--lean=}") ;;
      *) selected+=("$flag") ;;
    esac
  done
  mapfile -t found < <("$work/bin/$program" --list-entries "${selected[@]}")
  if ((${#found[@]} == 0)); then
    echo "build.sh: '$line' selects no entry that runs" >&2
    exit 2
  fi
  for entry in "${found[@]}"; do
    read -r theorem scalar <<<"$entry"
    name="$(fuzzer_name "$program" "${theorem#--theorem=}" "${scalar#--scalar=}")"
    if [[ -n "${named[$name]:-}" ]]; then
      echo "build.sh: two entries are named $name; narrow entries.txt" >&2
      exit 2
    fi
    named[$name]=1
    ln -f "$work/bin/$program" "$OUT/$name" 2>/dev/null || cp "$work/bin/$program" "$OUT/$name"
    printf '%s\n' "$theorem" "$scalar" "${extra[@]}" >"$OUT/$name.entry"
    printf '[libfuzzer]\nmax_len = 73\n' >"$OUT/$name.options"
    made=$((made + 1))
  done
done
echo "build.sh: $made fuzzers in $OUT (${programs[*]})"
