#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-map.sh: the map of the fleet recipes: one capture to folded stacks,
# or a failure that names it.
#
#   fg-map.sh [-ep] [-c fg-collapse] [-f 'fg-collapse flags'] CAPTURE
#
# CAPTURE is anything fg-collapse reads (gzipped or not) or a perf.data
# file (a name ending in perf.data, or any name with -p), read through
# perf script here, as a
# local path or an hdfs:// one (copied first with hdfs dfs -cat). The
# stacks are written to standard output only when all went well. Exit
# status: 0; 1 when fg-collapse skipped lines (its warnings on standard
# error); 2, with a message naming CAPTURE, when the copy, perf script or
# fg-collapse failed, or the capture gave no stacks at all (a missing,
# unreadable or empty capture is an error, not a smaller profile; with -e
# a capture without stacks is not an error, and prints nothing).
# fleet.sh runs it on each host, slurm/map.sbatch and hadoop/mapper.sh on
# their nodes, fg-continuous.sh on each window. FG_COLLAPSE and FG_COLLAPSE_FLAGS are the defaults of -c
# and -f.
set -u
collapse=${FG_COLLAPSE:-fg-collapse} flags=${FG_COLLAPSE_FLAGS:-}
empty= perf=
usage() {
	echo "usage: fg-map.sh [-ep] [-c fg-collapse] [-f flags] capture" >&2
	exit 2
}
while getopts c:ef:p o; do
	case $o in
	c) collapse=$OPTARG ;;
	e) empty=1 ;;
	f) flags=$OPTARG ;;
	p) perf=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
name=$1
case $name in *perf.data) perf=1 ;; esac
fail() {
	echo "fg-map.sh: $name: $*" >&2
	exit 2
}
t=$(mktemp -d "${TMPDIR:-/tmp}/fg-map.XXXXXX") || fail "no temporary directory"
trap 'rm -rf "$t"' EXIT
trap 'exit 2' HUP INT TERM
path=$name
case $name in
hdfs:*)
	hdfs dfs -cat "$name" >"$t/in" || fail "hdfs dfs -cat failed (exit $?)"
	path=$t/in
	;;
esac
if [ -n "$perf" ]; then
	# both statuses: perf's comes out on fd 3, fg-collapse's is the
	# status of the substitution
	p=$({ { perf script -i "$path"; echo $? >&3; } |
	    $collapse $flags >"$t/out"; } 3>&1)
	s=$?
	[ $s -le 1 ] || fail "fg-collapse failed (exit $s)"
	[ "$p" = 0 ] || fail "perf script failed (exit ${p:-none})"
else
	$collapse $flags "$path" >"$t/out"
	s=$?
fi
[ $s -le 1 ] || fail "fg-collapse failed (exit $s)"
[ -s "$t/out" ] || [ -n "$empty" ] || fail "no stacks"
cat "$t/out" || fail "write error"
exit $s
