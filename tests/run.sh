#!/bin/sh
# SPDX-License-Identifier: ISC
# Golden-file test harness. Each directory tests/cases/NAME holds:
#   cmd      a shell command line, run by sh in that directory with the
#            binaries under test first on PATH (required)
#   stdin    fed to the command (default: empty input)
#   stdout   expected standard output (default: empty)
#   stderr   expected standard error (default: empty)
#   status   expected exit status (default: 0)
# usage: tests/run.sh [BINDIR] [NAME-PATTERN]
# FG_UPDATE=1 rewrites the expected files from what the tools print (then
# review the diff before committing). Ends with "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bindir=$(cd "${1:-$top/bin}" && pwd) || exit 2
pat=${2:-*}
out=$top/tests/out
rm -rf "$out"
mkdir -p "$out"
PATH=$bindir:$top/tests/bin:$PATH
export PATH LC_ALL=C FG_TOP="$top" FG_BIN="$bindir"
pass=0 fail=0
for dir in "$top"/tests/cases/$pat/; do
	[ -f "$dir/cmd" ] || continue
	name=$(basename "$dir")
	o=$out/$name
	mkdir -p "$o"
	in=/dev/null
	[ -f "$dir/stdin" ] && in=$dir/stdin
	(cd "$dir" && TMPDIR=$o sh ./cmd <"$in" >"$o/stdout" 2>"$o/stderr")
	echo $? >"$o/status"
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
		rm -rf "$o"
	else
		fail=$((fail + 1))
	fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
