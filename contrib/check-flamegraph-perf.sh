#!/bin/sh
# SPDX-License-Identifier: ISC
#
# Compares fg-collapse with FlameGraph's stackcollapse-perf.pl on the perf
# script captures of a FlameGraph checkout (its test/*.txt), with no option
# and with each of --pid --tid --kernel --jit --all --addrs: 13 captures,
# 91 cases at FlameGraph's commit 41fee1f.
#
# usage: contrib/check-flamegraph-perf.sh [-r] FLAMEGRAPH_DIR [FG_COLLAPSE]
#
# The expected output of a case is what the checkout's own
# stackcollapse-perf.pl prints for the capture followed by one blank line:
# the captures end without one, and the Perl script then drops their last
# sample (fg-collapse keeps it). This needs perl.
# With -r the expected outputs are instead the checkout's committed
# test/results/*-collapsed-OPT.txt files (78 cases, no option-less ones),
# as FlameGraph's test.sh uses them; they were recorded with the last
# sample dropped, and the Java captures' --pid and --tid results predate
# the script's current output, so some cases are expected to differ there.
#
# Prints FAIL and a diff excerpt per differing case, then
# "N passed, N failed"; exits 1 if any failed, 2 on a usage error.
set -u
results=0
if [ "${1:-}" = -r ]; then
	results=1
	shift
fi
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1/test" ]; then
	echo "usage: $0 [-r] FLAMEGRAPH_DIR [FG_COLLAPSE]" >&2
	exit 2
fi
fgdir=$1
fgc=${2:-fg-collapse}
script=$fgdir/stackcollapse-perf.pl
if [ $results = 0 ] && ! command -v perl >/dev/null; then
	echo "$0: perl is needed (or -r to use the committed results)" >&2
	exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fgcheck.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
pass=0 fail=0
for cap in "$fgdir"/test/*.txt; do
	name=$(basename "$cap" .txt)
	for opt in none pid tid kernel jit all addrs; do
		if [ $opt = none ]; then
			flag= suffix=
		else
			flag=--$opt suffix=-$opt
		fi
		if [ $results = 1 ]; then
			exp=$fgdir/test/results/$name-collapsed$suffix.txt
			[ -f "$exp" ] || continue
		else
			exp=$tmp/expected
			{ cat "$cap"; echo; } |
			    perl "$script" $flag >"$exp" 2>/dev/null
		fi
		"$fgc" -f perf $flag "$cap" >"$tmp/got" 2>"$tmp/err"
		if cmp -s "$exp" "$tmp/got"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL $name ${flag:-(no option)}"
			diff "$exp" "$tmp/got" | head -6 | sed 's/^/    /'
		fi
	done
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
