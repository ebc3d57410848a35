# SPDX-License-Identifier: ISC
# Sourced by the cases in tests/cases/make: a scratch directory holding the
# demo pair (contrib/demo, a real perf capture before and after a change)
# and a Makefile that includes contrib/fg.mk with the tools under test.
# Leaves the shell in that directory; $MK runs make there quietly.
# run as from a shell, also under make check
unset MAKELEVEL MAKEFLAGS MFLAGS
w=$(mktemp -d "${TMPDIR:-/tmp}/mk.XXXXXX") || exit 2
cp "$FG_TOP"/contrib/demo/before.perf.txt.gz "$FG_TOP"/contrib/demo/after.perf.txt.gz "$w"/
cat >"$w"/Makefile <<MK
FG_COLLAPSE = $FG_BIN/fg-collapse
FG_DIFF = $FG_BIN/fg-diff
FG_ELIDE = $FG_BIN/fg-elide
FG_SVG = $FG_BIN/fg-svg
FG_TOP = $FG_BIN/fg-top
FG_TREND = $FG_BIN/fg-trend
include $FG_TOP/contrib/fg.mk
MK
cd "$w" || exit 2
MK="make -s --no-print-directory"
