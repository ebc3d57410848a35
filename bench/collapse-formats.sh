#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-collapse on the dtrace, bpftrace, sample and cpuprofile formats:
# throughput on generated inputs, best of 3 wall-clock runs. When
# stackcollapse.pl or stackcollapse-bpftrace.pl (FlameGraph) or
# inferno-collapse-dtrace / inferno-collapse-sample is on PATH, it is run
# on the same input and the ratio printed.
# usage: sh bench/collapse-formats.sh BINDIR DATADIR
set -eu
. "$(dirname "$0")/lib.sh"
bin=$1
data=$2
mkdir -p "$data"

# best of 3, in milliseconds: best_ms CMD...
best_ms() {
	best 3 "$@" | awk '{ printf "%d\n", $1 * 1000 }'
}

report() {
	# report NAME FILE MS [REFNAME REFMS]
	size=$(wc -c <"$2")
	mbs=$(awk -v s="$size" -v ms="$3" 'BEGIN { printf "%.0f", (ms > 0 ? s / 1e6 / (ms / 1e3) : 0) }')
	printf '%-12s %8d bytes %7d ms %6s MB/s' "$1" "$size" "$3" "$mbs"
	if [ $# -ge 5 ]; then
		printf '   %s %d ms (%sx)' "$4" "$5" \
		    "$(awk -v a="$5" -v b="$3" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')"
	fi
	printf '\n'
}

f=$data/collapse-dtrace.txt
[ -s "$f" ] || awk 'BEGIN { srand(1); print "CPU     ID                    FUNCTION:NAME"
	print "  0  1   :tick-10s"; print ""
	for (s = 0; s < 200000; s++) {
		d = 10 + int(rand() * 20)
		for (i = 0; i < d; i++)
			printf "              mod%d`func_%d+0x%x\n", i % 3, int(rand() * 5) + i * 7, int(rand() * 4096)
		printf "               %d\n\n", 1 + int(rand() * 100)
	} }' >"$f"
ms=$(best_ms "$bin/fg-collapse" -f dtrace "$f")
if command -v inferno-collapse-dtrace >/dev/null 2>&1; then
	report dtrace "$f" "$ms" inferno "$(best_ms inferno-collapse-dtrace "$f")"
elif command -v stackcollapse.pl >/dev/null 2>&1; then
	report dtrace "$f" "$ms" stackcollapse.pl "$(best_ms stackcollapse.pl "$f")"
else
	report dtrace "$f" "$ms"
fi

f=$data/collapse-bpftrace.txt
[ -s "$f" ] || awk 'BEGIN { srand(2); print "Attaching 1 probe..."; print ""
	for (s = 0; s < 200000; s++) {
		print "@["
		d = 5 + int(rand() * 15)
		for (i = 0; i < d; i++) printf "    kfunc_%d+%d\n", int(rand() * 5) + i * 7, int(rand() * 400)
		print ","
		for (i = 0; i < d; i++) printf "    ufunc_%d+%d\n", int(rand() * 5) + i * 7, int(rand() * 400)
		printf ", comm%d]: %d\n", s % 10, 1 + int(rand() * 100)
	} }' >"$f"
ms=$(best_ms "$bin/fg-collapse" -f bpftrace "$f")
if command -v stackcollapse-bpftrace.pl >/dev/null 2>&1; then
	report bpftrace "$f" "$ms" stackcollapse-bpftrace.pl \
	    "$(best_ms stackcollapse-bpftrace.pl "$f")"
else
	report bpftrace "$f" "$ms"
fi

f=$data/collapse-sample.txt
[ -s "$f" ] || awk 'BEGIN { srand(3); print "Call graph:"
	for (t = 0; t < 200; t++) {
		printf "    %d Thread_%d\n", 100000, t
		for (s = 0; s < 1000; s++) {
			d = 2 + int(rand() * 20)
			for (i = 1; i <= d; i++) {
				ind = ""
				for (k = 1; k < i; k++) ind = ind "  "
				printf "    +%s %d func_%d  (in mod%d) + %d  [0x%x]\n", ind, 100, int(rand() * 5) + i * 7, i % 3, i, 4096 + i
			}
		}
	}
	print ""; print "Total number in stack (recursive counted multiple, when >=5):" }' >"$f"
ms=$(best_ms "$bin/fg-collapse" -f sample "$f")
if command -v inferno-collapse-sample >/dev/null 2>&1; then
	report sample "$f" "$ms" inferno "$(best_ms inferno-collapse-sample "$f")"
else
	report sample "$f" "$ms"
fi

f=$data/collapse.cpuprofile
[ -s "$f" ] || awk 'BEGIN { srand(4); n = 20000; printf "{\"nodes\":["
	for (i = 1; i <= n; i++) {
		printf "%s{\"id\":%d,\"callFrame\":{\"functionName\":\"fn%d\",\"scriptId\":\"1\",\"url\":\"file:///app/m%d.js\",\"lineNumber\":%d,\"columnNumber\":3},\"hitCount\":1", (i > 1 ? "," : ""), i, i % 500, i % 40, i % 300
		if (2 * i + 1 <= n) printf ",\"children\":[%d,%d]", 2 * i, 2 * i + 1
		else if (2 * i <= n) printf ",\"children\":[%d]", 2 * i
		printf "}"
	}
	m = 2000000
	printf "],\"startTime\":0,\"endTime\":999999999,\"samples\":["
	for (i = 0; i < m; i++) printf "%s%d", (i ? "," : ""), 1 + int(rand() * n)
	printf "],\"timeDeltas\":["
	for (i = 0; i < m; i++) printf "%s%d", (i ? "," : ""), 40 + int(rand() * 30)
	printf "]}" }' >"$f"
report cpuprofile "$f" "$(best_ms "$bin/fg-collapse" -f cpuprofile "$f")"
report cpuprof-time "$f" \
    "$(best_ms "$bin/fg-collapse" -f cpuprofile --cpuprofile-time "$f")"
