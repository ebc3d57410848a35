#!/bin/sh
# SPDX-License-Identifier: ISC
# Makes the C file of the script fg-svg embeds (svg_script, one C string
# per line) from the script's pieces, joined in the order given:
#	sh cmd/fg-svg/gen-script.sh OUT.c cmd/fg-svg/script/data.js ...
# make runs it into the build folder. Lines that are only a comment are
# left out, and blank lines, and each line's leading blanks.
set -eu
if [ $# -lt 2 ]; then
	echo "usage: gen-script.sh out.c piece.js ..." >&2
	exit 2
fi
out=$1
shift
for f in "$@"; do
	if [ ! -r "$f" ]; then
		echo "gen-script.sh: $f: cannot read" >&2
		exit 2
	fi
	if grep -q ']]>' "$f"; then
		echo "gen-script.sh: $f: the script must not contain ]]>" >&2
		exit 2
	fi
	# a C compiler in a standard mode reads ??/ and the like as trigraphs
	if grep -q '??' "$f"; then
		echo "gen-script.sh: $f: the script must not contain ??" >&2
		exit 2
	fi
done
{
	echo '/* SPDX-License-Identifier: ISC */'
	echo '/* Generated from cmd/fg-svg/script by gen-script.sh: do not edit. */'
	echo '#include <stddef.h>'
	echo ''
	echo 'extern const char *const svg_script[];'
	echo 'const char *const svg_script[] = {'
	cat "$@" | grep -v '^[[:space:]]*//' |
	    sed -e 's/^[[:space:]]*//' -e '/^$/d' -e 's/\\/\\\\/g' \
	    -e 's/"/\\"/g' -e 's/^/	"/' -e 's/$/\\n",/'
	echo '	NULL'
	echo '};'
} >"$out.tmp"
mv "$out.tmp" "$out"
