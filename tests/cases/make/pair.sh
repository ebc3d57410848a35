# SPDX-License-Identifier: ISC
# Sourced by the make/pair-* cases, after setup.sh: builds fg.mk's
# BASE..HEAD targets and the profile targets of the demo pair in parallel
# (make -j4), then the two profiles by hand (b.folded, a.folded) and their
# diff (d), as the targets' recipes should make them.
$MK -j4 before..after.diff.svg before..after.elided.svg before..after.top.txt \
    before..after.md after.svg after.top.txt || exit 1
gzip -dc before.perf.txt.gz | fg-collapse >b.folded
gzip -dc after.perf.txt.gz | fg-collapse >a.folded
fg-diff b.folded a.folded | sed 's/base=b.folded current=a.folded/base=before.folded current=after.folded/' >d
# none of them empty: two empty outputs would compare equal
for f in before..after.diff.folded before..after.elided.folded \
    before..after.diff.svg before..after.elided.svg before..after.top.txt \
    before..after.md after.svg after.top.txt a.folded d; do
	[ -s "$f" ] || echo "$f: empty"
done
