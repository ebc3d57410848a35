#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: runs every bench/*.sh other than this one with the binary
# directory as $1. Inputs are generated under bench/data (not committed).
# Timings are wall-clock, best of several runs; compare ratios from one run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bindir=$(cd "${1:-bin}" && pwd)
mkdir -p "$here/data"
for b in "$here"/*.sh; do
	case $(basename "$b") in run.sh|lib.sh) continue ;; esac
	echo "== $(basename "$b" .sh)"
	sh "$b" "$bindir" "$here/data"
done
