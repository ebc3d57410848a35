#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-svg, fg-diff and fg-diff | fg-svg on shapes that bench/service.sh's
# generator does not make, each from a generator written for it, against
# inferno and the FlameGraph scripts in the same run:
#   jsvc  a Java service, 200,000 unique stacks 13 to 93 frames deep down
#         a call tree of Zipf fan-out, kernel tails (bench/gen-jsvc.c)
#   deep  5,000 recursion-like stacks of 500 to 2,000 frames, each with a
#         long tail of its own (bench/gen-deep.c)
#   wide  1,000,000 distinct leaves under a few parents, names sharing a
#         40-byte prefix (bench/gen-wide.c)
#   tmpl  20,000 stacks of C++ frames whose names are templates of 300 to
#         700 characters (bench/gen-tmpl.c)
#   real  a whole-system perf capture recorded here (perf record -a -g
#         -F 1999 while a compiler, gzip and python loop), REC_SECONDS
#         (30) long, perf script | fg-collapse, lines shuffled; a second
#         capture is the "after" profile (kept in DATADIR, not committed)
#   tiny  1,000 tiny profiles (pairs for the diff), one process each
#         (bench/gen-tiny.c, timed by bench/each.c)
# Each shape is run shuffled (a file, lines in no order), sorted (the same
# lines sorted bytewise), piped (the shuffled file through cat |) and
# gzipped (the shuffled file gzipped; fg reads it, the others read zcat's
# output). Every line: task, shape, variant, fg's best-of-N time and peak
# RSS (bench/tm.c), then inferno's and flamegraph.pl's or difffolded.pl's
# where they are on PATH, each with its time over fg's; a reference tool
# is stopped after FG_BENCH_LIMIT seconds (600), a Perl script after
# FG_BENCH_PERL_LIMIT (60) and runs once (FG_BENCH_PERL=0 skips them).
#
# FG_BENCH_SHAPES    the shapes to run (default: all, in the order above)
# FG_BENCH_SCALE     a factor on every shape's size (1; 0.25 for a quick
#                    look, 4 for "4x the stacks"; real records that much
#                    longer)
# FG_BENCH_LINEAR=1  run each shape again at 4x the scale and end with
#                    every row's time ratio, fg's and the first reference
#                    tool's (target: at most 4.5x)
# FG_BENCH_TASKS     svg diff diff-svg (default all three)
# FG_BENCH_VARIANTS  shuffled sorted piped gzipped (default all four)
# FG_BENCH_RUNS      best of N (3)
# Inputs are kept in DATADIR under names that carry the scale.
# usage: sh bench/shapes.sh BINDIR DATADIR
set -eu
. "$(dirname "$0")/lib.sh"
bin=$1 data=$2
here=$(cd "$(dirname "$0")" && pwd)
runs=${FG_BENCH_RUNS:-3}
scale=${FG_BENCH_SCALE:-1}
shapes=${FG_BENCH_SHAPES:-jsvc deep wide tmpl real tiny}
tasks=${FG_BENCH_TASKS:-svg diff diff-svg}
variants=${FG_BENCH_VARIANTS:-shuffled sorted piped gzipped}
mkdir -p "$data"
build tm each gen-jsvc gen-deep gen-wide gen-tmpl gen-tiny
rows=$data/shapes.rows
: >"$rows"

# sized N: N times the scale, rounded
sized() {
	awk -v n="$1" -v s="$2" 'BEGIN { printf "%d\n", n * s + 0.5 }'
}

# label N: 200000 -> 200k
label() {
	awk -v n="$1" 'BEGIN { if (n >= 1000 && n % 1000 == 0)
		printf "%dk\n", n / 1000; else print n }'
}

# variants NAME: NAME.folded (sorted), NAME.gz from NAME.raw (shuffled)
variants() {
	[ -s "$data/$1.folded" ] ||
	    LC_ALL=C sort "$data/$1.raw" >"$data/$1.folded"
	[ -s "$data/$1.gz" ] || gzip -1 <"$data/$1.raw" >"$data/$1.gz"
}

