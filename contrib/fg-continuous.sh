#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-continuous.sh: continuous profiling of one host into a store of
# per-window folded files.
#
#   fg-continuous.sh [-s store] [-S service] [-V version] [-H host]
#       [-L key=value ...] [-f 'fg-collapse flags'] [-F hz] [-w seconds]
#       [-k minutes] [-e event] [-g callgraph]
#       (-a | -p pid | -- command [arg ...])
#
# Keeps perf record running at a low rate (-F, default 19 Hz; -e event,
# default cpu-clock, which works in VMs; -g, perf's --call-graph mode,
# default fp) with --switch-output every -w seconds (default 60); each file
# perf finishes is collapsed at once (fg-map.sh: perf script | fg-collapse
# with the -f flags, symbols resolved while the processes still run),
# gzipped and stored as
#
#   STORE/SERVICE/VERSION/HOST/2026-11-23T10:05.folded.gz
#
# named by the minute (UTC) its window began: with -w 300 that file holds
# 10:05 to 10:10. Windows shorter than a minute are appended to their
# minute's file (one more gzip member: the tools read it as one), as are
# the windows of other runs with the same SERVICE, VERSION and HOST (a
# lock, flock(1), orders them). Files are replaced atomically, never seen
# half written. Each -L KEY=VALUE
# (repeatable) puts every stack of the run under a root frame KEY=VALUE,
# in the order given (tenant=acme;release=canary;PROCESS;...), for slices
# that are not path levels: select them with sed on the merged windows.
# The perf.data files are deleted once collapsed. A window whose perf
# script or fg-collapse failed is not stored: its message goes to
# standard error and to STORE/SERVICE/VERSION/HOST/MINUTE.failed, and the
# exit status will be 2. After each window, the windows of SERVICE on HOST
# (every version) older than -k minutes (default 10080, a week) are
# deleted, by the time in their names. Defaults: store ./store, service
# "default", version "unknown", host uname -n.
#
# Profiles the whole system (-a, root or perf_event_paranoid <= 0), one
# process (-p) or a command until it exits. SIGINT or SIGTERM (also when
# started in the background by a script, which leaves SIGINT ignored:
# the script resets it with env --default-signal) stop perf, which stops
# the command and writes its last window; that window is stored too.
# Exit status: 0 (also when stopped by SIGINT or SIGTERM); 2 when a window
# failed or on a usage error; else perf's (the command's status when it
# ended by itself).
#
# Queries are plain shell, for example the 10 o'clock hour of v2.7.1
# against v2.7.0 on every host:
#
#   fg-merge store/checkout/v2.7.0/*/2026-11-23T10:*.folded.gz >old.folded
#   fg-merge store/checkout/v2.7.1/*/2026-11-23T10:*.folded.gz >new.folded
#   fg-diff -n old.folded new.folded | fg-svg >v2.7.0..v2.7.1.svg
set -u
# A script started with & by another script has SIGINT ignored, and a
# shell cannot trap a signal ignored on entry: start again with it reset.
if [ -z "${FG_CONTINUOUS_SIGNALS:-}" ] &&
    env --default-signal=INT true 2>/dev/null; then
	FG_CONTINUOUS_SIGNALS=1 exec env --default-signal=INT,TERM \
	    sh "$0" "$@"
fi
unset FG_CONTINUOUS_SIGNALS
store=store service=default version=unknown host=$(uname -n)
hz=19 window=60 keep=10080 event=cpu-clock cg=fp target= flags= labels=
usage() {
	echo "usage: fg-continuous.sh [-s store] [-S service] [-V version]" \
	    "[-H host] [-L key=value ...] [-f 'fg-collapse flags'] [-F hz]" \
	    "[-w seconds] [-k minutes] [-e event] [-g callgraph]" \
	    "(-a | -p pid | -- command [arg ...])" >&2
	exit 2
}
while getopts s:S:V:H:L:f:F:w:k:e:g:ap: o; do
	case $o in
	s) store=$OPTARG ;;
	S) service=$OPTARG ;;
	V) version=$OPTARG ;;
	H) host=$OPTARG ;;
	L) case $OPTARG in
		*";"*|*"
"*|=*|*=) echo "fg-continuous.sh: bad label: '$OPTARG'" \
		    "(KEY=VALUE, no ';')" >&2
			exit 2 ;;
		*=*) labels=$labels$OPTARG\; ;;
		*) echo "fg-continuous.sh: bad label: '$OPTARG' (KEY=VALUE)" >&2
			exit 2 ;;
		esac ;;
	f) flags=$OPTARG ;;
	F) hz=$OPTARG ;;
	w) window=$OPTARG ;;
	k) keep=$OPTARG ;;
	e) event=$OPTARG ;;
	g) cg=$OPTARG ;;
	a) target=-a ;;
	p) target="-p $OPTARG" ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$target" ] || [ $# -gt 0 ] || usage
