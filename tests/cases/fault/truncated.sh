# SPDX-License-Identifier: ISC
# Sourced by the fault/truncated-* cases: in $TMPDIR, "orig" (a sorted
# profile of 300,000 stacks) and "in", a copy of it. truncated TOOL ARGS...
# runs the tool (its output into a FIFO), empties "in" once the first byte
# of output shows the file mapped and its scan done, then prints "TOOL
# STATUS" and the tool's standard error (line numbers as N).
cd "$TMPDIR" || exit 2
awk 'BEGIN { for (i = 100000; i < 400000; i++) printf "main;f%d 1\n", i }' >orig
cp orig in
mkfifo p
truncated() {
	"$@" >p 2>err &
	exec 3<p
	# the first output line: the file is mapped and its scan done
	head -c 1 <&3 >/dev/null
	: >in
	cat <&3 >/dev/null
	wait $!; echo "$1 $?"
	exec 3<&-
	sed 's/:[0-9]*:/:N:/' err
}
