# SPDX-License-Identifier: ISC
# Sourced by the fleet/hadoop-streaming* cases: contrib/hadoop's mapper and
# reducer under a simulated Streaming job (two maps fed NLineInputFormat
# lines, TAB key split, two partitions by key, sort, reduce) over four
# captures, one with spaces in its frames; leaves the job's output in
# $w/job.folded and the list of captures in $w/list.
d=$FG_TOP/tests/data/real
h=$FG_TOP/contrib/hadoop
w=$(mktemp -d "${TMPDIR:-/tmp}/hs.XXXXXX") || exit 2
cp "$FG_TOP/tests/data/fleet/spaces.folded" "$w/"
# the job's input: one capture a line, as NLineInputFormat gives them
printf '%s\n' "$d/c-v1.perf.txt.gz" "$d/c-v2.perf.txt.gz" \
    "$w/spaces.folded" "$d/node-v1.cpuprofile.gz" >"$w/list"
awk '{ printf "%d\t%s\n", NR * 100, $0 > (FILENAME ".split" (NR % 2)) }' \
    "$w/list"
# -file: the scripts shipped into the task's working directory
mkdir "$w/task"
cp "$h/mapper.sh" "$h/reducer.sh" "$FG_TOP/contrib/fg-map.sh" "$w/task/"
for s in 0 1; do
	(cd "$w/task" && sh ./mapper.sh) <"$w/list.split$s" >"$w/map$s" ||
	    echo "map $s: $?"
done
# the shuffle: key = up to the first TAB, a partition per key, sorted
cat "$w/map0" "$w/map1" | awk -F '\t' -v w="$w" \
    '{ print > (w "/part" (length($1) % 2)) }'
for p in 0 1; do
	LC_ALL=C sort "$w/part$p" | (cd "$w/task" && sh ./reducer.sh) >"$w/out$p" ||
	    echo "reduce $p: $?"
done
cat "$w/out0" "$w/out1" | sed 's/	\([^	]*\)$/ \1/' | fg-merge >"$w/job.folded"
