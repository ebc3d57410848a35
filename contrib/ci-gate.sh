#!/bin/sh
# SPDX-License-Identifier: ISC
#
# ci-gate.sh: fail a change whose CPU profile moved beyond noise.
#
# usage: contrib/ci-gate.sh [-a] [-o outdir] [-p pct] base-ref head-ref
#
# Checks out base-ref and head-ref of the git repository in the current
# directory into temporary worktrees, builds each with $BUILD, profiles $BENCH
# in each with perf (cpu-clock, $HZ samples a second, call graphs), folds the
# samples with $COLLAPSE, and then:
#
#   fg-diff base.folded head.folded > diff.folded
#   fg-top --fail-above PCT diff.folded         (the gate; its status)
#   fg-top --markdown --fail-above PCT diff.folded > comment.md
#                                               (for the pull request)
#   fg-svg --min-change PCT < diff.folded > diff.svg  (when on PATH)
#
# and exits with the gate's status: 0 pass, 1 a significant change of a
# function's self share above PCT points (named on standard error), 2 or
# more an error (see fg-top(1), EXIT STATUS). Keep outdir as the CI
# artifact: diff.svg, comment.md, the folded profiles.
#
#   -a         A/A calibration: also profile the base a second time and
#              print its fg-top summary (dispersion, largest moves), to
#              choose PCT; keeps base2.folded and aa.txt
#   -o outdir  where the results go (default fg-gate)
#   -p pct     the gate in percentage points (default 5)
#
# Environment:
#   BUILD      build command run in each checkout (default: make)
#   BENCH      benchmark command run in each checkout under perf (required)
#   COLLAPSE   folds `perf script` output (default: fg-collapse)
#   HZ         sampling frequency (default: 999)
#   FG_TOP_ARGS  more fg-top options for the gate (e.g. --by total,
#              --dispersion 2, or --drift auto on a runner whose speed
#              varies between the base and head runs: fg-top(1), STATISTICS)
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
set -eu

prog=ci-gate.sh
out=fg-gate
pct=5
aa=0
while getopts ao:p: opt; do
	case $opt in
	a) aa=1 ;;
	o) out=$OPTARG ;;
	p) pct=$OPTARG ;;
	*) echo "usage: $prog [-a] [-o outdir] [-p pct] base-ref head-ref" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ] || [ -z "${BENCH:-}" ]; then
	echo "usage: BENCH=cmd $prog [-a] [-o outdir] [-p pct] base-ref head-ref" >&2
	exit 2
fi
base=$1
head=$2
: "${BUILD:=make}" "${COLLAPSE:=fg-collapse}" "${HZ:=999}" "${FG_TOP_ARGS:=}"

for t in perf git fg-diff fg-top; do
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

# profile NAME: build and profile the checkout $work/NAME into $out/NAME.folded
profile() {
	(cd "$work/$2" && sh -c "$BUILD") >"$out/$1.build.log" 2>&1 || {
		echo "$prog: build of $2 failed; see $out/$1.build.log" >&2
		exit 2
	}
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
profile base base
profile head head
if [ $aa = 1 ]; then
	profile base2 base
	fg-diff "$out/base.folded" "$out/base2.folded" |
	    fg-top -n 3 >"$out/aa.txt" || :
	echo "$prog: A/A (base twice):"
	cat "$out/aa.txt"
fi

fg-diff "$out/base.folded" "$out/head.folded" >"$out/diff.folded"
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
exit $status
