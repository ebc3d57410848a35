#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-merge at fleet scale (issue 15). A service's 200,000 possible stacks
# (bench/gen-service.c, sorted); bench/gen-fleet.c draws per-host profiles
# from them, hot paths on every host, cold ones on a few.
#
# 1. 10,000 per-host files of 100 draws each (~790 MB in all, kept in
#    DATADIR/fleet): fg-merge --files-from over the 10,000 files against
#    fg-merge of one file holding the same bytes (their concatenation),
#    and 1,000 of the files: time, peak RSS, unique stacks out. The
#    outputs must be identical; the many-file throughput should be within
#    a small factor of the one file's and peak memory should follow the
#    unique stacks, not the number of files.
# 2. With FG_BENCH_FLEET_GB=N (opt-in: about N GB through fg-merge, some
#    minutes for 10 on an idle 2-core machine): N GB of per-host profiles
#    written by gen-fleet into 100 FIFOs that fg-merge reads in turn, so
#    nothing that size lands on disk: input bytes, time, peak RSS. The
#    row times the pair: gen-fleet is the slower side (0.93 GB: gen-fleet
#    alone into files 10.4 s, fg-merge of those files 5.0 s, the FIFO
#    row 12.7 s, at load 16), so it shows that fg-merge streams N GB in
#    memory for the unique stacks, not fg-merge's own throughput.
# usage: sh bench/fleet.sh BINDIR DATADIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bin=$1 data=$2
mkdir -p "$data"
build gen-service gen-fleet tm
runs=${FG_BENCH_RUNS:-3}
svc=$data/svc200k.sorted
[ -s "$svc" ] || "$data/gen-service" 200000 1 | LC_ALL=C sort >"$svc"

# row NAME BYTES RUNS CMD...: "NAME  T s  M MB  R MB/s  U stacks"
row() {
	_n=$1 _b=$2 _r=$3
	shift 3
	set -- $("$data/tm" "$_r" "$data/fleet.out" "$@")
	awk -v n="$_n" -v b="$_b" -v t="$1" -v m="$2" -v u="$(wc -l \
	    <"$data/fleet.out")" 'BEGIN { printf "%-40s %7.2f s %6d MB %6.0f MB/s %7d stacks\n",
	    n, t, m / 1024, b / t / 1e6, u }'
}

f=$data/fleet
if [ ! -s "$f.list" ]; then
	rm -rf "$f" && mkdir -p "$f"
	"$data/gen-fleet" "$svc" "$f" 10000 100 1 >/dev/null
	find "$f" -name '*.folded' | LC_ALL=C sort >"$f.list.tmp"
	mv "$f.list.tmp" "$f.list"
fi
[ -s "$f.all" ] || xargs cat <"$f.list" >"$f.all"
head -n 1000 "$f.list" >"$f.1000"
b=$(wc -c <"$f.all")
b1k=$(xargs cat <"$f.1000" | wc -c)
cat "$f.all" >/dev/null
echo "10,000 per-host profiles, $b bytes in all"
row "fg-merge --files-from (10,000 files)" "$b" "$runs" \
    "$bin/fg-merge" --files-from "$f.list"
cp "$data/fleet.out" "$data/fleet.many"
row "fg-merge one file, the same bytes" "$b" "$runs" "$bin/fg-merge" "$f.all"
cmp -s "$data/fleet.out" "$data/fleet.many" ||
    echo "  OUTPUT DIFFERS between the files and their concatenation"
row "fg-merge --files-from (1,000 files)" "$b1k" "$runs" \
    "$bin/fg-merge" --files-from "$f.1000"

gb=${FG_BENCH_FLEET_GB:-0}
if [ "$gb" = 0 ]; then
	echo "FG_BENCH_FLEET_GB=10 adds 10 GB of per-host profiles through 100 FIFOs"
	exit 0
fi
# 100 hosts, lines per host for N GB at the service's mean line length
# (~790 bytes; fewer bytes when a host draws a stack twice: gen-fleet
# prints the bytes it wrote, and that is what the row reports)
q=$data/fifos
rm -rf "$q" && mkdir -p "$q"
i=0
while [ $i -lt 100 ]; do
	mkfifo "$q/$(printf 'h%05d.folded' $i)"
	i=$((i + 1))
done
find "$q" -name '*.folded' | LC_ALL=C sort >"$q.list"
mean=$(awk '{ b += length($0) + 1 } END { printf "%d", b / NR }' "$svc")
lines=$((gb * 1000000000 / 100 / mean))
"$data/gen-fleet" "$svc" "$q" 100 "$lines" 2 >"$q.bytes" &
set -- $("$data/tm" 1 "$data/fleet.out" "$bin/fg-merge" --files-from "$q.list")
wait
awk -v b="$(cat "$q.bytes")" -v t="$1" -v m="$2" -v u="$(wc -l \
    <"$data/fleet.out")" 'BEGIN { printf "%-40s %7.2f s %6d MB %6.0f MB/s %7d stacks\n",
    sprintf("fg-merge 100 FIFOs, %.1f GB", b / 1e9), t, m / 1024, b / t / 1e6, u }'
rm -rf "$q" "$q.list"
