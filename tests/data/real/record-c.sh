#!/bin/sh
# SPDX-License-Identifier: ISC
# Records the C captures in this directory (see README): prog.c built three
# ways, run under perf with the cpu-clock event and DWARF call graphs (gcc
# 12 omits the frame pointer in leaf functions whatever the flags, which
# loses their callers), folded with fg-collapse. Needs perf permissions (root, or
# kernel.perf_event_paranoid <= 1) and fg's bin/ on PATH.
# Usage: sh record-c.sh [ROUNDS]      (from this directory; default 2000)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
rounds=${1:-2000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cflags="-O2 -g"
cc $cflags -o "$tmp/prog-v1" "$here/prog.c"
cc $cflags -DSLOW_CHECKSUM -DNO_VALIDATE -o "$tmp/prog-v2" "$here/prog.c"
cc $cflags -DNO_VALIDATE -o "$tmp/prog-v3" "$here/prog.c"
# name: binary
for run in v1:prog-v1 v1-rerun:prog-v1 v2:prog-v2 v3:prog-v3; do
	name=${run%%:*}
	bin=${run#*:}
	(cd "$tmp" && perf record -q -e cpu-clock -F 999 --call-graph dwarf \
	    -o "$name.data" "./$bin" "$rounds" >/dev/null)
	perf script -i "$tmp/$name.data" 2>/dev/null >"$tmp/$name.perf.txt"
	fg-collapse "$tmp/$name.perf.txt" | gzip -9n >"$here/c-$name.folded.gz"
	gzip -9n <"$tmp/$name.perf.txt" >"$here/c-$name.perf.txt.gz"
done
