#!/bin/sh
# SPDX-License-Identifier: ISC
# How the demo profiles were recorded (Linux, perf, gcc): the same program
# before and after its substring search was rewritten with one regular
# expression. Run from this directory to record a new pair; needs perf
# permissions (root, or kernel.perf_event_paranoid <= 1).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/before" "$tmp/after"
cc -O1 -g -fno-omit-frame-pointer -fno-inline -o "$tmp/before/search" \
    "$here/search.c"
cc -O1 -g -fno-omit-frame-pointer -fno-inline -DUSE_REGEX \
    -o "$tmp/after/search" "$here/search.c"
for v in before after; do
	(cd "$tmp/$v" && perf record -q -e cpu-clock -F 499 \
	    --call-graph dwarf -o perf.data ./search 20 >/dev/null)
	perf script -F comm,pid,tid,time,event,ip,sym,dso \
	    -i "$tmp/$v/perf.data" 2>/dev/null | gzip -9n >"$here/$v.perf.txt.gz"
done
echo "recorded; fold with: gzip -dc before.perf.txt.gz | fg-collapse" \
    "> before.folded (or FlameGraph's stackcollapse-perf.pl | LC_ALL=C sort)"
