# SPDX-License-Identifier: ISC
# bench/lib.sh: sourced by the bench scripts (not run by bench/run.sh).
#
# best N CMD [ARG...]   best wall-clock seconds of N runs of CMD, output
#                       discarded, exit status ignored (a reference tool
#                       that fails is timed all the same, and says so on
#                       its own terms elsewhere)
# best_sh N 'LINE'      the same for a shell command line (pipes, quoting)
# bench/tm.c also reports peak memory, where that is asked for.
# build PROG...         compiles bench/PROG.c into $data/PROG ($here and
#                       $data set by the caller; CC honoured)

best() {
	_n=$1
	shift
	_b=
	_i=0
	while [ "$_i" -lt "$_n" ]; do
		_s=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || true
		_e=$(date +%s.%N)
		_b=$(awk -v s="$_s" -v e="$_e" -v b="$_b" \
		    'BEGIN { t = e - s; if (b == "" || t < b) b = t; printf "%.3f\n", b }')
		_i=$((_i + 1))
	done
	echo "$_b"
}

best_sh() {
	best "$1" sh -c "$2"
}

build() {
	for _p in "$@"; do
		${CC:-cc} -O2 -o "$data/$_p" "$here/$_p.c"
	done
}
