#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-top on a generated profile and differential stream: 1,000,000 stacks
# of depth 5 to 30 over 2000 function names (about 115 MB). Best of 3,
# wall clock. No reference tool does this; the figure is MB/s.
set -eu
. "$(dirname "$0")/lib.sh"
bin=$1
data=$2
mkdir -p "$data"
p=$data/top-profile.folded
d=$data/top-diff.folded
if [ ! -s "$p" ]; then
	awk 'BEGIN { srand(1); for (i = 0; i < 1000000; i++) {
		s = "root"; n = 5 + int(rand() * 25)
		for (j = 0; j < n; j++) s = s ";fn" int(rand() * 2000)
		print s, 1 + int(rand() * 100) } }' >"$p"
	awk '{ print $0, int($NF * 1.1) }' "$p" >"$d"
fi
for f in "$p" "$d"; do
	t=$(best 3 "$bin/fg-top" -n 20 "$f")
	mb=$(wc -c <"$f" | awk '{ print $1 / 1e6 }')
	echo "fg-top $(basename "$f"): $t s, $(echo "$mb $t" |
	    awk '{ printf "%.0f", $1 / $2 }') MB/s"
done
