#!/usr/bin/env bash
# proofport's one entry point: installs any missing Debian packages, configures and builds
# (incrementally), then runs the main job or the test suite.
#
#   ./dev.sh run  [proofport run options]   build the CLI, then `proofport run` (e.g. --scalar
#                                           float32); with --mutant NAME also the mutant tree
#   ./dev.sh test [ctest options]           build everything, then the ctest suite (e.g. -L unit)
#   ./dev.sh build                          build everything (tests, benchmarks, mutant tree)
#
# PROOFPORT_PRESET picks the CMake preset (dev, ci, release, clang, ci-clang, asan-ubsan,
# campaign); the default is dev, or ci (Release with warnings as errors, its own build folder)
# when CI=true.
set -euo pipefail
cd "$(dirname "$0")"

command="${1:-test}"
shift || true
case "$command" in
  run | test | build) ;;
  *) echo "dev.sh: unknown command '$command' (run, test, build)" >&2; exit 2 ;;
esac

# clang-14: the clang and ci-clang presets build with the second compiler; libclang-rt-14-dev is
# its libFuzzer (fuzz preset, .clusterfuzzlite/build.sh; only a Recommends of clang-14);
# yamllint checks the workflows of examples/ci.
packages=(cmake ninja-build ccache g++ clang-14 clang-format-14 libgtest-dev libgmock-dev librapidcheck-dev
          libboost-dev libgmp-dev libmpfr-dev libimath-dev libbenchmark-dev libcli11-dev libfmt-dev
          nlohmann-json3-dev gnuplot-nox libabsl-dev libsparsehash-dev libclang-rt-14-dev yamllint)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if ((${#missing[@]})); then
  echo "dev.sh: installing ${missing[*]}" >&2
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# The compiler cache keys objects by paths relative to this checkout, so a fresh clone in another
# folder (CI's) reuses what an earlier build here compiled.
# The CLI's precompiled header is cacheable only with these sloppiness settings (the header's
# content is still hashed; no source uses __DATE__ or __TIME__).
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true CCACHE_SLOPPINESS=pch_defines,time_macros
# As many compile jobs as cores (ninja's default is two more); the mutant tree's nested build
# reads the same number from CMAKE_BUILD_PARALLEL_LEVEL.
jobs="${PROOFPORT_JOBS:-$(nproc)}"
export CMAKE_BUILD_PARALLEL_LEVEL="$jobs"

default_preset=dev
if [[ "${CI:-}" == "true" ]]; then default_preset=ci; fi
preset="${PROOFPORT_PRESET:-$default_preset}"
# Configure output is shown only when it says something beyond the usual progress lines.
if ! configure_log=$(cmake --preset "$preset" 2>&1); then
  echo "$configure_log" >&2
  exit 1
fi
grep -E "proofport:|Warning|warning" <<<"$configure_log" >&2 || true
# `run` needs the CLI alone (tests, benchmarks and the mutant tree are most of a first build);
# `run --mutant NAME` execs the mutant tree's CLI, so it builds that tree too.
targets=()
if [[ "$command" == run ]]; then
  targets=(--target proofport)
  for argument in "$@"; do
    if [[ "$argument" == --mutant || "$argument" == --mutant=* ]]; then
      targets+=(proofport_mutant_tree)
      break
    fi
  done
fi
cmake --build --preset "$preset" --parallel "$jobs" "${targets[@]}"

case "$command" in
  run) exec "build/$preset/bin/proofport" run "$@" ;;
  test) exec ctest --preset "$preset" "$@" ;;
  build) ;;
esac
