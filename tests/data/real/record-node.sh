#!/bin/sh
# SPDX-License-Identifier: ISC
# Records the node.js captures in this directory (see README): logscan-v1.js
# (str.indexOf) twice and logscan-v2.js (a regular expression) once, each
# copied to the same path so that frame names (function url:line) match,
# under node --cpu-prof (V8's sampling profiler, 1 ms interval), kept
# gzipped and folded with fg-collapse (one count per sample). Needs node
# and fg's bin/ on PATH.
# Usage: sh record-node.sh [ROUNDS]    (from this directory; default 40)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
rounds=${1:-40}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for run in v1:v1 v1-rerun:v1 v2:v2; do
	name=${run%%:*}
	cp "$here/logscan-${run#*:}.js" "$tmp/logscan.js"
	(cd "$tmp" && node --cpu-prof --cpu-prof-name="$name.cpuprofile" \
	    logscan.js "$rounds" >/dev/null)
	gzip -9n <"$tmp/$name.cpuprofile" >"$here/node-$name.cpuprofile.gz"
	fg-collapse "$tmp/$name.cpuprofile" | gzip -9n \
	    >"$here/node-$name.folded.gz"
done
