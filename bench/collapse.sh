#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-collapse on a large perf script capture, recorded here in one go:
# perf record -a -g -e cpu-clock (the whole system, call graphs) while a
# varied workload keeps both cores busy (the C compiler, gzip, find,
# python and node, each in a loop), its perf script output cut at a
# sample boundary to about SIZE_MB (default 300). Nothing repeats but what
# the system repeated, so fg-collapse's cache of stack lines seen before
# hits only as often as the profile itself allows. The capture is kept in
# DATADIR (perf-long.txt) and recorded only when it is missing; the first
# SMALL_MB (default 10) of it are timed too. fg-collapse (two threads,
# -j1, through a pipe) is timed against wc -l, and against
# inferno-collapse-perf and stackcollapse-perf.pl when they are on PATH.
# Best of 5 wall-clock runs, peak RSS (bench/tm.c). FG_BENCH_PERL=0 skips
# the Perl script. REC_SECONDS (default 100) is how long perf records.
# usage: sh bench/collapse.sh BINDIR DATADIR
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
bindir=${1:-bin}
data=${2:-bench/data}
size_mb=${SIZE_MB:-300}
small_mb=${SMALL_MB:-10}
secs=${REC_SECONDS:-100}
mkdir -p "$data"
long=$data/perf-long.txt
small=$data/perf-small.txt

if ! command -v perf >/dev/null 2>&1; then
	echo "collapse: perf not found; skipped"
	exit 0
fi

# cut LIMIT_BYTES: copies stdin up to the first blank line (the end of a
# sample) at or after LIMIT_BYTES
cut_at() {
	LC_ALL=C awk -v lim="$1" '{ n += length($0) + 1; print }
	    /^$/ && n >= lim { exit }'
}

# the workload: each loop in the background, all of them ended by timeout
# (which signals its whole process group)
workload() {
	root=$(dirname "$here")
	tmp=$(mktemp -d)
	timeout "$secs" sh -c '
	root=$1 tmp=$2
	while :; do
		for f in "$root"/common/*/*.c "$root"/cmd/*/*.c; do
			cc -O2 -I"$root/common/core" -I"$root/common/sum" \
			    -I"$root/common/stats" -I"$root/common/color" \
			    -I"${f%/*}" -c "$f" \
			    -o "$tmp/x.o" 2>/dev/null
		done
	done &
	while :; do
		find /usr/lib /usr/share -type f 2>/dev/null | head -4000 |
		    xargs cat 2>/dev/null | gzip -6 >/dev/null
	done &
	while :; do
		find / -xdev -name "*.py*" -newer /etc/hostname \
		    2>/dev/null | wc -l >/dev/null
	done &
	while :; do
		python3 -c "
import json, re, hashlib, random
r = random.Random(1)
d = [{\"k\": r.random(), \"s\": str(r.getrandbits(64))} for i in range(200000)]
t = json.dumps(d)
sum(len(m.group(0)) for m in re.finditer(r\"[0-9]+\", t))
hashlib.sha256(t.encode()).hexdigest()
sorted(d, key=lambda x: x[\"s\"])
" >/dev/null 2>&1
	done &
	while :; do
		node -e "
let a = [];
for (let i = 0; i < 300000; i++) a.push({k: Math.random(), s: String(i * 7919)});
a.sort((x, y) => x.s < y.s ? -1 : 1);
JSON.parse(JSON.stringify(a));
require(\"zlib\").gzipSync(Buffer.from(JSON.stringify(a)));
" >/dev/null 2>&1
	done &
	wait' sh "$root" "$tmp" >/dev/null 2>&1 || true
	rm -rf "$tmp"
}

if [ "${1:-}" = --workload ]; then
	workload
	exit 0
fi
if [ ! -s "$long" ]; then
	echo "collapse: recording $secs s of the whole system with perf" \
	    "(once; kept in $long)"
	REC_SECONDS=$secs perf record -q -a -g -e cpu-clock -F 4999 \
	    -o "$data/perf.data" -- sh "$here/collapse.sh" --workload \
	    >/dev/null 2>&1 || true
	if [ ! -s "$data/perf.data" ]; then
		echo "collapse: perf record failed (perf_event_paranoid?); skipped"
		exit 0
	fi
	perf script -i "$data/perf.data" 2>/dev/null |
	    cut_at $((size_mb * 1048576)) >"$long.tmp"
	mv "$long.tmp" "$long"
	rm -f "$data/perf.data" "$small"
fi
if [ ! -s "$long" ]; then
	echo "collapse: perf script gave no output; skipped"
	exit 0
fi
[ -s "$small" ] || cut_at $((small_mb * 1048576)) <"$long" >"$small"
${CC:-cc} -O2 -o "$data/tm" "$here/tm.c"

# shape FILE: MB, samples (blank lines) and lines
shape() {
	LC_ALL=C awk '/^$/ { s++ } { b += length($0) + 1 }
	    END { printf "%.1f MB, %d samples, %d lines", b / 1048576, s, NR }' \
	    "$1"
}

rate() {
	awk -v t="$1" -v b="$2" 'BEGIN { printf "%.0f", b / 1048576 / t }'
}

# line NAME BYTES FGTIME 'SH LINE': best of 5 and peak RSS, MB/s, and the
# ratio of its time to FGTIME when one is given
line() {
	set -- "$1" "$2" "$3" $("$data/tm" 5 /dev/null sh -c "$4" 2>/dev/null ||
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

# run FILE: every line on one input
run() {
	bytes=$(wc -c <"$1")
	t=
	line "wc -l" "$bytes" "" "wc -l <'$1'"
	line "fg-collapse" "$bytes" "" "'$bindir/fg-collapse' '$1'"
	tfg=$t
	line "fg-collapse -j1" "$bytes" "" "'$bindir/fg-collapse' -j1 '$1'"
	line "cat | fg-collapse (pipe)" "$bytes" "" \
	    "cat '$1' | '$bindir/fg-collapse'"
	tfgp=$t
	for ref in inferno-collapse-perf stackcollapse-perf.pl; do
		command -v "$ref" >/dev/null 2>&1 || continue
		case $ref in
		*.pl) [ "${FG_BENCH_PERL:-1}" != 0 ] || continue ;;
		esac
		line "$ref" "$bytes" "$tfg" "$ref '$1'"
		[ "$ref" = inferno-collapse-perf ] || continue
		line "cat | $ref (pipe)" "$bytes" "$tfgp" "cat '$1' | $ref"
	done
}

echo "input: $(shape "$long") of perf script output," \
    "one whole-system capture (perf record -a -g, cpu-clock)"
run "$long"
echo "input: $(shape "$small"), the start of that capture"
FG_BENCH_PERL=0 run "$small"
