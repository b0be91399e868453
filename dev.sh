#!/usr/bin/env bash
# proofport's one entry point: installs any missing Debian packages, configures and builds
# (incrementally), then runs the main job or the test suite.
#
#   ./dev.sh run  [proofport run options]   build, then `proofport run` (e.g. --scalar float32)
#   ./dev.sh test [ctest options]           build, then the ctest suite (e.g. -L unit)
#   ./dev.sh build                          build only
#
# PROOFPORT_PRESET picks the CMake preset (dev, release, asan-ubsan, campaign; default dev).
# With CI=true warnings are errors.
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake ninja-build g++ libgtest-dev libgmock-dev librapidcheck-dev libboost-dev
          libgmp-dev libmpfr-dev libimath-dev libbenchmark-dev libcli11-dev libfmt-dev)

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

preset="${PROOFPORT_PRESET:-dev}"
werror=OFF
if [[ "${CI:-}" == "true" ]]; then werror=ON; fi
cmake --preset "$preset" -DPROOFPORT_WERROR="$werror" >/dev/null
cmake --build --preset "$preset"

command="${1:-test}"
shift || true
case "$command" in
  run) exec "build/$preset/tools/proofport" run "$@" ;;
  test) exec ctest --preset "$preset" "$@" ;;
  build) ;;
  *) echo "dev.sh: unknown command '$command' (run, test, build)" >&2; exit 2 ;;
esac
