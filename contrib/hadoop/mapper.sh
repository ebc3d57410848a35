#!/bin/sh
# SPDX-License-Identifier: ISC
# mapper.sh: the map of a fleet profile as a Hadoop Streaming mapper.
#
# Its input is a list of captures, one path a line (give the job that list
# with NLineInputFormat, so a capture is never cut in two): hdfs:// paths
# are read with "hdfs dfs -cat", others as local files on the node. Each
# capture is collapsed alone by fg-map.sh (fg-collapse, the format
# detected from its content, gzip or not; perf script for perf.data
# files), and every folded line "stack COUNT" is written as
# "stack<TAB>COUNT": the count after the LAST space goes behind a TAB, so
# with Streaming's default separator (stream.map.output.field.separator, a
# TAB, first one) the key is the whole stack, spaces in frames included
# (C++ "std::function<int (int, int)>"), and the shuffle brings every count
# of one stack to one reducer (reducer.sh). NLineInputFormat hands the
# mapper "offset<TAB>path" lines: the path is what follows the last TAB.
#
# Ship fg-map.sh with the job (-file contrib/fg-map.sh): it is looked for
# next to this script (the task's directory), then in its parent (the
# source tree); FG_MAP names another.
# FG_COLLAPSE (default fg-collapse) and FG_COLLAPSE_FLAGS pick the tool and
# its flags. Exit status: 0; 1 when fg-collapse skipped lines; 2 when a
# capture failed (perf script or fg-collapse failed, or it gave no stacks:
# missing, unreadable, empty), each failed capture named on standard
# error, so the task fails (and Hadoop retries it, then fails the job)
# instead of giving a smaller profile.
set -u
map=${FG_MAP:-}
for m in "$(dirname "$0")/fg-map.sh" "$(dirname "$0")/../fg-map.sh"; do
	[ -n "$map" ] || [ ! -r "$m" ] || map=$m
done
[ -r "$map" ] || { echo "mapper.sh: fg-map.sh not found (FG_MAP)" >&2; exit 2; }

# collapses each capture named on standard input; returns the worst status
collapse_all() {
	status=0
	while IFS= read -r line || [ -n "$line" ]; do
		path=${line##*"	"}
		case $path in
		''|'#'*) continue ;;
		esac
		sh "$map" "$path" </dev/null
		s=$?
		[ $s -gt $status ] && status=$s
	done
	return $status
}

# "stack COUNT" -> "stack<TAB>COUNT"; the status passed out on fd 5
exec 4>&1
s=$({ { collapse_all; echo $? >&5; } | sed 's/ \([^ ]*\)$/	\1/' >&4; } 5>&1)
exit "${s:-2}"
