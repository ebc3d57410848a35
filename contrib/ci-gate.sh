#!/bin/sh
# SPDX-License-Identifier: ISC
#
# ci-gate.sh: fail a change whose CPU profile moved beyond noise.
#
# usage: contrib/ci-gate.sh [-a] [-o outdir] [-p pct]
#            [-k kept [-n N] [-t pct]] base-ref head-ref
#
# Checks out base-ref and head-ref of the git repository in the current
# directory into temporary worktrees, builds each with $BUILD, profiles $BENCH
# in each $FG_RUNS times with perf (cpu-clock, $HZ samples a second, call
# graphs), folds the samples with $COLLAPSE (base.folded, base2.folded, ...,
# head.folded, head2.folded, ...), and then:
#
#   fg-diff base*.folded -- head*.folded > diff.folded
#                        (one run a side: fg-diff base.folded head.folded)
#   fg-top --fail-above PCT diff.folded         (the gate; its status)
#   fg-top --markdown --fail-above PCT diff.folded > comment.md
#                                               (for the pull request)
#   fg-svg --min-change PCT < diff.folded > diff.svg  (when on PATH)
#
# and, with -k, the creep gate over the last N releases' profiles kept as
# CI artifacts and this head (in series order: the kept ones sorted by
# name, oldest first, head.folded last; the list in trend.list):
#
#   fg-trend --fail-above T --files-from trend.list   (the creep gate)
#   fg-trend --markdown ... >> comment.md
#   fg-trend --stream ... | fg-svg > trend.svg       (beside diff.svg)
#
# A slow creep, a function growing a little each release, passes every
# per-change gate; fg-trend fits its share across the series and fails
# when the fitted change (or a step) is real and above T points.
#
# It exits with the gates' status: 0 both pass, 1 a significant change of
# a function's self share above PCT points, or a real creep above T
# points (named on standard error), 2 or more an error (see fg-top(1) and
# fg-trend(1), EXIT STATUS). Keep outdir as the CI artifact: diff.svg,
# trend.svg, comment.md, the folded profiles; keep head.folded of each
# release (e.g. as RELEASE.folded) where -k finds it for the next ones.
#
#   -a         A/A calibration: also profile the base once more and
#              print its fg-top summary against base.folded (dispersion,
#              largest moves), to choose PCT; keeps base-aa.folded and
#              aa.txt
#   -o outdir  where the results go (default fg-gate)
#   -p pct     the gate in percentage points (default 5)
#   -k kept    the creep gate: a directory of earlier releases' profiles
#              (*.folded, *.folded.gz; their names sort oldest first, as
#              v1.09 and v1.10 or dates do), or a file listing them, one
#              path a line, oldest first
#   -n N       how many of the kept profiles, the newest (default 10)
#   -t pct     the creep gate in points across the series (default 2)
#
# Environment:
#   BUILD      build command run in each checkout (default: make)
#   BENCH      benchmark command run in each checkout under perf (required)
#   COLLAPSE   folds `perf script` output (default: fg-collapse)
#   HZ         sampling frequency (default: 999)
#   FG_RUNS    runs of the benchmark a side (default: 3): with two or more,
#              every change is tested against the variation between the
#              runs (fg-top(1), STATISTICS, Replicate runs); 1 gives one
#              pair, whose report says run-to-run noise was not measured
#   FG_TOP_ARGS  more fg-top options for the gate (e.g. --by total,
#              --dispersion 2, or --drift auto on a runner whose speed
#              varies between the base and head runs: fg-top(1), STATISTICS)
#   FG_TREND_ARGS  more fg-trend options for the creep gate (e.g. -b self)
#
# Choosing PCT: run with -a on an unchanged revision a few times; take the
# largest significant move between two runs of the same code, and set PCT
# comfortably above it and below the smallest regression worth a failed
# build. A longer benchmark gives more samples and smaller noise. The fg
# test suite's real profiles (tests/data/top) move up to 4.6 points between
# runs of the same binary and 16 points for a real regression; 8 separates
# them. Runners shared with other jobs are noisier; dedicated ones less.
#
# Example (GitHub Actions: contrib/fg-gate.yml):
#   BENCH='./bench/run-parser corpus/' \
#       contrib/ci-gate.sh -p 8 origin/main HEAD
#   BENCH='./bench/run-parser corpus/' \
#       contrib/ci-gate.sh -p 8 -k releases -n 10 -t 1 v1.10 HEAD
set -eu

