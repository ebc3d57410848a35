#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-svg in the browser against flamegraph.pl and inferno, same input, same
# run: the service shape (bench/gen-service.c, 200k stacks, the files
# service.sh makes) before and after a change. Rendered: fg's differential
# SVG of the pair (fg-diff | fg-svg), fg's plain SVG of the after profile,
# and inferno-flamegraph's and flamegraph.pl's SVGs of that same profile
# when they are on PATH (FG_BENCH_PERL=0 skips flamegraph.pl). Prints the
# render time (best of N, sorted input), then per SVG: file size, DOM
# nodes, first paint, ready (load, script and a frame) and the median
# click-zoom and reset repaints in headless Chromium (bench/svg-zoom.js),
# each with its ratio to inferno's. The browser part says why and stops
# when node, tests/browser/node_modules or Chromium are missing.
# FG_BENCH_STACKS sets the size.
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
for v in "" .after; do
	[ -s "$data/$s$v.folded" ] && continue
	"$data/gen-service" "$n" 1 ${v:+after} | LC_ALL=C sort \
	    >"$data/$s$v.folded.tmp"
	mv "$data/$s$v.folded.tmp" "$data/$s$v.folded"
done
a=$data/$s.folded b=$data/$s.after.folded
echo "input $s: before $(wc -l <"$a") stacks, after $(wc -l <"$b") stacks"

"$bin/fg-diff" "$a" "$b" | "$bin/fg-svg" >"$data/svg-fgdiff.svg"
"$bin/fg-svg" "$b" >"$data/svg-fg.svg"
t_fg=$(best "$runs" "$bin/fg-svg" "$b")
t_diff=$(best_sh "$runs" "'$bin/fg-diff' '$a' '$b' | '$bin/fg-svg'")
line="render (sorted): fg-svg ${t_fg}s, fg-diff | fg-svg ${t_diff}s"
set -- "fg-diff=$data/svg-fgdiff.svg" "fg=$data/svg-fg.svg"
rm -f "$data/svg-inferno.svg" "$data/svg-fgpl.svg"
if command -v inferno-flamegraph >/dev/null 2>&1; then
	inferno-flamegraph "$b" >"$data/svg-inferno.svg" 2>/dev/null || true
	t=$(best "$runs" inferno-flamegraph "$b")
	line="$line, inferno-flamegraph ${t}s ($(echo "$t $t_fg" |
	    awk '{ printf "%.1fx", $1 / $2 }') fg-svg's time)"
	set -- "$@" "inferno=$data/svg-inferno.svg"
fi
if [ "${FG_BENCH_PERL:-1}" != 0 ] && command -v flamegraph.pl >/dev/null 2>&1
then
	t=$(best 1 sh -c "flamegraph.pl '$b' >'$data/svg-fgpl.svg'")
	line="$line, flamegraph.pl ${t}s"
	set -- "$@" "flamegraph.pl=$data/svg-fgpl.svg"
fi
echo "$line"

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
node "$here/svg-zoom.js" "$@" >"$data/svg-zoom.out" ||
    { echo "svg-zoom.js failed"; exit 0; }
# ratios to inferno's figures (the first line named inferno), if any
awk 'BEGIN {
	printf "%-14s %12s %8s %9s %9s %8s %8s\n", "svg (1280x900)",
	    "bytes", "nodes", "paint ms", "ready ms", "zoom ms", "reset ms"
}
{ for (i = 1; i <= 7; i++) v[NR, i] = $i }
$1 == "inferno" { ref = NR }
END {
	for (r = 1; r <= NR; r++) {
		printf "%-14s", v[r, 1]
		for (i = 2; i <= 7; i++) {
			x = v[r, i]
			s = x
			if (ref && r != ref && v[ref, i] > 0)
				s = sprintf("%s (%.2fx)", x, x / v[ref, i])
			printf " %*s", i == 2 ? 12 : (i == 3 ? 8 : 9), s
		}
		printf "\n"
	}
	if (ref)
		print "(ratios: the figure over inferno-flamegraph'"'"'s)"
}' "$data/svg-zoom.out"
