#!/usr/bin/env bash
# Repository rule: every command-line option is declared through the helpers of cli/Options.h
# (text bound to strings, numbers read by the one number reader, switches bound to bools), so no
# option binds a number for CLI11 to read in its own way (`010` as eight, `1e3` as one, 2^64 as
# 2^64 - 1). Outside cli/Options.cpp no C++ file of cli/, testing/ or examples/ below the
# given folder calls add_option or add_flag. The fixture folder tests/rules/fixtures/options/
# breaks the rule and is checked on its own.
set -uo pipefail
root="${1:?usage: check_options.sh <folder>}"
cd "$root"
status=0
while IFS= read -r hit; do
  echo "rule broken: ${hit%%:*} declares an option directly (use addText, addWhole, addSeconds" \
    "or addSwitch of cli/Options.h): ${hit#*:}"
  status=1
done < <(find cli testing examples \( -name '*.h' -o -name '*.hpp' -o -name '*.cpp' \
           -o -name '*.in' \) -not -path 'cli/Options.cpp' -print0 2>/dev/null \
           | xargs -0 -r grep -HnE '\badd_(option|flag)[a-z_]*[[:space:]]*(<|\()' || true)
exit $status
