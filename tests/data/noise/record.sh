#!/bin/sh
# SPDX-License-Identifier: ISC
# Records this directory's captures (see README) into the current
# directory: sh record.sh SRCDIR (the directory holding work.c etc.)
set -e
s=$1
cc -O1 -g -fno-omit-frame-pointer -fno-optimize-sibling-calls -fno-inline \
    -o work "$s/work.c"
mkdir -p heap && cp "$s/heap.go" heap/main.go &&
    (cd heap && printf 'module heap\n\ngo 1.19\n' >go.mod && go build -o ../heap-bin .)
for n in aa1 b1 aa2 b2 aa3 b3 aa4; do
	case $n in b*) p=110;; *) p=100;; esac
	perf record -q -g -e cpu-clock -F 499 -o p.data -- ./work $p 15000 0
	perf script -i p.data | fg-collapse --header - | gzip -9n >perf-cpu-$n.folded.gz
	perf record -q -g -e page-faults -o p.data -- ./work $p 40 1
	perf script -i p.data | gzip -9n >perf-pf-$n.perf.gz
	./heap-bin -pct $p -o go-heap-$n.pb.gz
	node --cpu-prof --cpu-prof-name=node-$n.cpuprofile "$s/work.js" $p 40
	node "$s/to-speedscope.js" node-$n.cpuprofile |
	    gzip -9n >node-$n.speedscope.json.gz
	gzip -9n node-$n.cpuprofile
	valgrind --tool=callgrind --callgrind-out-file=callgrind-$n.out \
	    ./work $p 20 0 && gzip -9n callgrind-$n.out
done
for n in c1 c2 c3; do
	node --cpu-prof --cpu-prof-name=node-jit-$n.cpuprofile "$s/work.js" 130 40
	gzip -9n node-jit-$n.cpuprofile
done
rm -f p.data