prog=ci-gate.sh
out=fg-gate
pct=5
aa=0
kept=
keepn=10
creep=2
usage="[-a] [-o outdir] [-p pct] [-k kept [-n N] [-t pct]] base-ref head-ref"
while getopts ak:n:o:p:t: opt; do
	case $opt in
	a) aa=1 ;;
	k) kept=$OPTARG ;;
	n) keepn=$OPTARG ;;
	o) out=$OPTARG ;;
	p) pct=$OPTARG ;;
	t) creep=$OPTARG ;;
	*) echo "usage: $prog $usage" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ] || [ -z "${BENCH:-}" ]; then
	echo "usage: BENCH=cmd $prog $usage" >&2
	exit 2
fi
case $keepn in
''|*[!0-9]*|0) echo "$prog: -n: a count of profiles, 1 or more" >&2; exit 2 ;;
esac
if [ -n "$kept" ] && [ ! -d "$kept" ] && [ ! -r "$kept" ]; then
	echo "$prog: $kept: no directory or list of kept profiles" >&2
	exit 2
fi
base=$1
head=$2
: "${BUILD:=make}" "${COLLAPSE:=fg-collapse}" "${HZ:=999}" "${FG_TOP_ARGS:=}"
: "${FG_TREND_ARGS:=}" "${FG_RUNS:=3}"
case $FG_RUNS in
''|*[!0-9]*|0) echo "$prog: FG_RUNS: a count of runs, 1 or more" >&2; exit 2 ;;
esac

need="perf git fg-diff fg-top"
[ -n "$kept" ] && need="$need fg-trend"
for t in $need; do
	command -v "$t" >/dev/null 2>&1 || { echo "$prog: $t not found" >&2; exit 2; }
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/fg-gate.XXXXXX")
# shellcheck disable=SC2317  # called by the trap
cleanup() {
	for d in "$work"/base "$work"/head; do
		[ -d "$d" ] && git worktree remove --force "$d" >/dev/null 2>&1
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM

# build DIR: build the checkout $work/DIR
build() {
	(cd "$work/$1" && sh -c "$BUILD") >"$out/$1.build.log" 2>&1 || {
		echo "$prog: build of $1 failed; see $out/$1.build.log" >&2
		exit 2
	}
}

# profile NAME DIR: profile the built checkout $work/DIR into $out/NAME.folded
profile() {
	(cd "$work/$2" && perf record -q -e cpu-clock -F "$HZ" -g \
	    -o "$work/$1.data" -- sh -c "$BENCH") >"$out/$1.bench.log" 2>&1 || {
		echo "$prog: benchmark on $2 failed; see $out/$1.bench.log" >&2
		exit 2
	}
	perf script -i "$work/$1.data" 2>/dev/null | sh -c "$COLLAPSE" \
	    >"$out/$1.folded"
	[ -s "$out/$1.folded" ] || {
		echo "$prog: no samples for $2" >&2
		exit 2
	}
}

git worktree add --detach "$work/base" "$base" >/dev/null 2>&1 ||
	{ echo "$prog: cannot check out $base" >&2; exit 2; }
git worktree add --detach "$work/head" "$head" >/dev/null 2>&1 ||
	{ echo "$prog: cannot check out $head" >&2; exit 2; }
build base
build head
# the runs alternate between the sides, so that a drift of the machine
# during the job falls on both
bases="$out/base.folded"
heads="$out/head.folded"
profile base base
profile head head
i=2
while [ "$i" -le "$FG_RUNS" ]; do
	profile "base$i" base
	profile "head$i" head
	bases="$bases $out/base$i.folded"
	heads="$heads $out/head$i.folded"
	i=$((i + 1))
done
if [ $aa = 1 ]; then
	profile base-aa base
	fg-diff "$out/base.folded" "$out/base-aa.folded" |
	    fg-top -n 3 >"$out/aa.txt" || :
	echo "$prog: A/A (base twice):"
	cat "$out/aa.txt"
fi

# shellcheck disable=SC2086  # the runs' file names, without blanks
if [ "$FG_RUNS" -gt 1 ]; then
	fg-diff $bases -- $heads >"$out/diff.folded"
else
	fg-diff "$out/base.folded" "$out/head.folded" >"$out/diff.folded"
fi
# shellcheck disable=SC2086  # FG_TOP_ARGS is a list of options
fg-top --markdown -n 10 --fail-above "$pct" $FG_TOP_ARGS "$out/diff.folded" \
    >"$out/comment.md" 2>/dev/null || :
if command -v fg-svg >/dev/null 2>&1; then
	# one threshold: what the gate fails on is red in the picture
	fg-svg --min-change "$pct" <"$out/diff.folded" >"$out/diff.svg" ||
		echo "$prog: fg-svg failed; no diff.svg" >&2
fi
set +e
# shellcheck disable=SC2086
fg-top -n 10 --fail-above "$pct" $FG_TOP_ARGS "$out/diff.folded"
status=$?
set -e
case $status in
0) echo "$prog: pass: no significant change above $pct points" ;;
1) echo "$prog: FAIL: see above; diff.svg and comment.md in $out" ;;
*) echo "$prog: error $status (fg-top)" ;;
esac
[ -n "$kept" ] || exit $status

