#!/bin/sh
# SPDX-License-Identifier: ISC
#
# mutate.sh: corrupts the pprof captures at random (byte flips, cuts,
# splices, both of the gzip file and of the profile inside it) and runs
# fg-collapse on each; any exit status other than 0, 1 or 2, or any
# sanitizer report, is a failure and the input is kept. Not part of the
# test suite (it is random); run it against an ASan+UBSan build:
#
#   make check-asan && sh tests/fuzz/mutate.sh build-asan/bin 2000
set -u
bin=${1:?usage: mutate.sh BINDIR [N]}
n=${2:-1000}
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=${TMPDIR:-/tmp}/fg-mutate.$$
mkdir -p "$tmp"
for f in "$top"/tests/data/pprof/*.pb.gz; do
	b=$(basename "$f" .gz)
	cp "$f" "$tmp/$b.gz"
	gzip -dc "$f" > "$tmp/$b"
done
set -- "$tmp"/*.pb "$tmp"/*.pb.gz
nseeds=$#
fail=0 i=0
while [ $i -lt "$n" ]; do
	i=$((i + 1))
	k=$((i % nseeds + 1))
	eval "seed=\${$k}"
	size=$(wc -c < "$seed")
	# a few random edits, chosen by awk (portable srand)
	awk -v seed=$i -v size="$size" 'BEGIN {
		srand(seed)
		m = 1 + int(rand() * 4)
		for (j = 0; j < m; j++) {
			op = int(rand() * 3)
			print op, int(rand() * size), int(rand() * 256)
		}
	}' > "$tmp/ops"
	cp "$seed" "$tmp/in"
	while read -r op at byte; do
		case $op in
		0)	# overwrite one byte
			printf "$(printf '\\%03o' "$byte")" |
			    dd of="$tmp/in" bs=1 seek="$at" conv=notrunc \
			    2>/dev/null ;;
		1)	# cut the file
			head -c "$at" "$tmp/in" > "$tmp/cut"
			mv "$tmp/cut" "$tmp/in" ;;
		2)	# duplicate a stretch
			{ head -c "$at" "$tmp/in"; tail -c +"$((at / 2 + 1))" \
			    "$tmp/in"; } > "$tmp/cut"
			mv "$tmp/cut" "$tmp/in" ;;
		esac
	done < "$tmp/ops"
	for args in "" "--lines --tag-root endpoint" "--sample-type=0"; do
		# shellcheck disable=SC2086
		"$bin/fg-collapse" -f pprof $args "$tmp/in" > /dev/null \
		    2> "$tmp/err"
		s=$?
		if [ $s -gt 2 ] || grep -q Sanitizer "$tmp/err"; then
			fail=$((fail + 1))
			cp "$tmp/in" "$tmp/../fg-mutate-fail-$i"
			echo "FAIL $i (status $s): kept fg-mutate-fail-$i" >&2
			head -5 "$tmp/err" >&2
		fi
	done
done
rm -rf "$tmp"
echo "$n inputs, $fail failures"
[ $fail -eq 0 ]
