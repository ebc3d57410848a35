# SPDX-License-Identifier: ISC
# Sourced by the fleet/continuous* cases: a scratch directory $w and a store
# $s holding an old window of another version of the service on this host,
# of another host and of another service (STORE/SERVICE/VERSION/HOST/);
# functions that run contrib/fg-continuous.sh for real on a CPU-bound
# command (one awk process, sampled at 199 Hz). Exits 77 when perf is
# missing or cannot record.
w=$(mktemp -d "${TMPDIR:-/tmp}/cp.XXXXXX") || exit 2
command -v perf >/dev/null || { echo "perf not installed" >&2; exit 77; }
perf record -q -B -e cpu-clock -o "$w/probe.data" -- true >/dev/null 2>&1 ||
    { echo "perf cannot record here (perf_event_paranoid?)" >&2; exit 77; }
s=$w/store
mkdir -p "$s/checkout/v0/hostA" "$s/checkout/v1/hostB" "$s/search/v1/hostA"
for d in checkout/v0/hostA checkout/v1/hostB search/v1/hostA; do
	echo 'old 1' | gzip >"$s/$d/2020-01-01T00:00.folded.gz"
done
fgc=$FG_TOP/contrib/fg-continuous.sh

# busy VERSION [option ...]: fg-continuous.sh with 2 s windows on an awk
# loop of 1e7 steps (tens of samples however busy the machine: cpu-clock
# counts the CPU time it gets; a longer loop spans more windows on a busy
# machine, each collapsed and stored at a cost), as service checkout on
# hostA
busy() {
	v=$1
	shift
	sh "$fgc" -s "$s" -S checkout -V "$v" -H hostA -w 2 -F 199 "$@" -- \
	    awk 'BEGIN { for (i = 0; i < 1e7; i++) x++; print "command done" }'
	echo "fg-continuous.sh: $?"
}

# start_bg [option ...]: fg-continuous.sh started in the background (so
# SIGINT is ignored on entry) with 60 s windows on an awk loop that writes
# its pid to $w/pid, runs 1e7 steps, creates $w/marker, then runs on (for
# a minute or more); returns once the marker is there: the window holds
# samples. Sets $bg.
start_bg() {
	rm -f "$w/marker" "$w/pid"
	sh "$fgc" -s "$s" -S checkout -V v1 -H hostA -w 60 -F 199 "$@" -- \
	    sh -c 'echo $$ >"$1/pid"; exec awk -v m="$1/marker" "BEGIN {
		for (i = 0; i < 1e7; i++) x++
		printf \"\" >m; close(m)
		for (i = 0; i < 5e9; i++) x++ }"' sh "$w" 2>"$w/bg.err" &
	bg=$!
	trap 'kill $bg 2>/dev/null; [ -f "$w/pid" ] && kill $(cat "$w/pid") 2>/dev/null' EXIT
	n=0
	while [ ! -f "$w/marker" ] && [ $n -lt 600 ] && kill -0 $bg 2>/dev/null
	do
		sleep 0.2
		n=$((n + 1))
	done
	[ -f "$w/marker" ] || echo "the command did not start"
}

# stop_bg SIGNAL: sends SIGNAL to fg-continuous.sh, waits for it (killed
# after 120 s: then the status is 137), prints its status and whether the
# command still runs
stop_bg() {
	kill -"$1" $bg
	(
		n=0
		while kill -0 $bg 2>/dev/null && [ $n -lt 600 ]; do
			sleep 0.2
			n=$((n + 1))
		done
		kill -KILL $bg 2>/dev/null
	) &
	dog=$!
	wait $bg
	echo "fg-continuous.sh: $?"
	kill $dog 2>/dev/null
	if kill -0 "$(cat "$w/pid")" 2>/dev/null; then
		echo "the command still runs"
	else
		echo "the command was stopped"
	fi
}
