#!/bin/sh
# SPDX-License-Identifier: ISC
#
# goldens.sh: (re)writes the expected output of the collapse-pprof-go-*
# test cases from `go tool pprof` (through expect.sh), never from
# fg-collapse itself. Run from the repository root after recording new
# captures with `go run ./contrib/pprof-demo cpu|heap FILE`.
set -eu
d=tests/data/pprof
e=contrib/pprof-demo/expect.sh

# case NAME "FG-COLLAPSE ARGS" EXPECT-ARGS...
gold() {
	name=$1 args=$2
	shift 2
	mkdir -p tests/cases/collapse/pprof-go-$name
	printf 'fg-collapse %s\n' "$args" > tests/cases/collapse/pprof-go-$name/cmd
	sh $e "$@" > tests/cases/collapse/pprof-go-$name/stdout
}
gold cpu '"$FG_TOP/tests/data/pprof/cpu.pb.gz"' $d/cpu.pb.gz
gold cpu-samples '--sample-type=samples "$FG_TOP/tests/data/pprof/cpu.pb.gz"' \
    -s samples $d/cpu.pb.gz
gold cpu-lines '--lines "$FG_TOP/tests/data/pprof/cpu.pb.gz"' -l $d/cpu.pb.gz
gold cpu-tag '--tag "endpoint=POST /charge" "$FG_TOP/tests/data/pprof/cpu.pb.gz"' \
    -t 'endpoint=^POST /charge$' $d/cpu.pb.gz
gold cpu-tag-or '--tag "endpoint=POST /charge" --tag "endpoint=GET /search" "$FG_TOP/tests/data/pprof/cpu.pb.gz"' \
    -t 'endpoint=^POST /charge$,^GET /search$' $d/cpu.pb.gz
gold cpu-tag-and '--tag tenant=acme --tag "endpoint=POST /charge" "$FG_TOP/tests/data/pprof/cpu.pb.gz"' \
    -t '^tenant:acme$,^endpoint:POST /charge$' $d/cpu.pb.gz
gold cpu-tag-root '--tag-root endpoint --tag-root tenant "$FG_TOP/tests/data/pprof/cpu.pb.gz"' \
    -r endpoint,tenant $d/cpu.pb.gz
gold heap '"$FG_TOP/tests/data/pprof/heap.pb.gz"' $d/heap.pb.gz
for i in 0 1 2 3; do
	gold heap-type$i "--sample-type=$i \"\$FG_TOP/tests/data/pprof/heap.pb.gz\"" \
	    -s $i $d/heap.pb.gz
done
gold heap-alloc-space '--sample-type alloc_space "$FG_TOP/tests/data/pprof/heap.pb.gz"' \
    -s alloc_space $d/heap.pb.gz
gold heap-numtag '--sample-type=alloc_space --tag bytes=8192 "$FG_TOP/tests/data/pprof/heap.pb.gz"' \
    -s alloc_space -t bytes=8192B $d/heap.pb.gz
gold heap-lines-root '--lines --sample-type=alloc_objects --tag-root bytes "$FG_TOP/tests/data/pprof/heap.pb.gz"' \
    -l -s alloc_objects -r bytes $d/heap.pb.gz
