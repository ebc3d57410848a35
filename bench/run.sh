#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: runs every bench/*.sh other than this one with the binary
# directory as $1. Inputs are generated under bench/data (not committed).
# Timings are wall-clock, best of several runs; compare ratios from one run.
# FG_BENCH_ONLY names the scripts to run (default: all), e.g. "shapes
# service"; each script's own variables are in its opening comment
# (bench/shapes.sh: FG_BENCH_SHAPES, FG_BENCH_SCALE, FG_BENCH_LINEAR).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bindir=$(cd "${1:-bin}" && pwd)
mkdir -p "$here/data"
for b in "$here"/*.sh; do
	case $(basename "$b") in run.sh|lib.sh) continue ;; esac
	case " ${FG_BENCH_ONLY:-$(basename "$b" .sh)} " in
	*" $(basename "$b" .sh) "*) ;;
	*) continue ;;
	esac
	echo "== $(basename "$b" .sh)"
	sh "$b" "$bindir" "$here/data"
done
