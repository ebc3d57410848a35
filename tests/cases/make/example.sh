# SPDX-License-Identifier: ISC
# Sourced by the make/man-example* cases, after setup.sh: installs fg.mk
# with make install-data under $w/root, then writes as GNUmakefile the
# example Makefile of fg-make(7) (the first literal display of EXAMPLES),
# including that fg.mk and using the tools under test, and names the demo
# captures as the example does (v1.3, v1.4).
make -s --no-print-directory -C "$FG_TOP" install-data DESTDIR="$w/root" \
    PREFIX=/usr/local >/dev/null || exit 1
sed -n '/^\.Sh EXAMPLES/,/^\.Sh/p' "$FG_TOP/man/fg-make.7" |
    sed -n '/^\.Bd -literal/,/^\.Ed/p' | sed '/^\.Ed/q' | sed '1d;$d' |
    sed -e 's/\\e/\\/g' -e 's/^\\&//' \
    -e "s|^include /usr/local/share/fg/fg.mk|include $w/root/usr/local/share/fg/fg.mk|" \
    >example.mk
sed -n 's/^FG_[A-Z]* = .*/&/p' Makefile | grep /fg- >>tools.mk
{ cat tools.mk; cat example.mk; } >GNUmakefile
mv before.perf.txt.gz v1.3.perf.txt.gz
mv after.perf.txt.gz v1.4.perf.txt.gz
