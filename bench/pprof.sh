#!/bin/sh
# SPDX-License-Identifier: ISC
#
# pprof.sh BINDIR DATADIR: fg-collapse on a large synthetic pprof profile
# (500000 samples, 40000 distinct stacks of 4 to 43 frames, 6000
# locations, labels), written by contrib/pprof-demo when `go` is on PATH
# (skipped otherwise). Compares it with `zcat | wc -c` on the same file:
# decoding must not be the pipeline's bottleneck.
set -eu
. "$(dirname "$0")/lib.sh"
bindir=$1
data=$2
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$data"
n=${FG_PPROF_SAMPLES:-500000}
f=$data/pprof-big-$n.pb.gz
if [ ! -s "$f" ]; then
	if ! command -v go >/dev/null 2>&1; then
		echo "pprof: go not on PATH, skipped"
		exit 0
	fi
	(cd "$top/contrib/pprof-demo" && go run . big "$n" "$f.tmp") &&
	    mv "$f.tmp" "$f"
fi
[ -s "${f%.gz}" ] || gzip -dc "$f" > "${f%.gz}"

gz=$(wc -c < "$f")
raw=$(wc -c < "${f%.gz}")
t_zcat=$(best_sh 5 "zcat '$f' | wc -c")
t_gz=$(best_sh 5 "'$bindir/fg-collapse' '$f'")
t_raw=$(best_sh 5 "'$bindir/fg-collapse' '${f%.gz}'")
# a --tag no sample has: inflate and decode everything, fold nothing
t_dec=$(best_sh 5 "'$bindir/fg-collapse' --tag fg-bench-no-such-label=x '$f'")
awk -v n="$n" -v gz="$gz" -v raw="$raw" -v z="$t_zcat" -v g="$t_gz" \
    -v r="$t_raw" -v d="$t_dec" 'BEGIN {
	printf "pprof: %d samples, %.1f MB gzipped, %.1f MB raw\n", n,
	    gz / 1e6, raw / 1e6
	printf "  zcat | wc -c          %6.3f s  %6.1f MB/s (raw)\n", z, raw / z / 1e6
	printf "  decode only (.pb.gz)  %6.3f s  %6.1f MB/s  %.2fx zcat\n", d, raw / d / 1e6, d / z
	printf "  fg-collapse .pb.gz    %6.3f s  %6.1f MB/s  %.2fx zcat\n", g, raw / g / 1e6, g / z
	printf "  fg-collapse .pb       %6.3f s  %6.1f MB/s  %.0f samples/s\n", r, raw / r / 1e6, n / r
}'
