#!/bin/sh
# SPDX-License-Identifier: ISC
# Lists the cases that still pass when every tool prints nothing and exits 0
# (a directory of fg-* scripts that do just that stands in for bin/). Each
# one listed must be a case whose rule is "no output, exit 0"; any other
# needs a real expectation or a guard that fails on empty output.
# usage: tests/vacuous.sh [PATTERN]   (PATTERN as for tests/run.sh)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
stub=$(mktemp -d "${FG_TEST_TMP:-/tmp}/fgstub.XXXXXX") || exit 2
trap 'rm -rf "$stub"' EXIT
mkdir "$stub/bin" || exit 2
for t in collapse color diff elide merge svg top; do
	printf '#!/bin/sh\nexit 0\n' >"$stub/bin/fg-$t" &&
	    chmod +x "$stub/bin/fg-$t" || exit 2
done
# the outputs of the (many) failed cases go under $stub, removed on exit
FG_TEST_TMP=$stub FG_PASSED=1 sh "$top/tests/run.sh" "$stub/bin" "${1:-*/*}" |
    sed -n 's/^PASS //p'
