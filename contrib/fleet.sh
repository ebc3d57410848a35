#!/bin/sh
# SPDX-License-Identifier: ISC
# fleet.sh: one merged profile of a fleet, on GNU parallel over ssh.
#
#   fleet.sh [-j jobs] [-b batch] [-B remote-bindir] [-w workdir]
#            [-f 'fg-collapse flags'] manifest > fleet.folded
#
# The manifest names the captures, one a line: HOST PATH, the capture PATH
# (anything fg-collapse reads, gzipped or not, or a perf.data file, read
# through perf script there) on HOST, an ssh destination (user@host, an
# alias of ~/.ssh/config; ":" for this machine). Blank lines and lines
# starting with # are skipped.
#
# Map: every capture is collapsed where it is, by fg-map.sh (fg-collapse,
# perf script for perf.data) on its own host (GNU parallel --sshlogin,
# each job tied to its host by a host group), at most -j jobs per host;
# only the folded stacks travel back.
# Reduce: the folded files, on this machine, in a tree of fg-merge, -b
# files per merge (default 64), -j merges at a time, to standard output.
# The result is byte for byte fg-merge of every capture collapsed alone.
#
# The ssh command is parallel's: set PARALLEL_SSH (for instance
# PARALLEL_SSH='ssh -F fleet.ssh_config'). fg-collapse must be installed on
# every host (-B DIR when it is not on the remote PATH). PATH arguments
# must not contain "@" (parallel's host group mark) nor newlines.
# Intermediate files go to -w DIR (default: a temporary directory, removed
# at the end). Exit status: 0, 1 when some input lines were skipped (the
# warnings are in the logs named on standard error), 2 when a capture or
# merge failed: perf script or fg-collapse failed, or a capture gave no
# stacks (missing, unreadable, empty); the failed captures are named on
# standard error and nothing is printed. The map's text is fg-map.sh, next
# to this script (FG_MAP names another), sent along with each job.
set -eu

jobs=4 batch=64 rbin= work= flags=
usage() {
	echo "usage: fleet.sh [-j jobs] [-b batch] [-B remote-bindir]" \
	    "[-w workdir] [-f 'fg-collapse flags'] manifest" >&2
	exit 2
}
while getopts j:b:B:w:f: o; do
	case $o in
	j) jobs=$OPTARG ;;
	b) batch=$OPTARG ;;
	B) rbin=${OPTARG%/}/ ;;
	w) work=$OPTARG ;;
	f) flags=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
manifest=$1
case $jobs$batch in *[!0-9]*) usage ;; esac
[ "$batch" -ge 2 ] || usage
command -v parallel >/dev/null || { echo "fleet.sh: GNU parallel not found" >&2; exit 2; }
command -v fg-merge >/dev/null || { echo "fleet.sh: fg-merge not on PATH" >&2; exit 2; }
mapsh=${FG_MAP:-$(dirname "$0")/fg-map.sh}
mapsh=$(cat "$mapsh") || { echo "fleet.sh: fg-map.sh not found (FG_MAP)" >&2; exit 2; }
if [ -z "$work" ]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/fleet.XXXXXX")
	trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/map"
status=0

# worst exit status in a parallel --joblog: 0, 1 (lines skipped) or 2
worst() {
	awk -F '\t' 'NR > 1 && ($7 > w || $8 != 0) { w = $8 != 0 ? 2 : $7 }
	    END { print (w > 2 ? 2 : w + 0) }' "$1"
}

# Map. Each host gets a group g1, g2, ...; each capture the group of its
# host ("path@gN"), so parallel runs it there and nowhere else.
awk -v work="$work" '
	/^[ \t]*(#|$)/ { next }
	{
		host = $1
		path = $0
		sub(/^[ \t]*[^ \t]+[ \t]+/, "", path)
		if (!(host in grp)) {
			grp[host] = "g" ++n
			print "@" grp[host] "/" host > (work "/logins")
		}
		print path "@" grp[host] > (work "/args")
	}' "$manifest"
[ -s "$work/args" ] || { echo "fleet.sh: $manifest: no captures" >&2; exit 2; }
# The map is fg-map.sh, its text sent with each job (nothing to install
# but fg-collapse, and perf for perf.data): a failed perf script or
# fg-collapse, or a capture without stacks, is a failed job.
set +e
parallel -q --hostgroups --jobs "$jobs" --joblog "$work/map.log" \
    --results "$work/map/{#}.folded" --sshloginfile "$work/logins" \
    sh -c "$mapsh" fg-map.sh -c "${rbin}fg-collapse" -f "$flags" {} \
    :::: "$work/args" >/dev/null
set -e
s=$(worst "$work/map.log")
[ "$s" -gt $status ] && status=$s
if [ "$s" -ne 0 ]; then
	# the failed jobs' messages, each naming its capture
	awk -F '\t' 'NR > 1 && ($7 >= 2 || $8 != 0) { print $1 }' \
	    "$work/map.log" | while read -r i; do
		cat "$work/map/$i.folded.err" >&2
	done
	echo "fleet.sh: some captures failed or had bad lines: see" \
	    "$work/map.log and $work/map/*.err" >&2
	[ "$s" -ge 2 ] && { trap - EXIT; exit 2; }
fi

# Reduce: merge -b files at a time, level by level, until one is left.
find "$work/map" -name '*.folded' | sort >"$work/level"
lv=0
while [ "$(wc -l <"$work/level")" -gt "$batch" ]; do
	lv=$((lv + 1))
	mkdir -p "$work/r$lv"
	split -l "$batch" "$work/level" "$work/r$lv/list."
	set +e
	parallel --jobs "$jobs" --joblog "$work/r$lv.log" \
	    'fg-merge --files-from {} > {}.folded' ::: "$work/r$lv"/list.*
	set -e
	s=$(worst "$work/r$lv.log")
	[ "$s" -gt $status ] && status=$s
	[ "$s" -ge 2 ] && { trap - EXIT; exit 2; }
	ls "$work/r$lv"/list.*.folded >"$work/level"
done
fg-merge --files-from "$work/level" || {
	s=$?
	[ "$s" -gt $status ] && status=$s
}
exit $status
