#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-collapse on a large perf script capture: records a real profile of a
# busy workload here with perf (cpu-clock, call graphs), concatenates its
# perf script output to about SIZE_MB (default 300) and times fg-collapse
# (two threads, then -j1, then through a pipe) against wc -l, and stackcollapse-perf.pl and
# inferno-collapse-perf when they are on PATH; then fg-collapse and inferno
# on the capture once (a concatenation repeats every stack, which favours
# fg-collapse's cache of stacks seen before). Best of 3 wall-clock runs,
# peak RSS (bench/tm.c). FG_BENCH_PERL=0 skips the Perl script.
# usage: sh bench/collapse.sh BINDIR DATADIR
set -eu
. "$(dirname "$0")/lib.sh"
bindir=${1:-bin}
data=${2:-bench/data}
size_mb=${SIZE_MB:-300}
mkdir -p "$data"
cap=$data/perf-script.txt
big=$data/perf-big.txt

if ! command -v perf >/dev/null 2>&1; then
	echo "collapse: perf not found; skipped"
	exit 0
fi

if [ ! -s "$cap" ]; then
	# a busy workload with varied user and kernel stacks, for 8 seconds
	perf record -q -e cpu-clock -F 4999 -g -o "$data/perf.data" -- \
	    timeout 8 sh -c 'while :; do
		find /usr/lib -type f -name "*.so*" 2>/dev/null | head -300 |
		    xargs cat 2>/dev/null | gzip -1 | wc -c >/dev/null
		done' >/dev/null 2>&1 || true
	# (perf record exits with the workload's status: timeout's 124)
	if [ ! -s "$data/perf.data" ]; then
		echo "collapse: perf record failed (perf_event_paranoid?); skipped"
		exit 0
	fi
	perf script -i "$data/perf.data" >"$cap" 2>/dev/null
	rm -f "$data/perf.data"
fi
if [ ! -s "$cap" ]; then
	echo "collapse: perf script gave no output; skipped"
	exit 0
fi
if [ ! -s "$big" ]; then
	capsz=$(wc -c <"$cap")
	n=$(( (size_mb * 1048576 + capsz - 1) / capsz ))
	i=0
	: >"$big"
	while [ $i -lt $n ]; do
		cat "$cap" >>"$big"
		i=$((i + 1))
	done
fi
bytes=$(wc -c <"$big")
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')
echo "input: $mb MB ($(wc -l <"$big") lines) of perf script output:" \
    "one $(awk -v b="$(wc -c <"$cap")" 'BEGIN { printf "%.1f", b / 1048576 }') MB" \
    "capture, repeated"
${CC:-cc} -O2 -o "$data/tm" "$(dirname "$0")/tm.c"

rate() {
	awk -v t="$1" -v b="$2" 'BEGIN { printf "%.0f", b / 1048576 / t }'
}

# line NAME BYTES FGTIME 'SH LINE': best of 3 and peak RSS, MB/s, and the
# ratio of its time to FGTIME when one is given
line() {
	set -- "$1" "$2" "$3" $("$data/tm" 3 /dev/null sh -c "$4" 2>/dev/null ||
	    echo fail)
	if [ "$4" = fail ]; then
		printf '%-34s failed\n' "$1"
		return
	fi
	printf '%-34s %8.3f s %6.1f MB %6s MB/s' "$1" "$4" \
	    "$(awk -v k="$5" 'BEGIN { print k / 1024 }')" "$(rate "$4" "$2")"
	[ -z "$3" ] || awk -v a="$4" -v b="$3" \
	    'BEGIN { printf "  (fg-collapse %.1fx faster)", a / b }'
	echo
	t=$4
}

t=
line "wc -l" "$bytes" "" "wc -l <'$big'"
line "fg-collapse" "$bytes" "" "'$bindir/fg-collapse' '$big'"
tfg=$t
line "fg-collapse -j1" "$bytes" "" "'$bindir/fg-collapse' -j1 '$big'"
line "cat | fg-collapse (pipe)" "$bytes" "" "cat '$big' | '$bindir/fg-collapse'"
tfgp=$t
for ref in inferno-collapse-perf stackcollapse-perf.pl; do
	command -v "$ref" >/dev/null 2>&1 || continue
	case $ref in *.pl) [ "${FG_BENCH_PERL:-1}" != 0 ] || continue ;; esac
	line "$ref" "$bytes" "$tfg" "$ref '$big'"
	[ "$ref" = inferno-collapse-perf ] || continue
	line "cat | $ref (pipe)" "$bytes" "$tfgp" "cat '$big' | $ref"
done
# the capture once: stacks repeat only as much as they did when recorded
cb=$(wc -c <"$cap")
line "fg-collapse, one capture" "$cb" "" "'$bindir/fg-collapse' '$cap'"
tone=$t
if command -v inferno-collapse-perf >/dev/null 2>&1; then
	line "inferno-collapse-perf, one" "$cb" "$tone" \
	    "inferno-collapse-perf '$cap'"
fi
