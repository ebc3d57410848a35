#!/bin/sh
# SPDX-License-Identifier: ISC
# Golden-file test harness. Cases are grouped by tool: each directory
# tests/cases/TOOL/NAME holds:
#   cmd      a shell script, run by sh in that directory with the binaries
#            under test first on PATH (required); its first line is a
#            comment stating the rule the case checks
#   stdin    fed to the command (default: empty input)
#   stdout   expected standard output (default: empty)
#   stderr   expected standard error (default: empty)
#   status   expected exit status (default: 0)
# A case that cannot run here (a tool or service missing) exits 77 with the
# reason on standard error: it is reported as SKIP with that reason.
# usage: tests/run.sh [BINDIR] [PATTERN]   (PATTERN matches TOOL/NAME)
# Each case runs with TMPDIR set to a fresh short directory under /tmp (so
# socket paths stay short however deep the checkout is); the outputs of a
# failed case are kept there and named in the report.
# FG_UPDATE=1 rewrites the expected files from what the tools print (then
# review the diff before committing); FG_PASSED=1 also prints "PASS name" for
# each case that passes (tests/vacuous.sh uses it). Ends with
# "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bindir=$(cd "${1:-$top/bin}" && pwd) || exit 2
pat=${2:-*/*}
out=$(mktemp -d "${FG_TEST_TMP:-/tmp}/fgt.XXXXXX") || exit 2
PATH=$bindir:$PATH
export PATH LC_ALL=C FG_TOP="$top" FG_BIN="$bindir"
pass=0 fail=0 skip=0
for dir in "$top"/tests/cases/$pat/; do
	[ -f "$dir/cmd" ] || continue
	name=${dir%/}
	name=${name#"$top"/tests/cases/}
	o=$out/$(printf '%s' "$name" | tr / .)
	mkdir -p "$o/tmp"
	in=/dev/null
	[ -f "$dir/stdin" ] && in=$dir/stdin
	(cd "$dir" && TMPDIR=$o/tmp sh ./cmd <"$in" >"$o/stdout" 2>"$o/stderr")
	echo $? >"$o/status"
	if [ "$(cat "$o/status")" = 77 ] && ! grep -qx 77 "$dir/status" 2>/dev/null
	then
		echo "SKIP $name: $(head -1 "$o/stderr")"
		skip=$((skip + 1))
		rm -rf "$o"
		continue
	fi
	ok=1
	for f in stdout stderr status; do
		exp=$dir/$f
		if [ ! -f "$exp" ]; then
			exp=$o/$f.default
			if [ $f = status ]; then echo 0 >"$exp"; else : >"$exp"; fi
		fi
		if ! cmp -s "$exp" "$o/$f"; then
			if [ "${FG_UPDATE:-}" = 1 ]; then
				cp "$o/$f" "$dir/$f"
				continue
			fi
			ok=0
			echo "FAIL $name: $f differs"
			diff -u "$exp" "$o/$f" | head -20 | sed 's/^/    /'
		fi
	done
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
		[ "${FG_PASSED:-}" = 1 ] && echo "PASS $name"
		rm -rf "$o"
	else
		fail=$((fail + 1))
	fi
done
[ $fail -eq 0 ] && rm -rf "$out"
[ $fail -gt 0 ] && echo "outputs of failed cases: $out"
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