for v in "$service" "$version" "$host"; do
	case $v in ''|*/*|.|..) echo "fg-continuous.sh: bad name: '$v'" >&2
		exit 2 ;;
	esac
done
case $hz$window$keep in *[!0-9]*) usage ;; esac
for t in perf fg-collapse gzip; do
	command -v $t >/dev/null || {
		echo "fg-continuous.sh: $t not found" >&2
		exit 2
	}
done
mapsh=${FG_MAP:-$(dirname "$0")/fg-map.sh}
[ -r "$mapsh" ] || {
	echo "fg-continuous.sh: $mapsh: not found (FG_MAP)" >&2
	exit 2
}
dest=$store/$service/$version/$host
mkdir -p "$dest" "$store/.spool" || exit 2
spool=$(mktemp -d "$store/.spool/run.XXXXXX") || exit 2
trap 'rm -rf "$spool"' EXIT

# Stores the finished perf file $1, whose window began at $start;
# returns 2 when it could not.
store_window() {
	label=$(date -u -d "@$start" +%Y-%m-%dT%H:%M)
	out=$dest/$label.folded.gz
	sh "$mapsh" -e -p -f "$flags" "$1" >"$spool/w.raw" 2>"$spool/w.err"
	s=$?
	cat "$spool/w.err" >&2
	rm -f "$1"
	if [ $s -ge 2 ]; then
		{
			echo "window $label (${1##*/}):"
			cat "$spool/w.err"
		} >>"$dest/$label.failed"
		echo "fg-continuous.sh: window $label not stored," \
		    "recorded in $dest/$label.failed" >&2
		return 2
	fi
	[ -s "$spool/w.raw" ] || return 0
	FG_LABELS=$labels awk '/^#/ { print; next }
	    { print ENVIRON["FG_LABELS"] $0 }' "$spool/w.raw" \
	    >"$spool/w.folded" && gzip -c "$spool/w.folded" >"$spool/w.gz" &&
	    append "$spool/w.gz" "$out" && return 0
	echo "fg-continuous.sh: window $label: cannot write $out" >&2
	return 2
}

# Appends the gzip member $1 to the file $2 (a new file replacing it:
# readers see the old or the new one), under a lock on its directory, as
# runs with other labels may write the same minute.
append() {
	(
		command -v flock >/dev/null && flock 9
		{
			[ -f "$2" ] && cat "$2"
			cat "$1"
		} >"$1.new" && mv "$1.new" "$2"
	) 9>>"$dest/.lock"
}

# Deletes this service's windows on this host older than -k minutes.
prune() {
	cutoff=$(date -u -d "@$(($(date -u +%s) - keep * 60))" \
	    +%Y-%m-%dT%H:%M)
	for d in "$store/$service"/*/"$host"; do
		ls "$d" | awk -v c="$cutoff." -v d="$d/" \
		    '/^[0-9-]+T[0-9:]+\.(folded\.gz|failed)$/ && $0 < c {
			print d $0 }'
	done | while IFS= read -r f; do
		rm -f "$f"
	done
}

# Reads perf's messages: stores each window perf names, then (at the end
# of perf) any file it finished without naming it. Ignores SIGINT and
# SIGTERM: it ends when perf closes the FIFO, after the last window.
# Exits 2 when a window failed.
reader() {
	trap '' INT TERM
	failed=0
	while IFS= read -r line; do
		case $line in
		*"perf record: Dump "*)
			f=${line#*Dump }
			f=${f% ]}
			now=$(date -u +%s)
			store_window "$f" || failed=2
			start=$now
			prune
			;;
		*"perf record: "*) ;;
		*) printf '%s\n' "$line" >&2 ;;
		esac
	done
	for f in "$spool"/perf.data.*; do
		[ -f "$f" ] || continue
		store_window "$f" || failed=2
	done
	exit $failed
}

mkfifo "$spool/events" || exit 2
start=$(date -u +%s)
# perf's messages come through the FIFO (the command's standard error
# too, passed on); its standard output stays ours
if [ $# -gt 0 ]; then
	perf record -e "$event" -F "$hz" --call-graph "$cg" \
	    --switch-output="${window}s" -o "$spool/perf.data" -- "$@" \
	    2>"$spool/events" &
else
	perf record -e "$event" -F "$hz" --call-graph "$cg" \
	    --switch-output="${window}s" -o "$spool/perf.data" $target \
	    2>"$spool/events" &
fi
perf=$!
reader <"$spool/events" &
rd=$!
# a trapped signal interrupts wait: then wait again, for perf to finish
intr= stopped=
trap 'intr=1 stopped=1; kill -INT $perf 2>/dev/null' INT TERM
while :; do
	intr=
	wait $perf
	status=$?
	[ -n "$intr" ] && kill -0 $perf 2>/dev/null || break
done
while :; do
	intr=
	wait $rd
	failed=$?
	[ -n "$intr" ] && kill -0 $rd 2>/dev/null || break
done
[ "$failed" -ne 0 ] && exit 2
# stopped as asked: perf raises the signal that ended it or its command
[ -n "$stopped" ] && [ $status -gt 128 ] && exit 0
exit $status
