#!/bin/sh
# SPDX-License-Identifier: ISC
#
# expect.sh: what `go tool pprof` says a profile holds, as folded stacks,
# to check fg-collapse against (the goldens under tests/cases/collapse/pprof-*
# were made with it).
#
#   sh expect.sh [-l] [-s SAMPLE_INDEX] [-t TAGFOCUS] [-r KEY,...] FILE
#
#   -l   frames "function file:line" (fg-collapse --lines)
#   -s   go tool pprof -sample_index (fg-collapse --sample-type)
#   -t   go tool pprof -tagfocus, e.g. 'endpoint=^POST /charge$' or
#        'bytes=8192B' (a numeric label needs its unit)
#        (fg-collapse --tag endpoint='POST /charge')
#   -r   go tool pprof -tagroot (fg-collapse --tag-root, once per key)
#
# go tool pprof chooses the sample type (its "Type:" in -top), filters by
# tag and adds the tag-root frames; this script only sums the chosen column
# of -raw per stack, root to leaf with inlined frames expanded, and names
# the tag-root frames KEY=VALUE (KEY=- when the label is missing).
set -eu
lines=0 sidx= tf= tr=
while getopts ls:t:r: c; do
	case $c in
	l) lines=1 ;;
	s) sidx=$OPTARG ;;
	t) tf=$OPTARG ;;
	r) tr=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
f=$1
type=$(go tool pprof ${sidx:+-sample_index="$sidx"} -top "$f" 2>/dev/null |
    sed -n 's/^Type: //p')
go tool pprof -raw ${tf:+-tagfocus="$tf"} ${tr:+-tagroot="$tr"} "$f" |
LC_ALL=C awk -v type="$type" -v lines="$lines" -v rootkeys="$tr" '
function frame(s,   name, file, ln, m) {
	# "NAME FILE:LINE s=N" with an optional "(SYSTEM NAME)" after
	sub(/ s=[0-9]+(\(.*\))?$/, "", s)
	m = match(s, / [^ ]*:-?[0-9]+$/)
	if (m == 0)
		return s
	name = substr(s, 1, RSTART - 1)
	file = substr(s, RSTART + 1)
	ln = file; sub(/.*:/, "", ln)
	sub(/:-?[0-9]+$/, "", file)
	if (file in isroot && pseudo)
		return file "=" (name == "" ? "-" : name)
	if (!lines)
		return name
	if (ln != 0)
		return name " " file ":" ln
	return file == "" ? name : name " " file
}
BEGIN {
	n = split(rootkeys, k, ",")
	for (i = 1; i <= n; i++)
		isroot[k[i]] = 1
}
/^Samples:/ { sec = "s"; next }
/^Locations/ { sec = "l"; next }
/^Mappings/ { sec = "m"; next }
sec == "s" && col == 0 {
	for (i = 1; i <= NF; i++)
		if ($i ~ "^" type "/")
			col = i
	if (col == 0) { print "no column " type > "/dev/stderr"; exit 2 }
	next
}
sec == "s" && /:/ && $1 ~ /^-?[0-9]+$/ {
	ns++
	v[ns] = $col
	s = $0; sub(/^[^:]*: */, "", s); sub(/ +$/, "", s)
	ids[ns] = s
	next
}
sec == "l" && /^ *[0-9]+: 0x/ {
	id = $1; sub(/:$/, "", id)
	s = $0; sub(/^ *[0-9]+: 0x[0-9a-f]+ /, "", s)
	pseudo = 1
	if (s ~ /^M=[0-9]+ /) { pseudo = 0; sub(/^M=[0-9]+ /, "", s) }
	loc[id] = frame(s)
	next
}
sec == "l" && /^[ \t]+[^ \t]/ {
	# a caller of the lines above (they were inlined into it): rootward
	s = $0; sub(/^[ \t]+/, "", s)
	loc[id] = frame(s) ";" loc[id]
	next
}
END {
	for (i = 1; i <= ns; i++) {
		nid = split(ids[i], a, " ")
		st = ""
		for (j = nid; j >= 1; j--)
			st = st (st == "" ? "" : ";") loc[a[j]]
		sum[st] += v[i]
	}
	for (st in sum)
		if (sum[st] != 0)
			printf "%s %.0f\n", st, sum[st]
}' | LC_ALL=C sort
