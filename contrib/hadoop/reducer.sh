#!/bin/sh
# SPDX-License-Identifier: ISC
# reducer.sh: the reduce of a fleet profile as a Hadoop Streaming reducer
# (and combiner). It reads mapper.sh's "stack<TAB>COUNT" lines, as
# Streaming hands them over (sorted by key, each stack whole in one
# reducer), turns the last TAB back into a space, sums them with fg-merge
# and writes the sums in the same TAB form, so it also serves as the
# -combiner and its part files read back with
#
#   hdfs dfs -cat OUT/part-* | sed 's/	\([^	]*\)$/ \1/' | fg-merge
#
# FG_MERGE (default fg-merge) picks the tool. Exit status: fg-merge's.
set -u
merge=${FG_MERGE:-fg-merge}
exec 4>&1
s=$({ { sed 's/	\([^	]*\)$/ \1/' | $merge; echo $? >&5; } |
    sed 's/ \([^ ]*\)$/	\1/' >&4; } 5>&1)
exit "${s:-2}"
