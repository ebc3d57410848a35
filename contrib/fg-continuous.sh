#!/bin/sh
# SPDX-License-Identifier: ISC
# fg-continuous.sh: continuous profiling of one host into a store of
# per-window folded files.
#
#   fg-continuous.sh [-s store] [-S service] [-V version] [-H host]
#       [-F hz] [-w seconds] [-k minutes] [-e event] [-g callgraph]
#       (-a | -p pid | -- command [arg ...])
#
# Keeps perf record running at a low rate (-F, default 19 Hz; -e event,
# default cpu-clock, which works in VMs; -g, perf's --call-graph mode,
# default fp) with --switch-output every -w seconds (default 60); each file
# perf finishes is collapsed at once (perf script | fg-collapse, symbols
# resolved while the processes still run), gzipped and stored as
#
#   STORE/SERVICE/VERSION/HOST/2026-11-23T10:05.folded.gz
#
# named by the minute (UTC) its window began; windows shorter than a
# minute are appended to their minute's file (one more gzip member: the
# tools read it as one). Files are replaced atomically, never seen half
# written. The perf.data files are deleted once collapsed. After each
# window, the windows of SERVICE on HOST (every version) older than -k
# minutes (default 10080, a week) are deleted, by the time in their names.
# Defaults: store ./store, service "default", version "unknown", host
# uname -n.
#
# Profiles the whole system (-a, root or perf_event_paranoid <= 0), one
# process (-p) or a command until it exits. SIGINT or SIGTERM stop
# perf, which writes its last window; that window is stored too.
#
# Queries are plain shell, for example the 10 o'clock hour of v2.7.1
# against v2.7.0 on every host:
#
#   fg-merge store/checkout/v2.7.0/*/2026-11-23T10:*.folded.gz >old.folded
#   fg-merge store/checkout/v2.7.1/*/2026-11-23T10:*.folded.gz >new.folded
#   fg-diff -n old.folded new.folded | fg-svg >v2.7.0..v2.7.1.svg
set -u
store=store service=default version=unknown host=$(uname -n)
hz=19 window=60 keep=10080 event=cpu-clock cg=fp target=
usage() {
	echo "usage: fg-continuous.sh [-s store] [-S service] [-V version]" \
	    "[-H host] [-F hz] [-w seconds] [-k minutes] [-e event]" \
	    "[-g callgraph] (-a | -p pid | -- command [arg ...])" >&2
	exit 2
}
while getopts s:S:V:H:F:w:k:e:g:ap: o; do
	case $o in
	s) store=$OPTARG ;;
	S) service=$OPTARG ;;
	V) version=$OPTARG ;;
	H) host=$OPTARG ;;
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
dest=$store/$service/$version/$host
mkdir -p "$dest" "$store/.spool" || exit 2
spool=$(mktemp -d "$store/.spool/run.XXXXXX") || exit 2
trap 'rm -rf "$spool"' EXIT

# Stores the finished perf file $1, whose window began at $start.
store_window() {
	label=$(date -u -d "@$start" +%Y-%m-%dT%H:%M)
	out=$dest/$label.folded.gz
	perf script -i "$1" 2>/dev/null | fg-collapse >"$spool/w.folded"
	rm -f "$1"
	[ -s "$spool/w.folded" ] || return 0
	{
		[ -f "$out" ] && cat "$out"
		gzip -c "$spool/w.folded"
	} >"$spool/w.gz" && mv "$spool/w.gz" "$out"
}

# Deletes this service's windows on this host older than -k minutes.
prune() {
	cutoff=$(date -u -d "@$(($(date -u +%s) - keep * 60))" \
	    +%Y-%m-%dT%H:%M)
	for d in "$store/$service"/*/"$host"; do
		ls "$d" | awk -v c="$cutoff.folded.gz" -v d="$d/" \
		    '/^[0-9-]+T[0-9:]+\.folded\.gz$/ && $0 < c { print d $0 }'
	done | while IFS= read -r f; do
		rm -f "$f"
	done
}

mkfifo "$spool/events" || exit 2
start=$(date -u +%s)
# perf's messages come through the FIFO; the command's output stays ours
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
trap 'kill -INT $perf 2>/dev/null' INT TERM
while IFS= read -r line; do
	case $line in
	*"perf record: Dump "*)
		f=${line#*Dump }
		f=${f% ]}
		now=$(date -u +%s)
		store_window "$f"
		start=$now
		prune
		;;
	*"perf record: "*) ;;
	*) printf '%s\n' "$line" >&2 ;;
	esac
done <"$spool/events"
wait $perf
status=$?
# a file perf finished but did not name (killed): store it as well
for f in "$spool"/perf.data.*; do
	[ -f "$f" ] && store_window "$f"
done
exit $status
