#!/bin/sh
# SPDX-License-Identifier: ISC
# Golden-file test harness. Cases are grouped by tool: each directory
# tests/cases/TOOL/NAME holds:
#   cmd      a shell script, run by sh in that directory with the binaries
#            under test first on PATH (required); its first line is a
#            comment stating the rule the case checks
#   stdin    fed to the command (default: empty input)
#   stdout   expected standard output (default: empty)
#   stderr   expected standard error (default: empty)
#   status   expected exit status (default: 0)
# A case that cannot run here (a tool or service missing) exits 77 with the
# reason on standard error: it is reported as SKIP with that reason.
#
# usage: tests/run.sh [-q] [-j N] [-t N] [BINDIR] [PATTERN]
#   PATTERN  matches TOOL/NAME (a shell pattern; default */*)
#   -j N     runs N cases at a time (default: the number of processors)
#   -q       leaves out the cases that tests/slow names (make check-quick)
#   -t N     lists the N slowest cases at the end (default 10; 0: none)
# Each case runs with TMPDIR set to a fresh short directory under /tmp (so
# socket paths stay short however deep the checkout is); the outputs of a
# failed case are kept there and named in the report. Cases run in parallel,
# so a case must keep its files under TMPDIR and take no fixed port.
# On a terminal one line shows the progress; otherwise a line is printed at
# every tenth of the cases. The report (FAIL details, then SKIP reasons) is
# sorted by case name; its last line is "N passed, N failed" (", N skipped"
# when some were), and the exit status is 0 only when none failed.
# FG_UPDATE=1 rewrites the expected files from what the tools print (then
# review the diff before committing); FG_PASSED=1 also prints "PASS name" for
# each case that passes (tests/vacuous.sh uses it).
set -u

# Some cases: tests/run.sh --case OUT NAME... (run by the pool below), one
# after the other. For each, writes OUT/r/ID.res ("PASS|FAIL|SKIP start
# end", wall clock), OUT/r/ID.cpu (the output of times(1) before and after
# it: this shell's and its children's processor time) and OUT/r/ID.txt (the
# report's lines), keeps the outputs of a failed case in OUT/ID, and prints
# "PASS|FAIL|SKIP NAME" for the progress line. Few processes a case: the
# harness's own would cost as much as the small cases on a busy machine.
# now sets t to the seconds since some start: read from /proc/uptime where
# there is one (no process), else date's.
if [ -r /proc/uptime ]; then
	now() {
		read -r t _ </proc/uptime
	}
else
	now() {
		t=$(date +%s.%N)
		case $t in *N) t=$(date +%s) ;; esac
	}
fi
# $1: stdout or stderr, compared with the expected file (default empty)
same() {
	if [ -f "$dir/$1" ]; then
		cmp -s "$dir/$1" "$o/$1"
	else
		[ ! -s "$o/$1" ]
	fi
}
if [ "${1:-}" = --case ]; then
	out=$2
	shift 2
	dirs=
	for name do
		dirs="$dirs $out/${name%%/*}.${name#*/}/tmp"
	done
	# shellcheck disable=SC2086
	mkdir -p $dirs || exit 2
	passed=
	now
	t0=$t
	for name do
		dir=$FG_TOP/tests/cases/$name
		id=${name%%/*}.${name#*/}
		o=$out/$id
		r=$out/r/$id
		in=/dev/null
		[ -f "$dir/stdin" ] && in=$dir/stdin
		times >"$r.cpu"
		(cd "$dir" && TMPDIR=$o/tmp exec sh ./cmd <"$in" >"$o/stdout" \
		    2>"$o/stderr")
		st=$?
		times >>"$r.cpu"
		now
		t1=$t
		echo $st >"$o/status"
		if [ $st = 77 ] && ! grep -qx 77 "$dir/status" 2>/dev/null; then
			read -r why <"$o/stderr" || :
			echo "SKIP $name: ${why:-}" >"$r.txt"
			echo "SKIP $t0 $t1" >"$r.res"
			passed="$passed $o"
			echo "SKIP $name"
			t0=$t1
			continue
		fi
		ok=1
		: >"$r.txt"
		for f in stdout stderr status; do
			if [ $f = status ]; then
				es=0
				[ -f "$dir/status" ] && read -r es <"$dir/status"
				[ "$es" = $st ] && continue
			else
				same $f && continue
			fi
			if [ "${FG_UPDATE:-}" = 1 ]; then
				cp "$o/$f" "$dir/$f"
				continue
			fi
			ok=0
			exp=$dir/$f
			if [ ! -f "$exp" ]; then
				exp=$o/$f.default
				if [ $f = status ]; then echo 0; fi >"$exp"
			fi
			{
				echo "FAIL $name: $f differs"
				diff -u "$exp" "$o/$f" | head -20 | sed 's/^/    /'
			} >>"$r.txt"
		done
		if [ $ok = 1 ]; then
			[ "${FG_PASSED:-}" = 1 ] && echo "PASS $name" >"$r.txt"
			echo "PASS $t0 $t1" >"$r.res"
			passed="$passed $o"
			echo "PASS $name"
		else
			echo "FAIL $t0 $t1" >"$r.res"
			echo "FAIL $name"
		fi
		t0=$t1
	done
	# shellcheck disable=SC2086
	[ -z "$passed" ] || rm -rf $passed
	exit 0
