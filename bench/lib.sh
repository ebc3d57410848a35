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
# cell NAME RUNS CMD... "NAME T s M MB (C cpu)": best time, peak RSS and
#                       least CPU time of RUNS runs by bench/tm.c
#                       ($data/tm, built by the caller), output to
#                       $data/out.NAME; with $limit
#                       set, each run is stopped after that many seconds
#                       and the cell says so
# row TASK SHAPE VARIANT FGCMD [REF REFCMD]...
#                       one line: fg's cell (RUNS $runs, no limit), then
#                       for each reference tool on PATH its cell and the
#                       ratio of its time to fg's (and of CPU times);
#                       Perl scripts (*.pl) run once, stopped after
#                       FG_BENCH_PERL_LIMIT (60) seconds (FG_BENCH_PERL=0
#                       skips them), the others after FG_BENCH_LIMIT
#                       (600). Commands are sh lines. The line is
#                       appended to $rows too.

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

cell() {
	_n=$1 _r=$2
	shift 2
	if [ -n "${limit:-}" ]; then
		set -- timeout "$limit" "$@"
	fi
	set -- $("$data/tm" "$_r" "$data/out.$_n" "$@" 2>/dev/null ||
	    echo "fail $?")
	if [ "$1 ${2:-}" = "fail 3" ]; then
		echo "$_n stopped after ${limit}s"
	elif [ "$1" = fail ]; then
		echo "$_n failed"
	else
		awk -v n="$_n" -v t="$1" -v m="$2" -v c="${3:-0}" \
		    'BEGIN { printf "%s %.2f s %d MB (%.2f cpu)", n, t, m / 1024, c }'
	fi
}

row() {
	_line=$(printf '%-8s %-12s %-9s' "$1" "$2" "$3")
	_fg=$(limit= cell fg "$runs" sh -c "$4")
	_ft=$(echo "$_fg" | awk '{ print $2 }')
	_fc=$(echo "$_fg" | awk '{ sub(/^\(/, "", $6); print $6 }')
	_line="$_line $_fg"
	shift 4
	while [ $# -ge 2 ]; do
		_ref=$1 _cmd=$2
		shift 2
		command -v "$_ref" >/dev/null 2>&1 || continue
		case $_ref in
		*.pl)
			[ "${FG_BENCH_PERL:-1}" != 0 ] || continue
			_r=1 _l=${FG_BENCH_PERL_LIMIT:-60}
			;;
		*) _r=$runs _l=${FG_BENCH_LIMIT:-600} ;;
		esac
		_c=$(limit=$_l cell "$_ref" "$_r" sh -c "$_cmd")
		_line="$_line | $_c $(echo "$_c $_ft $_fc" | awk '
		    { c = $6; sub(/^\(/, "", c) }
		    $2 ~ /^[0-9.]+$/ && $(NF - 1) > 0 {
			printf "%.1fx", $2 / $(NF - 1)
			if ($NF > 0)
				printf " (cpu %.1fx)", c / $NF
		    }')"
	done
	echo "$_line" | tee -a "$rows"
}
