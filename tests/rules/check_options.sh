#!/usr/bin/env bash
# Repository rule: every command-line option is declared through the helpers of cli/Options.h
# (text bound to strings, numbers read by the one number reader, switches bound to bools), so no
# option binds a number for CLI11 to read in its own way (`010` as eight, `1e3` as one, 2^64 as
# 2^64 - 1). Outside cli/Options.cpp no C++ file of cli/, testing/, examples/ or
# properties/program/ below the given folder calls add_option or add_flag. And the commands
# reach CLI11 through those helpers alone: outside cli/Options.cpp and cli/Main.cpp none of those
# files calls add_subcommand (addCommand) or includes CLI11, whose header-only classes compile
# most of the library into every unit that includes them. The fixture folder
# tests/rules/fixtures/options/ breaks both rules and is checked on its own.
set -uo pipefail
root="${1:?usage: check_options.sh <folder>}"
cd "$root"
status=0
sources() {
  find cli testing examples properties/program \( -name '*.h' -o -name '*.hpp' -o -name '*.cpp' \
    -o -name '*.in' \) "$@" -print0 2>/dev/null
}
while IFS= read -r hit; do
  echo "rule broken: ${hit%%:*} declares an option directly (use addText, addWhole, addSeconds" \
    "or addSwitch of cli/Options.h): ${hit#*:}"
  status=1
done < <(sources -not -path 'cli/Options.cpp' \
           | xargs -0 -r grep -HnE '\badd_(option|flag)[a-z_]*[[:space:]]*(<|\()' || true)
while IFS= read -r hit; do
  echo "rule broken: ${hit%%:*} reaches CLI11 directly (use addCommand and the option helpers" \
    "of cli/Options.h): ${hit#*:}"
  status=1
done < <(sources -not -path 'cli/Options.cpp' -not -path 'cli/Main.cpp' \
           | xargs -0 -r grep -HnE '\badd_subcommand[[:space:]]*\(|#[[:space:]]*include[[:space:]]*<CLI/' \
           || true)
exit $status
