#!/bin/sh
# SPDX-License-Identifier: ISC
# Turns script.js into script.c (the script fg-svg embeds), one C string
# per line. Run from anywhere: sh cmd/fg-svg/gen-script.sh; the test case
# svg-script-current checks that script.c is up to date.
set -eu
d=$(dirname "$0")
if grep -q ']]>' "$d/script.js"; then
	echo "gen-script.sh: script.js must not contain ]]>" >&2
	exit 2
fi
{
	echo '/* SPDX-License-Identifier: ISC */'
	echo '/* Generated from script.js by gen-script.sh: do not edit. */'
	echo '#include <stddef.h>'
	echo ''
	echo 'extern const char *const svg_script[];'
	echo 'const char *const svg_script[] = {'
	grep -v '^[[:space:]]*//' "$d/script.js" |
	    sed -e 's/^[[:space:]]*//' -e '/^$/d' -e 's/\\/\\\\/g' \
	    -e 's/"/\\"/g' -e 's/^/	"/' -e 's/$/\\n",/'
	echo '	NULL'
	echo '};'
} >"$d/script.c.tmp"
mv "$d/script.c.tmp" "$d/script.c"
