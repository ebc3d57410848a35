#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-svg speed and size: a deterministic 200k-stack (~150 MB) folded
# profile rendered by fg-svg, and by flamegraph.pl and inferno-flamegraph
# when they are on PATH (best of N wall clock; ratio printed). Then, when
# tests/browser/node_modules exists, bench/svg-zoom.js times a zoom in
# headless Chromium on fg-svg's SVG and flamegraph.pl's.
# usage: sh bench/svg.sh BINDIR DATADIR
set -eu
. "$(dirname "$0")/lib.sh"
bindir=$1
data=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$data"
in=$data/svg-200k-v4.folded
runs=${FG_BENCH_RUNS:-5}

if [ ! -s "$in" ]; then
	echo "generating $in ..."
	# A call tree with skewed fan-out: names come from a pool chosen by
	# a hash of the path, so subtrees repeat and the graph is bushy.
	awk 'BEGIN {
		srand(42);
		np = 4000;
		for (i = 0; i < np; i++)
			pool[i] = sprintf("ns%d::Widget%d::method_%d(int)",
			    i % 37, i % 211, i);
		for (n = 0; n < 200000; n++) {
			h = 7; d = 12 + int(rand() * 26); s = "main";
			for (j = 0; j < d; j++) {
				r = rand();
				r = r * r * r;
				k = int(r * r * r * 3);
				h = (h * 31 + k * 17 + j) % 1000003;
				s = s ";" pool[h % np];
			}
			print s, 1 + int(rand() * 40);
		}
	}' | LC_ALL=C sort >"$in.tmp"
	mv "$in.tmp" "$in"
fi
bytes=$(wc -c <"$in")
rm -f "$data/svg-fgpl.svg" "$data/svg-inferno.svg"
echo "input: $(wc -l <"$in") stacks, $bytes bytes"

"$bindir/fg-svg" "$in" >"$data/svg-fg.svg"
t_fg=$(best "$runs" "$bindir/fg-svg" "$in")
s_fg=$(wc -c <"$data/svg-fg.svg")
f_fg=$(grep -c '^<g d=' "$data/svg-fg.svg")
echo "fg-svg:             ${t_fg}s  $s_fg bytes  $f_fg frames"

if command -v inferno-flamegraph >/dev/null 2>&1; then
	inferno-flamegraph "$in" >"$data/svg-inferno.svg" 2>/dev/null || true
	t=$(best "$runs" inferno-flamegraph "$in")
	echo "inferno-flamegraph: ${t}s  $(wc -c <"$data/svg-inferno.svg") bytes" \
	    "($(echo "$t $t_fg" | awk '{printf "%.1fx", $1 / $2}') fg-svg's time)"
fi
fgpl=$(command -v flamegraph.pl 2>/dev/null || true)
if [ -n "$fgpl" ]; then
	perl "$fgpl" "$in" >"$data/svg-fgpl.svg" 2>/dev/null || true
	t=$(best 1 perl "$fgpl" "$in")
	echo "flamegraph.pl:      ${t}s  $(wc -c <"$data/svg-fgpl.svg") bytes" \
	    "($(echo "$t $t_fg" | awk '{printf "%.1fx", $1 / $2}') fg-svg's time)"
fi

top=$(cd "$here/.." && pwd)
if [ -d "$top/tests/browser/node_modules/playwright-core" ] &&
    command -v node >/dev/null 2>&1; then
	set -- "$data/svg-fg.svg"
	[ -s "$data/svg-fgpl.svg" ] && set -- "$@" "$data/svg-fgpl.svg"
	node "$here/svg-zoom.js" "$@" || echo "svg-zoom.js failed"
else
	echo "zoom timing skipped: no tests/browser/node_modules (npm install)"
fi