fi

usage() {
	echo "usage: tests/run.sh [-q] [-j N] [-t N] [BINDIR] [PATTERN]" >&2
	exit 2
}
top=$(cd "$(dirname "$0")/.." && pwd)
jobs= quick=0 slowest=10
while getopts j:qt: opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	q) quick=1 ;;
	t) slowest=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -le 2 ] || usage
if [ -z "$jobs" ]; then
	jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc 2>/dev/null)
fi
case $jobs in '' | *[!0-9]* | 0) jobs=1 ;; esac
case $slowest in '' | *[!0-9]*) usage ;; esac
bindir=$(cd "${1:-$top/bin}" && pwd) || exit 2
pat=${2:-*/*}

# The cases: NAME lines, sorted. tests/slow names the slow ones (shell
# patterns, one a line): -q leaves them out, else they start first.
slowpats=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/tests/slow" 2>/dev/null)
isslow() {
	set -f
	for p in $slowpats; do
		case $1 in $p) set +f; return 0 ;; esac
	done
	set +f
	return 1
}
out=$(mktemp -d "${FG_TEST_TMP:-/tmp}/fgt.XXXXXX") || exit 2
mkdir "$out/r" "$out/shared" || exit 2
# A checkout (or binary) path with blanks or shell metacharacters is
# reached through symbolic links in the run's directory: the cases' shell,
# like most, leaves $FG_TOP unquoted in its words.
case $top/$bindir in
*[!A-Za-z0-9_./+,:@%=-]*)
	ln -s "$top" "$out/top" && ln -s "$bindir" "$out/bin" || exit 2
	top=$out/top
	bindir=$out/bin
	;;
esac
PATH=$bindir:$PATH
export PATH LC_ALL=C FG_TOP="$top" FG_BIN="$bindir"
# A service shared by the cases of this run (the browser cases' Chromium,
# tests/browser/lib.js) is started by the first case that needs it, in
# FG_TEST_SHARED, with its pid in a NAME.pid file there: ended at the end,
# waited for (up to 10 s each) before its directory is removed.
FG_TEST_SHARED=$out/shared
export FG_TEST_SHARED
endshared() {
	for p in "$out"/shared/*.pid; do
		[ -f "$p" ] && read -r pid <"$p" && kill "$pid" 2>/dev/null &&
		    rm -f "$p" || continue
		n=0
		while kill -0 "$pid" 2>/dev/null && [ $n -lt 100 ]; do
			sleep 0.1
			n=$((n + 1))
		done
	done
}
trap 'endshared; exit 130' INT
trap 'endshared; exit 143' TERM
: >"$out/slow"
: >"$out/rest"
left=0
for dir in "$top"/tests/cases/$pat/; do
	[ -f "$dir/cmd" ] || continue
	name=${dir%/}
	name=${name#"$top"/tests/cases/}
	if isslow "$name"; then
		if [ $quick = 1 ]; then
			left=$((left + 1))
			continue
		fi
		echo "$name" >>"$out/slow"
	else
		echo "$name" >>"$out/rest"
	fi
done
sort "$out/slow" "$out/rest" >"$out/all"
total=$(wc -l <"$out/all")
total=$((total + 0))
# The slow cases start first, one a shell, in the order of tests/slow's
# patterns (the costliest first there), so that the longest do not end
# the run alone; the rest go 4 a shell (a line each, for xargs -L).
sort -o "$out/slow" "$out/slow"
set -f
for p in $slowpats; do
	while read -r name; do
		case $name in $p) echo "$name" ;; esac
	done <"$out/slow"
done | awk '!seen[$0]++' >"$out/order"
set +f
awk '{ l = l (NR % 4 == 1 ? "" : " ") $0 } NR % 4 == 0 { print l; l = "" }
    END { if (l != "") print l }' "$out/rest" >>"$out/order"

# The pool: xargs keeps N shells running, each running a line of cases in
# turn; each case prints one short line when done, read here for the
# progress.
tty=0
[ -t 1 ] && tty=1
[ "$total" -gt 0 ] && xargs -L 1 -P "$jobs" sh "$top/tests/run.sh" \
    --case "$out" <"$out/order" |
    {
	n=0 nf=0 step=$(((total + 9) / 10)) next=$(((total + 9) / 10))
	while read -r res name; do
		n=$((n + 1))
		[ "$res" = FAIL ] && nf=$((nf + 1))
		if [ $tty = 1 ]; then
			printf '\r[%d/%d] %d failed  %s\033[K' $n $total $nf "$name"
		elif [ $n -ge $next ] || [ $n -eq $total ]; then
			echo "progress: $n/$total cases run, $nf failed"
			next=$((next + step))
		fi
	done
	[ $tty = 1 ] && printf '\r\033[K'
    }

endshared

# The report, in name order: the FAIL (and PASS) lines, then the SKIP
# lines, each list printed by one cat.
pass=0 fail=0 skip=0
set --
while read -r name; do
	r=$out/r/${name%%/*}.${name#*/}
	if [ ! -f "$r.res" ]; then
		echo "FAIL $name: no result (the harness was interrupted?)" \
		    >"$r.txt"
		echo "FAIL 0 0" >"$r.res"
	fi
	read -r res t0 t1 <"$r.res"
	case $res in
	PASS) pass=$((pass + 1)) ;;
	SKIP) skip=$((skip + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
	echo "$t0 $t1 $name" >>"$out/times"
	[ "$res" = SKIP ] || set -- "$@" "$r.txt"
done <"$out/all"
[ $# -eq 0 ] || cat "$@"
set --
while read -r name; do
	r=$out/r/${name%%/*}.${name#*/}
	read -r res t0 t1 <"$r.res"
	[ "$res" = SKIP ] && set -- "$@" "$r.txt"
done <"$out/all"
[ $# -eq 0 ] || cat "$@"
if [ "$slowest" -gt 0 ] && [ -s "$out/times" ]; then
	echo "slowest cases (seconds of wall clock with $jobs at a time, and of"
	echo "processor time of the case's processes):"
	# times(1) prints "XmY.Zs XmY.Zs" (user, system) for the shell, then
	# for its children: the difference of the children's before and after
	awk -v r="$out/r/" 'function sec(s) { sub(/s$/, "", s); split(s, a, "m")
		return a[1] * 60 + a[2] }
	function cpu(f,   l, n, c) {
		n = 0
		while ((getline l <f) > 0)
			if (++n % 2 == 0) {
				split(l, w, " ")
				c[n / 2] = sec(w[1]) + sec(w[2])
			}
		close(f)
		return n == 4 ? c[2] - c[1] : 0
	}
	{
		id = $3
		sub(/\//, ".", id)
		printf "%8.2f %8.2f %s\n", $2 - $1, cpu(r id ".cpu"), $3
	}' "$out/times" | sort -k1,1nr -k3,3 | head -n "$slowest"
fi
[ $left -gt 0 ] && echo "$left slow cases left out (-q)"
if [ $fail -eq 0 ]; then
	rm -rf "$out"
else
	rm -rf "$out/r" "$out/slow" "$out/rest" "$out/all" "$out/times" \
	    "$out/order" "$out/shared"
	echo "outputs of failed cases: $out"
fi
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
