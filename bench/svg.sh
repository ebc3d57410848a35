#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-svg in the browser against flamegraph.pl and inferno, same input, same
# run: the service shape (bench/gen-service.c, 200k stacks, the files
# service.sh makes) before and after a change. Rendered: fg's differential
# SVG of the pair (fg-diff | fg-svg), fg's plain SVG of the after profile
# and its cost map (--cost, --order weight, --labels share), and
# inferno-flamegraph's SVG of that same profile when it is on PATH.
# flamegraph.pl takes minutes on 200k stacks of this shape (it was stopped
# after 300 s on a busy machine), so when it is on PATH it gets a smaller
# after profile (FG_BENCH_PERL_STACKS, 20000) of its own, which fg-svg and
# inferno render too, a second same-input comparison; it is stopped after
# FG_BENCH_PERL_LIMIT seconds (120), and the line says so
# (FG_BENCH_PERL=0 skips it). Prints the render times (best of N, sorted
# input; flamegraph.pl's one run), then per SVG: file size, DOM nodes,
# first paint and ready (load, script and a frame), each the median of
# FG_BENCH_LOADS loads (5), and the median click-zoom and reset repaints in headless Chromium (bench/svg-zoom.js), each with
# its ratio to inferno's of the same input, and per SVG what came before
# its first paint in a Chromium trace (bytes parsed, main-thread CPU in
# parsing, style, layout, paint and script). The browser part says why and
# stops when node, tests/browser/node_modules or Chromium are missing.
# FG_BENCH_STACKS sets the main size.
# usage: sh bench/svg.sh BINDIR DATADIR
set -eu
. "$(dirname "$0")/lib.sh"
bin=$1 data=$2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
runs=${FG_BENCH_RUNS:-3}
n=${FG_BENCH_STACKS:-200000}
s=service-$((n / 1000))k
mkdir -p "$data"
[ -x "$data/gen-service" ] || build gen-service
# gen N NAME [after]: the service shape, sorted, made once
gen() {
	[ -s "$data/$2.folded" ] && return 0
	"$data/gen-service" "$1" 1 ${3:+after} | LC_ALL=C sort \
	    >"$data/$2.folded.tmp"
	mv "$data/$2.folded.tmp" "$data/$2.folded"
}
gen "$n" "$s"
gen "$n" "$s.after" after
a=$data/$s.folded b=$data/$s.after.folded
echo "input $s: before $(wc -l <"$a") stacks, after $(wc -l <"$b") stacks"

"$bin/fg-diff" "$a" "$b" | "$bin/fg-svg" >"$data/svg-fgdiff.svg"
"$bin/fg-svg" "$b" >"$data/svg-fg.svg"
# the fleet cost map of the same profile: its first screen's table,
# left-heavy, share labels (issue 38)
"$bin/fg-svg" --cost 400:0.04 --order weight --labels share "$b" \
    >"$data/svg-fgcost.svg"
t_fg=$(best "$runs" "$bin/fg-svg" "$b")
t_diff=$(best_sh "$runs" "'$bin/fg-diff' '$a' '$b' | '$bin/fg-svg'")
line="render (sorted): fg-svg ${t_fg}s, fg-diff | fg-svg ${t_diff}s"
set -- "fg-diff=$data/svg-fgdiff.svg" "fg=$data/svg-fg.svg" \
    "fg-cost=$data/svg-fgcost.svg"
rm -f "$data/svg-inferno.svg" "$data/svg-fgpl.svg"
if command -v inferno-flamegraph >/dev/null 2>&1; then
	inferno-flamegraph "$b" >"$data/svg-inferno.svg" 2>/dev/null || true
	t=$(best "$runs" inferno-flamegraph "$b")
	line="$line, inferno-flamegraph ${t}s ($(echo "$t $t_fg" |
	    awk '{ printf "%.1fx", $1 / $2 }') fg-svg's time)"
	set -- "$@" "inferno=$data/svg-inferno.svg"
fi
echo "$line"
# flamegraph.pl's set: the smaller profile, its three SVGs
small=
pn=${FG_BENCH_PERL_STACKS:-20000} plim=${FG_BENCH_PERL_LIMIT:-120}
rm -f "$data"/svg-*-small.svg
if [ "${FG_BENCH_PERL:-1}" != 0 ] && command -v flamegraph.pl >/dev/null 2>&1
then
	ps=service-$((pn / 1000))k.after
	gen "$pn" "$ps" after
	c=$data/$ps.folded
	"$bin/fg-svg" "$c" >"$data/svg-fg-small.svg"
	line="flamegraph.pl's input, $ps: $(wc -l <"$c") stacks; render:"
	line="$line fg-svg $(best "$runs" "$bin/fg-svg" "$c")s"
	small="fg@small=$data/svg-fg-small.svg"
	if command -v inferno-flamegraph >/dev/null 2>&1; then
		inferno-flamegraph "$c" >"$data/svg-inferno-small.svg" \
		    2>/dev/null || true
		line="$line, inferno-flamegraph $(best "$runs" \
		    inferno-flamegraph "$c")s"
		small="$small inferno@small=$data/svg-inferno-small.svg"
	fi
	t0=$(date +%s.%N)
	if timeout "$plim" flamegraph.pl "$c" >"$data/svg-fgpl-small.svg" \
	    2>/dev/null; then
		line="$line, flamegraph.pl $(awk -v s="$t0" -v e="$(date \
		    +%s.%N)" 'BEGIN { printf "%.3f", e - s }')s"
		small="$small flamegraph.pl@small=$data/svg-fgpl-small.svg"
	else
		line="$line, flamegraph.pl stopped after ${plim}s"
		line="$line (FG_BENCH_PERL_LIMIT): not measured"
		rm -f "$data/svg-fgpl-small.svg"
	fi
	echo "$line"
fi

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
# shellcheck disable=SC2086
node "$here/svg-zoom.js" "$@" $small >"$data/svg-zoom.out" ||
    { echo "svg-zoom.js failed"; exit 0; }
# ratios to inferno's figures of the same input (inferno, inferno@small)
awk '/^#/ { note[++nn] = $0; next }
BEGIN {
	printf "%-14s %12s %8s %9s %9s %8s %8s\n", "svg (1280x900)",
	    "bytes", "nodes", "paint ms", "ready ms", "zoom ms", "reset ms"
}
{ n++; for (i = 1; i <= 7; i++) v[n, i] = $i }
{ k = $1; sub(/^[^@]*/, "", k); set[n] = k }
$1 ~ /^inferno(@|$)/ { ref[set[n]] = n; hasref = 1 }
END {
	for (r = 1; r <= n; r++) {
		printf "%-14s", v[r, 1]
		f = ref[set[r]]
		for (i = 2; i <= 7; i++) {
			x = v[r, i]
			s = x
			if (f && r != f && v[f, i] > 0)
				s = sprintf("%s (%.2fx)", x, x / v[f, i])
			printf " %*s", i == 2 ? 12 : (i == 3 ? 8 : 9), s
		}
		printf "\n"
	}
	if (hasref)
		print "(ratios: the figure over inferno-flamegraph'"'"'s of" \
		    " the same input; @small: flamegraph.pl'"'"'s input)"
	for (r = 1; r <= nn; r++)
		print note[r]
}' "$data/svg-zoom.out"