# The creep gate: the last $keepn kept profiles, oldest first, and head.
if [ -d "$kept" ]; then
	(cd "$kept" && ls) | grep -E '\.folded(\.gz)?$' | LC_ALL=C sort |
	    sed "s|^|$kept/|" >"$work/kept.list" || :
else
	grep -v '^$' "$kept" >"$work/kept.list" || :
fi
tail -n "$keepn" "$work/kept.list" >"$out/trend.list"
echo "$out/head.folded" >>"$out/trend.list"
n=$(($(wc -l <"$out/trend.list") - 1))
if [ "$n" -lt 2 ]; then
	echo "$prog: creep gate skipped: $n kept profiles in $kept, 2 or more needed"
	exit $status
fi
# shellcheck disable=SC2086  # FG_TREND_ARGS is a list of options
{ echo; echo "### Creep over the last $n releases and this change"; echo
  fg-trend --markdown -n 10 --fail-above "$creep" $FG_TREND_ARGS \
      --files-from "$out/trend.list" 2>/dev/null || :; } >>"$out/comment.md"
if command -v fg-svg >/dev/null 2>&1; then
	# shellcheck disable=SC2086
	{ fg-trend --stream $FG_TREND_ARGS --files-from "$out/trend.list" |
	    fg-svg >"$out/trend.svg"; } 2>/dev/null ||
		echo "$prog: fg-svg failed; no trend.svg" >&2
fi
set +e
# shellcheck disable=SC2086
fg-trend -n 10 --fail-above "$creep" $FG_TREND_ARGS \
    --files-from "$out/trend.list"
tstatus=$?
set -e
case $tstatus in
0) echo "$prog: creep: pass: no real trend above $creep points over $n releases" ;;
1) echo "$prog: creep: FAIL: see above; trend.svg and comment.md in $out" ;;
*) echo "$prog: creep: error $tstatus (fg-trend)" ;;
esac
# an error first, then a failed gate
if [ $status -ge 2 ] || [ $tstatus -ge 2 ]; then
	[ $status -ge 2 ] && exit $status
	exit $tstatus
fi
[ $status -eq 1 ] || [ $tstatus -eq 1 ] && exit 1
exit 0
