#!/bin/sh
# SPDX-License-Identifier: ISC
# The service shape (bench/gen-service.c): 200,000 unique stacks about 38
# deep that branch at every level, ~150 MB, lines in no particular order;
# an 800,000-stack variant for linear cost (FG_BENCH_800K=0 skips it).
# Each task on the shuffled file, the sorted file and a pipe; every line
# names task, shape and variant, fg's best-of-N time and peak RSS, and the
# same for inferno and the FlameGraph scripts when they are on PATH, with
# the ratio (their time / fg's; the diff tools read files, not '-'). Perl scripts run once (they take long;
# FG_BENCH_PERL=0 skips them). FG_BENCH_STACKS sets the size.
# svg-diff is fg-svg and inferno-flamegraph on the same diff (fg-diff's
# output; its lines reversed for "shuffled"), diff-svg the pipeline from
# the two profiles to the SVG (fg-diff | fg-svg against inferno-diff-folded
# | inferno-flamegraph). chart is fg-svg --flamechart against
# inferno-flamegraph --flamechart on the same lines. The "memory fresh"
# row times bench/touch.c taking as many bytes of fresh memory as the
# shape's input, as fg's tables do: this machine's own cost of first
# touches. With the 800k shape, the end prints each row's 800k/200k time
# ratio, fg's and the first reference tool's, beside that of fresh memory.
# usage: sh bench/service.sh BINDIR DATADIR
set -eu
. "$(dirname "$0")/lib.sh"
bin=$1 data=$2
here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-cc}
runs=${FG_BENCH_RUNS:-3}
mkdir -p "$data"
$cc -O2 -o "$data/gen-service" "$here/gen-service.c"
$cc -O2 -o "$data/tm" "$here/tm.c"
$cc -O2 -o "$data/touch" "$here/touch.c"
rows=$data/service.rows
: >"$rows"

# fresh SHAPE FILE: bench/touch.c on as many bytes as FILE
fresh() {
	printf '%-8s %-12s %-9s %s\n' memory "$1" fresh \
	    "$(cell touch "$runs" "$data/touch" "$(wc -c <"$2")")" |
	    tee -a "$rows"
}

# linear: each row's 800k/200k time ratio (fg's, the first reference's)
linear() {
	echo "800k/200k time ratios (target: at most 4.5x; fresh memory is"
	echo "the machine's own ratio for the same bytes):"
	awk '{
		k = $1 " " $3
		t = $5
		r = ""
		if ((i = index($0, " | ")) > 0) {
			split(substr($0, i + 3), f, " ")
			r = f[2]
		}
		name[k] = $4
		if ($2 == "service-200k") { a[k] = t; ra[k] = r }
		else if ($2 == "service-800k" && (k in a)) {
			if (!(k in seen)) { seen[k] = 1; order[++n] = k }
			b[k] = t; rb[k] = r
		}
	} END {
		for (i = 1; i <= n; i++) {
			k = order[i]
			q = 0
			if (a[k] > 0)
				q = b[k] / a[k]
			line = sprintf("  %-18s %s %.1fx", k, name[k], q)
			if (ra[k] ~ /^[0-9.]+$/ && rb[k] ~ /^[0-9.]+$/ &&
			    ra[k] > 0)
				line = line sprintf("  reference %.1fx",
				    rb[k] / ra[k])
			print line
		}
	}' "$rows"
}

gen() {	# gen N SHAPE: SHAPE.raw, SHAPE.after.raw and their sorted copies
	[ -s "$data/$2.raw" ] || "$data/gen-service" "$1" 1 >"$data/$2.raw"
	[ -s "$data/$2.after.raw" ] ||
	    "$data/gen-service" "$1" 1 after >"$data/$2.after.raw"
	for f in "$2" "$2.after"; do
		[ -s "$data/$f.folded" ] ||
		    LC_ALL=C sort "$data/$f.raw" >"$data/$f.folded"
	done
}

shape() {	# shape SHAPE
	s=$1 a=$data/$1.raw b=$data/$1.after.raw
	as=$data/$1.folded bs=$data/$1.after.folded
	[ -s "$data/$s.diff" ] || "$bin/fg-diff" "$as" "$bs" >"$data/$s.diff"
	[ -s "$data/$s.diff.rev" ] ||
	    LC_ALL=C sort -r "$data/$s.diff" >"$data/$s.diff.rev"
	echo "input $s: $(wc -l <"$a") stacks, $(wc -c <"$a") bytes"
	fresh "$s" "$a"
	for v in shuffled sorted piped; do
		case $v in
		shuffled) x=$a y=$b p= in="'$a'" ;;
		sorted) x=$as y=$bs p= in="'$as'" ;;
		piped) x=- y=$b p="cat '$a' |" in= ;;
		esac
		row fg-svg "$s" $v "$p '$bin/fg-svg' $in" \
		    inferno-flamegraph "$p inferno-flamegraph $in" \
		    flamegraph.pl "$p flamegraph.pl $in"
		# a flame chart: the same stacks in their own order, no sort
		row chart "$s" $v "$p '$bin/fg-svg' --flamechart $in" \
		    inferno-flamegraph "$p inferno-flamegraph --flamechart $in"
		row fg-diff "$s" $v "$p '$bin/fg-diff' '$x' '$y'" \
		    inferno-diff-folded "inferno-diff-folded '$a' '$y'" \
		    difffolded.pl "difffolded.pl '$a' '$y'"
		# the differential SVG: of the diff (fg-diff's, sorted; its
		# lines reversed for shuffled), and the whole pipeline
		case $v in
		shuffled) d="'$data/$s.diff.rev'" p2= ;;
		sorted) d="'$data/$s.diff'" p2= ;;
		piped) d= p2="cat '$data/$s.diff' |" ;;
		esac
		row svg-diff "$s" $v "$p2 '$bin/fg-svg' $d" \
		    inferno-flamegraph "$p2 inferno-flamegraph $d"
		row diff-svg "$s" $v "$p '$bin/fg-diff' '$x' '$y' | '$bin/fg-svg'" \
		    inferno-flamegraph "inferno-diff-folded '$a' '$y' |
		    inferno-flamegraph"
		row fg-merge "$s" $v "$p '$bin/fg-merge' $in"
		row fg-top "$s" $v "$p '$bin/fg-top' $in"
	done
}

n=${FG_BENCH_STACKS:-200000}
gen "$n" service-$((n / 1000))k
shape service-$((n / 1000))k
if [ "${FG_BENCH_800K:-1}" != 0 ] && [ "$n" = 200000 ]; then
	gen 800000 service-800k
	shape service-800k
	linear
fi
