#!/bin/sh
# SPDX-License-Identifier: ISC
# make demo: the whole pipeline on the profiles in contrib/demo (a log
# search before and after it was rewritten with a regular expression,
# recorded with perf; see contrib/demo/record.sh). Leaves in demo-out/:
#   flame.svg              plain flame graph of the current (after) profile
#   before.svg             and of the baseline
#   diff.svg               differential flame graph (Differential, Baseline
#                          and Elided views, legend)
#   elided.svg             the baseline paths gone from the current profile
# usage: sh contrib/demo.sh BINDIR
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "${1:-$top/bin}" && pwd)
demo=$top/contrib/demo
out=$top/demo-out
PATH=$bin:$PATH
export PATH LC_ALL=C
mkdir -p "$out"

for v in before after; do
	# perf script output -> folded; the folded copies in contrib/demo
	# (made with FlameGraph's stackcollapse-perf.pl) stand in when this
	# fg-collapse does not read perf output
	if gzip -dc "$demo/$v.perf.txt.gz" | fg-collapse >"$out/$v.folded" \
	    2>/dev/null && [ -s "$out/$v.folded" ]; then
		echo "gzip -dc contrib/demo/$v.perf.txt.gz | fg-collapse > demo-out/$v.folded"
	else
		cp "$demo/$v.folded" "$out/$v.folded"
		echo "using contrib/demo/$v.folded"
	fi
done
fg-svg --title "search: substring search (before)" "$out/before.folded" \
    >"$out/before.svg"
fg-svg --title "search: regular expression (after)" "$out/after.folded" \
    >"$out/flame.svg"
fg-diff "$out/before.folded" "$out/after.folded" >"$out/diff.folded"
fg-color "$out/diff.folded" | fg-svg >"$out/diff.svg"
# (through a pipe: fg-elide reads a file mapped)
cat "$out/diff.folded" | fg-elide | fg-svg >"$out/elided.svg"
if command -v fg-top >/dev/null 2>&1 && [ -x "$bin/fg-top" ]; then
	echo
	fg-top -n 5 "$out/diff.folded" || true
fi
echo
for f in flame.svg before.svg diff.svg elided.svg; do
	echo "demo-out/$f"
done
echo "Open them in a browser: click to zoom, Ctrl-F to search."
