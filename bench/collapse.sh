#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-collapse on a large perf script capture: records a real profile of a
# busy workload here with perf (cpu-clock, call graphs), concatenates its
# perf script output to about SIZE_MB (default 300) and times fg-collapse
# (two threads, then -j1, then through a pipe) against wc -l, and stackcollapse-perf.pl and
# inferno-collapse-perf when they are on PATH. Best of 3 wall-clock runs.
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
echo "input: $mb MB ($(wc -l <"$big") lines) of perf script output"

rate() {
	awk -v t="$1" -v b="$bytes" 'BEGIN { printf "%.0f", b / 1048576 / t }'
}

twc=$(best_sh 3 "wc -l <'$big'")
tfg=$(best_sh 3 "'$bindir/fg-collapse' '$big'")
tfg1=$(best_sh 3 "'$bindir/fg-collapse' -j1 '$big'")
printf '%-28s %8.3f s %7s MB/s\n' "wc -l" "$twc" "$(rate "$twc")"
printf '%-28s %8.3f s %7s MB/s  (%.1fx wc -l)\n' "fg-collapse" "$tfg" \
    "$(rate "$tfg")" "$(awk -v a="$tfg" -v b="$twc" 'BEGIN { print a / b }')"
printf '%-28s %8.3f s %7s MB/s\n' "fg-collapse -j1" "$tfg1" "$(rate "$tfg1")"
tfgp=$(best_sh 3 "cat '$big' | '$bindir/fg-collapse'")
printf '%-28s %8.3f s %7s MB/s\n' "cat | fg-collapse (pipe)" "$tfgp" \
    "$(rate "$tfgp")"
for ref in inferno-collapse-perf stackcollapse-perf.pl; do
	command -v "$ref" >/dev/null 2>&1 || continue
	t=$(best_sh 3 "$ref '$big'")
	printf '%-28s %8.3f s %7s MB/s  (fg-collapse %.1fx faster)\n' "$ref" \
	    "$t" "$(rate "$t")" "$(awk -v a="$t" -v b="$tfg" \
	    'BEGIN { print a / b }')"
	[ "$ref" = inferno-collapse-perf ] || continue
	t=$(best_sh 3 "cat '$big' | $ref")
	printf '%-28s %8.3f s %7s MB/s  (fg-collapse %.1fx faster)\n' \
	    "cat | $ref (pipe)" "$t" "$(rate "$t")" \
	    "$(awk -v a="$t" -v b="$tfgp" 'BEGIN { print a / b }')"
done