# gen SHAPE N NAME: NAME and NAME.after from bench/gen-SHAPE.c
gen() {
	[ -s "$data/$3.raw" ] || "$data/gen-$1" "$2" 1 >"$data/$3.raw"
	[ -s "$data/$3.after.raw" ] ||
	    "$data/gen-$1" "$2" 1 after >"$data/$3.after.raw"
	variants "$3"
	variants "$3.after"
}

# the workload recorded for "real": each loop in the background, all of
# them ended by timeout (which signals its whole process group)
workload() {
	root=$(dirname "$here")
	tmp=$(mktemp -d)
	timeout "$1" sh -c '
	root=$1 tmp=$2
	while :; do
		for f in "$root"/bench/gen-*.c "$root"/bench/*.c; do
			cc -O2 -c "$f" -o "$tmp/x.o" 2>/dev/null
		done
	done &
	while :; do
		find /usr/lib -type f 2>/dev/null | head -2000 |
		    xargs cat 2>/dev/null | gzip -6 >/dev/null
	done &
	while :; do
		python3 -c "
import json, random
r = random.Random(1)
d = [{\"k\": r.random(), \"s\": str(r.getrandbits(64))} for i in range(100000)]
sorted(json.loads(json.dumps(d)), key=lambda x: x[\"s\"])
" >/dev/null 2>&1 || sleep 1
	done &
	wait' sh "$root" "$tmp" || true
	rm -rf "$tmp"
}

# record SECONDS NAME: NAME.raw, a whole-system capture folded, shuffled
record() {
	[ -s "$data/$2.raw" ] && return 0
	workload "$(($1 + 2))" &
	perf record -q -a -g -F 1999 -o "$data/$2.perf" -- sleep "$1" \
	    >/dev/null 2>&1
	wait
	perf script -i "$data/$2.perf" 2>/dev/null | "$bin/fg-collapse" |
	    awk 'BEGIN { srand(1) } { printf "%.12f\t%s\n", rand(), $0 }' |
	    LC_ALL=C sort | cut -f 2- >"$data/$2.raw.tmp"
	rm -f "$data/$2.perf"
	mv "$data/$2.raw.tmp" "$data/$2.raw"
}

# input SHAPE SCALE: sets $name to the shape's files, made when missing
input() {
	case $1 in
	jsvc) n=$(sized 200000 "$2") ;;
	deep) n=$(sized 5000 "$2") ;;
	wide) n=$(sized 1000000 "$2") ;;
	tmpl) n=$(sized 20000 "$2") ;;
	real)
		n=$(sized "${REC_SECONDS:-30}" "$2")
		[ "$n" -ge 2 ] || n=2
		;;
	tiny) n=$(sized 1000 "$2") ;;
	esac
	case $1 in
	real)
		name=real-${n}s
		record "$n" "$name"
		record "$n" "$name.after"
		variants "$name"
		variants "$name.after"
		;;
	tiny)
		name=tiny-$(label "$n")
		if [ ! -s "$data/$name/$((n - 1)).b" ]; then
			rm -rf "$data/$name"
			mkdir -p "$data/$name"
			"$data/gen-tiny" "$data/$name" "$n" 1
		fi
		;;
	*)
		name=$1-$(label "$n")
		gen "$1" "$n" "$name"
		;;
	esac
}

# tiny NAME N: each tool once per profile (or pair), one process a run
tiny() {
	d=$data/$1
	for t in $tasks; do
		case $t in
		svg) row fg-svg "$1" each "'$data/each' $2 '$bin/fg-svg' \
		    '$d/@.a'" \
		    inferno-flamegraph "'$data/each' $2 inferno-flamegraph \
		    '$d/@.a'" \
		    flamegraph.pl "'$data/each' $2 flamegraph.pl '$d/@.a'" ;;
		diff) row fg-diff "$1" each "'$data/each' $2 '$bin/fg-diff' \
		    '$d/@.a' '$d/@.b'" \
		    inferno-diff-folded "'$data/each' $2 inferno-diff-folded \
		    '$d/@.a' '$d/@.b'" \
		    difffolded.pl "'$data/each' $2 difffolded.pl '$d/@.a' \
		    '$d/@.b'" ;;
		esac
	done
	row floor "$1" each "'$data/each' $2 true"
}

# shape NAME: every task and variant on NAME's files
shape() {
	s=$1 a=$data/$1.raw b=$data/$1.after.raw
	echo "input $s: $(wc -l <"$a") stacks, $(wc -c <"$a") bytes;" \
	    "after $(wc -l <"$b") stacks"
	fa=$data/fifo.a fb=$data/fifo.b
	[ -p "$fa" ] || mkfifo "$fa"
	[ -p "$fb" ] || mkfifo "$fb"
	for v in $variants; do
		# x, y: fg's inputs; p: fg's pipe; in: fg-svg's input;
		# ra, rb, rp, rin: the same for the reference tools
		case $v in
		shuffled) x=$a y=$b p= in="'$a'" ra=$a rb=$b rp= rin=$in ;;
		sorted)
			x=$data/$s.folded y=$data/$s.after.folded p=
			in="'$x'" ra=$x rb=$y rp= rin=$in
			;;
		piped)
			x=- y=$b p="cat '$a' |" in= ra=/dev/stdin rb=$b rp=$p
			rin=
			;;
		gzipped)
			x=$data/$s.gz y=$data/$s.after.gz p= in="'$x'"
			ra=$fa rb=$fb rin=
			rp="zcat '$x' >'$fa' & zcat '$y' >'$fb' &"
			;;
		esac
		# reference pipes: the profile piped into flamegraph tools
		case $v in
		gzipped) rsp="zcat '$x' |" ;;
		*) rsp=$rp ;;
		esac
		for t in $tasks; do
			case $t in
			svg) row fg-svg "$s" "$v" "$p '$bin/fg-svg' $in" \
			    inferno-flamegraph "$rsp inferno-flamegraph $rin" \
			    flamegraph.pl "$rsp flamegraph.pl $rin" ;;
			diff) row fg-diff "$s" "$v" \
			    "$p '$bin/fg-diff' '$x' '$y'" \
			    inferno-diff-folded "$rp inferno-diff-folded \
			    '$ra' '$rb'" \
			    difffolded.pl "$rp difffolded.pl '$ra' '$rb'" ;;
			diff-svg) row diff-svg "$s" "$v" \
			    "$p '$bin/fg-diff' '$x' '$y' | '$bin/fg-svg'" \
			    inferno-flamegraph "$rp inferno-diff-folded \
			    '$ra' '$rb' | inferno-flamegraph" \
			    flamegraph.pl "$rp difffolded.pl '$ra' '$rb' | \
			    flamegraph.pl" ;;
			esac
		done
	done
}

# one SCALE: every shape at that scale
one() {
	for sh in $shapes; do
		input "$sh" "$1"
		case $sh in
		tiny) tiny "$name" "$n" ;;
		*) shape "$name" ;;
		esac
	done
}

case " $shapes " in
*" real "*)
	command -v perf >/dev/null 2>&1 || {
		echo "shapes: perf not found; real skipped"
		shapes=$(echo "$shapes" | sed 's/real//')
	} ;;
esac
one "$scale"
if [ "${FG_BENCH_LINEAR:-0}" = 1 ]; then
	big=$(awk -v s="$scale" 'BEGIN { print s * 4 }')
	one "$big"
	echo "4x the stacks against 1x, time ratios (target: at most 4.5x):"
	# rows in run order: the first half at scale, the second at 4x
	awk '{
		t = $5
		r = ""
		if ((i = index($0, " | ")) > 0) {
			split(substr($0, i + 3), f, " ")
			r = f[2]
		}
		row[NR] = $1 " " $3; ft[NR] = t; rt[NR] = r; sh[NR] = $2
	} END {
		h = NR / 2
		for (i = 1; i <= h; i++) {
			line = sprintf("  %-8s %-12s %-9s %.1fx", substr(row[i], 1,
			    index(row[i], " ") - 1), sh[i] "/" sh[i + h],
			    substr(row[i], index(row[i], " ") + 1),
			    ft[i] > 0 ? ft[i + h] / ft[i] : 0)
			if (rt[i] ~ /^[0-9.]+$/ && rt[i + h] ~ /^[0-9.]+$/ &&
			    rt[i] > 0)
				line = line sprintf("  reference %.1fx",
				    rt[i + h] / rt[i])
			print line
		}
	}' "$rows"
fi
