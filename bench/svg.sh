#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-svg in the browser against inferno-flamegraph, same input, same run
# (issue 38's figures):
#
#  cost   a fleet's cost map: five hosts' profiles drawn by bench/gen-fleet.c
#         from the service shape (bench/gen-service.c, 20,000 stacks),
#         merged by fg-merge, drawn by `fg-svg --cost 400:0.04 --order
#         weight --labels share` (its first screen's table, left-heavy,
#         share labels): the frames at least a pixel wide, about 2,500,
#         the rest as data for the script; again with --minwidth 0.01%
#         (fg-0.01%@cost): every frame inferno draws, about 89,000;
#         inferno-flamegraph's SVG of the same merged profile.
#  50k    the service shape at FG_BENCH_SVG_50K stacks (1,700): about
#         50,000 frames drawn, every frame (fg-svg --minwidth 0
#         --maxframes 0, inferno-flamegraph --minwidth 0).
#  200k   the same at FG_BENCH_SVG_200K stacks (7,150): about 200,000.
#
# Prints the render times (best of FG_BENCH_RUNS, 3), then per SVG, in
# headless Chromium (bench/svg-zoom.js, 1280x900): file size, frames,
# DOM nodes, first paint and ready (load, script and a frame), each the
# median of FG_BENCH_LOADS loads (3), and the median click-zoom and reset
# (a real mouse click: press to the second frame after it; three frames,
# fewer once FG_BENCH_ZOOM_BUDGET seconds, 60, are spent on a file), each
# with its ratio to inferno's SVG of the same input; with FG_BENCH_TRACE=1, per SVG
# the main-thread CPU before its first paint and per zoom and reset from
# a Chromium trace. The browser part says why and stops when node,
# tests/browser/node_modules or Chromium are missing.
# usage: sh bench/svg.sh BINDIR DATADIR
set -eu
. "$(dirname "$0")/lib.sh"
bin=$1 data=$2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
runs=${FG_BENCH_RUNS:-3}
n50=${FG_BENCH_SVG_50K:-1700} n200=${FG_BENCH_SVG_200K:-7150}
mkdir -p "$data"
[ -x "$data/gen-service" ] || build gen-service
[ -x "$data/gen-fleet" ] || build gen-fleet
# gen N NAME: the service shape, sorted, made once
gen() {
	[ -s "$data/$2.folded" ] && return 0
	"$data/gen-service" "$1" 1 | LC_ALL=C sort >"$data/$2.folded.tmp"
	mv "$data/$2.folded.tmp" "$data/$2.folded"
}
gen 20000 svg-service-20k
gen "$n50" "svg-service-$n50"
gen "$n200" "svg-service-$n200"
# the fleet: 5 hosts of 870 draws each, merged
fl=$data/svg-fleet.folded
if [ ! -s "$fl" ]; then
	rm -rf "$data/svg-fleet" && mkdir -p "$data/svg-fleet"
	"$data/gen-fleet" "$data/svg-service-20k.folded" "$data/svg-fleet" \
	    5 870 1 >/dev/null
	"$bin/fg-merge" "$data"/svg-fleet/h*.folded >"$fl.tmp"
	mv "$fl.tmp" "$fl"
fi

# draw NAME FGOPTS INFERNOOPTS INPUT: fg's and inferno's SVGs, timed
inferno=
command -v inferno-flamegraph >/dev/null 2>&1 && inferno=1
draw() {
	# shellcheck disable=SC2086
	"$bin/fg-svg" $2 "$4" >"$data/svg-fg-$1.svg"
	# shellcheck disable=SC2086
	line="$1: $(wc -l <"$4") stacks; render: fg-svg $(best "$runs" \
	    "$bin/fg-svg" $2 "$4")s"
	if [ -n "$inferno" ]; then
		# shellcheck disable=SC2086
		inferno-flamegraph $3 "$4" >"$data/svg-inferno-$1.svg" \
		    2>/dev/null || true
		# shellcheck disable=SC2086
		line="$line, inferno-flamegraph $(best "$runs" \
		    inferno-flamegraph $3 "$4")s"
	fi
	echo "$line"
}
draw cost "--cost 400:0.04 --order weight --labels share" "" "$fl"
# the same map with every frame of 0.01% drawn, as before the cost map
# drew frames a pixel wide and kept the rest as data
"$bin/fg-svg" --cost 400:0.04 --order weight --labels share \
    --minwidth 0.01% "$fl" >"$data/svg-fg-cost-all.svg"
every="--minwidth 0 --maxframes 0"
draw 50k "$every" "--minwidth 0" "$data/svg-service-$n50.folded"
draw 200k "$every" "--minwidth 0" "$data/svg-service-$n200.folded"
set --
for k in cost 50k 200k; do
	set -- "$@" "fg@$k=$data/svg-fg-$k.svg"
	[ "$k" != cost ] ||
		set -- "$@" "fg-0.01%@cost=$data/svg-fg-cost-all.svg"
	[ -z "$inferno" ] || set -- "$@" "inferno@$k=$data/svg-inferno-$k.svg"
done

if ! command -v node >/dev/null 2>&1; then
	echo "browser figures skipped: no node"
	exit 0
fi
if [ ! -d "$top/tests/browser/node_modules/playwright-core" ]; then
	echo "browser figures skipped: no tests/browser/node_modules" \
	    "(make browser-deps)"
	exit 0
fi
if [ ! -x "${FG_CHROMIUM:-/usr/bin/chromium}" ]; then
	echo "browser figures skipped: no ${FG_CHROMIUM:-/usr/bin/chromium}" \
	    "(apt-get install chromium)"
	exit 0
fi
echo "load average at the browser's start: $(cut -d ' ' -f 1-3 \
    /proc/loadavg 2>/dev/null || uptime)"
FG_BENCH_LOADS=${FG_BENCH_LOADS:-3} node "$here/svg-zoom.js" "$@" \
    >"$data/svg-zoom.out" || { echo "svg-zoom.js failed"; exit 0; }
echo "load average at its end: $(cut -d ' ' -f 1-3 /proc/loadavg \
    2>/dev/null || uptime)"
# ratios to inferno's figures of the same input (inferno@SET)
awk '/^#/ { note[++nn] = $0; next }
BEGIN {
	printf "%-13s %10s %8s %8s %9s %9s %8s %8s %6s\n", "svg (1280x900)",
	    "bytes", "frames", "nodes", "paint ms", "ready ms", "zoom ms",
	    "reset ms", "clicks"
}
{ n++; for (i = 1; i <= 9; i++) v[n, i] = $i }
{ k = $1; sub(/^[^@]*/, "", k); set[n] = k }
$1 ~ /^inferno(@|$)/ { ref[set[n]] = n; hasref = 1 }
END {
	for (r = 1; r <= n; r++) {
		printf "%-13s", v[r, 1]
		f = ref[set[r]]
		for (i = 2; i <= 9; i++) {
			x = v[r, i]
			s = x
			if (f && r != f && v[f, i] > 0 && i != 3 && i != 9)
				s = sprintf("%s (%.2fx)", x, x / v[f, i])
			printf " %*s", i == 2 ? 10 : (i <= 4 || i == 9 ? 8 : 9), s
		}
		printf "\n"
	}
	if (hasref)
		print "(ratios: the figure over inferno-flamegraph'"'"'s of" \
		    " the same input)"
	for (r = 1; r <= nn; r++)
		print note[r]
}' "$data/svg-zoom.out"
